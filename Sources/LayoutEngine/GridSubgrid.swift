// CSS Grid Level 2 §9, subgrids: a grid item that is a grid with `columns=subgrid` (or
// rows) takes the parent's tracks it spans as its own along that axis.
//
// - Placement (§9.1–9.3): its explicit grid along the axis is the spanned tracks, with the
//   parent's line names on them and its own (`subgrid [a] [b]`) added; it has no implicit
//   tracks there, so a line beyond its last is clamped to it. Auto-placed without a span,
//   it spans one track, whatever its line names (as Chromium places it).
// - Sizing (§9.4): its items take part in the parent's track sizing along the axis, in the
//   parent's tracks (`gridSizingItems`), nested subgrids too; the subgrid's margin, border
//   and padding at each edge are an extra margin of the items at that edge, and half the
//   difference between its gap and its parent's one of the items beside each inner gap,
//   both accumulating through the levels. The subgrid itself contributes nothing along
//   the axis; an edge track holding none of its items still holds its margin, border and
//   padding (a placeholder item, as the spec's edge placeholders), and a subgrid with no
//   items adds nothing.
// - Layout: the parent hands each subgrid the lines of its tracks, from the subgrid's
//   content box (`passTracks`); the subgrid is stretched along the axis whatever its size,
//   alignment and min or max, and places its items on those lines. (Percentages in its
//   margin and padding count as 0 in the extra margins: they are of its area, which is
//   not known while the tracks are sized.)
//
// A subgrid whose parent is not a grid (or that is absolutely positioned, or nested more
// than `GridLimits.maxSubgridDepth` deep) is a grid of its own with no explicit tracks along
// that axis, as in CSS. Deviation: a subgrid whose direction differs from its parent's
// takes the tracks in the parent's order.

/// What a subgrid takes from its parent grid along one subgridded axis.
struct SubgridAxis {
    /// The parent's tracks it spans: its explicit grid along the axis.
    var count: Int
    /// The parent's line names on those lines, counted from its first line.
    var names: [String: [Int]]
    /// 1 for a subgrid of a grid that is not a subgrid along the axis.
    var depth: Int
    /// The extra margin of its items at its start and end edges (its own margin, border
    /// and padding there, and what it has as an item of its parent, accumulated), and of
    /// its items beside an inner gap (half its gap's difference from its parent's).
    var edgeStart: Double
    var edgeEnd: Double
    var inner: Double
    /// Its gap along the axis: its own, or its parent's when it sets none (`normal`).
    var gap: Double
    /// The tracks, from its content box's start edge (the first begins before it, by the
    /// extra margin), once the parent has sized them.
    var lines: [(start: Double, size: Double)]? = nil

    /// The extra margins of an item over `span` of its tracks.
    func extras(_ span: Range<Int>) -> (start: Double, end: Double) {
        (span.lowerBound <= 0 ? edgeStart : inner, span.upperBound >= count ? edgeEnd : inner)
    }

    /// The area over `span` of an item of the subgrid, its extra margins out.
    func area(_ span: Range<Int>) -> (start: Double, size: Double) {
        guard let lines else { return (0, 0) }
        let (s, w) = LayoutContext.gridArea(lines, span)
        let e = extras(span)
        return (s + e.start, Swift.max(0, w - e.start - e.end))
    }
}

/// What a subgrid takes from its parent along its subgridded axes.
struct SubgridInheritance {
    var columns: SubgridAxis?
    var rows: SubgridAxis?
}

/// An item of the track sizing along one axis: an item of the grid, or of a subgrid of it
/// along that axis (nested to any depth), in the grid's tracks.
struct GridSizingItem {
    var node: NodeID
    /// The grid it is an item of (its alignment and stretching are that grid's).
    var grid: GridContainerStyle
    var span: Range<Int>
    /// The extra margins its subgrids give it along the axis, both ends together.
    var extra: Double
    /// Along the rows: the width of its area (its extra margins out).
    var areaWidth: Double
    /// An edge placeholder of the subgrid `node`: it contributes its extra margin alone.
    var placeholder = false
}

extension GridExplicitAxis {
    /// A subgrid's explicit grid along a subgridded axis: the parent's tracks it spans
    /// (sized by the parent), their names, its own names (`ownNames`, from its first line)
    /// and its areas' names.
    init(subgrid: SubgridAxis, ownNames: [[String]], areas: [GridArea], columns: Bool) {
        var names = subgrid.names
        for (line, list) in ownNames.prefix(subgrid.count + 1).enumerated() {
            for n in list { names[n, default: []].append(line) }
        }
        for a in areas {
            let (s, e) = columns ? (a.columnStart, a.columnEnd) : (a.rowStart, a.rowEnd)
            names[a.name + "-start", default: []].append(s)
            names[a.name + "-end", default: []].append(e)
        }
        for k in names.keys { names[k] = Array(Set(names[k]!)).sorted() }
        self.init(GridTrackList(), areaCount: 0, implicit: [.auto], areas: [], columns: columns, size: nil, maxSize: nil,
                  minSize: 0, gap: 0)
        tracks = [GridTrackSize](repeating: .auto, count: subgrid.count)
        self.names = names
        inherited = subgrid
    }
}

extension GridAxisPlacement {
    /// The placement clamped into a subgridded axis of `count` tracks (no implicit tracks).
    func clamped(into count: Int) -> GridAxisPlacement {
        switch self {
        case .definite(let s, let e):
            let start = Swift.min(Swift.max(s, 0), count - 1)
            return .definite(start: start, end: Swift.min(Swift.max(e, start + 1), count))
        case .auto(let span):
            return .auto(span: Swift.min(span, count))
        }
    }
}

extension LayoutContext {
    // MARK: Placement

    /// A subgrid's explicit axes along its subgridded axes, from what its parent gave it.
    func inheritSubgridAxes(_ node: NodeID, _ grid: GridContainerStyle, columns: inout GridExplicitAxis,
                            rows: inout GridExplicitAxis) {
        guard !subgrids.isEmpty, let inherited = subgrids[node] else { return }
        if grid.columns.subgrid, let c = inherited.columns {
            columns = GridExplicitAxis(subgrid: c, ownNames: grid.columns.lineNames, areas: grid.areas, columns: true)
        }
        if grid.rows.subgrid, let r = inherited.rows {
            rows = GridExplicitAxis(subgrid: r, ownNames: grid.rows.lineNames, areas: grid.areas, columns: false)
        }
    }

    /// Records what each subgrid item of `node` takes from it (§9): the tracks it spans,
    /// their names, its extra margins and gaps. (`innerW`/`innerH`: the content box, for
    /// percentages.)
    func registerSubgrids(_ node: NodeID, _ grid: GridContainerStyle, columns: GridExplicitAxis, rows: GridExplicitAxis,
                          placed: GridPlacementResult, innerW: Double?, innerH: Double?) {
        let isRTL = rtl[node]
        for item in placed.items {
            let c = item.node
            guard tags[c] == .grid, let g = style(c).pointee.grid, g.columns.subgrid || g.rows.subgrid else { continue }
            let m = margins(c, parentWidth: nil), p = insets(c, parentWidth: nil)
            func axis(_ parent: GridExplicitAxis, _ span: Range<Int>, before: Int, ownGap: Dimension, parentGap: Dimension,
                      basis: Double?, start: Double, end: Double) -> SubgridAxis? {
                let depth = (parent.inherited?.depth ?? 0) + 1
                guard depth <= GridLimits.maxSubgridDepth, !span.isEmpty else { return nil }
                var names: [String: [Int]] = [:]
                for (name, lines) in parent.names {
                    let mine = lines.map { $0 + before - span.lowerBound }.filter { $0 >= 0 && $0 <= span.count }
                    if !mine.isEmpty { names[name] = mine }
                }
                let outerGap = parent.inherited.map { parentGap == .auto ? $0.gap : Self.gridGap(parentGap, basis) }
                    ?? Self.gridGap(parentGap, basis)
                let gap = ownGap == .auto ? outerGap : Self.gridGap(ownGap, nil)
                let e = parent.inherited?.extras(span) ?? (start: 0, end: 0)
                return SubgridAxis(count: span.count, names: names, depth: depth, edgeStart: e.start + start,
                                   edgeEnd: e.end + end, inner: (gap - outerGap) / 2, gap: gap)
            }
            let (ls, le) = isRTL ? (m.right + p.right, m.left + p.left) : (m.left + p.left, m.right + p.right)
            let inherited = SubgridInheritance(
                columns: g.columns.subgrid ? axis(columns, item.column, before: placed.columnsBefore, ownGap: g.columnGap,
                                                  parentGap: grid.columnGap, basis: innerW, start: ls, end: le) : nil,
                rows: g.rows.subgrid ? axis(rows, item.row, before: placed.rowsBefore, ownGap: g.rowGap,
                                            parentGap: grid.rowGap, basis: innerH, start: m.top + p.top,
                                            end: m.bottom + p.bottom) : nil)
            // (The lines it was given last stay until it is given others: its measurements
            // on them are remembered.)
            var next = inherited
            let last = subgrids[c]
            if next.columns?.count == last?.columns?.count { next.columns?.lines = last?.columns?.lines }
            if next.rows?.count == last?.rows?.count { next.rows?.lines = last?.rows?.lines }
            if next.columns != nil || next.rows != nil { subgrids[c] = next } else if last != nil { subgrids[c] = nil; cache.forget(c) }
        }
    }

    /// Whether `c` is a subgrid along `axis` of the grid it is an item of.
    @inline(__always) func isSubgridded(_ c: NodeID, _ axis: PhysicalAxis) -> Bool {
        guard !subgrids.isEmpty, let s = subgrids[c] else { return false }
        return axis == .horizontal ? s.columns != nil : s.rows != nil
    }

    // MARK: Layout

    /// A subgrid's size along a subgridded axis: stretched over its area, margins out,
    /// whatever its own size, min and max (§9.2); nil along another axis.
    func subgridStretchedSize(_ c: NodeID, _ axis: PhysicalAxis, area: Double, areaWidth aw: Double?) -> Double? {
        guard isSubgridded(c, axis) else { return nil }
        // (Not less than 0, but less than its padding and border if its tracks are: Chromium
        // gives an empty subgrid in a track of 0 no width whatever its padding.)
        return Swift.max(area - axis.sum(margins(c, parentWidth: aw)), 0)
    }

    /// Hands a subgrid item the lines of the tracks it spans along its subgridded axes,
    /// from its content box's start edge (`colLines`/`rowLines`: the grid's, from its own).
    func passTracks(to c: NodeID, column: Range<Int>, row: Range<Int>, colLines: [(start: Double, size: Double)]?,
                    rowLines: [(start: Double, size: Double)]?) {
        guard !subgrids.isEmpty, var s = subgrids[c] else { return }
        func shifted(_ lines: [(start: Double, size: Double)], _ span: Range<Int>, _ edge: Double) -> [(start: Double, size: Double)] {
            guard !lines.isEmpty else { return [] }
            let hi = Swift.min(span.upperBound, lines.count), lo = Swift.min(span.lowerBound, hi)
            let origin = (lo < lines.count ? lines[lo].start : 0) + edge
            return lines[lo..<hi].map { ($0.start - origin, $0.size) }
        }
        // (Its content box starts its extra margin at the start edge into its first track.)
        var changed = false
        func give(_ axis: inout SubgridAxis?, _ lines: [(start: Double, size: Double)]?, _ span: Range<Int>) {
            guard let lines, let a = axis else { return }
            let mine = shifted(lines, span, a.edgeStart)
            if !Self.same(a.lines, mine) { changed = true }
            axis!.lines = mine
        }
        give(&s.columns, colLines, column)
        give(&s.rows, rowLines, row)
        subgrids[c] = s
        // What it measured on other lines is not what it measures now.
        if changed { cache.forget(c) }
    }

    private static func same(_ a: [(start: Double, size: Double)]?, _ b: [(start: Double, size: Double)]) -> Bool {
        guard let a, a.count == b.count else { return false }
        for i in a.indices where a[i].start != b[i].start || a[i].size != b[i].size { return false }
        return true
    }

    /// A subgridded axis's track sizes, from the lines the parent gave (nil before it has).
    static func inheritedSizing(_ axis: GridExplicitAxis, mode: GridSizingMode) -> GridTrackSizing? {
        guard let inherited = axis.inherited, let lines = inherited.lines, lines.count == inherited.count else { return nil }
        var tracks = lines.map { _ in GridTrack(.auto, basis: nil) }
        for (i, l) in lines.enumerated() { tracks[i].base = l.size; tracks[i].limit = l.size }
        // (The gaps between them: the parent's, from where the lines are.)
        let gap = lines.count > 1 ? Swift.max(0, (lines[lines.count - 1].start - lines[0].start
            - lines[..<(lines.count - 1)].reduce(0) { $0 + $1.size }) / Double(lines.count - 1)) : 0
        return GridTrackSizing(tracks: tracks, gap: gap, mode: mode)
    }

    // MARK: Sizing

    /// The items of the track sizing along `axis` when a subgrid takes part in it (nil
    /// otherwise: the grid's own items are the sizing items). Along the rows, the area
    /// widths come from `columnLines` (the grid's columns, from its content box) and the
    /// column extras of a grid that is itself a subgrid (`inheritedColumns`); the subgrids
    /// among the items get their column lines for being measured.
    func gridSizingItems(_ placed: GridPlacementResult, _ grid: GridContainerStyle, _ axis: PhysicalAxis,
                         columnLines: [(start: Double, size: Double)]? = nil,
                         inheritedColumns: SubgridAxis? = nil, inheritedRows: SubgridAxis? = nil) -> [GridSizingItem]? {
        guard !subgrids.isEmpty,
              placed.items.contains(where: { subgrids[$0.node] != nil })
                || (axis == .vertical && (inheritedColumns != nil || inheritedRows != nil)) else { return nil }
        var out: [GridSizingItem] = []
        out.reserveCapacity(placed.items.count)
        appendSizingItems(placed, grid, axis, offset: 0, extras: axis == .horizontal ? inheritedColumns : inheritedRows,
                          columnLines: columnLines, columnExtras: inheritedColumns, into: &out)
        return out
    }

    private func appendSizingItems(_ placed: GridPlacementResult, _ grid: GridContainerStyle, _ axis: PhysicalAxis,
                                   offset: Int, extras: SubgridAxis?, columnLines: [(start: Double, size: Double)]?,
                                   columnExtras: SubgridAxis?, into out: inout [GridSizingItem]) {
        for item in placed.items {
            let c = item.node
            let span = axis == .horizontal ? item.column : item.row
            let e = extras?.extras(span) ?? (start: 0, end: 0)
            var areaWidth = 0.0
            if axis == .vertical, let cl = columnLines {
                if let ce = columnExtras, ce.lines != nil, ce.count == cl.count {
                    areaWidth = ce.area(item.column).size
                } else {
                    areaWidth = Swift.max(0, Self.gridArea(cl, item.column).1 - (columnExtras.map { x in
                        let ex = x.extras(item.column); return ex.start + ex.end } ?? 0))
                }
            }
            let sub = subgrids[c]
            if axis == .vertical, sub?.columns != nil, let cl = columnLines {
                passTracks(to: c, column: item.column, row: item.row, colLines: cl, rowLines: nil)
            }
            let own = axis == .horizontal ? sub?.columns : sub?.rows
            guard let own, let sg = style(c).pointee.grid else {
                out.append(GridSizingItem(node: c, grid: grid, span: (span.lowerBound + offset)..<(span.upperBound + offset),
                                          extra: e.start + e.end, areaWidth: areaWidth))
                continue
            }
            // A subgrid along the axis: its items instead, in these tracks.
            let ins = insets(c, parentWidth: axis == .vertical ? areaWidth : nil)
            var subColumnLines: [(start: Double, size: Double)]? = nil
            var subInnerW: Double? = nil
            if axis == .vertical {
                let w = subgridStretchedSize(c, .horizontal, area: areaWidth, areaWidth: areaWidth)
                    ?? gridItemSize(c, grid, .horizontal, area: areaWidth, areaWidth: areaWidth)
                subInnerW = Swift.max(0, w - ins.horizontal)
            }
            let gapW = Self.gridGap(sg.columnGap, subInnerW)
            let (sc, sr, sp) = gridPlacement(c, sg, innerW: subInnerW, innerH: nil, columnGap: gapW, rowGap: 0,
                                             bounds: NodeBounds(minWidth: 0, maxWidth: .infinity, minHeight: 0,
                                                                maxHeight: .infinity, insets: ins))
            _ = sr
            if axis == .vertical, let innerW = subInnerW {
                if let lines = subgrids[c]?.columns?.lines {
                    subColumnLines = lines
                } else {
                    let cols = gridColumnSizing(sg, sp, columns: sc, mode: .definite(innerW), basis: innerW, gap: gapW,
                                                bounds: (innerW, innerW), rowLines: nil)
                    subColumnLines = Self.gridLinePositions(cols.tracks, gap: gapW, space: innerW, content: sg.justifyContent)
                }
            }
            let shift = offset + span.lowerBound
            appendSizingItems(sp, sg, axis, offset: shift, extras: own, columnLines: subColumnLines,
                              columnExtras: subgrids[c]?.columns, into: &out)
            // An edge track without an item still holds the subgrid's margin, border and
            // padding there (the spec's edge placeholders; an empty subgrid has none, as in
            // Chromium).
            guard !sp.items.isEmpty else { continue }
            if !sp.items.contains(where: { (axis == .horizontal ? $0.column : $0.row).lowerBound == 0 }) {
                out.append(GridSizingItem(node: c, grid: sg, span: shift..<(shift + 1),
                                          extra: own.edgeStart + (own.count == 1 ? own.edgeEnd : 0), areaWidth: 0,
                                          placeholder: true))
            }
            if !sp.items.contains(where: { (axis == .horizontal ? $0.column : $0.row).upperBound >= own.count })
                && (own.count > 1 || sp.items.contains(where: { (axis == .horizontal ? $0.column : $0.row).lowerBound == 0 })) {
                out.append(GridSizingItem(node: c, grid: sg, span: (shift + own.count - 1)..<(shift + own.count),
                                          extra: own.edgeEnd, areaWidth: 0, placeholder: true))
            }
        }
    }

    /// The contributions of a sizing item along `axis`: its own (§11.5), as an item of its
    /// grid, with its extra margins added.
    func gridSizingContribution(_ item: GridSizingItem, _ axis: PhysicalAxis) -> GridContribution {
        if item.placeholder {
            return GridContribution(minContent: item.extra, maxContent: item.extra, minimum: item.extra, emptyOuterSize: item.extra)
        }
        var c = gridContribution(item.node, item.grid, axis: axis,
                                 areaWidth: axis == .vertical ? item.areaWidth : nil)
        c.minContent += item.extra; c.maxContent += item.extra
        c.minimum += item.extra; c.emptyOuterSize += item.extra
        return c
    }
}
