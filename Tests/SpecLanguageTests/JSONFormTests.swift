import Foundation
import XCTest
@testable import SpecLanguage

final class JSONFormTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every spec in the repository goes to JSON and back to the same tree.
    func testRoundTripOfEveryRepositorySpec() throws {
        var checked = 0
        for folder in ["examples", "fixtures", "docs/examples", "bench"] {
            let dir = Self.root.appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: dir.path) where file.hasSuffix(".spec") {
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                let original = try SpecParser().parse(text)
                let viaJSON = try JSONSpecReader().parse(Array(SpecWriter.json(original).utf8))
                let viaText = try SpecParser().parse(SpecWriter.specText(viaJSON))
                XCTAssertEqual(strip(viaJSON), strip(original), "\(folder)/\(file) through JSON")
                XCTAssertEqual(strip(viaText), strip(original), "\(folder)/\(file) through JSON and back to text")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 10)
    }

    func testControlBlocksSurviveTheRoundTrip() throws {
        let original = try SpecParser().parse("""
            canvas width=100
            if width < 500 and not (theme == "dark")
              vbox
            else
              hbox
            for post in data.posts
              label "{post.title}" id=p-{index}
            """)
        let back = try SpecParser().parse(SpecWriter.specText(try JSONSpecReader().parse(Array(SpecWriter.json(original).utf8))))
        XCTAssertEqual(strip(back), strip(original))
    }

    func testErrorsNameAJSONPath() {
        func message(_ json: String) -> String {
            do { _ = try JSONSpecReader().parse(Array(json.utf8)); return "no error" } catch { return "\(error.location): \(error.message)" }
        }
        XCTAssertEqual(message(##"{"canvas": {"width": 100}, "children": [{"kind": "vbox", "children": [{"kind": "label", "text": "x", "colr": "#fff"}]}]}"##),
                       "$.children[0].children[0].colr: unknown attribute 'colr' for label; did you mean 'color'?")
        XCTAssertEqual(message(#"{"canvas": {"width": 100}, "children": [{"kind": "vbox", "gap": "big"}]}"#),
                       "$.children[0].gap: bad value for 'gap': 'big' is not a number")
        XCTAssertEqual(message(#"{"canvas": {"width": 100}, "root": {"kind": "hbx"}}"#),
                       "$.root.kind: unknown kind 'hbx'; did you mean 'hbox'?")
        XCTAssertEqual(message(#"{"children": []}"#), "$.canvas: no canvas: a JSON spec starts with {\"canvas\": {\"width\": 600}}")
        XCTAssertEqual(message(#"{"canvas": {"width": 100}, "root": {"kind": "label"}}"#), "$.root: a label needs \"text\"")
        XCTAssertTrue(message("{nope").hasPrefix("$: not valid JSON"))
    }

    /// Locations differ between the forms; the trees must not.
    private func strip(_ document: Document) -> Document {
        var d = document
        func clean(_ node: Node) -> Node {
            var n = node
            n.location = SourceLocation(line: 0, column: 0)
            for key in n.attributes.keys { n.attributes[key]!.location = SourceLocation(line: 0, column: 0) }
            n.children = n.children.map(clean)
            return n
        }
        d.canvas = clean(d.canvas)
        return d
    }
}
