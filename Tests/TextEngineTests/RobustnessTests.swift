import Dispatch
import Synchronization
import XCTest
@testable import TextEngine

/// Sharing fonts and the engine between threads, the ICU-less fallback, odd inputs.
final class RobustnessTests: XCTestCase {
    func testConcurrentLayoutsAgree() throws {
        let attributes = try attributes(lines: 3, truncation: .middle, alignment: .justify, pixelScale: 2)
        let text = "Concurrent layouts share one font: 日本語 and e\u{301}mojis 👍🏽 wrap the same way."
        let expected = layout(text, width: widthFor(cells: 12), attributes)
        let results = Mutex<[TextLayout]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let result = layout(text, width: widthFor(cells: 12), attributes)
            results.withLock { $0.append(result) }
        }
        let collected = results.withLock { $0 }
        XCTAssertEqual(collected.count, 8)
        for result in collected { XCTAssertEqual(result, expected) }
    }

    func testConcurrentFontLoadsShareOneInstance() {
        let library = FontLibrary()
        let fonts = Mutex<[Font]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let font = try? library.font(family: FontLibrary.defaultFamily, style: .oblique) {
                fonts.withLock { $0.append(font) }
            }
        }
        let collected = fonts.withLock { $0 }
        XCTAssertEqual(collected.count, 8)
        for font in collected { XCTAssertTrue(font === collected[0]) }
    }

    func testWithoutICUItBreaksBetweenClustersAndKeepsMarksOnTheirBase() throws {
        let buffer = try UTF16Buffer("hello world e\u{301}")
        let result = TextLayoutEngine().layout(buffer, attributes: try attributes(), width: widthFor(cells: 8), useICU: false)
        XCTAssertEqual(result.texts, ["hello wo", "rld e\u{301}"])
    }

    func testCheckedLayoutMatchesLayout() throws {
        let attributes = try attributes()
        let text = "checked layout"
        XCTAssertEqual(try TextLayoutEngine().checkedLayout(text, attributes: attributes, width: widthFor(cells: 8)),
                       layout(text, width: widthFor(cells: 8), attributes))
    }

    func testBoldAndObliqueShareTheCellWidth() throws {
        for style in FontStyle.allCases {
            var attributes = TextAttributes(font: try DejaVu.font(style), size: 14)
            attributes.lines = 0
            XCTAssertEqual(TextLayoutEngine().layout("Wide 一", attributes: attributes, width: nil).width, 7 * cell(), "\(style)")
        }
    }

    func testOddInputsDoNotTrap() throws {
        let attributes = try attributes(lines: 2, truncation: .middle, alignment: .center)
        for text in ["\n", "\r\n\r\n", "\u{301}", "\u{200D}", "\t\t", "   ", "…", "\u{FEFF}a", "🇯", "a\u{2028}"] {
            for width in [nil, 0, 1, widthFor(cells: 1), widthFor(cells: 3)] as [Double?] {
                let result = layout(text, width: width, attributes)
                XCTAssertLessThanOrEqual(result.lines.count, 2, text)
                XCTAssertTrue(result.width.isFinite && result.height.isFinite, text)
            }
        }
    }

    func testZeroAndNegativeWidthsStillShowOneClusterPerLine() throws {
        let result = layout("ab", width: 0, try attributes())
        XCTAssertEqual(result.texts, ["a", "b"])
        XCTAssertEqual(layout("ab", width: -5, try attributes()).texts, ["a", "b"])
    }
}
