import XCTest
@testable import TextEngine

/// Where a line starts or ends inside a word, the word is shaped again there, as browsers
/// do: no kerning pair or ligature spans a line break. And fullwidth punctuation collapses
/// as CSS `text-spacing-trim: normal` asks. At size 2048 (DejaVu) or 1000 (Noto Sans CJK)
/// one design unit is one point.
final class LineEdgeShapingTests: XCTestCase {
    func sans() throws -> TextAttributes {
        var attributes = TextAttributes(font: try DejaVu.library.font(path: ShapingTests.sans), size: 2048)
        attributes.lines = 0
        return attributes
    }

    func cjk(size: Double = 1000) throws -> TextAttributes {
        var attributes = TextAttributes(font: try FontLibrary().font(family: "Noto Sans CJK SC", weight: 400, italic: false), size: size)
        attributes.lines = 0
        return attributes
    }

    func testALineEndingInsideAWordLosesTheKerningPairAcrossTheBreak() throws {
        // "AVAWAY" is wider than the line: it breaks between characters. Its first line
        // is "AVAWA" shaped alone (the last A is not kerned against the Y on the next line).
        let alone = layout("AVAWA", width: nil, try sans()).width
        let whole = layout("AVAWAY", width: nil, try sans())
        let broken = layout("AVAWAY", width: alone + 1, try sans())
        XCTAssertEqual(broken.lines.map(\.text), ["AVAWA", "Y"])
        XCTAssertEqual(broken.lines[0].width, alone)
        XCTAssertGreaterThan(alone + layout("Y", width: nil, try sans()).width, whole.width,
                             "the kerning of A and Y is not counted on the broken line")
    }

    func testALigatureIsUndoneWhereALineBreaksInsideIt() throws {
        // "ffi" is one glyph in DejaVu Sans; in a line narrower than it, it breaks between
        // its characters, and each line measures its part shaped alone.
        let whole = layout("ffi", width: nil, try sans())
        XCTAssertEqual(whole.lines[0].glyphs.count, 1, "the ligature")
        let broken = layout("ffi", width: whole.width - 1, try sans())
        XCTAssertGreaterThan(broken.lines.count, 1)
        XCTAssertEqual(broken.lines.map(\.text).joined(), "ffi")
        for line in broken.lines {
            XCTAssertEqual(line.width, layout(line.text, width: nil, try sans()).width, line.text)
        }
    }

    func testAdjacentFullwidthPunctuationCollapses() throws {
        // 」「 and ，「: the opening bracket loses its blank half (halt), 500 of 1000 units.
        XCTAssertEqual(layout("字」「字", width: nil, try cjk()).width, 3500)
        XCTAssertEqual(layout("字，「字", width: nil, try cjk()).width, 3500)
        XCTAssertEqual(layout("字」字", width: nil, try cjk()).width, 3000)
        XCTAssertEqual(layout("字「「字", width: nil, try cjk()).width, 3500)
    }

    func testAnOpeningBracketStartingALineKeepsItsBlankHalf() throws {
        // 」「 broken between the two: 「 starts the second line, whole.
        let lines = layout("字字」「字", width: 3000, try cjk()).lines
        XCTAssertEqual(lines.map(\.text), ["字字」", "「字"])
        XCTAssertEqual(lines[1].width, 2000)
    }

    func testAClosingMarkAtALineEndHangsItsBlankHalfWhenTheLineNeedsTheRoom() throws {
        // Three and a half ems of room: "字字」" is three ems, "字字字」" fits only with 」
        // set half-width, so it stays on the line instead of moving 字」 down.
        let lines = layout("字字字」字", width: 3500, try cjk()).lines
        XCTAssertEqual(lines.map(\.text), ["字字字」", "字"])
        XCTAssertEqual(lines[0].width, 3500)
    }
}
