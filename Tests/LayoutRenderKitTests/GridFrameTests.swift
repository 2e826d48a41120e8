import LayoutEngine
import XCTest
@testable import LayoutRenderKit

/// A grid from spec text to frames, as CSS Grid lays it out, the frames written as
/// arithmetic (DejaVu Sans Mono at 14 pt: a cell is 1233 / 2048 × 14 = 8.4287109375 points,
/// a line 16.296875).
final class GridFrameTests: XCTestCase {
    private let cell = 1233.0 / 2048 * 14
    private let line = 16.296875

    private func error(_ body: String) -> String? {
        do {
            _ = try LayoutRenderer().layout(source: "canvas width=200\n" + body, options: RenderOptions(fileName: "t.spec"))
            return nil
        } catch {
            return error.diagnostic.headline
        }
    }

    func testTracksGapsAndPlacement() throws {
        let f = try framesByID("""
            grid id=g columns="50 1fr 2fr" auto-rows=20 gap=10 row-gap=4 padding=5
              box id=a
              box id=b column="2 / span 2"
              box id=c row=-1 column=-2
            """)
        let content: Double = 200 - 2 * 5
        let fr: Double = (content - 50 - 2 * 10) / 3
        XCTAssertEqual(f["a"], Rect(x: 5, y: 5, width: 50, height: 20))
        // -1 is the last line of the explicit grid, which has no rows: c is in row 1, in
        // column 3 (-2), placed first; b, with its columns only, goes below it.
        XCTAssertEqual(f["c"], Rect(x: 5 + 50 + 10 + fr + 10, y: 5, width: 2 * fr, height: 20))
        XCTAssertEqual(f["b"], Rect(x: 5 + 50 + 10, y: 5 + 20 + 4, width: fr + 10 + 2 * fr, height: 20))
    }

    func testColumnsAsWideAsTheirWidestLabel() throws {
        let f = try framesByID("""
            grid id=g columns="max-content 1fr" justify-items=start
              label "ab" id=a
              label "x" id=x
              label "abcd" id=b
              label "y" id=y align=right
            """)
        // (Frames are snapped to whole points: each edge within half a point.)
        assertNear(f["b"], Rect(x: 0, y: line, width: 4 * cell, height: line))
        assertNear(f["x"], Rect(x: 4 * cell, y: 0, width: cell, height: line))
        assertNear(f["a"], Rect(x: 0, y: 0, width: 2 * cell, height: line), "justify-items=start: as wide as its text")
    }

    private func assertNear(_ a: Rect?, _ e: Rect, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        guard let a else { return XCTFail("no frame", file: file, line: line) }
        let edges = [(a.minX, e.minX), (a.minY, e.minY), (a.maxX, e.maxX), (a.maxY, e.maxY)]
        XCTAssert(edges.allSatisfy { abs($0.0 - $0.1) <= 0.5 }, "\(message) got \(a), expected \(e)", file: file, line: line)
    }

    func testAreasAndAbsoluteChildren() throws {
        let f = try framesByID("""
            grid id=g columns="60 1fr" rows="30 30" areas="h h / n m"
              box id=m area=m
              box id=abs area=n position=absolute top=5 left=5 right=5 bottom=5
            """)
        XCTAssertEqual(f["m"], Rect(x: 60, y: 30, width: 200 - 60, height: 30))
        XCTAssertEqual(f["abs"], Rect(x: 5, y: 30 + 5, width: 60 - 10, height: 30 - 10))
    }

    func testGridPropertiesOutsideAGridAreErrors() {
        XCTAssertEqual(error("vbox\n  box column=2"), "t.spec:3:14: error: 'column' places the children of a grid, and does nothing on a child of a vbox (line 2)")
        XCTAssertEqual(error("grid\n  box align-self=safe-end"), "t.spec:3:18: error: align-self=safe-end is not supported in a grid (its items align start, center, end, stretch or baseline)")
    }

    /// `align=baseline` lines up the first baselines of the items that start in the same
    /// row (CSS Grid §10.6): a 28 pt label's is 25 below its top, a 14 pt label's 13, and
    /// a box without text has its bottom edge (45 below the box's top margin edge here).
    /// Each is moved down by its shim to the lowest, and the shims count in the row's
    /// height (§12.5 step 1): the big label reaches 20 + 32.59375.
    func testBaselineAlignsTheItemsThatStartInARow() throws {
        let f = try framesByID("""
            grid id=g columns="60 60 60" align=baseline
              label "Ag" id=big size=28
              label "ag" id=small
              box id=box height=40 margin-top=5
              label "x" id=next
            """)
        let shared: Double = 5 + 40
        assertNear(f["big"], Rect(x: 0, y: shared - 25, width: 60, height: 32.59375))
        assertNear(f["small"], Rect(x: 60, y: shared - 13, width: 60, height: line))
        XCTAssertEqual(f["box"], Rect(x: 120, y: 5, width: 60, height: 40))
        assertNear(f["next"], Rect(x: 0, y: shared - 25 + 32.59375, width: 60, height: line))
    }

    /// An item spanning two rows takes part in its start row's group; one alone in its
    /// group is at the start; an item without a baseline whose height is a percentage of
    /// an `auto` row takes its fallback alignment, `start` (its size depends on the row).
    /// A grid's baseline is its first row's shared one.
    func testBaselineGroupsSpansFallbackAndTheGridsBaseline() throws {
        let f = try framesByID("""
            hbox align=baseline
              label "ag" id=outside
              grid id=g columns="50 50 50" rows="auto 30"
                label "ag" id=a align-self=baseline
                box id=tall row="span 2" height=50 align-self=baseline
                box id=pct height=50% align-self=baseline
                label "ag" id=alone row=2 column=1 align-self=baseline
            """)
        // a (baseline 13) and tall (50) share row 1's baseline, 50 below its top; pct falls
        // back to start. Row 1 is as tall as a reaches, 50 − 13 + line. The grid starts
        // after the label beside it, two cells in.
        let row1 = 50 - 13 + line
        let x0 = 2 * cell
        assertNear(f["a"], Rect(x: x0, y: 50 - 13, width: 50, height: line))
        assertNear(f["tall"], Rect(x: x0 + 50, y: 0, width: 50, height: 50))
        assertNear(f["pct"], Rect(x: x0 + 100, y: 0, width: 50, height: row1 / 2))
        assertNear(f["alone"], Rect(x: x0, y: row1, width: 50, height: line))
        // The grid's baseline is row 1's, 50: the label beside it is 50 − 13 lower.
        assertNear(f["outside"], Rect(x: 0, y: 50 - 13, width: x0, height: line))
        assertNear(f["g"], Rect(x: x0, y: 0, width: 150, height: row1 + 30))
    }

    /// A spanning item's max-content contribution grows a `fit-content()` track up to its
    /// limit and no further, even when no other track may take the rest (as Chromium sizes
    /// it): min-content 4 cells split over both tracks, then the fit-content one to 30.
    /// Flexible tracks take a spanning item's contribution in the ratio of their factors,
    /// also when these sum to less than 1: 60 as 24 and 36.
    func testSpanningItemsStopAtFitContentLimitsAndShareByFlexFactors() throws {
        let f = try framesByID("""
            vbox align=start
              grid id=fit columns="min-content fit-content(30)"
                label "HHHH HHHH" id=text lines=0 column="1 / span 2"
              grid id=fr columns="0.2fr 0.3fr"
                hbox width=60 height=10 column="span 2"
                hbox id=a height=10
                hbox id=b height=10
            """, width: 400)
        assertNear(f["fit"], Rect(x: 0, y: 0, width: 2 * cell + 30, height: 2 * line))
        assertNear(f["text"], Rect(x: 0, y: 0, width: 2 * cell + 30, height: 2 * line))
        assertNear(f["a"], Rect(x: 0, y: 2 * line + 10, width: 24, height: 10))
        assertNear(f["b"], Rect(x: 24, y: 2 * line + 10, width: 36, height: 10))
    }

    /// A grid whose width comes from its content and whose height is fixed sizes its rows
    /// in that height before its columns' min- and max-content sizes, so that an item
    /// whose width comes from its row's height through a ratio widens its column.
    func testAGridOfFixedHeightIsAsWideAsARatioItemMakesItsColumn() throws {
        let f = try framesByID("""
            hbox width=max-content
              grid id=g width=100% height=40
                hbox id=item height=100% aspect-ratio=1.5
            """)
        XCTAssertEqual(f["g"], Rect(x: 0, y: 0, width: 40 * 1.5, height: 40))
        XCTAssertEqual(f["item"], Rect(x: 0, y: 0, width: 40 * 1.5, height: 40))
    }

    func testBaselineInTheJSONFormAndTheSwiftAPI() throws {
        let json = """
            {"canvas": {"width": 200}, "children": [
              {"kind": "grid", "columns": "60 60", "align": "baseline", "children": [
                {"kind": "label", "text": "Ag", "id": "big", "size": 28},
                {"kind": "label", "text": "ag", "id": "small"}]}]}
            """
        let laidOut = try LayoutRenderer().layout(source: json, options: RenderOptions(fileName: "t.json"))
        let small = laidOut.frames.nodes.first { $0.id == "small" }
        XCTAssertEqual(small?.y, 25 - 13)
        XCTAssertEqual(LayoutAttribute.gridAlign(.baseline).value, .keyword("baseline"))
    }

    /// CSS Grid §11.1 steps 3–4, as Chromium sizes items with a ratio: measured at their
    /// row's height, so their column grows to the width the ratio gives.
    func testAnItemWithARatioWidensItsColumnToItsRowThroughTheRatio() throws {
        // An auto column and an auto row stretched to the grid's 100: the item is measured
        // at 100 tall, so its column (and it) is 300 wide, overflowing the grid.
        var f = try framesByID("""
            grid id=g height=100
              vbox id=v aspect-ratio=3
            """)
        XCTAssertEqual(f["v"], Rect(x: 0, y: 0, width: 300, height: 100))
        // In a fixed row with justify-self=start: as wide as the row gives through the
        // ratio, whatever its content (eight characters are 67 wide).
        f = try framesByID("""
            grid rows=40
              label "abcdefgh" id=l aspect-ratio=1 justify-self=start
            """)
        XCTAssertEqual(f["l"], Rect(x: 0, y: 0, width: 40, height: 40))
        // Fixed columns: the item fills its column and takes its height from the ratio,
        // not from the 300 tall row its neighbour makes.
        f = try framesByID("""
            grid columns="100 100"
              vbox id=v aspect-ratio=1
              vbox id=w height=300
            """)
        XCTAssertEqual(f["v"], Rect(x: 0, y: 0, width: 100, height: 100))
    }

    /// Lines before an empty explicit grid make the implicit grid on their own (Chromium).
    func testLinesBeforeAnEmptyExplicitGridMakeOnlyTheirTracks() throws {
        var f = try framesByID("""
            grid id=g auto-rows=7 row-gap=20
              box id=a row="span 1 / -3"
            """)
        XCTAssertEqual(f["g"]?.height, 7, "one row, not three")
        f = try framesByID("""
            grid id=g auto-rows=7 row-gap=20
              box id=a row=-3
              box id=b
              box id=c
            """)
        XCTAssertEqual(f["a"], Rect(x: 0, y: 0, width: 200, height: 7))
        XCTAssertEqual(f["b"], Rect(x: 0, y: 27, width: 200, height: 7))
        XCTAssertEqual(f["c"], Rect(x: 0, y: 54, width: 200, height: 7))
    }

    /// §6.6: an item with a width of its own contributes it as its minimum, a clipping one too.
    func testAClippingItemWithAWidthContributesItAsItsMinimum() throws {
        let f = try framesByID("""
            grid columns="minmax(max-content, max-content)"
              vbox clip width=90 column="span 3"
              box id=a
              box id=b
              box id=c
            """, width: 150)
        // 90 shared by the three columns with intrinsic minimums, then the free 60 by the
        // two auto ones.
        XCTAssertEqual(f["a"]?.width, 30)
        XCTAssertEqual(f["b"]?.width, 60)
        XCTAssertEqual(f["c"]?.width, 60)
    }
}
