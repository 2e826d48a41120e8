import XCTest
@testable import TextEngine

/// Characters a font lacks, from fallback fonts in order: split into runs of one font,
/// each shaped with its font, advances scaled to the label's font's design units.
final class FontFallbackTests: XCTestCase {
    let library = FontLibrary()

    private func sans() throws -> Font { try library.font(family: "DejaVu Sans", weight: 400, italic: false) }
    private func cjk() throws -> Font { try library.font(family: "Noto Sans CJK SC", weight: 400, italic: false) }
    private func emoji() throws -> Font { try library.font(family: "Noto Color Emoji", weight: 400, italic: false) }

    private func attributes(_ font: Font, _ fallbacks: [Font], size: Double = 20) -> TextAttributes {
        var attributes = TextAttributes(font: font, size: size)
        attributes.fallbackFonts = fallbacks
        attributes.lines = 0
        return attributes
    }

    func testAnIdeographInALatinLabelTakesTheCJKFontsAdvanceScaled() throws {
        let sans = try sans(), cjk = try cjk()
        XCTAssertEqual(cjk.unitsPerEm, 1000)
        let a = try XCTUnwrap(sans.glyph(for: "a"))
        XCTAssertEqual(sans.advance(ofGlyph: a), 1255)
        XCTAssertEqual(cjk.advance(ofGlyph: try XCTUnwrap(cjk.glyph(for: "東"))), 1000)
        // 'a' in DejaVu Sans, then one em of Noto Sans CJK: 1000 / 1000 × 2048 units.
        let layout = TextLayoutEngine().layout("a東", attributes: attributes(sans, [cjk]), width: nil)
        XCTAssertEqual(layout.width, (1255.0 + 2048) / 2048 * 20)
        XCTAssertEqual(layout.uncoveredCharacters, [])
        XCTAssertEqual(layout.fonts, [sans, cjk])
        let glyphs = try XCTUnwrap(layout.lines.first?.glyphs)
        XCTAssertEqual(glyphs.map(\.font), [0, 1])
        XCTAssertEqual(glyphs.map(\.glyph), [a, try XCTUnwrap(cjk.glyph(for: "東"))])
        XCTAssertEqual(glyphs.map(\.x), [0, snap(1255.0 / 2048 * 20)])
        // Measuring agrees with the layout.
        XCTAssertEqual(TextLayoutEngine().measure("a東", attributes: attributes(sans, [cjk]), width: nil).width, layout.width)
        XCTAssertEqual(TextLayoutEngine().maxContentWidth("a東", attributes: attributes(sans, [cjk])), layout.width)
    }

    func testWithoutFallbackTheCharacterIsReportedAndDrawnAsNotdef() throws {
        let sans = try sans()
        let layout = TextLayoutEngine().layout("a東", attributes: attributes(sans, []), width: nil)
        XCTAssertEqual(layout.uncoveredCharacters, ["東"])
        XCTAssertEqual(layout.lines.first?.glyphs.map(\.glyph).last, 0)
        XCTAssertEqual(layout.width, Double(1255 + sans.advance(ofGlyph: 0)) / 2048 * 20)
    }

    func testTheFirstFallbackThatCoversTheClusterWins() throws {
        let sans = try sans(), cjk = try cjk(), emoji = try emoji()
        // The emoji font comes first but has no ideograph; CJK has no colour rocket.
        let layout = TextLayoutEngine().layout("東🚀", attributes: attributes(sans, [emoji, cjk]), width: nil)
        XCTAssertEqual(layout.lines.first?.glyphs.map(\.font), [2, 1])
        // A character no font has stays uncovered, in the label's font.
        let none = TextLayoutEngine().layout("ꯀ東", attributes: attributes(sans, [cjk, emoji]), width: nil)
        XCTAssertEqual(none.uncoveredCharacters, ["ꯀ"])
        XCTAssertEqual(none.lines.first?.glyphs.map(\.font), [0, 1])
    }

    func testColourEmojiAreMeasuredByTheirStrike() throws {
        let emoji = try emoji()
        XCTAssertTrue(emoji.isColorBitmap)
        XCTAssertEqual(emoji.unitsPerEm, 2048)
        // The 109 ppem strike advances 136 pixels: 136 / 109 × 2048 units, rounded.
        let rocket = try XCTUnwrap(emoji.glyph(for: "🚀"))
        XCTAssertEqual(emoji.advance(ofGlyph: rocket), Int((136.0 / 109 * 2048).rounded()))
        let sans = try sans()
        let layout = TextLayoutEngine().layout("a🚀", attributes: attributes(sans, [emoji]), width: nil)
        XCTAssertEqual(layout.width, (1255.0 + (136.0 / 109 * 2048).rounded()) / 2048 * 20)
    }

    func testAnEmojiSequenceIsOneGlyphOfTheEmojiFont() throws {
        let sans = try sans(), emoji = try emoji()
        let strike = (136.0 / 109 * 2048).rounded()
        for sequence in ["👩‍💻", "👍🏽", "🇯🇵"] {
            let layout = TextLayoutEngine().layout(sequence, attributes: attributes(sans, [emoji]), width: nil)
            XCTAssertEqual(layout.lines.first?.glyphs.count, 1, sequence)
            XCTAssertEqual(layout.lines.first?.glyphs.first?.font, 1, sequence)
            XCTAssertEqual(layout.width, strike / 2048 * 20, sequence)
            XCTAssertEqual(layout.uncoveredCharacters, [], sequence)
        }
    }

    func testAFixedPitchLabelKeepsItsCellsAroundAFallbackRun() throws {
        let mono = try DejaVu.font(), cjk = try cjk()
        // Two cells, then one CJK em (2048 units), then a cell.
        let layout = TextLayoutEngine().layout("ab東c", attributes: attributes(mono, [cjk], size: 14), width: nil)
        XCTAssertEqual(layout.width, (3 * DejaVu.advance + 2048) / 2048 * 14)
        XCTAssertEqual(layout.lines.first?.glyphs.map(\.font), [0, 0, 1, 0])
        XCTAssertEqual(layout.lines.first?.glyphs.map(\.x), [0, snap(cell()), snap(2 * cell()), snap(2 * cell() + 14)])
    }

    func testLinesBreakBetweenFallbackIdeographs() throws {
        let sans = try sans(), cjk = try cjk()
        // Four ideographs of one em (20 pt) each in 50 pt: two per line.
        let layout = TextLayoutEngine().layout("東京大阪", attributes: attributes(sans, [cjk]), width: 50)
        XCTAssertEqual(layout.lines.map(\.text), ["東京", "大阪"])
        XCTAssertEqual(layout.width, 40)
    }

    func testAHugeMixedTextFallsBackInOnePass() throws {
        let sans = try sans(), cjk = try cjk(), emoji = try emoji()
        // 50,000 times "a東🚀ꯀ " (ꯀ in no font), wrapped at 300 pt.
        let text = String(repeating: "a東🚀ꯀ ", count: 50_000)
        let measured = TextLayoutEngine().measure(text, attributes: attributes(sans, [cjk, emoji]), width: 300)
        let layout = TextLayoutEngine().layout(text, attributes: attributes(sans, [cjk, emoji]), width: 300,
                                               placingGlyphsWithin: 0...100)
        XCTAssertEqual(layout.uncoveredCharacters, ["ꯀ"])
        XCTAssertEqual(layout.lines.count, measured.lineCount)
        // One word is a + 東 (2048) + 🚀 + notdef, then a space (651 units).
        let rocket: Double = (136.0 / 109 * 2048).rounded()
        let units: Double = 1255 + 2048 + rocket + 1229
        let word: Double = units / 2048 * 20
        let space = 651.0 / 2048 * 20
        let limit: Double = 300 + 1.0 / 64 + space
        let perLine = Int(limit / (word + space))
        XCTAssertEqual(measured.lineCount, (50_000 + perLine - 1) / perLine)
        XCTAssertEqual(layout.lines.first?.glyphs.map(\.font).prefix(5), [0, 1, 2, 0, 0])
    }
}
