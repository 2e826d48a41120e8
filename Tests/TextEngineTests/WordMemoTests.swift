import XCTest
@testable import TextEngine

/// A word met again in the same text takes what shaping wrote for it the first time
/// (`WordMemo`): it must lay out exactly as shaping it again would.
final class WordMemoTests: XCTestCase {
    func sans(letterSpacing: Double = 0) throws -> TextAttributes {
        var attributes = TextAttributes(font: try DejaVu.library.font(path: ShapingTests.sans), size: 2048)
        attributes.lines = 0
        attributes.letterSpacing = letterSpacing
        return attributes
    }

    /// The glyphs of each line with x relative to the line's first glyph.
    func shapes(_ layout: TextLayout) -> [[PositionedGlyph]] {
        layout.lines.map { line in
            line.glyphs.map { PositionedGlyph(glyph: $0.glyph, x: $0.x - (line.glyphs.first?.x ?? 0), y: $0.y, font: $0.font, run: $0.run) }
        }
    }

    func testARepeatedWordLaysOutAsItDoesAlone() throws {
        // "office" has the ffi ligature (a cluster with the glyph, two without) and kerning.
        for spacing in [0.0, 100, -300] {
            let attributes = try sans(letterSpacing: spacing)
            let alone = layout("office", width: nil, attributes)
            // The memo's key holds the units beside the word: the third line's word is the
            // second's found again (newline before and after), and so are the last line's
            // third and fourth words the second's (spaces on both sides).
            let repeated = layout("office\noffice\noffice\noffice office office office", width: nil, attributes)
            XCTAssertEqual(repeated.lines.count, 4)
            for line in 0..<3 {
                XCTAssertEqual(shapes(repeated)[line], shapes(alone)[0], "line \(line), letter spacing \(spacing)")
                XCTAssertEqual(repeated.lines[line].width, alone.width, "line \(line), letter spacing \(spacing)")
            }
            let count = alone.lines[0].glyphs.count
            let last = shapes(repeated)[3]
            XCTAssertEqual(last.count, 4 * count)
            for word in 0..<4 {
                let glyphs = last[(word * count)..<((word + 1) * count)]
                XCTAssertEqual(glyphs.map(\.glyph), alone.lines[0].glyphs.map(\.glyph), "word \(word)")
                XCTAssertEqual(glyphs.map { $0.x - glyphs.first!.x }, shapes(alone)[0].map(\.x), "word \(word)")
            }
        }
    }

    func testARepeatedWordBrokenInsideIsReshapedWhereItBreaks() throws {
        // The second "AVAWAY" breaks inside (a line narrower than it); the first, on a line
        // of its own that fits, keeps its kerning: the memo does not carry one to the other.
        let attributes = try sans()
        let whole = layout("AVAWAY", width: nil, attributes)
        let alone = layout("AVAWA", width: nil, attributes)
        let both = layout("AVAWAY\nAVAWAY", width: alone.width + 1, attributes)
        let broken = layout("AVAWAY", width: alone.width + 1, attributes)
        XCTAssertEqual(both.lines.map(\.text), ["AVAWA", "Y", "AVAWA", "Y"])
        XCTAssertEqual(both.lines.map(\.width), broken.lines.map(\.width) + broken.lines.map(\.width))
        let wide = layout("AVAWAY\nAVAWAY", width: whole.width + 1, attributes)
        XCTAssertEqual(wide.lines.map(\.width), [whole.width, whole.width])
    }

    func testOffsetsAreSortedOnceAndFoundByBisection() {
        let offsets = ShapedWords.Offsets([9, 3, 3, 7, 1, 9])
        XCTAssertEqual(offsets.sorted, [1, 3, 7, 9])
        XCTAssertEqual((0...10).filter(offsets.contains), [1, 3, 7, 9])
        XCTAssertEqual(ShapedWords.Offsets([2, 4, 8]).sorted, [2, 4, 8])
        XCTAssertTrue(ShapedWords.Offsets([]).isEmpty)
        XCTAssertFalse(ShapedWords.Offsets([]).contains(0))
    }
}
