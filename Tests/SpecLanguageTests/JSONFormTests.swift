import Foundation
import XCTest
@testable import SpecLanguage

final class JSONFormTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Calls `body` with the name and text of every spec in the repository's examples,
    /// fixtures, docs examples and benchmarks; returns how many.
    static func forEachRepositorySpec(_ body: (_ name: String, _ text: String) throws -> Void) throws -> Int {
        var checked = 0
        for folder in ["examples", "fixtures", "docs/examples", "bench"] {
            let dir = root.appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: dir.path) where file.hasSuffix(".spec") {
                try body("\(folder)/\(file)", try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8))
                checked += 1
            }
        }
        return checked
    }

    /// Every spec in the repository goes to JSON and back to the same tree.
    func testRoundTripOfEveryRepositorySpec() throws {
        let checked = try Self.forEachRepositorySpec { name, text in
            let original = try SpecParser().parse(text)
            let viaJSON = try JSONSpecReader().parse(Array(SpecWriter.json(original).utf8))
            let viaText = try SpecParser().parse(SpecWriter.specText(viaJSON))
            XCTAssertEqual(strip(viaJSON), strip(original), "\(name) through JSON")
            XCTAssertEqual(strip(viaText), strip(original), "\(name) through JSON and back to text")
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

    /// Errors give the line and column in the JSON text, then the JSON path.
    func testErrorsNameAJSONPath() {
        func message(_ json: String) -> String {
            do { _ = try JSONSpecReader().parse(Array(json.utf8)); return "no error" } catch { return "\(error.location): \(error.message)" }
        }
        XCTAssertEqual(message(##"{"canvas": {"width": 100}, "children": [{"kind": "vbox", "children": [{"kind": "label", "text": "x", "colr": "#fff"}]}]}"##),
                       "1:102 (at $.children[0].children[0].colr): unknown attribute 'colr' for label; did you mean 'color'?")
        XCTAssertEqual(message(#"{"canvas": {"width": 100}, "children": [{"kind": "vbox", "gap": "big"}]}"#),
                       "1:65 (at $.children[0].gap): bad value for 'gap': 'big' is not a number")
        XCTAssertEqual(message(#"{"canvas": {"width": 100}, "root": {"kind": "hbx"}}"#),
                       "1:45 (at $.root.kind): unknown kind 'hbx'; did you mean 'hbox'?")
        XCTAssertEqual(message(#"{"children": []}"#), "1:1 (at $.canvas): no canvas: a JSON spec starts with {\"canvas\": {\"width\": 600}}")
        XCTAssertEqual(message(#"{"canvas": {"width": 100}, "root": {"kind": "label"}}"#), "1:36 (at $.root): a label needs \"text\"")
        XCTAssertEqual(message("{nope"), "1:2 (at $): expected a key in double quotes")
        XCTAssertEqual(message("{\"canvas\": {\"width\": 100},\n \"children\": [1,]}"),
                       "2:17 (at $.children[1]): expected a JSON value (an object, a list, a string, a number, true, false or null)")
        XCTAssertEqual(message("{\"canvas\": {\"width\": 1e999}}"), "1:22 (at $.canvas.width): 1e999 is too large a number")
        XCTAssertEqual(message("{\"canvas\": {\"width\": 100}} x"), "1:28 (at $): unexpected text after the JSON value")
        XCTAssertEqual(message("{\"canvas\": {\"width\": \"é\u{1}\"}}"),
                       "1:24 (at $.canvas.width): a control character inside a string; write it as an escape")
        XCTAssertEqual(message(#"{"canvas": {"width": 100}, "root": {"kind": "label", "text": "\ud800"}}"#),
                       "1:63 (at $.root.text): a \\u escape of a high surrogate must be followed by a low one")
    }

    /// Foundation's decoder kept the last of two equal keys without a word.
    func testDuplicateKeysAreAnErrorNamingBothPlaces() {
        let json = "{\"canvas\": {\"width\": 100,\n             \"width\": 200}}"
        XCTAssertThrowsError(try JSONSpecReader().parse(Array(json.utf8))) { error in
            let e = error as! SpecError
            XCTAssertEqual(e.message, "duplicate key 'width': it is first at 1:13")
            XCTAssertEqual(e.location, SourceLocation(line: 2, column: 14, jsonPath: "$.canvas.width"))
        }
    }

    /// Columns count Unicode scalars, eight bytes at a time or one by one, after any mix of
    /// spaces, multi-byte characters and line breaks before the value.
    func testColumnsCountScalarsAfterIndentationAndMultibyteText() throws {
        for indent in [0, 1, 7, 8, 9, 17, 40] {
            for prefix in ["", "é", "日本語テキスト", "x\u{1F600}y", String(repeating: "ü", count: 9)] {
                let head = "{\"canvas\": {\"width\": 100}, \"root\": {\"kind\": \"label\", \"text\": \"\(prefix)\",\n"
                    + String(repeating: " ", count: indent)
                let json = head + "\"text2\": \"\(prefix)\", \"bogus\": 1}}"
                XCTAssertThrowsError(try JSONSpecReader().parse(Array(json.utf8)), "\(indent) \(prefix)") { error in
                    let e = error as! SpecError
                    let lineStart = json.range(of: "\n")!.upperBound
                    let bogus = json.range(of: "\"bogus\"")!.lowerBound
                    let expected = json.unicodeScalars[lineStart..<bogus].count + 1
                    XCTAssertEqual(e.location.line, 2, "\(indent) \(prefix)")
                    XCTAssertEqual(e.location.column, expected, "\(indent) \(prefix): \(e.message)")
                }
            }
        }
    }

    /// The scanner moves its column mark past the space it skips (`markPast`): every value
    /// after an indentation of spaces, tabs and carriage returns, and after one on the same
    /// line, has the column of its first scalar, on CRLF lines too.
    func testColumnsAfterSpaceOfEveryKind() throws {
        for lineBreak in ["\n", "\r\n"] {
            let indents = ["", " ", "\t", "  \t ", String(repeating: " ", count: 17), "\t\t", " \r ", String(repeating: " ", count: 8)]
            var text = "["
            var expected: [(line: Int, column: Int)] = []
            for (n, indent) in indents.enumerated() {
                text += lineBreak + indent + "\"é\", " + indent + "\(n),"
                let k = indent.unicodeScalars.count
                expected += [(n + 2, k + 1), (n + 2, k + 5 + k + 1)]
            }
            text += lineBreak + "0]"
            guard case .array(let items) = try JSONReader().read(Array(text.utf8)).content else { return XCTFail(text) }
            for (item, place) in zip(items, expected) {
                XCTAssertEqual(item.line, place.line, "\(text.debugDescription)")
                XCTAssertEqual(item.column, place.column, "line \(place.line) of \(text.debugDescription)")
            }
        }
    }

    /// 30,000 nested lists used to overflow the stack of Foundation's decoder.
    func testDeepJSONHitsTheDepthLimit() {
        let json = "{\"canvas\": {\"width\": 100}, \"x\": " + String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000) + "}"
        XCTAssertThrowsError(try JSONSpecReader().parse(Array(json.utf8))) { error in
            let e = error as! SpecError
            XCTAssertEqual(e.message, "JSON lists and objects nest at most 1024 deep")
            // The outer object is level 1, so the 1024th '[' is one too many.
            XCTAssertEqual(e.location.line, 1)
            XCTAssertEqual(e.location.column, 33 + 1023)
            // A deep path is shortened in the middle.
            XCTAssertEqual(e.location.path, "$.x[0][0][0]…" + String(repeating: "[0]", count: 8))
        }
        let nested = try? JSONReader().read(Array((String(repeating: "[", count: 1024) + String(repeating: "]", count: 1024)).utf8))
        XCTAssertNotNil(nested)
    }

    func testDataValuesKeepTheirShape() throws {
        let value = try JSONReader().read(Array(#"{"a": [1, "two", true, null, {"b": -2.5e1}], "é\u00e9": "\ud83d\ude00"}"#.utf8))
        XCTAssertEqual(value.dataValue, .object(["a": .array([.number(1), .string("two"), .bool(true), .null, .object(["b": .number(-25)])]),
                                                 "éé": .string("\u{1F600}")]))
    }

}
