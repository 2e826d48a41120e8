import XCTest
@testable import TextEngine

/// Text algorithms linear in the text (issue 37): one long word broken into many lines
/// used to walk back to the word's start for every line.
final class LinearTextTests: XCTestCase {
    /// The walk back stops at the floor: no opportunity after it is `floor`, and one after
    /// it is found as before.
    func testTheWalkBackStopsAtTheFloor() throws {
        let buffer = try UTF16Buffer("ab cdefgh")
        let opportunities = try LineBreakOpportunities(over: buffer)
        XCTAssertEqual(opportunities.boundary(atOrBefore: 8), 3, "after the space")
        XCTAssertEqual(opportunities.boundary(atOrBefore: 8, floor: 2), 3)
        XCTAssertEqual(opportunities.boundary(atOrBefore: 8, floor: 3), 3, "none after the floor: the floor")
        XCTAssertEqual(opportunities.boundary(atOrBefore: 8, floor: 5), 5)
        XCTAssertEqual(opportunities.boundary(atOrBefore: 3, floor: 2), 3, "the offset itself")
        XCTAssertEqual(opportunities.boundary(atOrBefore: 6, floor: 5), 5, "not an opportunity: the floor")
    }

    /// 400,000 letters without a space, 10 cells a line: 40,000 lines. Quadratic, this took
    /// minutes (each line walked back over the word); linear, well under a second or two.
    func testALongWordBreaksInLinearTime() throws {
        let word = String(repeating: "a", count: 400_000)
        let start = ContinuousClock.now
        let result = layout(word, width: widthFor(cells: 10), try attributes(lines: 0, wrap: .word))
        XCTAssertEqual(result.lines.count, 40_000)
        XCTAssertEqual(result.lines.last?.text, "aaaaaaaaaa")
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(20))
    }
}
