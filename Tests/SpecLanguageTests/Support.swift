import XCTest
@testable import SpecLanguage

/// The error `text` fails to parse with, or nil (and a failure) when it parses.
func parseError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> SpecError? {
    do {
        _ = try SpecParser().parse(text)
        XCTFail("expected an error", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// `text` fails to parse with `message` at `line`:`column`.
func assertError(_ text: String, _ message: String, line: Int, column: Int,
                 file: StaticString = #filePath, line testLine: UInt = #line) {
    guard let e = parseError(text, file: file, line: testLine) else { return }
    XCTAssertEqual(e.message, message, file: file, line: testLine)
    XCTAssertEqual(e.location, SourceLocation(line: line, column: column), file: file, line: testLine)
}

/// The document without source locations, which differ between the text and JSON forms
/// while the trees must not.
func strip(_ document: Document) -> Document {
    var d = document
    func clean(_ node: Node) -> Node {
        var n = node
        n.location = SourceLocation(line: 0, column: 0)
        for key in n.attributes.keys { n.attributes[key]!.location = SourceLocation(line: 0, column: 0) }
        n.children = n.children.map(clean)
        return n
    }
    d.canvas = clean(d.canvas)
    let nowhere = SourceLocation(line: 0, column: 0)
    d.fonts = d.fonts.map { font in
        FontDeclaration(family: font.family, files: font.files.map { FontDeclaration.File(path: $0.path, location: nowhere) },
                        location: nowhere)
    }
    return d
}
