import LayoutEngine
import XCTest
@testable import LayoutRenderKit

/// Each flexbox feature from spec text to frames, one small tree each, with the frame CSS
/// gives written as arithmetic (DejaVu Sans Mono at 14 pt: a cell is 1233 / 2048 × 14 =
/// 8.4287109375 points, a line 16.296875 with its baseline 13 below its top).
final class FlexboxFrameTests: XCTestCase {
    func testAbsoluteIsPlacedByItsInsetsAgainstThePaddingBox() throws {
        let f = try framesByID("""
            vbox id=v padding=10
              box id=a position=absolute top=5 right=10% size=20x20
              box id=b size=30x10
            """)
        // Out of the flow: b is the vbox's only item.
        XCTAssertEqual(f["b"], Rect(x: 10, y: 10, width: 30, height: 10))
        XCTAssertEqual(f["v"], Rect(x: 0, y: 0, width: 200, height: 10 + 10 + 10))
        // 10% of the padding box's 200 points from its right edge.
        XCTAssertEqual(f["a"], Rect(x: 200 - 20 - 20, y: 5, width: 20, height: 20))
    }

    func testAbsoluteIsSizedByOppositeInsets() throws {
        let f = try framesByID("zbox id=z size=100x50\n  box id=a position=absolute left=10 right=20 top=5 bottom=5\n")
        XCTAssertEqual(f["a"], Rect(x: 10, y: 5, width: 100 - 10 - 20, height: 50 - 5 - 5))
    }

    func testRelativeShiftsAfterLayout() throws {
        let f = try framesByID("hbox\n  box id=a size=20x20\n  box id=b size=20x20 position=relative top=5 left=-3\n  box id=c size=20x20\n")
        XCTAssertEqual(f["b"], Rect(x: 20 - 3, y: 5, width: 20, height: 20))
        XCTAssertEqual(f["c"], Rect(x: 40, y: 0, width: 20, height: 20), "its place in the flow is kept")
    }

    func testOrder() throws {
        let f = try framesByID("hbox\n  box id=a order=1 size=10x10\n  box id=b size=20x10\n  box id=c order=-1 size=5x10\n")
        XCTAssertEqual(f["c"]?.x, 0)
        XCTAssertEqual(f["b"]?.x, 5)
        XCTAssertEqual(f["a"]?.x, 5 + 20)
    }

    func testReverseRunsFromTheMainEnd() throws {
        let row = try framesByID("hbox width=100\n  box id=a size=10x10\n  box id=b size=20x10\n")
        XCTAssertEqual(row["a"]?.x, 0)
        let reversed = try framesByID("hbox width=100 reverse\n  box id=a size=10x10\n  box id=b size=20x10\n")
        XCTAssertEqual(reversed["a"], Rect(x: 100 - 10, y: 0, width: 10, height: 10))
        XCTAssertEqual(reversed["b"], Rect(x: 100 - 10 - 20, y: 0, width: 20, height: 10))
        let column = try framesByID("vbox height=100 reverse\n  box id=a size=10x10\n  box id=b size=10x20\n")
        XCTAssertEqual(column["a"]?.y, 100 - 10)
        XCTAssertEqual(column["b"]?.y, 100 - 10 - 20)
    }

    func testWrapReverseStacksLinesFromTheCrossEnd() throws {
        let f = try framesByID("hbox width=50 wrap=reverse align=start\n  box id=a size=20x10\n  box id=b size=20x10\n  box id=c size=20x10\n")
        XCTAssertEqual(f["a"], Rect(x: 0, y: 10, width: 20, height: 10))
        XCTAssertEqual(f["b"], Rect(x: 20, y: 10, width: 20, height: 10))
        XCTAssertEqual(f["c"], Rect(x: 0, y: 0, width: 20, height: 10))
    }

    func testAlignContent() throws {
        let body = "hbox width=50 height=60 wrap align-content=%@ align=start\n  box id=a size=20x10\n  box id=b size=20x10\n  box id=c size=20x10\n"
        // Two lines of 10 in 60: 40 points free.
        for (value, first, second) in [("start", 0.0, 10.0), ("center", 20.0, 30.0), ("end", 40.0, 50.0),
                                       ("space-between", 0.0, 50.0), ("space-around", 10.0, 40.0),
                                       // Edges on the pixel grid (scale 1): 13.33 and 36.67.
                                       ("space-evenly", (40.0 / 3).rounded(), (10 + 2 * 40.0 / 3).rounded())] {
            let f = try framesByID(String(format: body, value))
            XCTAssertEqual(f["a"]?.y ?? .nan, first, accuracy: 1e-9, value)
            XCTAssertEqual(f["c"]?.y ?? .nan, second, accuracy: 1e-9, value)
        }
    }

    func testAutoMarginsTakeTheFreeSpace() throws {
        let f = try framesByID("hbox width=100 height=40\n  box id=a size=10x10\n  box id=b size=10x10 margin-left=auto margin-top=auto\n")
        XCTAssertEqual(f["a"], Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(f["b"], Rect(x: 100 - 10, y: 40 - 10, width: 10, height: 10))
        let centred = try framesByID("vbox height=80\n  box id=c size=60x30 margin=auto\n")
        XCTAssertEqual(centred["c"], Rect(x: (200 - 60) / 2, y: (80 - 30) / 2, width: 60, height: 30))
    }

    /// At 28 pt a line is 32.59375 tall, the ascent 25.99 rounds to 26 and the descent 6.6 to
    /// 7, so half the leading is −0.203125, −1 rounded down: the baseline is 25 below its top.
    /// At 14 pt it is 13: the small label sits 25 − 13 lower (as Chromium places them).
    func testBaselineAlignsFirstBaselines() throws {
        let f = try framesByID("hbox id=row align=baseline\n  label \"Ag\" id=big size=28\n  label \"ag\" id=small\n")
        XCTAssertEqual(f["big"]?.y, 0)
        XCTAssertEqual(f["small"]?.y, 25 - 13)
        XCTAssertEqual(f["row"]?.height, 33, "the taller label's 32.59375, 33 on the pixel grid")
    }

    /// A label's baseline is below its border; a stack's is its first item's; a box with
    /// no text has its bottom edge; in a column, baseline is start.
    func testBaselinesOfBordersStacksBoxesAndColumns() throws {
        let f = try framesByID("""
            hbox align=baseline
              label "a" id=a border-top=10
              label "b" id=b
            hbox id=r2 align=baseline
              vbox id=v padding-top=5
                label "c"
              label "d" id=d
            hbox id=r3 align=baseline
              box id=g size=10x30
              label "h" id=h
            vbox id=col align=baseline
              label "ffff" id=f
            """)
        XCTAssertEqual(f["b"]?.y, 10 + 13 - 13)
        XCTAssertEqual(f["d"].map { $0.y - f["r2"]!.y }, 5 + 13 - 13)
        XCTAssertEqual(f["h"].map { $0.y - f["r3"]!.y }, 30 - 13)
        XCTAssertEqual(f["f"].map { [$0.x - f["col"]!.x, $0.width] }, [0, (4 * 1233.0 / 2048 * 14).rounded()],
                       "start, not stretched")
    }

    func testSizingKeywords() throws {
        let cell = 1233.0 / 2048 * 14
        let f = try framesByID("""
            vbox align=start
              label "aa bbb" id=min width=min-content lines=0
              label "aa bbb" id=max width=max-content
            """)
        // min-content is the longest word, "bbb"; max-content the paragraph, "aa bbb"; both
        // exact, then the frame's edges on the pixel grid (25.2861328125 → 25, 50.572265625 → 51).
        XCTAssertEqual(f["min"]?.width, (3 * cell).rounded())
        XCTAssertEqual(f["min"]?.width, 25)
        XCTAssertEqual(f["max"]?.width, (6 * cell).rounded())
        XCTAssertEqual(f["max"]?.width, 51)
    }

    func testSafeCenterStartsWhatOverflows() throws {
        let centred = try framesByID("hbox width=50 justify=center\n  box id=a size=80x10 shrink=0\n")
        XCTAssertEqual(centred["a"]?.x, (50 - 80) / 2)
        let safe = try framesByID("hbox width=50 justify=safe-center\n  box id=a size=80x10 shrink=0\n")
        XCTAssertEqual(safe["a"]?.x, 0)
    }

    /// Ten cells are 10 × 1233 / 2048 × 14 = 84.287109375 points, 84 on the pixel grid:
    /// without clip that is the item's minimum; with clip (overflow: hidden) the minimum is
    /// 0 and it shrinks to the row.
    func testClipMakesTheAutomaticMinimumZero() throws {
        let overflow = try framesByID("hbox width=50\n  hbox id=a\n    label \"abcdefghij\"\n")
        XCTAssertEqual(overflow["a"]?.width, (10 * 1233.0 / 2048 * 14).rounded())
        XCTAssertEqual(overflow["a"]?.width, 84)
        let clipped = try framesByID("hbox width=50\n  hbox id=a clip\n    label \"abcdefghij\"\n")
        XCTAssertEqual(clipped["a"]?.width, 50)
    }
}
