import XCTest
@testable import SpecLanguage

/// The JSON form's values, strings and numbers, are read from their bytes where they are
/// plain spellings (`ByteValueReader`, in `ParseState.read`): every spelling gives the
/// value the text form's line gives.
final class JSONPlainValueTests: XCTestCase {
    private func attributes(_ document: Document) -> String {
        "\(document.canvas.children.map { $0.attributes.map { "\($0.name)=\($0.value)" } })"
    }

    func testEverySpellingAsAJSONStringReadsAsOnATextLine() {
        var compared = 0
        for name in AttributeName.allCases where name != .style && name != .id {
            guard Schema.shape(of: name, for: .box) != nil else { continue }
            for spelling in PlainLineTests.spellings {
                guard let text = try? SpecParser().parse("canvas width=400\nbox \(name.spelling)=\(spelling)\n") else { continue }
                let json = #"{"canvas": {"width": 400}, "children": [{"kind": "box", "\#(name.spelling)": "\#(spelling)"}]}"#
                XCTAssertEqual((try? JSONSpecReader().parse(json)).map(attributes), attributes(text), "\(name)=\(spelling)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 300)
    }

    /// A JSON number reads as its text on a line would (`-0` as `0`, as the JSON form
    /// always read it), its errors included.
    func testNumbersReadAsTheirText() {
        for (number, text) in [("0", "0"), ("-0", "0"), ("1920", "1920"), ("1.5", "1.5"), ("-12.25", "-12.25"),
                               ("0.1", "0.1"), ("1e3", "1000"), ("123456789012345", "123456789012345"), ("-1", "-1")] {
            for name in ["grow", "width", "padding", "opacity", "radius", "weight"] {
                let line = try? SpecParser().parse("canvas width=400\nbox \(name)=\(text)\n")
                let json = try? JSONSpecReader().parse(#"{"canvas": {"width": 400}, "children": [{"kind": "box", "\#(name)": \#(number)}]}"#)
                XCTAssertEqual(json.map(attributes), line.map(attributes), "\(name): \(number)")
            }
        }
    }
}
