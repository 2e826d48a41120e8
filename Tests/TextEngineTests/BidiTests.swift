import XCTest
@testable import TextEngine

/// Lines reordered by the Unicode Bidirectional Algorithm (UAX #9) after line breaking.
final class BidiTests: XCTestCase {
    let library = FontLibrary()

    private func sans() throws -> Font { try library.font(family: "DejaVu Sans", weight: 400, italic: false) }

    private func attributes(_ font: Font, rightToLeft: Bool = false) -> TextAttributes {
        var attributes = TextAttributes(font: font, size: 20)
        attributes.lines = 0
        attributes.rightToLeft = rightToLeft
        return attributes
    }

    /// The characters of each line in the order their glyphs are drawn, left to right (one
    /// glyph per character in these texts; spaces have none).
    private func visual(_ text: String, width: Double? = nil, rightToLeft: Bool = false) throws -> [String] {
        let font = try sans()
        var byGlyph: [UInt32: Character] = [:]
        for character in text where character != " " {
            byGlyph[try XCTUnwrap(font.glyph(for: character.unicodeScalars.first!), "\(character)")] = character
        }
        let layout = TextLayoutEngine().layout(text, attributes: attributes(font, rightToLeft: rightToLeft), width: width)
        return layout.lines.map { line in
            String(line.glyphs.sorted { $0.x < $1.x }.map { byGlyph[$0.glyph] ?? "?" })
        }
    }

    func testAHebrewRunInALatinLineIsReversed() throws {
        // Logical "ab אבג cd": the Hebrew run is drawn right to left between the Latin words.
        XCTAssertEqual(try visual("ab אבג cd"), ["abגבאcd"])
        // Two Hebrew words: the second is drawn first (on the left), as in a browser.
        XCTAssertEqual(try visual("ab אב גד, cd"), ["abדגבא,cd"])
        // Digits after Hebrew stay left to right, and the run with them is reversed (W7 keeps
        // them European numbers; N1 puts the space between in the Hebrew run).
        XCTAssertEqual(try visual("a אב 12 b"), ["a12באb"])
    }

    /// A line of several directional runs is as wide as its runs each rounded up to
    /// 1/64 pt, as Chromium gives each run its own width in layout units; a line of one run
    /// keeps its exact width.
    func testAMixedDirectionLineRoundsEachRunUpToA64th() throws {
        let font = try sans()
        let engine = TextLayoutEngine()
        let a = attributes(font)
        func exact(_ text: String) -> Double { engine.maxContentWidth(text, attributes: a) }
        func up(_ points: Double) -> Double { (points * 64 - 1e-9).rounded(.up) / 64 }
        // "abc אבג def": the runs "abc " (level 0), "אבג" (1) and " def" (0). DejaVu Sans
        // has no kerning with the space, so each run is its letters plus a space's advance.
        let space = exact("a b") - exact("a") - exact("b")
        let runs = [exact("abc") + space, exact("אבג"), space + exact("def")]
        let expected = runs.map(up).reduce(0, +)
        let measured = engine.measure("abc אבג def", attributes: a, width: nil).width
        XCTAssertEqual(measured, expected, accuracy: 0.001)
        XCTAssertGreaterThan(measured, runs.reduce(0, +) + 0.001)
        XCTAssertEqual(engine.layout("abc אבג def", attributes: a, width: nil).width, measured, accuracy: 1e-9)
        // One run: the exact width.
        XCTAssertEqual(engine.measure("abc def", attributes: a, width: nil).width, exact("abc def"), accuracy: 1e-9)
    }

    func testBracketsAreMirroredAtRightToLeftLevels() throws {
        // In a right-to-left paragraph "(ab)" after Hebrew: the brackets resolve to level 1 and
        // are drawn mirrored, so the Latin word is still enclosed "(ab)" on screen.
        XCTAssertEqual(try visual("אב (cd)", rightToLeft: true), ["(cd)בא"])
        XCTAssertEqual(try visual("ab (cd)"), ["ab(cd)"])
    }

    func testARightToLeftParagraphPutsItsFirstRunOnTheRight() throws {
        // Level 1: the Hebrew word first on the right, the Latin run (with the digits W7 makes
        // Latin) on its left, the comma between at the paragraph's level.
        XCTAssertEqual(try visual("אב, cd! 42", rightToLeft: true), ["cd!42,בא"])
        // Neutrals at a right-to-left paragraph's end go to its left, as in a browser.
        XCTAssertEqual(try visual("Hello!", rightToLeft: true), ["!Hello"])
        XCTAssertEqual(try visual("Hello!"), ["Hello!"])
    }

    func testLinesBreakBeforeTheyAreReordered() throws {
        // Logical "ab אבג דהו": "ab אבג" fits in the first line, "דהו" wraps; each line is
        // reordered on its own (UAX #9 §3.4), so the first line is not "ab דהו…".
        let font = try sans()
        let firstLine = TextLayoutEngine().layout("ab אבג", attributes: attributes(font), width: nil).width
        XCTAssertEqual(try visual("ab אבג דהו", width: firstLine + 1), ["abגבא", "והד"])
    }

    func testArabicDigitsKeepTheirOrderInsideTheRun() throws {
        let font = try sans()
        let layout = TextLayoutEngine().layout("سلام 2024 ok", attributes: attributes(font), width: nil)
        let glyphs = try XCTUnwrap(layout.lines.first?.glyphs).sorted { $0.x < $1.x }
        let digits = try ["2", "0", "2", "4"].map { try XCTUnwrap(font.glyph(for: Unicode.Scalar($0)!)) }
        // Leftmost: the digits, left to right; then the Arabic word; then "ok".
        XCTAssertEqual(glyphs.prefix(4).map(\.glyph), digits)
        XCTAssertEqual(glyphs.suffix(2).map(\.glyph), try ["o", "k"].map { try XCTUnwrap(font.glyph(for: Unicode.Scalar($0)!)) })
        // Reordering moves glyphs, not widths.
        XCTAssertEqual(layout.width, TextLayoutEngine().measure("سلام 2024 ok", attributes: attributes(font), width: nil).width)
    }

    func testLoneBidiControlsAndSurrogatesDoNotBreakTheLayout() throws {
        let font = try sans()
        for text in ["\u{202E}abc", "ab\u{2067}cd", "\u{200F}", "a\u{202B}ב\u{202C}", String(repeating: "\u{202E}", count: 200) + "x"] {
            let layout = TextLayoutEngine().layout(text, attributes: attributes(font), width: 100)
            XCTAssertFalse(layout.lines.isEmpty, text.debugDescription)
        }
        // A right-to-left override reverses Latin letters.
        XCTAssertEqual(try visual("\u{202E}abc\u{202C}").first?.filter { $0 != "?" }, "cba")
    }

    func testAHugeMixedTextIsReorderedLineByLine() throws {
        let font = try sans()
        // 40,000 × "ab אבג 12 " (400,000 characters) in 200 pt lines; only the first lines get glyphs.
        let text = String(repeating: "ab אבג 12 ", count: 40_000)
        let layout = TextLayoutEngine().layout(text, attributes: attributes(font), width: 200, placingGlyphsWithin: 0...50)
        XCTAssertEqual(layout.lines.count, TextLayoutEngine().measure(text, attributes: attributes(font), width: 200).lineCount)
        XCTAssertGreaterThan(layout.lines.count, 1000)
        let first = try visual(String(text.prefix(20)), width: 200)
        XCTAssertEqual(first, ["ab12גבאab12גבא"])
    }
}
