import XCTest
@testable import TextEngine

/// Line heights, baselines and the `lines` cap. Line heights are kept in 1/64 point, and the
/// baseline is placed as CSS places it: the ascent (1901 × size / 2048) and descent (483 ×
/// size / 2048) rounded to whole points, and half the leading above the ascent, rounded down.
final class LineHeightTests: XCTestCase {
    func testNaturalLineHeightAtSize14() throws {
        XCTAssertEqual(naturalLineHeight(), 2384 * 14 / 2048.0)
        XCTAssertEqual(naturalLineHeight(), 16.296875)
        let result = layout("a\nb", width: nil, try attributes())
        XCTAssertEqual(result.lines.map(\.baseline), [snap(DejaVu.ascender * 14 / 2048), snap(naturalLineHeight() + DejaVu.ascender * 14 / 2048)])
        XCTAssertEqual(result.lines.map(\.baseline), [13, 29])
        XCTAssertEqual(result.height, 2 * naturalLineHeight())
    }

    /// 1.5 × 16.296875 = 24.4453125, 1564.5 / 64, kept as 1565 / 64 = 24.453125. Ascent 13,
    /// descent 3: half the leading is (24.453125 − 16) / 2 = 4.2265625, 4 rounded down, so
    /// the baselines are 17 and 24.453125 + 17 = 41.453125 (41 on the pixel grid).
    func testMultipleOfTheNaturalLineHeight() throws {
        let result = layout("a\nb", width: nil, try attributes(lineHeight: .multiple(1.5)))
        XCTAssertEqual(result.lines.map(\.baseline), [17, 41])
        XCTAssertEqual(result.height, 2 * 24.453125)
    }

    /// CSS `normal`, as Chromium adds it up: the ascent, descent and line gap each rounded
    /// to a whole point. DejaVu Sans Mono at 14: 1901 × 14 / 2048 = 12.995 → 13, 483 × 14 /
    /// 2048 = 3.302 → 3, gap 0: 16 (headless Chromium's getBoundingClientRect: 16).
    func testNormalLineHeightIsTheRoundedAscentDescentAndGap() throws {
        let result = layout("a\nb", width: nil, try attributes(lineHeight: .normal))
        XCTAssertEqual(result.height, 2 * (13 + 3 + 0))
        XCTAssertEqual(result.lines.map(\.baseline), [13, 16 + 13])
        // Noto Sans CJK SC at 20 (hhea 1160 / −288 / 0 of 1000): 23.2 → 23, 5.76 → 6: 29;
        // DejaVu Serif at 15: 13.92 → 14, 3.54 → 4: 18. Chromium: 29 and 18.
        let library = FontLibrary()
        var cjk = TextAttributes(font: try library.font(family: "Noto Sans CJK SC", weight: 400, italic: false), size: 20)
        cjk.lineHeight = .normal
        XCTAssertEqual(TextLayoutEngine().measure("東", attributes: cjk, width: nil).height, 23 + 6)
        var serif = TextAttributes(font: try library.font(family: "DejaVu Serif", weight: 400, italic: false), size: 15)
        serif.lineHeight = .normal
        XCTAssertEqual(TextLayoutEngine().measure("a", attributes: serif, width: nil).height, 14 + 4)
    }

    /// 20 pt lines: half the leading is (20 − 16) / 2 = 2, so baselines at 15, 35 and 55.
    func testLineHeightInPoints() throws {
        let result = layout("a\nb\nc", width: nil, try attributes(lineHeight: .points(20)))
        XCTAssertEqual(result.lines.map(\.baseline), [15, 35, 55])
        XCTAssertEqual(result.height, 60)
    }

    /// A line height that is no multiple of 1/64 point is rounded to the nearest one, as a
    /// browser keeps it in its layout unit: 13 pt text is 2384 × 13 / 2048 = 15.1328125
    /// points, 968.5 / 64, kept as 969 / 64 = 15.140625.
    func testLineHeightsAreKeptIn64thsOfAPoint() throws {
        let result = layout("a\nb", width: nil, try attributes(size: 13))
        XCTAssertEqual(result.height, 2 * 15.140625)
    }

    /// The first baseline a layout engine aligns by is the one `layout` draws the first
    /// line on, at any width, line height and scale: 1901 / 2048 × 14 = 12.9951171875,
    /// rounded to 13; with 30 pt lines, 13 + (30 − 13 − 3) / 2 = 20.
    func testFirstBaselineIsTheFirstLinesBaseline() throws {
        let engine = TextLayoutEngine()
        XCTAssertEqual(engine.firstBaseline("Hello world", attributes: try attributes()), 13)
        XCTAssertEqual(engine.firstBaseline("Hello world", attributes: try attributes(lineHeight: .points(30))), 20)
        // 15 pt: ascent 13.92 → 14, descent 3.54 → 4, line 17.46875: half the leading is
        // −0.265625, rounded down to −1, so the baseline is 13 (as Chromium puts it).
        XCTAssertEqual(engine.firstBaseline("Hello", attributes: try attributes(size: 15)), 13)
        for (text, width, a) in [("Hello world", widthFor(cells: 5), try attributes()),
                                 ("a\nb", nil, try attributes(lineHeight: .multiple(1.5))),
                                 ("Hello", nil, try attributes(size: 11, pixelScale: 3)),
                                 ("wrapping text here", widthFor(cells: 4), try attributes(lines: 2, alignment: .center))] {
            XCTAssertEqual(engine.firstBaseline(text, attributes: a), layout(text, width: width, a).lines.first?.baseline, text)
        }
        XCTAssertNil(engine.firstBaseline("", attributes: try attributes()))
    }

    func testLinesCapsTheLineCountAndTheHeight() throws {
        let text = "a b c d"
        let width = widthFor(cells: 2)
        let unlimited = layout(text, width: width, try attributes(lines: 0))
        XCTAssertEqual(unlimited.texts, ["a ", "b ", "c ", "d"])
        XCTAssertEqual(unlimited.height, 4 * naturalLineHeight())
        XCTAssertFalse(unlimited.isTruncated)
        let two = layout(text, width: width, try attributes(lines: 2))
        XCTAssertEqual(two.texts, ["a ", "b…"])
        XCTAssertEqual(two.height, 2 * naturalLineHeight())
        let defaults = TextAttributes(font: try DejaVu.font(), size: 14)
        XCTAssertEqual(defaults.lines, 1)
        XCTAssertEqual(layout(text, width: width, defaults).texts, ["a…"])
    }

    func testFewerLinesThanTheCapAreNotTruncated() throws {
        let result = layout("a b", width: widthFor(cells: 2), try attributes(lines: 3))
        XCTAssertEqual(result.texts, ["a ", "b"])
        XCTAssertFalse(result.isTruncated)
    }
}
