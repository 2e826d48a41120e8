import XCTest
@testable import TextEngine

/// Widths by grapheme cluster: Latin one cell, East Asian Wide two, marks none, emoji two,
/// tabs to the next stop; all at size 14, unconstrained, where one cell is 1233 × 14 / 2048.
final class CharacterWidthTests: XCTestCase {
    func testLatinTakesOneCellEach() throws {
        let result = layout("Hello", width: nil, try attributes())
        XCTAssertEqual(result.width, 5 * cell())
        XCTAssertEqual(result.lines.map { $0.glyphs.map(\.x) }, [[0, 1, 2, 3, 4].map { snap($0 * cell()) }])
        XCTAssertEqual(result.lines[0].glyphs.map(\.glyph), [43, 72, 79, 79, 82])
        XCTAssertEqual(result.uncoveredCharacters, [])
    }

    func testCJKTakesTwoCellsAndIsReportedAsUncovered() throws {
        let result = layout("a一b一", width: nil, try attributes())
        XCTAssertEqual(result.width, (1 + 2 + 1 + 2) * cell())
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 1, 3, 4].map { snap($0 * cell()) })
        XCTAssertEqual(result.lines[0].glyphs[1].glyph, 0, "not covered: .notdef")
        XCTAssertEqual(result.uncoveredCharacters, ["一"])
    }

    func testFullwidthFormsTakeTwoCells() throws {
        XCTAssertEqual(layout("ＡＢ", width: nil, try attributes()).width, 4 * cell())
    }

    func testCombiningMarksTakeNoCellAndDrawOverTheirBase() throws {
        let result = layout("e\u{0301}x", width: nil, try attributes())
        XCTAssertEqual(result.width, 2 * cell())
        XCTAssertEqual(result.lines[0].glyphs, [
            PositionedGlyph(glyph: 72, x: 0), PositionedGlyph(glyph: 649, x: 0),
            PositionedGlyph(glyph: 91, x: snap(cell())),
        ])
    }

    func testZeroWidthCharactersTakeNoCellAndDrawNothing() throws {
        let result = layout("a\u{200B}b\u{200D}c", width: nil, try attributes())
        XCTAssertEqual(result.width, 3 * cell())
        XCTAssertEqual(result.lines[0].glyphs.count, 3)
        XCTAssertEqual(result.uncoveredCharacters, [])
    }

    func testEmojiSequencesAreOneClusterOfTwoCells() throws {
        let attributes = try attributes()
        for emoji in ["😀", "👍🏽", "🇯🇵", "👨‍👩‍👧", "❤️"] {
            let result = layout("a\(emoji)b", width: nil, attributes)
            XCTAssertEqual(result.width, (1 + 2 + 1) * cell(), emoji)
            XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 1, 3].map { snap($0 * cell()) }, emoji)
        }
    }

    func testEmojiTheFontLacksAreReportedOnce() throws {
        let result = layout("😀 👍🏽 😀 🇯🇵", width: nil, try attributes())
        XCTAssertEqual(result.uncoveredCharacters, ["😀", "👍🏽", "🇯🇵"])
        XCTAssertEqual(result.lines[0].glyphs.map(\.glyph), [0, 0, 0, 0])
    }

    func testAnEmojiTheFontHasIsDrawnWithItsGlyph() throws {
        // U+2764 HEAVY BLACK HEART is in DejaVu Sans Mono; with U+FE0F it is an emoji: two cells.
        let result = layout("❤️", width: nil, try attributes())
        XCTAssertEqual(result.lines[0].glyphs, [PositionedGlyph(glyph: 2883, x: 0)])
        XCTAssertEqual(result.uncoveredCharacters, [])
    }

    func testTabsAdvanceToTheNextStop() throws {
        let eight = layout("a\tb", width: nil, try attributes())
        XCTAssertEqual(eight.lines[0].glyphs.map(\.x), [0, snap(8 * cell())])
        XCTAssertEqual(eight.width, 9 * cell())
        let four = layout("abcd\tb\tc", width: nil, try attributes(tabWidth: 4))
        XCTAssertEqual(four.lines[0].glyphs.map(\.x).suffix(2), [snap(8 * cell()), snap(12 * cell())])
        XCTAssertEqual(four.width, 13 * cell())
    }

    func testOtherSizesScaleByMultiplication() throws {
        XCTAssertEqual(layout("MMMM", width: nil, try attributes(size: 20)).width, 4 * cell(20))
        XCTAssertEqual(layout("MMMM", width: nil, try attributes(size: 2048)).width, 4 * 1233)
    }

    func testProportionalFontUsesEachGlyphsAdvance() throws {
        let font = try FontLibrary().font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let i = try XCTUnwrap(font.glyph(for: "i"))
        let w = try XCTUnwrap(font.glyph(for: "W"))
        var attributes = TextAttributes(font: font, size: 2048)
        attributes.lines = 0
        let result = TextLayoutEngine().layout("iW", attributes: attributes, width: nil)
        XCTAssertEqual(result.width, Double(font.advance(ofGlyph: i) + font.advance(ofGlyph: w)))
    }
}
