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
        let result = layout(word, width: widthFor(cells: 10), try attributes(lines: 0, wrap: .word))
        XCTAssertEqual(result.lines.count, 40_000)
        XCTAssertEqual(result.lines.last?.text, "aaaaaaaaaa")
    }

    private func sans() throws -> Font { try FontLibrary().font(family: "DejaVu Sans", weight: 400, italic: false) }

    /// "a" and 100 U+0301: one grapheme cluster, cut into clusters of at most 32 units
    /// (32, 32, 32, 5), each piece after the first starting with its mark.
    func testALongClusterIsCutIntoBoundedPieces() throws {
        let text = try UTF16Buffer("a" + String(repeating: "\u{301}", count: 100) + " e\u{301}")
        let list = ClusterList(text: text, font: try sans()) { try? BreakIterator(.character, over: text) }
        XCTAssertEqual(list.clusters.map(\.start), [0, 32, 64, 96, 101, 102])
        XCTAssertEqual(list.clusters.map { ClusterList.isLongClusterPiece($0, in: text) }, [false, true, true, true, false, false])
        XCTAssertTrue(list.clusters.allSatisfy { $0.flags.contains(.shaped) || $0.kind != .visible })
    }

    /// "a" and 100,000 U+0301 in DejaVu Sans: shaped in pieces of 32 units, so linear
    /// (HarfBuzz took minutes on the one cluster: each mark looks back over the others).
    func testAHundredThousandMarksShapeInLinearTime() throws {
        var attributes = TextAttributes(font: try sans(), size: 14)
        attributes.lines = 0
        let result = TextLayoutEngine().layout("a" + String(repeating: "\u{301}", count: 100_000), attributes: attributes, width: 400)
        XCTAssertEqual(result.lines.count, 1)
    }
}
