import XCTest
@testable import TextEngine

/// Fails when the installed DejaVu Sans Mono files change: every other test's arithmetic
/// rests on these numbers.
final class FontMetricsTests: XCTestCase {
    func testDejaVuSansMonoMetricsInEveryStyle() throws {
        let glyphCounts: [FontStyle: Int] = [.regular: 3377, .bold: 3316, .oblique: 2710, .boldOblique: 2711]
        for style in FontStyle.allCases {
            let font = try DejaVu.font(style)
            XCTAssertEqual(font.familyName, "DejaVu Sans Mono")
            XCTAssertEqual(font.unitsPerEm, Int(DejaVu.unitsPerEm), "\(style)")
            XCTAssertEqual(font.ascender, Int(DejaVu.ascender), "\(style)")
            XCTAssertEqual(font.descender, Int(DejaVu.descender), "\(style)")
            XCTAssertEqual(font.lineGap, Int(DejaVu.lineGap), "\(style)")
            XCTAssertEqual(font.glyphCount, glyphCounts[style], "\(style)")
            XCTAssertTrue(font.isFixedPitch)
            let m = try XCTUnwrap(font.glyph(for: "M"))
            XCTAssertEqual(m, 48)
            XCTAssertEqual(font.advance(ofGlyph: m), Int(DejaVu.advance))
            XCTAssertEqual(font.cellAdvance, Int(DejaVu.advance))
            XCTAssertNotNil(font.glyph(for: "…"), "the ellipsis must be a real glyph")
        }
    }

    func testStylesComeFromTheDebianFiles() throws {
        XCTAssertEqual(try DejaVu.font(.regular).path, "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
        XCTAssertEqual(try DejaVu.font(.bold).path, "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf")
        XCTAssertEqual(try DejaVu.font(.oblique).path, "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Oblique.ttf")
        XCTAssertEqual(try DejaVu.font(.boldOblique).path, "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-BoldOblique.ttf")
        XCTAssertEqual(try DejaVu.font(.regular).styleName, "Book")
        XCTAssertEqual(try DejaVu.font(.boldOblique).styleName, "Bold Oblique")
    }

    func testGlyphIndicesAreTheFontsOwn() throws {
        let font = try DejaVu.font()
        XCTAssertEqual(font.glyph(for: "…"), 1839)
        XCTAssertEqual(font.glyph(for: " "), 3)
        XCTAssertEqual(font.glyph(for: "\u{0301}"), 649)
        XCTAssertNil(font.glyph(for: "一"))
        XCTAssertNil(font.glyph(for: "😀"))
    }

    func testLibraryReturnsOneInstancePerFace() throws {
        let library = FontLibrary()
        let a = try library.font(family: "DejaVu Sans Mono", style: .bold)
        let b = try library.font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf")
        XCTAssertTrue(a === b)
        XCTAssertEqual(a, b)
    }

    func testOtherFontByPath() throws {
        let font = try FontLibrary().font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        XCTAssertEqual(font.familyName, "DejaVu Sans")
        XCTAssertFalse(font.isFixedPitch)
        XCTAssertEqual(font.unitsPerEm, 2048)
    }

    func testOtherFamilyFromFontDirectories() throws {
        let library = FontLibrary(fontDirectories: ["/usr/share/fonts/truetype/dejavu"])
        let font = try library.font(family: "DejaVu Serif", style: .bold)
        XCTAssertEqual(font.path, "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf")
    }

    func testMissingFontIsAnErrorNeverASubstitute() {
        XCTAssertThrowsError(try FontLibrary().font(path: "/nonexistent/Nope.ttf")) { error in
            XCTAssertEqual(error as? TextError, .fontNotFound(path: "/nonexistent/Nope.ttf"))
        }
        XCTAssertThrowsError(try FontLibrary().font(family: "No Such Family", style: .regular)) { error in
            XCTAssertEqual(error as? TextError, .familyNotFound(family: "No Such Family", style: .regular, searched: []))
        }
    }

    func testAFileThatIsNotAFontIsUnreadable() {
        XCTAssertThrowsError(try FontLibrary().font(path: "/etc/hostname")) { error in
            guard case .fontUnreadable(path: "/etc/hostname", faceIndex: 0, code: _)? = error as? TextError else {
                return XCTFail("\(error)")
            }
        }
    }
}
