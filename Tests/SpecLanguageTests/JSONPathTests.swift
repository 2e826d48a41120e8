import SpecLanguage
import XCTest

/// JSON paths kept as steps read as the path spelt out, and compare as it does.
final class JSONPathTests: XCTestCase {
    func testStepsSpellThePath() {
        let node = JSONPath(text: "$.children").index(2).key("children").index(0)
        XCTAssertEqual(node.key("gap").text, "$.children[2].children[0].gap")
        XCTAssertEqual(node.text, "$.children[2].children[0]", "a step leaves its parent as it was")
    }

    func testALocationWithStepsEqualsOneWithTheSpeltOutPath() {
        let stepped = SourceLocation(line: 3, column: 14, jsonPath: JSONPath(text: "$.root").key("gap"))
        let spelt = SourceLocation(line: 3, column: 14, jsonPath: "$.root.gap")
        XCTAssertEqual(stepped, spelt)
        XCTAssertEqual(stepped.hashValue, spelt.hashValue)
        XCTAssertEqual(stepped.description, "3:14 (at $.root.gap)")
        XCTAssertNotEqual(stepped, SourceLocation(line: 3, column: 14, jsonPath: "$.root.gaps"))
        var changed = stepped
        changed.path = "$.other"
        XCTAssertEqual(changed.path, "$.other")
        XCTAssertEqual(SourceLocation(line: 1, column: 2).path, nil)
    }

    /// An error deep in a JSON spec names the whole path.
    func testAnErrorDeepInsideNamesItsPath() throws {
        let json = #"{"canvas": {"width": 100}, "children": [{"kind": "vbox", "children": [{"kind": "box"}, {"kind": "box", "gap": "x"}]}]}"#
        XCTAssertThrowsError(try JSONSpecReader().parse(json)) { error in
            XCTAssertEqual((error as? SpecError)?.location.path, "$.children[0].children[1].gap", "\(error)")
        }
    }
}
