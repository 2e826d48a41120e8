import XCTest
@testable import TextEngine

/// Lines whose clusters each draw at most one glyph at the pen (`TextLayoutEngine.plainGlyphs`)
/// are placed by a loop of their own; it must place exactly what the general one does.
final class PlainPlacingTests: XCTestCase {
    func testAGlyphTakes24Bytes() {
        XCTAssertEqual(MemoryLayout<PositionedGlyph>.stride, 8 + 8 + 4 + 2 + 1 + 1)
    }

    func testUncoveredTabsAndSpacesOnAPlainLine() throws {
        // 日 is not in DejaVu Sans Mono: `.notdef` (glyph 0) over two cells. The tab goes to
        // cell 8; spaces draw nothing.
        let text = "ab 日\tc"
        let result = layout(text, width: nil, try attributes())
        XCTAssertEqual(result.lines.count, 1)
        let glyphs = result.lines[0].glyphs
        XCTAssertEqual(glyphs.map(\.x), [0, 1, 3, 8].map { snap($0 * cell()) })
        XCTAssertEqual(glyphs[2].glyph, 0)
        XCTAssertEqual(glyphs.map(\.y), [0, 0, 0, 0])
        XCTAssertEqual(glyphs.map(\.font), [0, 0, 0, 0])
        XCTAssertEqual(glyphs.map(\.run), [0, 0, 0, 0])
        let font = try DejaVu.font()
        XCTAssertEqual(glyphs.map(\.glyph), [font.glyphOrZero(0x61), font.glyphOrZero(0x62), 0, font.glyphOrZero(0x63)])
    }

    func testAPlainHeadThenAnEllipsis() throws {
        // Truncated to one line of five cells: four letters, then `…` at cell 4.
        let result = layout("abcdefgh", width: widthFor(cells: 5), try attributes(lines: 1))
        XCTAssertEqual(result.lines.map(\.text), ["abcd…"])
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), (0..<5).map { snap(Double($0) * cell()) })
        XCTAssertEqual(result.lines[0].glyphs.last?.glyph, try DejaVu.font().glyphOrZero(0x2026))
    }

    func testCenteredPlainLinesAtScaleTwo() throws {
        // Offsets and origins snap to half points at scale 2.
        let result = layout("abc\na", width: widthFor(cells: 10), try attributes(alignment: .center, pixelScale: 2))
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), (0..<3).map {
            snap(snap((widthFor(cells: 10) - 3 * cell()) / 2, scale: 2) + Double($0) * cell(), scale: 2)
        })
        XCTAssertEqual(result.lines[1].glyphs.map(\.x), [snap((widthFor(cells: 10) - cell()) / 2, scale: 2)])
    }
}

/// Uncovered characters are listed once each, in order of first appearance, whether they are
/// in the BMP (a bit set) or beyond it (a hashed set), and in every layout of a warm engine.
final class UncoveredListTests: XCTestCase {
    func testEachUncoveredCharacterOnceInOrderOfFirstAppearance() throws {
        // 日 and 本 are BMP ideographs, 𠀀 (U+20000) and 𠀁 (U+20001) beyond it; none is in
        // DejaVu Sans Mono.
        let text = "日a本日𠀀本b𠀁𠀀日"
        let engine = TextLayoutEngine()
        for _ in 0..<2 {
            let result = engine.layout(text, attributes: try attributes(), width: nil)
            XCTAssertEqual(result.uncoveredCharacters, ["日", "本", "𠀀", "𠀁"])
            XCTAssertEqual(result.lines[0].glyphs.filter { $0.glyph == 0 }.count, 8)
        }
    }
}
