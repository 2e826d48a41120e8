import LayoutRenderKit
import SpecLanguage
import XCTest

final class DiagnosticTests: XCTestCase {
    func testControlCharactersAreEscapedAndTheCaretStillPointsAtTheColumn() {
        let d = Diagnostic(file: "a\u{1B}.spec", location: SourceLocation(line: 2, column: 9),
                           message: "bad value '\u{0}\u{202E}'", sourceLine: "box c=\u{1B}\tZ")
        XCTAssertEqual(d.description, """
            a\\u{1B}.spec:2:9: error: bad value '\\u{0}\\u{202E}'
                box c=\\u{1B}\\tZ
                              ^
            """)
    }

    func testPlainTextIsUnchanged() {
        XCTAssertEqual(Diagnostic.escaped("héllo «wörld» 日本 \u{200D}"), "héllo «wörld» 日本 \u{200D}")
        XCTAssertEqual(Diagnostic.escaped("\u{7F}\u{85}\u{2066}\n"), "\\u{7F}\\u{85}\\u{2066}\\u{A}")
    }
}
