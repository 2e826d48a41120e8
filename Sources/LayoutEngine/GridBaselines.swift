// Baseline alignment of grid items down their areas (CSS Grid §10.6, CSS Box Alignment §9):
// the items aligned `baseline` that start in the same row are one baseline-sharing group
// (an item spanning rows takes part in its start row's, §9.1). Each is moved down by a
// shim, the distance from its own baseline (its top margin in) to the group's lowest, so
// that their first baselines line up: the shim counts in its contributions to the rows
// (§12.5 step 1, "shim baseline-aligned items") and places it in its area (§10.3).
//
// An item without a baseline has one synthesized at its bottom edge, as in a stack. One
// whose height may depend on the rows it spans (a percentage height, min or max height
// over an intrinsic or flexible row) and that has no baseline of its own does not take
// part: it takes its fallback alignment, `start` (§10.6's cyclic dependency, as Chromium
// decides it). An item with an `auto` margin down is aligned by its margins instead.
//
// Only first-baseline alignment down the rows: `justify-self=baseline` (baselines across,
// which need vertical writing modes) is not in the language.

/// The baseline alignment of a grid's items along the rows: each item's shim (0 for the
/// items not aligned by their baselines) and each row's shared baseline, from the start
/// edge of the row to the baseline, for the rows where a group starts.
struct GridBaselineAlignment {
    var shims: [Double]
    var rowBaselines: [Int: Double] = [:]
}

extension LayoutContext {
    /// Whether an item asks to be aligned by its baseline down its area (its `align-self`,
    /// or the grid's `align`) and has no `auto` margin down.
    func gridAlignsBaseline(_ c: NodeID, _ grid: GridContainerStyle) -> Bool {
        let sp = style(c)
        guard (sp.pointee.alignSelf ?? grid.alignItems) == .baseline else { return false }
        let (top, bottom) = PhysicalAxis.vertical.margins(sp)
        return top != .auto && bottom != .auto
    }

    /// The shims of the baseline-aligned items of a grid, with each item laid out at
    /// `size(i)` (its border-box size and its area's width) to find its baseline; nil when
    /// no item asks for baseline alignment. `rows` are the grid's rows (their sizing
    /// functions decide the fallback).
    func gridBaselineAlignment(_ grid: GridContainerStyle, _ placed: GridPlacementResult, rows: [GridTrack],
                               size: (Int) -> (size: Size, areaWidth: Double)) -> GridBaselineAlignment? {
        guard placed.items.contains(where: { gridAlignsBaseline($0.node, grid) }) else { return nil }
        var alignment = GridBaselineAlignment(shims: [Double](repeating: 0, count: placed.items.count))
        // (The distance from each item's margin-box top to its baseline; NaN when not aligned.)
        var ascents = [Double](repeating: .nan, count: placed.items.count)
        for (i, item) in placed.items.enumerated() where gridAlignsBaseline(item.node, grid) {
            let (s, aw) = size(i)
            let own = gridItemBaseline(item.node, s, areaWidth: aw)
            if own == nil && gridBaselineFallsBack(item.node, item.row, rows) { continue }
            let ascent = margins(item.node, parentWidth: aw).top + (own ?? s.height)
            ascents[i] = ascent
            let row = item.row.lowerBound
            alignment.rowBaselines[row] = Swift.max(alignment.rowBaselines[row] ?? -.infinity, ascent)
        }
        for (i, item) in placed.items.enumerated() where !ascents[i].isNaN {
            alignment.shims[i] = (alignment.rowBaselines[item.row.lowerBound] ?? ascents[i]) - ascents[i]
        }
        return alignment
    }

    /// Whether an item without a baseline of its own keeps out of baseline alignment: its
    /// height may depend on the size of the rows it spans (a percentage height, min or
    /// max height, over a row with an intrinsic or flexible sizing function).
    func gridBaselineFallsBack(_ c: NodeID, _ span: Range<Int>, _ rows: [GridTrack]) -> Bool {
        let sp = style(c)
        guard sp.pointee.height.isPercent || sp.pointee.minHeight.isPercent || sp.pointee.maxHeight.isPercent
        else { return false }
        return span.contains { t in
            t < rows.count && (rows[t].hasIntrinsicMin || rows[t].hasIntrinsicMax || rows[t].isFlexible)
        }
    }

    /// The first baseline of a grid item laid out at `size`, from its border-box top: a
    /// label's first line's, a stack's or a grid's (laid out at that size to find it); nil
    /// when it has none.
    func gridItemBaseline(_ c: NodeID, _ size: Size, areaWidth aw: Double) -> Double? {
        arrangeForBaseline(c, size, parentWidth: aw, parentHeight: nil, definiteHeight: false)
        return itemBaseline(c, size, parentWidth: aw)
    }
}
