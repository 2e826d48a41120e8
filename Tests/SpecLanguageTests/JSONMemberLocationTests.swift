import SpecLanguage
import XCTest

/// An attribute of the JSON form keeps its node's path and its name, not a path step of
/// its own (`SourceLocation(line:column:jsonPath:member:)`): its path, messages and
/// comparisons read as they did when the step was made.
final class JSONMemberLocationTests: XCTestCase {
    private let node = JSONPath(text: "$.children").index(0).key("children").index(1)

    func testAMemberReadsAsTheStepItStandsFor() {
        let member = SourceLocation(line: 3, column: 28, jsonPath: node, member: .gap)
        let stepped = SourceLocation(line: 3, column: 28, jsonPath: node.key("gap"))
        XCTAssertEqual(member.path, "$.children[0].children[1].gap")
        XCTAssertEqual(member.description, "3:28 (at $.children[0].children[1].gap)")
        XCTAssertEqual(member.line, 3)
        XCTAssertEqual(member.column, 28)
        XCTAssertEqual(member, stepped)
        XCTAssertEqual(member.hashValue, stepped.hashValue)
        XCTAssertEqual(member, SourceLocation(line: 3, column: 28, jsonPath: "$.children[0].children[1].gap"))
        XCTAssertNotEqual(member, SourceLocation(line: 3, column: 28, jsonPath: node, member: .grow))
        XCTAssertNotEqual(member, SourceLocation(line: 3, column: 28, jsonPath: node))
        XCTAssertNotEqual(member, SourceLocation(line: 3, column: 29, jsonPath: node, member: .gap))
    }

    /// The name is kept beside the column, so a location is no bigger than before.
    func testALocationStaysSixteenBytes() {
        XCTAssertEqual(MemoryLayout<SourceLocation>.size, 16)
    }

    func testEveryNameAndALargeColumnKeepTheirPath() {
        for name in AttributeName.allCases {
            for column in [0, 1, (1 << 24) - 1, 1 << 24, Int(Int32.max)] {
                let member = SourceLocation(line: 7, column: column, jsonPath: node, member: name)
                XCTAssertEqual(member.path, "$.children[0].children[1].\(name.spelling)")
                XCTAssertEqual(member.column, column)
                XCTAssertEqual(member.line, 7)
            }
        }
    }

    /// The text form's columns are kept as given; a JSON location's are never negative, its
    /// column's top bit being the member's flag.
    func testNegativeColumns() {
        XCTAssertEqual(SourceLocation(line: 1, column: -3).column, -3)
        XCTAssertEqual(SourceLocation(line: 1, column: -3).path, nil)
        XCTAssertEqual(SourceLocation(line: 1, column: -3, jsonPath: "$.a").column, 0)
        XCTAssertEqual(SourceLocation(line: 1, column: -3, jsonPath: node, member: .gap).description,
                       "1:0 (at $.children[0].children[1].gap)")
        var location = SourceLocation(line: 1, column: -3)
        location.path = "$.b"
        XCTAssertEqual(location.description, "1:0 (at $.b)")
    }

    func testChangingAMemberLocation() {
        var location = SourceLocation(line: 2, column: 5, jsonPath: node, member: .padding)
        location.column = 9
        XCTAssertEqual(location.description, "2:9 (at $.children[0].children[1].padding)")
        location.column = 1 << 25
        XCTAssertEqual(location.description, "2:\(1 << 25) (at $.children[0].children[1].padding)")
        location.column = 4
        location.line = 6
        XCTAssertEqual(location.description, "6:4 (at $.children[0].children[1].padding)")
        location.path = "$.other"
        XCTAssertEqual(location.description, "6:4 (at $.other)")
        location.path = nil
        XCTAssertEqual(location.description, "6:4")
        XCTAssertEqual(location, SourceLocation(line: 6, column: 4))
    }

    private func error(_ json: String) -> SpecError? {
        do { _ = try JSONSpecReader().parse(json) } catch { return error }
        return nil
    }

    /// A bad value of an attribute deep in `children`, in a style, and a key that is an
    /// attribute the node does not take: the messages and paths the steps gave.
    func testMessagesOfAttributesDeepInTheTree() {
        let deep = error(#"""
            {"canvas": {"width": 100},
             "children": [{"kind": "vbox", "children": [{"kind": "box"},
               {"kind": "vbox", "gap": "x"}]}]}
            """#)
        XCTAssertEqual(deep?.description, "3:28 (at $.children[0].children[1].gap): bad value for 'gap': 'x' is not a number")
        let style = error(#"{"canvas": {"width": 100}, "styles": {"t": {"size": "big"}}, "children": [{"kind": "label", "text": "a", "style": "t"}]}"#)
        XCTAssertEqual(style?.description, "1:53 (at $.styles.t.size): bad value for 'size': 'big' is not a number; in style 't', used by the label at $.children[0].style")
        let notTaken = error(#"{"canvas": {"width": 100}, "root": {"kind": "box", "lines": 2}}"#)
        XCTAssertEqual(notTaken?.description, "1:52 (at $.root.lines): a box does not take 'lines'")
        let canvas = error(#"{"canvas": {"width": 100, "gap": -1}, "children": []}"#)
        XCTAssertEqual(canvas?.description, "1:34 (at $.canvas.gap): bad value for 'gap': -1 is below the minimum 0")
    }

    /// A key that names no attribute is a step of the path, as before.
    func testAnUnknownKeyIsAStep() {
        let unknown = error(#"""
            {"canvas": {"width": 100},
             "children": [{"kind": "vbox", "children": [{"kind": "box"},
               {"kind": "box", "gapp": 4}]}]}
            """#)
        XCTAssertEqual(unknown?.description,
                       "3:20 (at $.children[0].children[1].gapp): unknown attribute 'gapp' for box; did you mean 'gap'?")
    }

    /// The locations of a document's attributes read as the steps did.
    func testAnAttributeOfAParsedDocumentKeepsItsPath() throws {
        let document = try JSONSpecReader().parse(#"{"canvas": {"width": 100}, "children": [{"kind": "vbox", "children": [{"kind": "box", "grow": 1}]}]}"#)
        let grow = try XCTUnwrap(document.canvas.children.first?.children.first?.attributes[.grow])
        XCTAssertEqual(grow.location.path, "$.children[0].children[0].grow")
        XCTAssertEqual(grow.location.description, "1:95 (at $.children[0].children[0].grow)")
    }
}
