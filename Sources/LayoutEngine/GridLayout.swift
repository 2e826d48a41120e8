// `grid`: a CSS grid container (CSS Grid Level 2, without subgrid), in the steps of §11
// (the grid sizing algorithm): place the items (§8, GridItemPlacement.swift), size the
// columns, then the rows with the columns known (§12, GridTrackSizing.swift), then align
// the tracks in the content box (§10.5, `justify-content`/`align-content`) and each item
// in its grid area (§10.3–10.4, `justify-self`/`align-self`); absolutely positioned
// children take their grid area as containing block (§9).
//
// A grid whose width is not fixed by its parent is as wide as its columns need under the
// constraint it is measured in (min-content, max-content, or fit-content in a definite
// space), then laid out at that width, as Chromium sizes a shrink-to-fit grid.
//
// Deviations (documented in docs/spec.md): no baseline alignment (`baseline` aligns as
// `start`), no subgrid, no `masonry`; the columns are not re-sized after the rows (§11.1
// step 3, which only matters for items whose width depends on their height).

extension LayoutContext {
    /// The style of a grid container without one: one implicit track per item.
    static let emptyGridStyle = GridContainerStyle()

    func layoutGrid(_ node: NodeID, width: Double?, height: Double?,
                    availableWidth: AvailableSpace, availableHeight: AvailableSpace,
                    bounds: NodeBounds, perform: Bool, heightFromContent: Bool = false) -> Size {
        let grid = style(node).pointee.grid ?? Self.emptyGridStyle
        let pb = bounds.insets
        guard let width else {
            let w = gridIntrinsicWidth(node, grid, availableWidth: availableWidth, bounds: bounds)
            return layoutGrid(node, width: w, height: height, availableWidth: availableWidth,
                              availableHeight: availableHeight, bounds: bounds, perform: perform)
        }
        let innerW = Swift.max(0, width - pb.horizontal)
        // A height the parent fixed is the rows' space. Without one, the rows are sized with
        // their percentages (and a percentage row gap) as `auto` (and 0), then sized again
        // in the height that gives, percentages resolved (§7.2.1, as Chromium lays it out).
        guard let height else {
            let h = gridIntrinsicHeight(node, grid, width: width, bounds: bounds)
            return layoutGrid(node, width: width, height: h, availableWidth: availableWidth,
                              availableHeight: availableHeight, bounds: bounds, perform: perform, heightFromContent: true)
        }
        let innerH = Swift.max(0, height - pb.vertical)
        let columnGap = Self.gridGap(grid.columnGap, innerW)
        let rowGap = Self.gridGap(grid.rowGap, innerH)

        // §11 step 1 (§7, §8): the explicit grid and the items' areas.
        // (A height from the content leaves `repeat(auto-fill, …)` rows as many as without it.)
        let repeatH = heightFromContent || !bounds.definiteHeight ? nil : innerH
        let (columns, rows, placed) = gridPlacement(node, grid, innerW: innerW, innerH: repeatH,
                                                     columnGap: columnGap, rowGap: rowGap, bounds: bounds)

        // Step 2: the columns, in the width the parent gave.
        var cols = gridTracks(columns, before: placed.columnsBefore, count: placed.columnCount,
                              implicit: grid.autoColumns, basis: innerW, spans: placed.items.map(\.column))
        var colSizing = GridTrackSizing(tracks: cols, gap: columnGap, mode: .definite(innerW))
        colSizing.run(spans: placed.items.map(\.column), contribution: { i in
            self.gridColumnContribution(placed.items[i].node, colSizing: nil, span: placed.items[i].column)
        }, stretchAuto: Self.stretchesTracks(grid.justifyContent), minSize: innerW, maxSize: innerW)
        cols = colSizing.tracks

        // Step 3: the rows, with each item's width known from its columns.
        let rowSizing = gridRowSizing(grid, placed: placed, rows: rows, columns: cols, columnGap: columnGap,
                                      rowGap: rowGap, mode: .definite(innerH), basis: innerH,
                                      minSize: innerH, maxSize: innerH, maximizeToLimits: heightFromContent)
        let rowTracks = rowSizing.tracks
        let outerH = height
        let size = Size(width: width, height: outerH)
        guard perform else { return size }

        // Step 4: the tracks in the content box, then every item in its area.
        let ih = Swift.max(0, outerH - pb.vertical)
        let colLines = Self.gridLinePositions(cols, gap: columnGap, space: innerW, content: grid.justifyContent)
        let rowLines = Self.gridLinePositions(rowTracks, gap: rowGap, space: ih, content: grid.alignContent)
        let isRTL = rtl[node]
        var firstRowBaseline = Double.nan
        var firstRowColumn = Int.max
        for item in placed.items {
            let c = item.node
            let (ax, aw) = Self.gridArea(colLines, item.column)
            let (ay, ah) = Self.gridArea(rowLines, item.row)
            let w = gridItemWidth(c, grid, areaWidth: aw)
            let m = margins(c, parentWidth: aw)
            let h = gridItemHeight(c, grid, width: w, areaWidth: aw, areaHeight: ah)
            let x = ax + gridSelfOffset(c, horizontal: true, grid: grid, free: aw - w - m.horizontal,
                                        startMargin: isRTL ? m.right : m.left, endMargin: isRTL ? m.left : m.right)
            let y = ay + gridSelfOffset(c, horizontal: false, grid: grid, free: ah - h - m.vertical,
                                        startMargin: m.top, endMargin: m.bottom)
            let px = isRTL ? pb.left + innerW - x - w : pb.left + x
            // (A height from the item's content is not definite for the percentages inside it;
            // a stretched one or its own is.)
            let sp = style(c)
            let definite = resolve(sp.pointee.height, ah) != nil
                || (gridSelfAlign(c, horizontal: false, grid: grid) == .stretch && sp.pointee.height == .auto
                    && sp.pointee.margin.top != .auto && sp.pointee.margin.bottom != .auto)
            _ = compute(c, knownWidth: w, knownHeight: h, parentWidth: aw, parentHeight: ah,
                        availableWidth: .definite(w), availableHeight: .definite(h), perform: true,
                        definiteHeight: definite)
            frames[c] = relativeOffset(c, Rect(x: px, y: pb.top + y, width: w, height: h), parentWidth: aw, parentHeight: ah)
            // The grid's baseline: its first row's first item's (§10.7, without baseline alignment).
            if item.row.lowerBound == 0, item.column.lowerBound < firstRowColumn {
                firstRowColumn = item.column.lowerBound
                let b = baselines[c]
                firstRowBaseline = pb.top + y + (b.isNaN ? h : b)
            }
        }
        baselines[node] = firstRowBaseline
        layoutGridAbsoluteChildren(node, grid, columns: columns, rows: rows, placed: placed,
                                   colLines: colLines, rowLines: rowLines, size: size, insets: pb)
        return size
    }

    /// The rows of a grid `width` wide, with the columns sized.
    func gridRowSizing(_ grid: GridContainerStyle, placed: GridPlacementResult, rows: GridExplicitAxis,
                       columns cols: [GridTrack], columnGap: Double, rowGap: Double, mode: GridSizingMode,
                       basis: Double?, minSize: Double, maxSize: Double,
                       maximizeToLimits: Bool = false) -> GridTrackSizing {
        let rowTracks = gridTracks(rows, before: placed.rowsBefore, count: placed.rowCount,
                                   implicit: grid.autoRows, basis: basis, spans: placed.items.map(\.row))
        let columnsDone = GridTrackSizing(tracks: cols, gap: columnGap, mode: .maxContent)
        var s = GridTrackSizing(tracks: rowTracks, gap: rowGap, mode: mode)
        s.maximizeToLimits = maximizeToLimits
        s.run(spans: placed.items.map(\.row), contribution: { i in
            self.gridRowContribution(placed.items[i].node, grid, columns: columnsDone,
                                     column: placed.items[i].column, row: placed.items[i].row, rowTracks: rowTracks)
        }, stretchAuto: Self.stretchesTracks(grid.alignContent), minSize: minSize, maxSize: maxSize)
        return s
    }

    /// The border-box height of a grid `width` wide whose parent does not fix its height:
    /// its rows' total with percentages as `auto`, within its min and max heights.
    func gridIntrinsicHeight(_ node: NodeID, _ grid: GridContainerStyle, width: Double, bounds: NodeBounds) -> Double {
        let pb = bounds.insets
        let innerW = Swift.max(0, width - pb.horizontal)
        let columnGap = Self.gridGap(grid.columnGap, innerW)
        let (columns, rows, placed) = gridPlacement(node, grid, innerW: innerW, innerH: nil,
                                                     columnGap: columnGap, rowGap: 0, bounds: bounds)
        var colSizing = GridTrackSizing(tracks: gridTracks(columns, before: placed.columnsBefore, count: placed.columnCount,
                                                           implicit: grid.autoColumns, basis: innerW,
                                                           spans: placed.items.map(\.column)),
                                        gap: columnGap, mode: .definite(innerW))
        colSizing.run(spans: placed.items.map(\.column), contribution: { i in
            self.gridColumnContribution(placed.items[i].node, colSizing: nil, span: placed.items[i].column)
        }, stretchAuto: Self.stretchesTracks(grid.justifyContent), minSize: innerW, maxSize: innerW)
        let minInner = Swift.max(0, bounds.minHeight - pb.vertical)
        let maxInner = Swift.max(minInner, bounds.maxHeight - pb.vertical)
        let rowSizing = gridRowSizing(grid, placed: placed, rows: rows, columns: colSizing.tracks, columnGap: columnGap,
                                      rowGap: Self.gridGap(grid.rowGap, nil), mode: .indefinite, basis: nil,
                                      minSize: minInner, maxSize: maxInner)
        return bounds.clampHeight(rowSizing.total + pb.vertical)
    }

    /// The explicit grid in both axes and the items' areas in it.
    func gridPlacement(_ node: NodeID, _ grid: GridContainerStyle, innerW: Double?, innerH: Double?,
                       columnGap: Double, rowGap: Double, bounds: NodeBounds)
        -> (GridExplicitAxis, GridExplicitAxis, GridPlacementResult) {
        let pb = bounds.insets
        let maxW = bounds.maxWidth.isFinite ? Swift.max(0, bounds.maxWidth - pb.horizontal) : nil
        let maxH = bounds.maxHeight.isFinite ? Swift.max(0, bounds.maxHeight - pb.vertical) : nil
        let columns = GridExplicitAxis(grid.columns, areaCount: grid.areaColumns, implicit: grid.autoColumns,
                                       areas: grid.areas, columns: true, size: innerW, maxSize: maxW,
                                       minSize: Swift.max(0, bounds.minWidth - pb.horizontal), gap: columnGap)
        let rows = GridExplicitAxis(grid.rows, areaCount: grid.areaRows, implicit: grid.autoRows,
                                    areas: grid.areas, columns: false, size: innerH, maxSize: maxH,
                                    minSize: Swift.max(0, bounds.minHeight - pb.vertical), gap: rowGap)
        return (columns, rows, placeGridItems(node, grid, columns: columns, rows: rows))
    }

    /// The border-box width of a grid whose parent does not fix it: its columns' total
    /// under the constraint (fit-content in a definite space), within its min and max.
    func gridIntrinsicWidth(_ node: NodeID, _ grid: GridContainerStyle, availableWidth: AvailableSpace,
                            bounds: NodeBounds) -> Double {
        let pb = bounds.insets
        let gap = Self.gridGap(grid.columnGap, nil)
        let (columns, _, placed) = gridPlacement(node, grid, innerW: nil, innerH: nil, columnGap: gap,
                                                 rowGap: 0, bounds: bounds)
        let spans = placed.items.map(\.column)
        let tracks = gridTracks(columns, before: placed.columnsBefore, count: placed.columnCount,
                                implicit: grid.autoColumns, basis: nil, spans: spans)
        let minInner = Swift.max(0, bounds.minWidth - pb.horizontal)
        let maxInner = Swift.max(minInner, bounds.maxWidth - pb.horizontal)
        func total(_ mode: GridSizingMode) -> Double {
            var s = GridTrackSizing(tracks: tracks, gap: gap, mode: mode)
            s.run(spans: spans, contribution: { i in
                self.gridColumnContribution(placed.items[i].node, colSizing: nil, span: spans[i])
            }, stretchAuto: false, minSize: minInner, maxSize: maxInner)
            return s.total
        }
        let inner: Double
        switch availableWidth {
        case .minContent: inner = total(.minContent)
        case .maxContent: inner = total(.maxContent)
        case .definite(let a):
            let most = total(.maxContent)
            let room = Swift.max(0, a - pb.horizontal)
            inner = most <= room ? most : Swift.max(total(.minContent), room)
        }
        return bounds.clampWidth(inner + pb.horizontal)
    }

    /// Every track of one axis: implicit ones before, the explicit ones, implicit ones after;
    /// empty `auto-fit` tracks collapsed.
    func gridTracks(_ axis: GridExplicitAxis, before: Int, count: Int, implicit: [GridTrackSize],
                    basis: Double?, spans: [Range<Int>]) -> [GridTrack] {
        let n = implicit.count
        var tracks: [GridTrack] = []
        tracks.reserveCapacity(count)
        for i in 0..<count {
            let e = i - before
            let size: GridTrackSize
            if e < 0 {
                size = implicit[((n - (-e % n)) % n)]
            } else if e < axis.count {
                size = axis.tracks[e]
            } else {
                size = implicit[(e - axis.count) % n]
            }
            tracks.append(GridTrack(size, basis: basis))
        }
        if let fit = axis.autoFit {
            var used = [Bool](repeating: false, count: count)
            for s in spans { for t in s where t < count { used[t] = true } }
            for e in fit where e + before < count && !used[e + before] { tracks[e + before].collapsed = true }
        }
        return tracks
    }

    static func gridGap(_ d: Dimension, _ basis: Double?) -> Double {
        switch d {
        case .points(let v): return Swift.max(0, v)
        case .percent(let p): return Swift.max(0, (basis ?? 0) * p / 100)
        default: return 0
        }
    }

    /// `normal` and `stretch` content alignment stretch `auto` tracks (§12.8).
    static func stretchesTracks(_ a: AlignContent) -> Bool { a == .normal || a == .stretch }

    // MARK: §11.5 The items' contributions

    /// An item's contributions to the columns it spans (outer widths).
    func gridColumnContribution(_ c: NodeID, colSizing: GridTrackSizing?, span: Range<Int>) -> GridContribution {
        let m = margins(c, parentWidth: nil)
        func width(_ a: AvailableSpace) -> Double {
            compute(c, knownWidth: nil, knownHeight: nil, parentWidth: nil, parentHeight: nil,
                    availableWidth: a, availableHeight: .maxContent, perform: false, widthOnly: true).width
        }
        let minC = width(.minContent) + m.horizontal
        let maxC = width(.maxContent) + m.horizontal
        let sp = style(c)
        var minimum: Double
        var automatic = false
        switch sp.pointee.minWidth {
        case .auto:
            minimum = sp.pointee.clipsContent ? m.horizontal : minC
            automatic = true
        case .points(let v):
            // (With a width of its own in points, its min-content contribution, as Chromium takes it.)
            if case .points = sp.pointee.width { minimum = minC }
            else { minimum = Swift.max(v, insets(c, parentWidth: nil).horizontal) + m.horizontal }
        case .minContent: minimum = minC
        case .maxContent: minimum = maxC
        case .fitContent: minimum = minC
        case .percent: minimum = insets(c, parentWidth: nil).horizontal + m.horizontal
        }
        return GridContribution(minContent: minC, maxContent: Swift.max(maxC, minC), minimum: minimum,
                                automatic: automatic, margins: m.horizontal, clips: sp.pointee.clipsContent)
    }

    /// An item's contributions to the rows it spans: its outer height at the width its
    /// columns give it.
    func gridRowContribution(_ c: NodeID, _ grid: GridContainerStyle, columns: GridTrackSizing,
                             column: Range<Int>, row: Range<Int>, rowTracks: [GridTrack]) -> GridContribution {
        let aw = columns.tracks[column].reduce(0) { $0 + $1.base } + columns.gaps(column)
        let w = gridItemWidth(c, grid, areaWidth: aw)
        let m = margins(c, parentWidth: aw)
        let h = compute(c, knownWidth: w, knownHeight: nil, parentWidth: aw, parentHeight: nil,
                        availableWidth: .definite(w), availableHeight: .maxContent, perform: false).height + m.vertical
        let sp = style(c)
        var minimum: Double
        var automatic = false
        switch sp.pointee.minHeight {
        case .auto:
            minimum = sp.pointee.clipsContent ? m.vertical : h
            automatic = true
        case .points(let v):
            if case .points = sp.pointee.height { minimum = h }
            else { minimum = Swift.max(v, insets(c, parentWidth: aw).vertical) + m.vertical }
        default:
            if case .points = sp.pointee.height { minimum = h }
            else { minimum = insets(c, parentWidth: aw).vertical + m.vertical }
        }
        return GridContribution(minContent: h, maxContent: h, minimum: minimum, automatic: automatic, margins: m.vertical,
                                clips: sp.pointee.clipsContent)
    }

    // MARK: §10 Alignment

    /// The alignment of an item along an axis; `normal` is `stretch`, except across (the
    /// block axis) for an item with an aspect ratio, which is sized as a block is: its width
    /// fills the area (unless its height gives it through the ratio) and its height comes
    /// from the ratio, at the start (CSS Grid §6.2); `baseline` aligns as `start`.
    func gridSelfAlign(_ c: NodeID, horizontal: Bool, grid: GridContainerStyle) -> Align {
        let sp = style(c)
        let a = horizontal ? (sp.pointee.justifySelf ?? grid.justifyItems) : (sp.pointee.alignSelf ?? grid.alignItems)
        guard let a else {
            guard sp.pointee.aspectRatio != nil else { return .stretch }
            if horizontal && sp.pointee.height == .auto { return .stretch }
            return .start
        }
        return a == .baseline ? .start : a
    }

    /// The border-box width of an item in an area `areaWidth` wide: its own, stretched to
    /// the area, or fit-content in it.
    func gridItemWidth(_ c: NodeID, _ grid: GridContainerStyle, areaWidth aw: Double) -> Double {
        let sp = style(c)
        let m = margins(c, parentWidth: aw)
        let room = Swift.max(0, aw - m.horizontal)
        let autoMargins = sp.pointee.margin.left == .auto || sp.pointee.margin.right == .auto
        if gridSelfAlign(c, horizontal: true, grid: grid) == .stretch && !autoMargins && sp.pointee.width == .auto,
           var stretched = styledOr(c, .horizontal, aw, room) {
            // (Keyword min and max widths, which `styledOr` leaves, clamp it too.)
            if sp.pointee.maxWidth.isIntrinsicKeyword {
                stretched = Swift.min(stretched, sizeBound(c, sp.pointee.maxWidth, aw, nil, .definite(room), default: .infinity))
            }
            if sp.pointee.minWidth.isIntrinsicKeyword {
                stretched = Swift.max(stretched, sizeBound(c, sp.pointee.minWidth, aw, nil, .definite(room), default: 0))
            }
            return Swift.max(stretched, insets(c, parentWidth: aw).horizontal)
        }
        func width(_ a: AvailableSpace) -> Double {
            compute(c, knownWidth: nil, knownHeight: nil, parentWidth: aw, parentHeight: nil,
                    availableWidth: a, availableHeight: .maxContent, perform: false, widthOnly: true).width
        }
        if resolve(sp.pointee.width, aw) != nil || sp.pointee.width.isIntrinsicKeyword {
            return width(.definite(room))
        }
        let most = width(.maxContent)
        return most <= room ? most : Swift.max(width(.minContent), room)
    }

    /// The border-box height of an item `width` wide in an area `areaHeight` tall.
    func gridItemHeight(_ c: NodeID, _ grid: GridContainerStyle, width: Double, areaWidth aw: Double,
                        areaHeight ah: Double) -> Double {
        let sp = style(c)
        let m = margins(c, parentWidth: aw)
        let autoMargins = sp.pointee.margin.top == .auto || sp.pointee.margin.bottom == .auto
        if gridSelfAlign(c, horizontal: false, grid: grid) == .stretch && !autoMargins && sp.pointee.height == .auto,
           var stretched = styledOr(c, .vertical, ah, Swift.max(0, ah - m.vertical)) {
            // (A keyword min or max height is the content's height at that width.)
            if sp.pointee.maxHeight.isIntrinsicKeyword || sp.pointee.minHeight.isIntrinsicKeyword {
                let content = compute(c, knownWidth: width, knownHeight: nil, parentWidth: aw, parentHeight: ah,
                                      availableWidth: .definite(width), availableHeight: .maxContent, perform: false,
                                      contentSize: .vertical).height
                if sp.pointee.maxHeight.isIntrinsicKeyword { stretched = Swift.min(stretched, content) }
                if sp.pointee.minHeight.isIntrinsicKeyword { stretched = Swift.max(stretched, content) }
            }
            return Swift.max(stretched, insets(c, parentWidth: aw).vertical)
        }
        return compute(c, knownWidth: width, knownHeight: nil, parentWidth: aw, parentHeight: ah,
                       availableWidth: .definite(width), availableHeight: .definite(Swift.max(0, ah - m.vertical)),
                       perform: false).height
    }

    /// Where an item's margin box starts in its area along an axis (§10.3–10.4): auto
    /// margins take the free space first, then the item's alignment places it.
    func gridSelfOffset(_ c: NodeID, horizontal: Bool, grid: GridContainerStyle, free: Double,
                        startMargin: Double, endMargin: Double) -> Double {
        let sp = style(c)
        let rtlItem = horizontal && tree.parents[c].map { rtl[$0] } == true
        let (ms, me) = horizontal
            ? (rtlItem ? (sp.pointee.margin.right, sp.pointee.margin.left) : (sp.pointee.margin.left, sp.pointee.margin.right))
            : (sp.pointee.margin.top, sp.pointee.margin.bottom)
        if ms == .auto || me == .auto {
            let room = Swift.max(0, free)
            if ms == .auto && me == .auto { return room / 2 + startMargin }
            return (ms == .auto ? room : 0) + startMargin
        }
        switch gridSelfAlign(c, horizontal: horizontal, grid: grid) {
        case .start, .stretch, .baseline: return startMargin
        case .center: return startMargin + free / 2
        case .end: return startMargin + free
        }
    }

    /// Where each track starts and how long it is, from the content box's start edge, with
    /// the free space distributed by `content` (§10.5); `positions.count == tracks.count`.
    static func gridLinePositions(_ tracks: [GridTrack], gap: Double, space: Double,
                                  content: AlignContent) -> [(start: Double, size: Double)] {
        var used = 0.0, open = 0
        for t in tracks where !t.collapsed { used += t.base; open += 1 }
        used += Double(Swift.max(open - 1, 0)) * gap
        let free = space - used
        var offset = 0.0, extra = 0.0
        switch content {
        case .normal, .start, .stretch: break
        case .center: offset = free / 2
        case .end: offset = free
        case .spaceBetween:
            if free > 0 && open > 1 { extra = free / Double(open - 1) }
        case .spaceAround:
            if free > 0 && open > 0 { extra = free / Double(open); offset = extra / 2 }
        case .spaceEvenly:
            if free > 0 && open > 0 { extra = free / Double(open + 1); offset = extra }
        }
        var lines: [(start: Double, size: Double)] = []
        lines.reserveCapacity(tracks.count)
        var pos = offset
        var first = true
        for t in tracks {
            if t.collapsed { lines.append((pos, 0)); continue }
            if !first { pos += gap + extra }
            first = false
            lines.append((pos, t.base))
            pos += t.base
        }
        return lines
    }

    /// The start and size of the area over `span`.
    static func gridArea(_ lines: [(start: Double, size: Double)], _ span: Range<Int>) -> (Double, Double) {
        guard !lines.isEmpty, !span.isEmpty else { return (0, 0) }
        let lo = Swift.min(span.lowerBound, lines.count - 1), hi = Swift.min(span.upperBound, lines.count) - 1
        let start = lines[lo].start
        let end = lines[hi].start + lines[hi].size
        return (start, Swift.max(0, end - start))
    }
}
