import XCTest
@testable import TextEngine

/// Laying out for drawing only the lines that show: the others keep their geometry, empty.
final class VisibleLinesTests: XCTestCase {
    func testOnlyLinesMeetingTheSpanGetGlyphs() throws {
        let a = try attributes(wrap: .char)
        let text = String(repeating: "abcde", count: 20)  // 100 characters, 5 to a line
        let engine = TextLayoutEngine()
        let width = widthFor(cells: 5)
        let full = engine.layout(text, attributes: a, width: width)
        let line = naturalLineHeight()
        // Lines 3…5 meet the span from the middle of line 3 to the middle of line 5.
        let part = engine.layout(text, attributes: a, width: width, placingGlyphsWithin: (3.5 * line)...(5.5 * line))
        XCTAssertEqual(full.lines.count, 20)
        XCTAssertEqual(part.lines.count, 20)
        XCTAssertEqual(part.width, full.width)
        XCTAssertEqual(part.height, full.height)
        for (index, (shown, whole)) in zip(part.lines, full.lines).enumerated() {
            XCTAssertEqual(shown.baseline, whole.baseline, "line \(index)")
            XCTAssertEqual(shown.width, whole.width, "line \(index)")
            if (3...5).contains(index) {
                XCTAssertEqual(shown, whole, "line \(index)")
                XCTAssertEqual(shown.glyphs.count, 5)
            } else {
                XCTAssertEqual(shown.glyphs, [], "line \(index)")
                XCTAssertEqual(shown.text, "", "line \(index)")
            }
        }
    }
}
