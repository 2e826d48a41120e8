import XCTest
@testable import TextEngine

/// A label's runs (its text and its spans) laid out as one paragraph: widths summed in a
/// common unit, breaks decided on the whole text, line boxes as tall as the runs on them,
/// the ellipsis in the style of the run it follows. Expectations are arithmetic over
/// DejaVu Sans Mono's metrics (a cell is 1233 of 2048 units; ascender 1901, descender −483).
final class RichTextTests: XCTestCase {
    private func runs(_ parts: [(String, Double, FontStyle)], size: Double = 14, lines: Int = 0,
                      lineHeight: LineHeight = .multiple(1)) throws -> (String, TextAttributes) {
        var attributes = try TextEngineTests.attributes(size: size, lines: lines, lineHeight: lineHeight)
        attributes.runs = try parts.map { TextRun(text: $0.0, font: try DejaVu.font($0.2), size: $0.1) }
        return (parts.map(\.0).joined(), attributes)
    }

    /// Runs in the label's own font and size lay out exactly as the plain text does.
    func testRunsInTheLabelsFontAndSizeMeasureAsThePlainText() throws {
        let (text, rich) = try runs([("The quick ", 14, .regular), ("brown fox ", 14, .regular), ("jumps", 14, .regular)])
        let plain = try attributes()
        for width in [nil, widthFor(cells: 9), widthFor(cells: 12)] {
            let a = layout(text, width: width, rich), b = layout(text, width: width, plain)
            XCTAssertEqual(a.texts, b.texts)
            XCTAssertEqual(a.width, b.width)
            XCTAssertEqual(a.height, b.height)
            XCTAssertEqual(a.lines.map(\.baseline), b.lines.map(\.baseline))
            XCTAssertEqual(a.lines.map { $0.glyphs.map(\.x) }, b.lines.map { $0.glyphs.map(\.x) })
        }
        XCTAssertEqual(layout(text, width: widthFor(cells: 9), rich).lines.map { Set($0.glyphs.map(\.run)) },
                       [[0], [1], [2]])  // "The quick ", "brown fox ", "jumps"
    }

    /// "ab" at 14 then "cd" at 28: the common unit is 14 / 2048 point, the second run's
    /// advances count double. The line is as tall as the 28-point run's box: ascent 26
    /// (1901 × 28 / 2048 = 25.99), descent 7 (6.60), height 2384 × 28 / 2048 = 32.59375,
    /// half the leading (32.59375 − 33) / 2 rounded down = −1, so 25 above the baseline and
    /// 7.59375 below; the strut (14 pt) reaches 13 above and 3.296875 below.
    func testMixedSizesAddWidthsAndTheTallestRunSetsTheLine() throws {
        let (text, attributes) = try runs([("ab", 14, .regular), ("cd", 28, .regular)])
        let result = layout(text, width: nil, attributes)
        XCTAssertEqual(result.width, 2 * cell(14) + 2 * cell(28))
        XCTAssertEqual(result.height, 25 + 7.59375)
        XCTAssertEqual(result.lines[0].baseline, 25)
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, snap(cell(14)), snap(2 * cell(14)), snap(2 * cell(14) + cell(28))])
        XCTAssertEqual(result.lines[0].glyphs.map(\.run), [0, 0, 1, 1])
        XCTAssertEqual(TextLayoutEngine().measure(text, attributes: attributes, width: nil).height, 25 + 7.59375)
        XCTAssertEqual(TextLayoutEngine().firstBaseline(text, attributes: attributes), 25)
    }

    /// A line that holds only the small run keeps the strut's height: the second line of
    /// "AB cd ef" (28, then 14) at a width of 6 cells of 14 is "cd ef", 16.296875 tall,
    /// its baseline 13 below its top at 32.59375.
    func testEachLineIsAsTallAsTheRunsOnIt() throws {
        let (text, attributes) = try runs([("AB ", 28, .regular), ("cd ef", 14, .regular)])
        let result = layout(text, width: widthFor(cells: 6), attributes)
        XCTAssertEqual(result.texts, ["AB ", "cd ef"])
        XCTAssertEqual(result.lines.map(\.height), [32.59375, 16.296875])
        XCTAssertEqual(result.lines.map(\.top), [0, 32.59375])
        XCTAssertEqual(result.lines.map(\.baseline), [25, snap(32.59375 + 13)])
        XCTAssertEqual(result.height, 32.59375 + 16.296875)
        XCTAssertEqual(result.width, 5 * cell(14))  // "AB" is 2 cells of 28 (4 of 14), "cd ef" 5 of 14
        XCTAssertEqual(TextLayoutEngine().measure(text, attributes: attributes, width: widthFor(cells: 6)).height,
                       32.59375 + 16.296875)
        // The first line holds the 28-point run at every width.
        XCTAssertEqual(TextLayoutEngine().firstBaseline(text, attributes: attributes, width: widthFor(cells: 6)), 25)
    }

    /// UAX #14 over the joined text: "Hello wor" + "ld again" has no break inside "world",
    /// so at 11 cells the lines are "Hello world" and "again" (a per-run breaker would give
    /// "Hello wor" + "ld").
    func testBreakOpportunitiesAreDecidedOnTheWholeText() throws {
        let (text, attributes) = try runs([("Hello wor", 14, .regular), ("ld again", 14, .bold)])
        let result = layout(text, width: widthFor(cells: 11), attributes)
        XCTAssertEqual(result.texts, ["Hello world ", "again"])
        XCTAssertEqual(result.lines[0].glyphs.map(\.run), [0, 0, 0, 0, 0, 0, 0, 0, 1, 1])  // spaces have no glyph
        XCTAssertEqual(result.lines[0].width, 11 * cell())
        XCTAssertEqual(TextLayoutEngine().minContentWidth(text, attributes: attributes), 5 * cell())
        XCTAssertEqual(TextLayoutEngine().maxContentWidth(text, attributes: attributes), 17 * cell())
        // The bold run's glyphs are drawn from the bold face, the second font of the layout.
        XCTAssertEqual(result.fonts.count, 2)
        XCTAssertEqual(result.fonts[1], try DejaVu.font(.bold))
        XCTAssertEqual(result.lines[1].glyphs.map(\.font), [1, 1, 1, 1, 1])
    }

    /// "aaaa " at 14 then "bbbbbbbb" at 28 in 9 cells of 14 on one line: the tail keeps
    /// "aaaa b" (5 cells + 2) and ends in the 28-point run's ellipsis (2 cells), 9 cells in
    /// all. In 8 cells "aaaa b" fits beside the narrowest ellipsis (the 14-point run's) but
    /// not beside its own, so the line is "aaaa" and the 14-point ellipsis.
    func testTheEllipsisIsInTheStyleOfTheRunItFollows() throws {
        let (text, attributes) = try runs([("aaaa ", 14, .regular), ("bbbbbbbb", 28, .regular)], lines: 1)
        let result = layout(text, width: widthFor(cells: 9), attributes)
        XCTAssertEqual(result.texts, ["aaaa b…"])
        XCTAssertEqual(result.width, 9 * cell())
        let ellipsis = try XCTUnwrap(result.lines[0].glyphs.last)
        XCTAssertEqual(ellipsis.run, 1)
        XCTAssertEqual(ellipsis.x, snap(7 * cell(14)))  // 5 cells of 14 ("aaaa "), then one of 28
        XCTAssertEqual(result.height, 32.59375)
        let shrunk = layout(text, width: widthFor(cells: 8), attributes)
        XCTAssertEqual(shrunk.texts, ["aaaa…"])
        XCTAssertEqual(shrunk.lines[0].glyphs.last?.run, 0)
        XCTAssertEqual(shrunk.width, 5 * cell())
        // Truncated within the first run, the ellipsis is the first run's (one cell of 14).
        let short = layout(text, width: widthFor(cells: 4), attributes)
        XCTAssertEqual(short.texts, ["aaa…"])
        XCTAssertEqual(short.lines[0].glyphs.last?.run, 0)
        XCTAssertEqual(short.width, 4 * cell())
        XCTAssertEqual(short.height, 16.296875)  // the 28-point run is not on the line
    }

    /// Segments give each run's extent on the line for its decorations: trailing spaces
    /// left out, a run's ellipsis included.
    func testSegmentsCoverEachRunsPartOfTheLine() throws {
        let (text, attributes) = try runs([("ab ", 14, .regular), ("cd ", 28, .regular), ("ef ", 14, .regular)])
        let result = layout(text, width: nil, attributes)
        XCTAssertEqual(result.lines[0].segments, [
            RunSegment(run: 0, x: 0, width: snap(3 * cell(14))),
            RunSegment(run: 1, x: snap(3 * cell(14)), width: snap(3 * cell(14) + 3 * cell(28)) - snap(3 * cell(14))),
            RunSegment(run: 2, x: snap(3 * cell(14) + 3 * cell(28)),
                       width: snap(5 * cell(14) + 3 * cell(28)) - snap(3 * cell(14) + 3 * cell(28))),
        ])
        let (long, truncating) = try runs([("aaaa ", 14, .regular), ("bbbbbbbb", 28, .regular)], lines: 1)
        let truncated = layout(long, width: widthFor(cells: 9), truncating)
        XCTAssertEqual(truncated.lines[0].segments, [
            RunSegment(run: 0, x: 0, width: snap(5 * cell(14))),
            RunSegment(run: 1, x: snap(5 * cell(14)), width: snap(9 * cell(14)) - snap(5 * cell(14))),
        ])
    }

    /// An empty run between two others is on no line: it makes none taller.
    func testAnEmptyRunAddsNoLineBox() throws {
        let (text, attributes) = try runs([("ab", 14, .regular), ("", 40, .regular), ("cd", 14, .regular)])
        XCTAssertEqual(layout(text, width: nil, attributes).height, 16.296875)
    }

    /// Runs whose texts do not make up the text given are not used: the text is laid out
    /// in the label's font alone.
    func testRunsThatDoNotMatchTheTextAreIgnored() throws {
        let (_, attributes) = try runs([("ab", 28, .regular)])
        let result = layout("abc", width: nil, attributes)
        XCTAssertEqual(result.width, 3 * cell())
        XCTAssertEqual(result.lines[0].glyphs.map(\.run), [0, 0, 0])
    }

    /// Sizes far apart stay finite and whole: the common unit is at most 65,536 times
    /// smaller than the largest run's, so the tiny run's advances round to few units.
    func testHostileSizesStayFinite() throws {
        let (text, attributes) = try runs([("tiny ", 0.0001, .regular), ("huge", 4096, .regular)])
        let result = layout(text, width: 100, attributes)
        XCTAssertTrue(result.width.isFinite && result.height.isFinite)
        XCTAssertEqual(result.width, cell(4096), accuracy: 1)  // a huge character a line
        XCTAssertTrue(result.lines.allSatisfy { $0.baseline.isFinite })
    }
}

/// The decoration metrics runs draw their underlines and strikethroughs with.
final class DecorationMetricsTests: XCTestCase {
    func testDejaVuSansMonoDecorationMetrics() throws {
        let font = try DejaVu.font()
        // FreeType's underline centre (post's position less half the thickness) and OS/2's strikeout.
        XCTAssertEqual([font.underlinePosition, font.underlineThickness], [-85, 90])
        XCTAssertEqual([font.strikeoutPosition, font.strikeoutThickness], [530, 102])
    }
}
