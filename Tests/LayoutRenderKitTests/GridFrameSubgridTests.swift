import LayoutEngine
import XCTest
@testable import LayoutRenderKit

/// Subgrids (CSS Grid Level 2 §9) from spec text to frames, written as arithmetic: the
/// subgrid's items size the parent's tracks with its padding at its edges, its own gap
/// differs by half on each side of an inner gap, lines are clamped into it, names carry
/// in, and a subgrid of a stack is a grid of its own.
final class GridFrameSubgridTests: XCTestCase {
    func testSubgridItemsSizeTheParentsColumnsWithItsPaddingAtTheEdge() throws {
        let f = try framesByID("""
            grid id=g columns="auto auto 1fr" gap=10
              grid id=s columns=subgrid column="span 3" padding=5
                box id=a width=100 height=20
                box id=b width=80 height=20
                box id=c width=20 height=20
              box id=d width=100 height=30
              box id=e width=10 height=30
            """, width: 400)
        // Column 1 holds a and the subgrid's padding before it (100 + 5), and d (100).
        let c1: Double = 100 + 5, c2: Double = 80
        XCTAssertEqual(f["s"], Rect(x: 0, y: 0, width: 400, height: 5 + 20 + 5))
        XCTAssertEqual(f["a"], Rect(x: 5, y: 5, width: 100, height: 20))
        XCTAssertEqual(f["b"], Rect(x: c1 + 10, y: 5, width: 80, height: 20))
        XCTAssertEqual(f["c"], Rect(x: c1 + 10 + c2 + 10, y: 5, width: 20, height: 20))
        XCTAssertEqual(f["d"], Rect(x: 0, y: 30 + 10, width: 100, height: 30))
        XCTAssertEqual(f["e"], Rect(x: c1 + 10, y: 30 + 10, width: 10, height: 30))
    }

    func testRowsSubgridSpansTheParentsRows() throws {
        let f = try framesByID("""
            grid id=g columns="60 60" rows="auto auto" row-gap=4
              grid id=s rows=subgrid row="span 2" column=1 padding=3
                box id=a height=30
                box id=b height=10
              box id=c height=20 column=2 row=1
              box id=d height=50 column=2 row=2
            """)
        // Row 1: a and the padding above it (30 + 3) against c (20); row 2: b and the
        // padding below it (10 + 3) against d (50).
        let r1: Double = 30 + 3, r2: Double = 50
        XCTAssertEqual(f["s"], Rect(x: 0, y: 0, width: 60, height: r1 + 4 + r2))
        XCTAssertEqual(f["a"], Rect(x: 3, y: 3, width: 60 - 2 * 3, height: 30))
        XCTAssertEqual(f["b"], Rect(x: 3, y: r1 + 4, width: 60 - 2 * 3, height: 10))
        XCTAssertEqual(f["d"], Rect(x: 60, y: r1 + 4, width: 60, height: 50))
    }

    func testAGapOfItsOwnMovesItemsBesideInnerGapsByHalfTheDifference() throws {
        let f = try framesByID("""
            grid id=g columns="40 40 40" gap=10
              grid id=s columns=subgrid column="1 / -1" column-gap=20
                box id=a
                box id=b
                box id=c
            """)
        let half: Double = (20 - 10) / 2
        XCTAssertEqual(f["a"], Rect(x: 0, y: 0, width: 40 - half, height: 0))
        XCTAssertEqual(f["b"], Rect(x: 40 + 10 + half, y: 0, width: 40 - 2 * half, height: 0))
        XCTAssertEqual(f["c"], Rect(x: 2 * (40 + 10) + half, y: 0, width: 40 - half, height: 0))
    }

    func testLinesAreClampedIntoTheSubgridAndNamesCarryIn() throws {
        let f = try framesByID("""
            grid id=g columns="[x] 50 [y] 60 [z] 70"
              grid id=s columns="subgrid [p] [q]" column="2 / span 2" auto-rows=10
                box id=far column=5 row=1
                box id=last column=-1 row=2
                box id=y column=y row=3
                box id=q column=q row=4
                box id=z column=z row=5
            """)
        // (Frames from the canvas's origin.)
        XCTAssertEqual(f["s"], Rect(x: 50, y: 0, width: 60 + 70, height: 5 * 10))
        XCTAssertEqual(f["far"], Rect(x: 50 + 60, y: 0, width: 70, height: 10), "line 5 of a subgrid of 2 tracks: its last track")
        XCTAssertEqual(f["last"], Rect(x: 50 + 60, y: 10, width: 70, height: 10))
        XCTAssertEqual(f["y"], Rect(x: 50, y: 20, width: 60, height: 10), "the parent's line y is the subgrid's first")
        XCTAssertEqual(f["q"], Rect(x: 50 + 60, y: 30, width: 70, height: 10), "its own name q is its second line")
        XCTAssertEqual(f["z"], Rect(x: 50 + 60, y: 40, width: 70, height: 10))
    }

    func testASubgridOfAStackIsAGridOfItsOwn() throws {
        let f = try framesByID("""
            vbox id=v width=100
              grid id=s columns="subgrid [a]" rows=subgrid row-gap=5
                box id=a height=10
                box id=b height=10
            """)
        XCTAssertEqual(f["s"], Rect(x: 0, y: 0, width: 100, height: 10 + 5 + 10))
        XCTAssertEqual(f["a"], Rect(x: 0, y: 0, width: 100, height: 10))
        XCTAssertEqual(f["b"], Rect(x: 0, y: 10 + 5, width: 100, height: 10))
    }

    func testNestedSubgridsAccumulateTheirPaddingUpToTheDepthLimit() throws {
        let f = try framesByID("""
            grid id=g columns="auto auto" justify=start
              grid id=o columns=subgrid column="1 / -1" padding=0,0,0,4
                grid id=i columns=subgrid column="1 / -1" padding=0,0,0,6
                  box id=a width=20 height=10
                  box id=b width=30 height=10
            """)
        // Column 1: a and both paddings before it (20 + 4 + 6); column 2: b.
        let c1: Double = 20 + 4 + 6
        XCTAssertEqual(f["o"], Rect(x: 0, y: 0, width: c1 + 30, height: 10))
        XCTAssertEqual(f["i"], Rect(x: 4, y: 0, width: c1 + 30 - 4, height: 10))
        XCTAssertEqual(f["a"], Rect(x: 4 + 6, y: 0, width: 20, height: 10))
        XCTAssertEqual(f["b"], Rect(x: c1, y: 0, width: 30, height: 10))

        // 40 levels: the 33rd and deeper are grids of their own (GridLimits.maxSubgridDepth).
        var body = "grid id=g columns=\"30 70\"\n"
        for depth in 1...40 {
            body += String(repeating: "  ", count: depth) + "grid id=s\(depth) columns=subgrid column=\"1 / -1\"\n"
        }
        body += String(repeating: "  ", count: 41) + "box id=deep height=10\n"
        let deep = try framesByID(body)
        XCTAssertEqual(deep["s32"], Rect(x: 0, y: 0, width: 100, height: 10))
        XCTAssertEqual(deep["s33"], Rect(x: 0, y: 0, width: 100, height: 10), "a grid of its own, stretched over both columns")
        XCTAssertEqual(deep["deep"], Rect(x: 0, y: 0, width: 100, height: 10))
    }

    func testSpansNearTheLimitsStayWithinTheSubgrid() throws {
        let f = try framesByID("""
            grid id=g columns="10 10" auto-columns=1
              grid id=s columns=subgrid rows=subgrid column="1 / span 1000" row="span 1000"
                box id=a column="-1000 / 1000" row="1000 / span 1000"
                box id=b column="span 1000"
                box id=c column="999 / span 1000"
            """)
        let width: Double = 10 + 10 + 998 * 1
        XCTAssertEqual(f["s"], Rect(x: 0, y: 0, width: width, height: 0))
        // -1000 is the subgrid's second line (it has 1,001), 1000 its last but one.
        XCTAssertEqual(f["a"], Rect(x: 10, y: 0, width: 10 + 997 * 1, height: 0))
        XCTAssertEqual(f["b"], Rect(x: 0, y: 0, width: width, height: 0))
        XCTAssertEqual(f["c"], Rect(x: width - 2, y: 0, width: 2, height: 0), "its end beyond the subgrid clamps to its last line")
    }
}
