import XCTest
@testable import TextEngine

/// Line heights, baselines and the `lines` cap. Extra height goes above the text, so a
/// line's baseline is its bottom minus the descent (483 × size / 2048).
final class LineHeightTests: XCTestCase {
    let descent = -DejaVu.descender * 14 / DejaVu.unitsPerEm

    func testNaturalLineHeightAtSize14() throws {
        XCTAssertEqual(naturalLineHeight(), 2384 * 14 / 2048.0)
        XCTAssertEqual(naturalLineHeight(), 16.296875)
        let result = layout("a\nb", width: nil, try attributes())
        XCTAssertEqual(result.lines.map(\.baseline), [snap(DejaVu.ascender * 14 / 2048), snap(naturalLineHeight() + DejaVu.ascender * 14 / 2048)])
        XCTAssertEqual(result.lines.map(\.baseline), [13, 29])
        XCTAssertEqual(result.height, 2 * naturalLineHeight())
    }

    func testMultipleOfTheNaturalLineHeight() throws {
        let lineHeight = 1.5 * naturalLineHeight()
        let result = layout("a\nb", width: nil, try attributes(lineHeight: .multiple(1.5)))
        XCTAssertEqual(result.lines.map(\.baseline), [snap(lineHeight - descent), snap(2 * lineHeight - descent)])
        XCTAssertEqual(result.height, 2 * lineHeight)
    }

    func testLineHeightInPoints() throws {
        let result = layout("a\nb\nc", width: nil, try attributes(lineHeight: .points(20)))
        XCTAssertEqual(result.lines.map(\.baseline), [snap(20 - descent), snap(40 - descent), snap(60 - descent)])
        XCTAssertEqual(result.height, 60)
    }

    /// The first baseline a layout engine aligns by is the one `layout` draws the first
    /// line on, at any width, line height and scale: 1901 / 2048 × 14 = 12.9951171875,
    /// 13 on the pixel grid.
    func testFirstBaselineIsTheFirstLinesBaseline() throws {
        let engine = TextLayoutEngine()
        XCTAssertEqual(engine.firstBaseline("Hello world", attributes: try attributes()), 13)
        XCTAssertEqual(engine.firstBaseline("Hello world", attributes: try attributes(lineHeight: .points(30))), snap(30 - descent))
        XCTAssertEqual(engine.firstBaseline("Hello world", attributes: try attributes(lineHeight: .points(30))), 27)
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
