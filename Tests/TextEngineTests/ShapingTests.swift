import XCTest
@testable import TextEngine
@testable import TextShaping

/// Shaping with HarfBuzz: kerning, ligatures, marks and Arabic joining in DejaVu Sans, and
/// the fixed-metric promise of DejaVu Sans Mono. At size 2048 one design unit of the
/// 2048-unit em is one point, so the expected numbers below are the font's own: the
/// advances of its `hmtx` table and the pairs of its `GPOS` kerning.
final class ShapingTests: XCTestCase {
    static let sans = FontLibrary.systemDejaVuDirectory + "/DejaVuSans.ttf"

    func sans(size: Double = 2048) throws -> TextAttributes {
        var attributes = TextAttributes(font: try DejaVu.library.font(path: Self.sans), size: size)
        attributes.lines = 0
        return attributes
    }

    func testTheMonospaceShaperGivesTheCellAdvances() throws {
        let font = try DejaVu.font()
        XCTAssertNil(font.shaper, "a fixed-pitch font keeps its cell arithmetic")
        let shaper = try ShapingFont(tables: FontFileTables(file: font.file, faceIndex: 0))
        let text = Array("Hello, world! AVA To office {}[]".utf16)
        let glyphs = try text.withUnsafeBufferPointer { try shaper.shape($0) }
        XCTAssertEqual(glyphs.count, text.count, "no ligature in DejaVu Sans Mono")
        XCTAssertEqual(Set(glyphs.map(\.xAdvance)), [Int32(DejaVu.advance)])
        XCTAssertEqual(glyphs.map(\.glyph), "Hello, world! AVA To office {}[]".unicodeScalars.map { font.glyph(for: $0) ?? 0 })
        let measured = TextLayoutEngine().measure(String(decoding: text, as: UTF16.self), attributes: try attributes(), width: nil)
        XCTAssertEqual(measured.width, Double(glyphs.count) * cell())
    }

    func testKerningNarrowsAVA() throws {
        // A 1401, V 1401; the pairs A–V and V–A are kerned by −131 each.
        let result = layout("AVA", width: nil, try sans())
        XCTAssertEqual(result.width, 1401 - 131 + 1401 - 131 + 1401)
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 1401 - 131, 2 * (1401 - 131)])
        XCTAssertEqual(TextLayoutEngine().maxContentWidth("AVA", attributes: try sans()), 3941)
        // T (1251) is kerned by −348 before o (1253): "To" is 903 + 1253.
        XCTAssertEqual(layout("To", width: nil, try sans()).width, 903 + 1253)
    }

    func testStandardLigaturesMakeOneGlyph() throws {
        // o, the ffi ligature (glyph 5044, 1980 wide), c, e.
        let result = layout("office", width: nil, try sans())
        XCTAssertEqual(result.lines[0].glyphs.map(\.glyph), [82, 5044, 70, 72])
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 1253, 1253 + 1980, 1253 + 1980 + 1126])
        XCTAssertEqual(result.width, 1253 + 1980 + 1126 + 1260)
        XCTAssertEqual(result.lines[0].text, "office")
    }

    func testMarksArePositionedOverTheirBase() throws {
        // x (1212), then U+0301 as a zero-advance mark moved 90 units left of the pen.
        let result = layout("x\u{301}", width: nil, try sans())
        XCTAssertEqual(result.lines[0].glyphs, [PositionedGlyph(glyph: 91, x: 0), PositionedGlyph(glyph: 690, x: 1212 - 90)])
        XCTAssertEqual(result.width, 1212)
    }

    func testArabicJoinsAndRunsRightToLeft() throws {
        // سلام: final meem (1268), the lam-alef ligature (1222), initial seen (1716), drawn
        // right to left: the last character's glyph at the left.
        let result = layout("سلام", width: nil, try sans())
        // The line is reordered (bidi): glyphs are listed left to right, the last character's first.
        XCTAssertEqual(result.lines[0].glyphs.map(\.glyph), [1390, 5366, 5293])
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 1268, 1268 + 1222])
        XCTAssertEqual(result.width, 1268 + 1222 + 1716)
    }

    func testWordsAreShapedApartAndWrapAtTheirShapedWidths() throws {
        // Two words of 3941 points and a space (651): a 4000-point box holds one per line.
        let result = layout("AVA AVA", width: 4000, try sans())
        XCTAssertEqual(result.texts, ["AVA ", "AVA"])
        XCTAssertEqual(result.width, 3941)
        XCTAssertEqual(layout("AVA AVA", width: nil, try sans()).width, 3941 + 651 + 3941)
    }

    func testShapingIsCachedPerWordAndGivesTheSameResult() throws {
        let attributes = try sans(size: 14)
        let first = layout("Tout va bien, AVAWAY To office", width: 120, attributes)
        let second = layout("Tout va bien, AVAWAY To office", width: 120, attributes)
        XCTAssertEqual(first, second)
    }

    func testAnUnreadableFaceIsAnError() throws {
        for bytes in [[0, 1, 0, 0, 0, 0], []] as [[UInt8]] {
            let file = try FontFileHandle(path: try temporaryFile(bytes))
            XCTAssertThrowsError(try ShapingFont(tables: FontFileTables(file: file, faceIndex: 0))) { error in
                XCTAssertEqual(error as? ShapingError, .faceUnreadable(faceIndex: 0))
            }
        }
    }

    func testTheShapersFaceReadsItsTablesFromTheFileAndKeepsItOpen() throws {
        let sans = try DejaVu.library.font(path: Self.sans)
        let shaper = try XCTUnwrap(sans.shaper)
        weak var tables: FontFileTables?
        var owned: FontFileTables? = FontFileTables(file: try FontFileHandle(path: Self.sans), faceIndex: 0)
        tables = owned
        var shaperOverOwned: ShapingFont? = try ShapingFont(tables: owned!)
        owned = nil
        XCTAssertNotNil(tables, "the face keeps the tables it reads")
        let text = Array("AVA office".utf16)
        XCTAssertEqual(try text.withUnsafeBufferPointer { try shaperOverOwned!.shape($0) },
                       try text.withUnsafeBufferPointer { try shaper.shape($0) })
        shaperOverOwned = nil
        XCTAssertNil(tables, "and lets them go with the face")
    }

    func testAFontFileTruncatedWhileOpenIsAnErrorNotOtherBytes() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.sans))
        let path = try temporaryFile([UInt8](original))
        let font = try Font(path: path)
        let shaper = try XCTUnwrap(font.shaper)
        // The shaper has read only the tables that made the face (head, maxp); shaping
        // reads cmap, hmtx and the layout tables, from a file that is empty meanwhile.
        XCTAssertEqual(truncate(path, 0), 0)
        XCTAssertFalse(font.file.isUnchanged)
        let text = Array("AVA office".utf16)
        XCTAssertThrowsError(try text.withUnsafeBufferPointer { try shaper.shape($0) }) { error in
            XCTAssertEqual(error as? ShapingError, .faceUnreadable(faceIndex: 0))
        }
    }

    /// A font rewritten in place (or only touched) says so, and the library hands out the
    /// file as it is now: another `Font`, read from the new bytes. A font replaced by a
    /// rename is the new file too; one removed is the error it is.
    func testAFontFileChangedSinceItWasLoadedIsLoadedAgain() throws {
        let regular = try Data(contentsOf: URL(fileURLWithPath: Self.sans))
        let bold = try Data(contentsOf: URL(fileURLWithPath: FontLibrary.systemDejaVuDirectory + "/DejaVuSans-Bold.ttf"))
        let path = try temporaryFile([UInt8](regular))
        let library = FontLibrary()
        let first = try library.font(path: path)
        XCTAssertTrue(try library.font(path: path) === first, "unchanged: the same font")
        XCTAssertEqual(first.styleName, "Book")

        usleep(20_000)  // past the file system's time granularity
        try bold.write(to: URL(fileURLWithPath: path))  // in place: the same inode
        XCTAssertFalse(first.file.isUnchanged)
        let second = try library.font(path: path)
        XCTAssertFalse(second === first)
        XCTAssertEqual(second.styleName, "Bold")
        XCTAssertTrue(second.file.isUnchanged)

        usleep(20_000)
        XCTAssertEqual(utimes(path, nil), 0)  // touched: the same bytes, read again
        let third = try library.font(path: path)
        XCTAssertFalse(third === second)
        XCTAssertEqual(third.styleName, "Bold")

        let replacement = try temporaryFile([UInt8](regular))
        XCTAssertEqual(rename(replacement, path), 0)
        XCTAssertEqual(try library.font(path: path).styleName, "Book")
        XCTAssertEqual(unlink(path), 0)
        XCTAssertThrowsError(try library.font(path: path)) { error in
            XCTAssertEqual(error as? TextError, .fontNotFound(path: path))
        }
    }

    /// A change of mode or owner (the change time) leaves the font readable: only its bytes
    /// count, and a face that read nothing would lose its glyphs without a word.
    func testAFontFileWhoseModeChangesStaysReadable() throws {
        let path = try temporaryFile([UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.sans))))
        let font = try Font(path: path)
        usleep(20_000)
        XCTAssertEqual(chmod(path, 0o600), 0)
        XCTAssertTrue(font.file.isUnchanged)
        let text = Array("AVA office".utf16)
        let untouched = try XCTUnwrap(try Font(path: Self.sans).shaper)
        XCTAssertEqual(try text.withUnsafeBufferPointer { try XCTUnwrap(font.shaper).shape($0) },
                       try text.withUnsafeBufferPointer { try untouched.shape($0) })
    }

    /// A new file holding `bytes`, removed when the test ends.
    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shaping-\(getpid())-\(UUID().uuidString)").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testLetterSpacingIsAddedAfterEveryCharacter() throws {
        // At size 2048 one point is one design unit; DejaVu Sans Mono's cells are 1233.
        var mono = try attributes(size: 2048)
        mono.letterSpacing = 100
        let result = layout("ab c", width: nil, mono)
        XCTAssertEqual(result.width, 4 * (1233 + 100), "spaces and the last character take it too, as in CSS")
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 1333, 3 * 1333])
        mono.letterSpacing = -2000
        XCTAssertEqual(layout("ab c", width: nil, mono).width, 0, "no advance goes below 0")
        // Shaped text: the kerned AVA (3941) and 3 × 50.
        var sans = try sans()
        sans.letterSpacing = 50
        XCTAssertEqual(layout("AVA", width: nil, sans).width, 3941 + 3 * 50)
    }
}

/// HarfBuzz is opened the first time a font is shaped, not linked: found, it has every
/// function the shaping module calls; missing, or another library, it is an error that
/// says which, and the font that needed it is not loaded.
final class HarfBuzzLibraryTests: XCTestCase {
    func testTheSystemHarfBuzzOpensWithEveryFunction() throws {
        XCTAssertNoThrow(try HarfBuzzLibrary.shared.get())
        XCTAssertTrue(ShapingFont.version.first?.isNumber ?? false, ShapingFont.version)
    }

    func testAMissingLibraryIsAnErrorThatNamesIt() {
        guard case .failure(.libraryUnavailable(let reason)) = HarfBuzzLibrary.open("libharfbuzz-missing-for-test.so.0") else {
            return XCTFail("a missing library opened")
        }
        XCTAssertTrue(reason.hasPrefix("cannot be opened (libharfbuzz-missing-for-test.so.0"), reason)
    }

    func testALibraryWithoutTheFunctionsIsAnError() {
        // libz opens but has none of HarfBuzz's functions: the first one looked up is named.
        guard case .failure(.libraryUnavailable(let reason)) = HarfBuzzLibrary.open("libz.so.1") else {
            return XCTFail("a library without HarfBuzz's functions opened as HarfBuzz")
        }
        XCTAssertEqual(reason, "libz.so.1 lacks hb_blob_create")
    }
}
