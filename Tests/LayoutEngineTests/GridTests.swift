import XCTest
import LayoutEngine

func grid(_ name: String? = nil, _ template: GridContainerStyle, _ configure: Configure = { _ in },
          _ children: TestNode...) -> TestNode {
    node(.grid, name, { $0.grid = template; configure(&$0) }, children)
}
func tracks(_ sizes: GridTrackSize...) -> GridTrackList { GridTrackList(tracks: sizes) }
func pt(_ v: Double) -> GridTrackSize { GridTrackSize(.points(v)) }
func fr(_ v: Double) -> GridTrackSize { GridTrackSize(.fr(v)) }
func at(_ column: Int, _ row: Int) -> Configure {
    { $0.gridColumn = GridPlacement(start: .line(column, name: nil)); $0.gridRow = GridPlacement(start: .line(row, name: nil)) }
}

/// CSS Grid §8: placement by lines, spans, names, areas and auto placement.
final class GridPlacementTests: XCTestCase {
    func testAutoPlacementFillsRowsThenAddsImplicitRows() throws {
        let g = GridContainerStyle(columns: tracks(pt(50), pt(60)), autoRows: [pt(20)], columnGap: 5, rowGap: 4)
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in }, box("a"), box("b"), box("c")), width: 300))
        assertFrame(laid["a"], Rect(x: 0, y: 0, width: 50, height: 20))
        assertFrame(laid["b"], Rect(x: 50 + 5, y: 0, width: 60, height: 20))
        assertFrame(laid["c"], Rect(x: 0, y: 20 + 4, width: 50, height: 20))
        assertFrame(laid["g"], Rect(x: 0, y: 0, width: 300, height: 20 + 4 + 20))
    }

    func testNegativeLinesAndSpans() throws {
        let g = GridContainerStyle(columns: tracks(pt(10), pt(20), pt(30)), autoRows: [pt(10)], justifyContent: .start)
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in },
            box("last", { $0.gridColumn = GridPlacement(start: .line(-2, name: nil)) }),
            box("wide", { $0.gridColumn = GridPlacement(start: .line(1, name: nil), end: .span(2, name: nil)) }),
            box("before", { $0.gridColumn = GridPlacement(start: .line(-5, name: nil)); $0.gridRow = GridPlacement(start: .line(1, name: nil)) })),
            width: 100))
        // `-5` is one line before the explicit grid: an implicit `auto` column (0 wide, empty items).
        assertFrame(laid["last"], Rect(x: 0 + 10 + 20, y: 0, width: 30, height: 10))
        assertFrame(laid["wide"], Rect(x: 0, y: 10, width: 10 + 20, height: 10))
        assertFrame(laid["before"], Rect(x: 0, y: 0, width: 0, height: 10))
        assertFrame(laid["g"], Rect(x: 0, y: 0, width: 100, height: 10 + 10))
    }

    func testNamedLinesAndAreas() throws {
        let cols = GridTrackList(tracks: [pt(40), pt(100)], lineNames: [["side"], ["main"], ["end"]])
        let g = GridContainerStyle(columns: cols, rows: tracks(pt(15), pt(25)),
                                   areas: [GridArea(name: "head", columnStart: 0, columnEnd: 2, rowStart: 0, rowEnd: 1),
                                           GridArea(name: "nav", columnStart: 0, columnEnd: 1, rowStart: 1, rowEnd: 2),
                                           GridArea(name: "body", columnStart: 1, columnEnd: 2, rowStart: 1, rowEnd: 2)],
                                   areaColumns: 2, areaRows: 2)
        let area: (String) -> Configure = { name in {
            $0.gridColumn = GridPlacement(start: .ident(name), end: .ident(name))
            $0.gridRow = GridPlacement(start: .ident(name), end: .ident(name))
        } }
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in }, box("b", area("body")), box("h", area("head")), box("n", area("nav")),
            box("m", { $0.gridColumn = GridPlacement(start: .line(1, name: "main"), end: .line(1, name: "end")); $0.gridRow = GridPlacement(start: .line(1, name: nil)) })),
            width: 200))
        assertFrame(laid["h"], Rect(x: 0, y: 0, width: 40 + 100, height: 15))
        assertFrame(laid["n"], Rect(x: 0, y: 15, width: 40, height: 25))
        assertFrame(laid["b"], Rect(x: 40, y: 15, width: 100, height: 25))
        assertFrame(laid["m"], Rect(x: 40, y: 0, width: 100, height: 15))
    }

    func testDenseFillsHolesAndSparseDoesNot() throws {
        func layout(dense: Bool) throws -> Laid {
            let g = GridContainerStyle(columns: tracks(pt(10), pt(10), pt(10)), autoRows: [pt(10)], dense: dense)
            return try XCTUnwrap(lay(grid("g", g, { _ in },
                box("a"), box("wide", { $0.gridColumn = GridPlacement(start: .auto, end: .span(3, name: nil)) }), box("c")),
                width: 30))
        }
        let sparse = try layout(dense: false), dense = try layout(dense: true)
        assertFrame(sparse["wide"], Rect(x: 0, y: 10, width: 30, height: 10))
        assertFrame(sparse["c"], Rect(x: 0, y: 20, width: 10, height: 10))
        assertFrame(dense["c"], Rect(x: 10, y: 0, width: 10, height: 10))
    }

    func testColumnFlow() throws {
        let g = GridContainerStyle(rows: tracks(pt(10), pt(20)), autoColumns: [pt(30)], flowColumn: true)
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in }, box("a"), box("b"), box("c")), width: 100))
        assertFrame(laid["a"], Rect(x: 0, y: 0, width: 30, height: 10))
        assertFrame(laid["b"], Rect(x: 0, y: 10, width: 30, height: 20))
        assertFrame(laid["c"], Rect(x: 30, y: 0, width: 30, height: 10))
    }

    func testOrderChangesPlacement() throws {
        let g = GridContainerStyle(columns: tracks(pt(10), pt(20)))
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in }, rect("a", 5, 5), rect("b", 5, 5, { $0.order = -1 })), width: 30))
        assertFrame(laid["b"], Rect(x: 0, y: 0, width: 5, height: 5))
        assertFrame(laid["a"], Rect(x: 10, y: 0, width: 5, height: 5))
    }
}

/// The grid's limits (GridLimits): past them items are clamped, as browsers clamp them.
final class GridLimitTests: XCTestCase {
    func testImplicitTracksStopAtTheLimit() throws {
        var tree = LayoutTree()
        var style = LayoutStyle()
        style.grid = GridContainerStyle(columns: tracks(pt(2)), autoRows: [pt(1)])
        let g = tree.addNode(.grid, style: style, parent: nil)
        var items: [NodeID] = []
        for _ in 0..<(GridLimits.maxTracks + 5) { items.append(tree.addNode(.box, parent: g)) }
        let r = try computeLayout(tree, options: LayoutOptions(availableWidth: 10))
        XCTAssertEqual(r.frames[items[0]], Rect(x: 0, y: 0, width: 2, height: 1))
        let last = Double(GridLimits.maxTracks - 1)
        XCTAssertEqual(r.frames[items[GridLimits.maxTracks - 1]], Rect(x: 0, y: last, width: 2, height: 1))
        // The five past the limit share the last row.
        XCTAssertEqual(r.frames[items.last!], Rect(x: 0, y: last, width: 2, height: 1))
        XCTAssertEqual(r.frames[g].height, last + 1)
    }

    func testAutoFillOfTinyTracksRepeatsAtMostTheLimit() throws {
        let rep = GridAutoRepeat(collapsesEmpty: false, position: 0, tracks: [pt(0.000001)], lineNames: [[], []])
        let g = GridContainerStyle(columns: GridTrackList(autoRepeat: rep))
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in }, box("a"), box("b", { $0.gridColumn = GridPlacement(start: .line(-1, name: nil)) })),
                                     width: 1_000_000))
        // A 0.000001 track counts as 1 point wide for the count: 1,000 repetitions at most;
        // line -1 is after the last of them.
        XCTAssertEqual(laid["b"].x, Double(GridLimits.maxAutoRepetitions) * 0.000001, accuracy: 1e-9)
    }

    func testDensePackingSkipsFullRowsAndFillsTheHoleLeftFarBack() throws {
        // 3 columns; a wide item that cannot fit beside `a` leaves a hole at row 0, then
        // 2,000 single items fill rows; dense packing puts the first of them in the hole,
        // and a late span-2 item lands in the first row with two free cells.
        var tree = LayoutTree()
        var style = LayoutStyle()
        style.grid = GridContainerStyle(columns: tracks(pt(10), pt(10), pt(10)), autoRows: [pt(1)], dense: true)
        let g = tree.addNode(.grid, style: style, parent: nil)
        var span3 = LayoutStyle()
        span3.gridColumn = GridPlacement(start: .auto, end: .span(3, name: nil))
        var span2 = LayoutStyle()
        span2.gridColumn = GridPlacement(start: .auto, end: .span(2, name: nil))
        let a = tree.addNode(.box, parent: g)
        let wide = tree.addNode(.box, style: span3, parent: g)
        var singles: [NodeID] = []
        for _ in 0..<2_000 { singles.append(tree.addNode(.box, parent: g)) }
        let pair = tree.addNode(.box, style: span2, parent: g)
        let r = try computeLayout(tree, options: LayoutOptions(availableWidth: 30))
        XCTAssertEqual(r.frames[a], Rect(x: 0, y: 0, width: 10, height: 1))
        XCTAssertEqual(r.frames[wide], Rect(x: 0, y: 1, width: 30, height: 1))
        XCTAssertEqual(r.frames[singles[0]], Rect(x: 10, y: 0, width: 10, height: 1))
        XCTAssertEqual(r.frames[singles[1]], Rect(x: 20, y: 0, width: 10, height: 1))
        XCTAssertEqual(r.frames[singles[2]], Rect(x: 0, y: 2, width: 10, height: 1))
        // 2,000 singles fill rows 0 and 2 through 667 (1,998 in rows 2–667, 2 in row 0),
        // so the pair starts a new row.
        XCTAssertEqual(r.frames[singles[1_999]], Rect(x: 20, y: 667, width: 10, height: 1))
        XCTAssertEqual(r.frames[pair], Rect(x: 0, y: 668, width: 20, height: 1))
    }

    func testPlacementWorkIsBoundedWithAClearError() {
        // Every item spans 1,000 columns on a row of its own: about 1,000 steps each, past
        // the budget after 5,000 of them.
        var tree = LayoutTree()
        var style = LayoutStyle()
        style.grid = GridContainerStyle(columns: tracks(pt(1)), autoColumns: [pt(1)], autoRows: [pt(1)])
        let g = tree.addNode(.grid, style: style, parent: nil)
        for i in 0..<(GridLimits.maxPlacementWork / 1_000 + 10) {
            var item = LayoutStyle()
            item.gridColumn = GridPlacement(start: .line(1, name: nil), end: .span(1_000, name: nil))
            item.gridRow = GridPlacement(start: .line(i % 1_000 + 1, name: nil))
            tree.addNode(.box, style: item, parent: g)
        }
        XCTAssertThrowsError(try computeLayout(tree, options: LayoutOptions(availableWidth: 100))) { error in
            XCTAssertEqual(error as? LayoutError, .gridPlacementTooCostly(node: g, name: nil, limit: GridLimits.maxPlacementWork))
            XCTAssertEqual("\(error)", "placing the items of grid node #0 takes more than 5000000 steps (the layout's limit): "
                           + "give items lines of their own, smaller spans, or no dense packing")
        }
    }
}

/// CSS Grid §12: the track sizing algorithm.
final class GridTrackSizingTests: XCTestCase {
    func testFrSharesWhatFixedTracksLeave() throws {
        let g = GridContainerStyle(columns: tracks(pt(50), fr(1), fr(2)), columnGap: 10)
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in }, box("a"), box("b"), box("c")), width: 290))
        let fr = (290 - 50 - 2 * 10) / 3.0
        assertFrame(laid["b"], Rect(x: 50 + 10, y: 0, width: fr, height: 0))
        assertFrame(laid["c"], Rect(x: 50 + 10 + fr + 10, y: 0, width: 2 * fr, height: 0))
    }

    func testAutoColumnsTakeTheirContentThenStretch() throws {
        let g = GridContainerStyle(columns: tracks(.auto, .auto))
        // Max-content widths 90 ("aaaa bbbb") and 40: 70 left over, 35 to each.
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in }, text("a", "aaaa bbbb"), text("b", "cccc")), width: 200))
        assertFrame(laid["a"], Rect(x: 0, y: 0, width: 90 + 35, height: 10))
        assertFrame(laid["b"], Rect(x: 90 + 35, y: 0, width: 40 + 35, height: 10))
    }

    func testTextWrapsWhenColumnsAreNarrow() throws {
        let g = GridContainerStyle(columns: tracks(.auto, pt(30)))
        // 50 wide: the auto column is 20, under the text's min-content (40): it takes 40, the grid overflows.
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in }, text("a", "aaaa bb cc"), box("b")), width: 50))
        assertFrame(laid["a"], Rect(x: 0, y: 0, width: 40, height: 3 * 10))
        assertFrame(laid["b"], Rect(x: 40, y: 0, width: 30, height: 3 * 10))
    }

    func testMinContentMaxContentAndFitContent() throws {
        let g = GridContainerStyle(columns: tracks(GridTrackSize(.minContent), GridTrackSize(.maxContent),
                                                   .fitContent(.points(60)), .fitContent(.points(60))))
        let laid = try XCTUnwrap(lay(grid("g", g, { $0.grid = g; $0.width = .points(500) },
                                          text("a", "aa bbb"), text("b", "aa bbb"), text("c", "aaaa bbbb"), text("d", "a")),
                                     width: 500))
        assertFrame(laid["a"], Rect(x: 0, y: 0, width: 30, height: 20))
        assertFrame(laid["b"], Rect(x: 30, y: 0, width: 60, height: 20))
        // fit-content(60): max-content 90 capped at 60; "a" is 10 wide.
        assertFrame(laid["c"], Rect(x: 30 + 60, y: 0, width: 60, height: 20))
        assertFrame(laid["d"], Rect(x: 30 + 60 + 60, y: 0, width: 10, height: 20))
    }

    func testSpanningItemGrowsTheAutoTracksEqually() throws {
        let g = GridContainerStyle(columns: tracks(.auto, .auto), justifyContent: .start)
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in },
            rect("a", 20, 10), rect("b", 40, 10),
            rect("wide", 100, 10, { $0.gridColumn = GridPlacement(start: .auto, end: .span(2, name: nil)) })),
            width: 300))
        // Max-content 100 over 20 + 40: 40 more, 20 to each.
        assertFrame(laid["b"], Rect(x: 20 + 20, y: 0, width: 40, height: 10))
        assertFrame(laid["wide"], Rect(x: 0, y: 10, width: 100, height: 10))
    }

    func testMinmaxAndPercentTracks() throws {
        let g = GridContainerStyle(columns: tracks(GridTrackSize(min: .points(30), max: .fr(1)), GridTrackSize(.percent(25))))
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in }, box("a"), box("b")), width: 200))
        assertFrame(laid["a"], Rect(x: 0, y: 0, width: 200 - 50, height: 0))
        assertFrame(laid["b"], Rect(x: 150, y: 0, width: 50, height: 0))
    }

    func testAutoFillAndAutoFit() throws {
        let rep = GridAutoRepeat(collapsesEmpty: false, position: 0, tracks: [GridTrackSize(min: .points(60), max: .fr(1))],
                                 lineNames: [[], []])
        let fill = GridContainerStyle(columns: GridTrackList(autoRepeat: rep), columnGap: 10)
        // 200 wide: three of 60 with two gaps of 10 fit (200), a fourth does not.
        let laid = try XCTUnwrap(lay(grid("g", fill, { _ in }, box("a"), box("b")), width: 200))
        assertFrame(laid["b"], Rect(x: 60 + 10, y: 0, width: 60, height: 0))
        var fitRep = rep
        fitRep.collapsesEmpty = true
        let fit = GridContainerStyle(columns: GridTrackList(autoRepeat: fitRep), columnGap: 10)
        let fitted = try XCTUnwrap(lay(grid("g", fit, { _ in }, box("a"), box("b")), width: 200))
        // The empty third track collapses: two tracks share 200 less one gap.
        assertFrame(fitted["b"], Rect(x: 95 + 10, y: 0, width: 95, height: 0))
    }

    func testShrinkToFitGrid() throws {
        let g = GridContainerStyle(columns: tracks(.auto, fr(1)))
        let laid = try XCTUnwrap(lay(zbox("z", { $0.align = .start }, grid("g", g, { _ in }, text("a", "aa bb"), text("b", "ccc"))),
                                     width: 300))
        assertFrame(laid["g"], Rect(x: 0, y: 0, width: 50 + 30, height: 10))
        assertFrame(laid["b"], Rect(x: 50, y: 0, width: 30, height: 10))
    }

    func testRowsFromWrappedText() throws {
        let g = GridContainerStyle(columns: tracks(pt(40), pt(40)), rowGap: .percent(10))
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in }, text("a", "aaa bbb ccc"), text("b", "x"), text("c", "y")), width: 80))
        // A 10% row gap is 0 while the rows are sized (the height is indefinite), then 10% of
        // the 30 + 10 that gives (CSS Grid §10.1, as Chromium lays it out).
        assertFrame(laid["b"], Rect(x: 40, y: 0, width: 40, height: 3 * 10))
        assertFrame(laid["c"], Rect(x: 0, y: 30 + 0.1 * (30 + 10), width: 40, height: 10))
        assertFrame(laid["g"], Rect(x: 0, y: 0, width: 80, height: 30 + 10))
    }
}

/// CSS Grid §10 alignment and §9 absolute children.
final class GridAlignmentTests: XCTestCase {
    func testSelfAlignmentAndAutoMargins() throws {
        let g = GridContainerStyle(columns: tracks(pt(100)), rows: tracks(pt(50), pt(50)), justifyItems: .center, alignItems: .end)
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in },
            rect("a", 20, 10), rect("b", 20, 10, { $0.justifySelf = .start; $0.alignSelf = .stretch; $0.height = .auto }),
            rect("c", 20, 10, { $0.margin.left = .auto })), width: 100))
        assertFrame(laid["a"], Rect(x: (100 - 20) / 2, y: 50 - 10, width: 20, height: 10))
        assertFrame(laid["b"], Rect(x: 0, y: 50, width: 20, height: 50))
        // An auto left margin takes the free space: the item ends at the column's end.
        assertFrame(laid["c"], Rect(x: 100 - 20, y: 50 + 50, width: 20, height: 10))  // (an implicit auto row, 10 tall)
    }

    func testContentDistribution() throws {
        let g = GridContainerStyle(columns: tracks(pt(20), pt(20), pt(20)), rows: tracks(pt(10)),
                                   justifyContent: .spaceBetween, alignContent: .center)
        let laid = try XCTUnwrap(lay(grid("g", g, { $0.height = .points(50) }, box("a"), box("b"), box("c")), width: 100))
        assertFrame(laid["b"], Rect(x: 20 + 20, y: (50 - 10) / 2, width: 20, height: 10))
        assertFrame(laid["c"], Rect(x: 100 - 20, y: 20, width: 20, height: 10))
    }

    func testRightToLeft() throws {
        let g = GridContainerStyle(columns: tracks(pt(20), pt(30)), columnGap: 5)
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in }, rect("a", 10, 10), box("b")), width: 100, direction: .rtl))
        assertFrame(laid["a"], Rect(x: 100 - 10, y: 0, width: 10, height: 10))
        assertFrame(laid["b"], Rect(x: 100 - 20 - 5 - 30, y: 0, width: 30, height: 10))
    }

    func testAbsoluteChildInItsGridArea() throws {
        let g = GridContainerStyle(columns: tracks(pt(30), pt(40)), rows: tracks(pt(20), pt(20)))
        let laid = try XCTUnwrap(lay(grid("g", g, { $0.padding = Edges(all: .points(5)) },
            box("abs", { $0.position = .absolute; $0.gridColumn = GridPlacement(start: .line(2, name: nil), end: .span(1, name: nil))
                $0.gridRow = GridPlacement(start: .line(2, name: nil), end: .span(1, name: nil)); $0.inset = Edges(top: .points(1), right: .points(2), bottom: .points(3), left: .points(4)) }),
            box("edge", { $0.position = .absolute; $0.inset = Edges(top: .points(0), right: .auto, bottom: .auto, left: .points(0)); $0.width = .points(5); $0.height = .points(5) })),
            width: 100))
        assertFrame(laid["abs"], Rect(x: 5 + 30 + 4, y: 5 + 20 + 1, width: 40 - 4 - 2, height: 20 - 1 - 3))
        assertFrame(laid["edge"], Rect(x: 0, y: 0, width: 5, height: 5))
    }

    func testAbsoluteChildWithOneLineReachesThePaddingEdge() throws {
        let g = GridContainerStyle(columns: tracks(pt(30), pt(40)), rows: tracks(pt(20), pt(20)))
        let laid = try XCTUnwrap(lay(grid("g", g, { $0.padding = Edges(all: .points(5)) },
            box("abs", { $0.position = .absolute; $0.gridColumn = GridPlacement(start: .line(2, name: nil))
                $0.gridRow = GridPlacement(start: .line(2, name: nil)); $0.inset = Edges(top: .points(1), right: .points(2), bottom: .points(3), left: .points(4)) })),
            width: 100))
        // An `auto` end line is the padding edge (§9.1): to 100 across, to 5 + 40 + 5 down.
        assertFrame(laid["abs"], Rect(x: 5 + 30 + 4, y: 5 + 20 + 1, width: 100 - 35 - 4 - 2, height: 50 - 25 - 1 - 3))
    }

    /// Taffy's `grid_absolute_container_left_overrides_right` in `rtl`: over-constrained,
    /// `right` wins (the writing mode's start), as Chromium places it.
    func testOverConstrainedAbsoluteChildKeepsTheStartInsetOfItsDirection() throws {
        let g = GridContainerStyle(columns: tracks(pt(100), pt(100)))
        let laid = try XCTUnwrap(lay(grid("g", g, { $0.width = .points(200); $0.height = .points(200) },
            rect("abs", 10, 10, { $0.position = .absolute; $0.inset = Edges(top: .auto, right: .points(2), bottom: .auto, left: .points(5)) }),
            rect("inArea", 10, 10, { $0.position = .absolute; $0.inset = Edges(top: .auto, right: .points(2), bottom: .auto, left: .points(5))
                $0.gridColumn = GridPlacement(start: .line(2, name: nil)) })),
            width: 300, direction: .rtl))
        assertFrame(laid["abs"], Rect(x: 200 - 2 - 10, y: 0, width: 10, height: 10))
        // Column 2 is the left one in `rtl`: its area is 0…100 (line 2 to the padding edge).
        assertFrame(laid["inArea"], Rect(x: 100 - 2 - 10, y: 0, width: 10, height: 10))
        let ltr = try XCTUnwrap(lay(grid("g", g, { $0.width = .points(200); $0.height = .points(200) },
            rect("abs", 10, 10, { $0.position = .absolute; $0.inset = Edges(top: .auto, right: .points(2), bottom: .auto, left: .points(5)) })),
            width: 300))
        assertFrame(ltr["abs"], Rect(x: 5, y: 0, width: 10, height: 10))
    }

    /// Taffy's `grid_aspect_ratio_absolute_aspect_ratio_overrides_height_of_full_inset`: with
    /// all four insets and a ratio, the width comes from `left`/`right` (within the max
    /// height through the ratio) and the height from the width; with `top`/`bottom` only,
    /// the height from them and the width through the ratio.
    func testAbsoluteChildWithRatioBetweenInsets() throws {
        let g = GridContainerStyle()
        let all = Edges(all: .points(0))
        let laid = try XCTUnwrap(lay(grid("g", g, { $0.width = .points(300); $0.height = .points(300) },
            box("full", { $0.position = .absolute; $0.inset = all; $0.aspectRatio = 3 }),
            box("capped", { $0.position = .absolute; $0.inset = all; $0.aspectRatio = 3; $0.maxHeight = .points(50) }),
            box("tall", { $0.position = .absolute; $0.inset = Edges(top: .points(10), right: .auto, bottom: .points(10), left: .auto); $0.aspectRatio = 0.5 })),
            width: 400))
        assertFrame(laid["full"], Rect(x: 0, y: 0, width: 300, height: 100))
        assertFrame(laid["capped"], Rect(x: 0, y: 0, width: 150, height: 50))
        assertFrame(laid["tall"], Rect(x: 0, y: 10, width: 140, height: 280))
    }

    /// Between two insets, an own `justify-self`/`align-self` other than `stretch` sizes the
    /// child by its content and aligns it there; the grid's `*-items` do not (shrunk from
    /// grid seed 60228: a child taller than its insets' space moves back into the area).
    func testAbsoluteChildAlignedBetweenItsInsets() throws {
        let g = GridContainerStyle(justifyItems: .center, alignItems: .center)
        let across = Edges(top: .auto, right: .points(0), bottom: .auto, left: .points(0))
        let down = Edges(top: .points(10), right: .auto, bottom: .points(10), left: .auto)
        let laid = try XCTUnwrap(lay(grid("g", g, { $0.width = .points(200); $0.height = .points(100) },
            rect("center", 40, 10, { $0.position = .absolute; $0.inset = across; $0.width = .auto; $0.minWidth = .points(40); $0.justifySelf = .center }),
            rect("end", 40, 10, { $0.position = .absolute; $0.inset = down; $0.height = .auto; $0.minHeight = .points(10); $0.alignSelf = .end }),
            rect("stretched", 40, 10, { $0.position = .absolute; $0.inset = across; $0.width = .auto })),
            width: 300))
        assertFrame(laid["center"], Rect(x: (200 - 40) / 2, y: (100 - 10) / 2, width: 40, height: 10))
        assertFrame(laid["end"], Rect(x: (200 - 40) / 2, y: 100 - 10 - 10, width: 40, height: 10))
        assertFrame(laid["stretched"], Rect(x: 0, y: (100 - 10) / 2, width: 200, height: 10))
        let tall = try XCTUnwrap(lay(grid("g", GridContainerStyle(), { _ in },
            box("abs", { $0.position = .absolute; $0.inset = Edges(top: .points(4), right: .auto, bottom: .points(0), left: .auto)
                $0.minHeight = .points(5); $0.alignSelf = .center })), width: 100))
        assertFrame(tall["abs"], Rect(x: 0, y: 0, width: 0, height: 5))
    }

    /// Equal lines lose their end line (§8.3.1): the area spans one track from the start
    /// line, as Chromium resolves it (shrunk from grid seeds 70234 and 60220).
    func testAbsoluteChildOnEqualLinesSpansOneTrack() throws {
        let g = GridContainerStyle(columns: tracks(pt(100), pt(100)), rows: tracks(pt(20), pt(20)))
        func same(_ n: Int) -> GridPlacement { GridPlacement(start: .line(n, name: nil), end: .line(n, name: nil)) }
        let all = Edges(all: .points(0))
        let laid = try XCTUnwrap(lay(grid("g", g, { $0.width = .points(350) },
            box("inside", { $0.position = .absolute; $0.inset = all; $0.gridColumn = same(2); $0.gridRow = same(1) }),
            box("last", { $0.position = .absolute; $0.inset = all; $0.gridColumn = same(3); $0.gridRow = same(3) })),
            width: 400))
        assertFrame(laid["inside"], Rect(x: 100, y: 0, width: 100, height: 20))
        // From the last line the one track is past the grid: to the padding edge.
        assertFrame(laid["last"], Rect(x: 200, y: 40, width: 150, height: 0))
    }

    /// Taffy's `grid_absolute_empty_grid_lines`: a grid with no tracks still has line 1, at
    /// its content box's start; `auto` is the padding edge.
    func testAbsoluteChildOnLineOneOfAnEmptyGrid() throws {
        let line1 = GridPlacement(start: .line(1, name: nil))
        let toLine1 = GridPlacement(start: .auto, end: .line(1, name: nil))
        let all = Edges(all: .points(0))
        let laid = try XCTUnwrap(lay(grid("g", GridContainerStyle(), { $0.width = .points(100); $0.height = .points(100); $0.padding = Edges(all: .points(5)) },
            box("after", { $0.position = .absolute; $0.inset = all; $0.gridColumn = line1; $0.gridRow = line1 }),
            box("before", { $0.position = .absolute; $0.inset = all; $0.gridColumn = toLine1; $0.gridRow = toLine1 })),
            width: 200))
        assertFrame(laid["after"], Rect(x: 5, y: 5, width: 95, height: 95))
        assertFrame(laid["before"], Rect(x: 0, y: 0, width: 5, height: 5))
    }

    /// Taffy's `grid_absolute_auto_fit_overlapping_gutters`: the lines of collapsed `auto-fit`
    /// tracks after a used track lie after its gutter as start lines and before it as end
    /// lines (as Chromium places absolute children there); before any used track, at the start.
    func testAbsoluteChildOnTheLinesOfCollapsedTracks() throws {
        let rep = GridAutoRepeat(collapsesEmpty: true, position: 0, tracks: [pt(30)], lineNames: [[], []])
        // 250 wide: five repetitions of 30 (with gaps of 5) and the 50; columns 1, 4 and 5 collapse.
        let g = GridContainerStyle(columns: GridTrackList(tracks: [pt(50)], autoRepeat: rep), columnGap: 5)
        let all = Edges(all: .points(0))
        func span(_ a: Int, _ b: Int) -> GridPlacement { GridPlacement(start: .line(a, name: nil), end: .line(b, name: nil)) }
        let children = [
            box("used", { $0.gridColumn = span(2, 4) }),
            box("afterUsed", { $0.position = .absolute; $0.inset = all; $0.gridColumn = span(4, 7) }),
            box("collapsed", { $0.position = .absolute; $0.inset = all; $0.gridColumn = span(4, 5) }),
            box("fromStart", { $0.position = .absolute; $0.inset = all; $0.gridColumn = span(1, 5) })]
        for direction in [Direction.ltr, .rtl] {
            let laid = try XCTUnwrap(lay(grid("g", g, { $0.width = .points(250); $0.height = .points(50) }, children[0], children[1],
                                              children[2], children[3]), width: 300, direction: direction))
            func mirrored(_ r: Rect) -> Rect { direction == .rtl ? Rect(x: 250 - r.x - r.width, y: r.y, width: r.width, height: r.height) : r }
            assertFrame(laid["used"], mirrored(Rect(x: 0, y: 0, width: 65, height: 50)))
            assertFrame(laid["afterUsed"], mirrored(Rect(x: 70, y: 0, width: 50, height: 50)))
            assertFrame(laid["collapsed"], mirrored(Rect(x: 70, y: 0, width: 0, height: 50)))
            assertFrame(laid["fromStart"], mirrored(Rect(x: 0, y: 0, width: 65, height: 50)))
        }
    }

    func testItemWithAspectRatioIsSizedAsABlock() throws {
        let g = GridContainerStyle(columns: tracks(pt(100), pt(100)), rows: tracks(pt(100)))
        let laid = try XCTUnwrap(lay(grid("g", g, { _ in },
            box("a", { $0.aspectRatio = 2; $0.width = .points(40) }),
            box("b", { $0.aspectRatio = 2 }),
            box("c", { $0.aspectRatio = 2; $0.height = .points(30); $0.gridRow = GridPlacement(start: .line(2, name: nil)) })),
            width: 200))
        // `normal`: the width fills the area (or comes from the height), the height from the ratio.
        assertFrame(laid["a"], Rect(x: 0, y: 0, width: 40, height: 40 / 2))
        assertFrame(laid["b"], Rect(x: 100, y: 0, width: 100, height: 100 / 2))
        assertFrame(laid["c"], Rect(x: 0, y: 100, width: 30 * 2, height: 30))
    }
}
