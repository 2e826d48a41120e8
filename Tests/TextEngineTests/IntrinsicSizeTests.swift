import XCTest
@testable import TextEngine

/// Min-content (longest unbreakable run), max-content (widest paragraph) and height for a width.
final class IntrinsicSizeTests: XCTestCase {
    let engine = TextLayoutEngine()

    func testMinContentIsTheLongestUnbreakableRun() throws {
        let attributes = try attributes()
        XCTAssertEqual(engine.minContentWidth("hello wonderful world", attributes: attributes), 9 * cell())
        XCTAssertEqual(engine.minContentWidth("well-known", attributes: attributes), 5 * cell())
        XCTAssertEqual(engine.minContentWidth("一二三", attributes: attributes), 2 * cell())
        XCTAssertEqual(engine.minContentWidth("hello world!", attributes: attributes), 6 * cell())
    }

    func testMinContentWithCharWrapIsTheWidestCluster() throws {
        XCTAssertEqual(engine.minContentWidth("ab一c", attributes: try attributes(wrap: .char)), 2 * cell())
        XCTAssertEqual(engine.minContentWidth("abc", attributes: try attributes(wrap: .char)), cell())
    }

    func testMaxContentIsTheWidestParagraph() throws {
        let attributes = try attributes()
        XCTAssertEqual(engine.maxContentWidth("hello wonderful world", attributes: attributes), 21 * cell())
        XCTAssertEqual(engine.maxContentWidth("ab\nabcd  \nabc", attributes: attributes), 4 * cell())
        XCTAssertEqual(engine.maxContentWidth("", attributes: attributes), 0)
    }

    func testIntrinsicWidthsIgnoreTheLinesCap() throws {
        let attributes = try attributes(lines: 1)
        XCTAssertEqual(engine.maxContentWidth("ab\nabcd", attributes: attributes), 4 * cell())
        XCTAssertEqual(engine.minContentWidth("ab\nabcd", attributes: attributes), 4 * cell())
    }

    func testHeightForAWidth() throws {
        let attributes = try attributes()
        XCTAssertEqual(engine.height("hello wonderful world", attributes: attributes, width: widthFor(cells: 9)), 3 * naturalLineHeight())
        XCTAssertEqual(engine.height("hello wonderful world", attributes: attributes, width: nil), naturalLineHeight())
        let size = engine.size("hello wonderful world", attributes: attributes, width: widthFor(cells: 16))
        XCTAssertEqual(size.width, 15 * cell())
        XCTAssertEqual(size.height, 2 * naturalLineHeight())
    }

    func testLayingOutAtMinContentWidthBreaksAtEveryOpportunity() throws {
        let attributes = try attributes()
        let text = "hello wonderful world"
        let result = layout(text, width: engine.minContentWidth(text, attributes: attributes), attributes)
        XCTAssertEqual(result.texts, ["hello ", "wonderful ", "world"])
        XCTAssertEqual(result.width, engine.minContentWidth(text, attributes: attributes))
    }

    func testMeasureAgreesWithLayout() throws {
        let texts = ["hello wonderful world", "a\tb一二 e\u{301}\n\nlast line", "aa bb cc dd ee ff gg", ""]
        for lines in [0, 1, 2] {
            let attributes = try attributes(lines: lines, alignment: .justify, pixelScale: 2)
            for text in texts {
                for width in [nil, widthFor(cells: 5), widthFor(cells: 9)] {
                    let full = layout(text, width: width, attributes)
                    let measured = engine.measure(text, attributes: attributes, width: width)
                    XCTAssertEqual(measured, TextMeasurement(width: full.width, height: full.height,
                                                             lineCount: full.lines.count, isTruncated: full.isTruncated))
                }
            }
        }
    }
}
