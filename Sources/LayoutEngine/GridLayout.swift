// `grid`: a CSS grid container (CSS Grid Level 2), in the steps of §11
// (the grid sizing algorithm): place the items (§8, GridItemPlacement.swift), size the
// columns, then the rows with the columns known (§12, GridTrackSizing.swift), and both
// again once when an item's width depends on its row (an aspect ratio), then align
// the tracks in the content box (§10.5, `justify-content`/`align-content`) and each item
// in its grid area (§10.3–10.4, `justify-self`/`align-self`); absolutely positioned
// children take their grid area as containing block (§9).
//
// A grid whose width is not fixed by its parent is as wide as its columns need under the
// constraint it is measured in (min-content, max-content, or fit-content in a definite
// space), then laid out at that width, as Chromium sizes a shrink-to-fit grid.
//
// Both axes are written once where the steps are the same (GridAxis.swift).
//
// Items aligned `baseline` down their areas share their start row's baseline
// (GridBaselines.swift). Subgrids (CSS Grid 2 §9) take part through GridSubgrid.swift: their
// items in the track sizing, and the lines of their tracks handed to them before they are
// measured or arranged.
//
// Deviations (documented in docs/spec.md): no baseline alignment across
// (`justify-self=baseline`), no `masonry`.

extension LayoutContext {
    /// The style of a grid container without one: one implicit track per item.
    static let emptyGridStyle = GridContainerStyle()

    func layoutGrid(_ node: NodeID, width: Double?, height: Double?,
                    availableWidth: AvailableSpace, availableHeight: AvailableSpace,
                    bounds: NodeBounds, perform: Bool, heightFromContent: Bool = false) -> Size {
        let grid = style(node).pointee.grid ?? Self.emptyGridStyle
        let pb = bounds.insets
        guard let width else {
            let w = gridIntrinsicWidth(node, grid, availableWidth: availableWidth, height: height, bounds: bounds)
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
        let outerH = height
        let size = Size(width: width, height: outerH)
        // (A measurement needs no tracks: both sizes are known now.)
        guard perform else { return size }
        let innerH = Swift.max(0, height - pb.vertical)
        let columnGap = Self.gridGap(grid.columnGap, innerW)
        let rowGap = Self.gridGap(grid.rowGap, innerH)

        // §11 step 1 (§7, §8): the explicit grid and the items' areas.
        // (A height from the content leaves `repeat(auto-fill, …)` rows as many as without it.)
        let repeatH = heightFromContent || !bounds.definiteHeight ? nil : innerH
        let (columns, rows, placed) = gridPlacement(node, grid, innerW: innerW, innerH: repeatH,
                                                     columnGap: columnGap, rowGap: rowGap, bounds: bounds)

        // Steps 2–3 (and §11.1's second pass): the columns in the width the parent gave,
        // then the rows with each item's width known.
        let (cols, rowTracks) = gridSizeTracks(grid, placed, columns: columns, rows: rows,
                                               width: .definite(innerW), height: .definite(innerH),
                                               columnGap: columnGap, rowGap: rowGap,
                                               rowBounds: (innerH, innerH), maximizeRows: heightFromContent,
                                               firstRowsIndefinite: heightFromContent || !bounds.definiteHeight)

        // Step 4: the tracks in the content box, then every item in its area.
        let ih = Swift.max(0, outerH - pb.vertical)
        let colLines = columns.inherited?.lines
            ?? Self.gridLinePositions(cols, gap: columnGap, space: innerW, content: grid.justifyContent)
        let rowLines = rows.inherited?.lines
            ?? Self.gridLinePositions(rowTracks, gap: rowGap, space: ih, content: grid.alignContent)
        let isRTL = rtl[node]
        // (A subgrid's items sit in the lines its parent handed it, past its edges' extras.)
        func itemArea(_ item: GridItem) -> (x: Double, width: Double, y: Double, height: Double) {
            let (ax, aw) = columns.inherited?.area(item.column) ?? Self.gridArea(colLines, item.column)
            let (ay, ah) = rows.inherited?.area(item.row) ?? Self.gridArea(rowLines, item.row)
            return (ax, aw, ay, ah)
        }
        func itemSize(_ item: GridItem) -> (width: Double, height: Double, areaWidth: Double, areaHeight: Double) {
            let (_, aw, _, ah) = itemArea(item)
            let w = gridItemSize(item.node, grid, .horizontal, area: aw, areaWidth: aw, areaHeight: ah)
            return (w, gridItemSize(item.node, grid, .vertical, area: ah, areaWidth: aw, width: w), aw, ah)
        }
        // The items aligned by their baselines, at their sizes in their areas (§10.6).
        let baselineAlignment = gridBaselineAlignment(grid, placed, rows: rowTracks) { i in
            let s = itemSize(placed.items[i])
            return (Size(width: s.width, height: s.height), s.areaWidth)
        }
        var firstRowBaseline = Double.nan
        var firstRowColumn = Int.max
        for (i, item) in placed.items.enumerated() {
            let c = item.node
            let (ax, _, ay, _) = itemArea(item)
            let (w, h, aw, ah) = itemSize(item)
            let m = margins(c, parentWidth: aw)
            let x = ax + gridSelfOffset(c, .horizontal, grid: grid, free: aw - w - m.horizontal,
                                        startMargin: isRTL ? m.right : m.left)
            let y = ay + gridSelfOffset(c, .vertical, grid: grid, free: ah - h - m.vertical, startMargin: m.top)
                + (baselineAlignment?.shims[i] ?? 0)
            let px = isRTL ? pb.left + innerW - x - w : pb.left + x
            // (A height from the item's content is not definite for the percentages inside it.)
            let sp = style(c)
            let definite = heightIsDefinite(c, fixedByParent: gridSelfAlign(c, .vertical, grid: grid) == .stretch
                                                && sp.pointee.height == .auto && sp.pointee.margin.top != .auto
                                                && sp.pointee.margin.bottom != .auto,
                                            ownHeight: resolve(sp.pointee.height, ah) != nil)
                || isSubgridded(c, .vertical)
            passTracks(to: c, column: item.column, row: item.row, colLines: colLines, rowLines: rowLines)
            _ = compute(c, knownWidth: w, knownHeight: h, parentWidth: aw, parentHeight: ah,
                        availableWidth: .definite(w), availableHeight: .definite(h), perform: true,
                        definiteHeight: definite)
            frames[c] = relativeOffset(c, Rect(x: px, y: pb.top + y, width: w, height: h), parentWidth: aw, parentHeight: ah)
            // The grid's baseline (§10.7): its first row's shared baseline when items there
            // are aligned by their baselines, else its first row's first item's.
            if item.row.lowerBound == 0, let shared = baselineAlignment?.rowBaselines[0] {
                firstRowBaseline = pb.top + ay + shared
            } else if item.row.lowerBound == 0, item.column.lowerBound < firstRowColumn {
                firstRowColumn = item.column.lowerBound
                firstRowBaseline = pb.top + y + (itemBaseline(c, Size(width: w, height: h), parentWidth: aw) ?? h)
            }
        }
        baselines[node] = firstRowBaseline
        layoutGridAbsoluteChildren(node, grid, columns: columns, rows: rows, placed: placed,
                                   colLines: colLines, rowLines: rowLines, size: size, insets: pb)
        return size
    }

    /// §11.1 The grid sizing algorithm, steps 1–4: the columns under `width`, then the
    /// rows under `height` with the columns known; then, when an item's width depends on
    /// the height of its area (an aspect ratio), the columns again with the rows known and
    /// the rows again with those columns (once, as the spec says).
    func gridSizeTracks(_ grid: GridContainerStyle, _ placed: GridPlacementResult, columns: GridExplicitAxis,
                        rows: GridExplicitAxis, width: GridSizingMode, height: GridSizingMode,
                        columnGap: Double, rowGap: Double, columnBounds: (min: Double, max: Double)? = nil,
                        rowBounds: (min: Double, max: Double), maximizeRows: Bool = false,
                        firstRowsIndefinite: Bool = false) -> (columns: [GridTrack], rows: [GridTrack]) {
        let innerW: Double? = if case .definite(let w) = width { w } else { nil }
        let columnBounds = columnBounds ?? (innerW ?? 0, innerW ?? .infinity)
        var cols = gridColumnSizing(grid, placed, columns: columns, mode: width, basis: innerW, gap: columnGap,
                                    bounds: columnBounds, rowLines: nil).tracks
        let dependsOnRows = placed.items.contains(where: { gridWidthDependsOnRows($0.node, grid) })
        // (In a height that is not definite, from the rows or the parent, the rows are sized
        // first as in an indefinite one, and the columns sized again at those rows, as
        // Chromium does.)
        let firstRows: GridSizingMode = dependsOnRows && firstRowsIndefinite ? .indefinite : height
        var rowSizing = gridRowSizing(grid, placed, rows: rows, columns: cols, columnGap: columnGap, rowGap: rowGap,
                                      mode: firstRows, bounds: rowBounds,
                                      maximizeToLimits: maximizeRows && !(dependsOnRows && firstRowsIndefinite),
                                      inheritedColumns: columns.inherited)
        if dependsOnRows {
            let space: Double = if case .definite(let h) = firstRows { h } else { rowSizing.total }
            let rowLines = Self.gridLinePositions(rowSizing.tracks, gap: rowGap, space: space, content: grid.alignContent)
            cols = gridColumnSizing(grid, placed, columns: columns, mode: width, basis: innerW, gap: columnGap,
                                    bounds: columnBounds, rowLines: rowLines).tracks
            rowSizing = gridRowSizing(grid, placed, rows: rows, columns: cols, columnGap: columnGap, rowGap: rowGap,
                                      mode: height, bounds: rowBounds, maximizeToLimits: maximizeRows,
                                      inheritedColumns: columns.inherited)
        }
        return (cols, rowSizing.tracks)
    }

    /// The track sizing algorithm (§12) over the columns; with `rowLines` (the rows
    /// sized), the items whose widths depend on their areas' heights are measured at them.
    func gridColumnSizing(_ grid: GridContainerStyle, _ placed: GridPlacementResult, columns: GridExplicitAxis,
                          mode: GridSizingMode, basis: Double?, gap: Double, bounds: (min: Double, max: Double),
                          rowLines: [(start: Double, size: Double)]?) -> GridTrackSizing {
        if let inherited = Self.inheritedSizing(columns, mode: mode) { return inherited }
        let sizingItems = subgrids.isEmpty ? nil : gridSizingItems(placed, grid, .horizontal, inheritedColumns: columns.inherited)
        let spans = sizingItems?.map(\.span) ?? placed.items.map(\.column)
        var s = GridTrackSizing(tracks: gridTracks(columns, before: placed.columnsBefore, count: placed.columnCount,
                                                   implicit: grid.autoColumns, basis: basis, spans: spans),
                                gap: gap, mode: mode)
        let stretch: Bool = if case .definite = mode { Self.stretchesTracks(grid.justifyContent) } else { false }
        s.run(spans: spans, contribution: { i in
            if let sizingItems { return self.gridSizingContribution(sizingItems[i], .horizontal) }
            let c = placed.items[i].node
            let ah = rowLines.flatMap { lines in
                self.gridWidthDependsOnRows(c, grid) ? Self.gridArea(lines, placed.items[i].row).1 : nil
            }
            return self.gridContribution(c, grid, axis: .horizontal, areaWidth: nil, areaHeight: ah)
        }, stretchAuto: stretch, minSize: bounds.min, maxSize: bounds.max)
        return s
    }

    /// The track sizing algorithm (§12) over the rows, with the columns sized.
    func gridRowSizing(_ grid: GridContainerStyle, _ placed: GridPlacementResult, rows: GridExplicitAxis,
                       columns cols: [GridTrack], columnGap: Double, rowGap: Double, mode: GridSizingMode,
                       bounds: (min: Double, max: Double), maximizeToLimits: Bool = false,
                       inheritedColumns: SubgridAxis? = nil) -> GridTrackSizing {
        if let inherited = Self.inheritedSizing(rows, mode: mode) { return inherited }
        let basis: Double? = if case .definite(let h) = mode { h } else { nil }
        let rowTracks = gridTracks(rows, before: placed.rowsBefore, count: placed.rowCount,
                                   implicit: grid.autoRows, basis: basis, spans: placed.items.map(\.row))
        let columnsDone = GridTrackSizing(tracks: cols, gap: columnGap, mode: .maxContent)
        let sizingItems = subgrids.isEmpty ? nil : gridSizingItems(placed, grid, .vertical,
                                          columnLines: inheritedColumns?.lines
                                              ?? Self.gridLinePositions(cols, gap: columnGap, space: columnsDone.total, content: .start),
                                          inheritedColumns: inheritedColumns, inheritedRows: rows.inherited)
        var s = GridTrackSizing(tracks: rowTracks, gap: rowGap, mode: mode)
        s.maximizeToLimits = maximizeToLimits
        func areaWidth(_ i: Int) -> Double {
            let column = placed.items[i].column
            return columnsDone.tracks[column].reduce(0) { $0 + $1.base } + columnsDone.gaps(column)
        }
        // §12.5 step 1: the shims of the baseline-aligned items, at their contents' heights.
        // (With subgrids the sizing items are theirs, flattened; no shim applies to them.)
        let baselines = sizingItems != nil ? nil : gridBaselineAlignment(grid, placed, rows: rowTracks) { i in
            let aw = areaWidth(i)
            return (self.gridItemContentSize(placed.items[i].node, grid, areaWidth: aw), aw)
        }
        s.run(spans: sizingItems?.map(\.span) ?? placed.items.map(\.row), contribution: { i in
            if let sizingItems { return self.gridSizingContribution(sizingItems[i], .vertical) }
            return self.gridContribution(placed.items[i].node, grid, axis: .vertical, areaWidth: areaWidth(i),
                                         shim: baselines?.shims[i] ?? 0)
        }, stretchAuto: Self.stretchesTracks(grid.alignContent), minSize: bounds.min, maxSize: bounds.max)
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
        let minInner = Swift.max(0, bounds.minHeight - pb.vertical)
        let maxInner = Swift.max(minInner, bounds.maxHeight - pb.vertical)
        let rowGap = Self.gridGap(grid.rowGap, nil)
        // (The columns, then the rows: the height is fixed there, before the columns are
        // sized again for an item whose width depends on its row; that second pass happens
        // in this height, as Chromium lays a grid out.)
        let cols = gridColumnSizing(grid, placed, columns: columns, mode: .definite(innerW), basis: innerW,
                                    gap: columnGap, bounds: (innerW, innerW), rowLines: nil).tracks
        let total = gridRowSizing(grid, placed, rows: rows, columns: cols, columnGap: columnGap, rowGap: rowGap,
                                  mode: .indefinite, bounds: (minInner, maxInner)).total
        return bounds.clampHeight(total + pb.vertical)
    }

    /// The explicit grid in both axes and the items' areas in it.
    func gridPlacement(_ node: NodeID, _ grid: GridContainerStyle, innerW: Double?, innerH: Double?,
                       columnGap: Double, rowGap: Double, bounds: NodeBounds)
        -> (GridExplicitAxis, GridExplicitAxis, GridPlacementResult) {
        let pb = bounds.insets
        let maxW = bounds.maxWidth.isFinite ? Swift.max(0, bounds.maxWidth - pb.horizontal) : nil
        let maxH = bounds.maxHeight.isFinite ? Swift.max(0, bounds.maxHeight - pb.vertical) : nil
        // (`subgrid` gives no tracks of its own: the parent's, when it is a grid's item.)
        var columns = GridExplicitAxis(grid.columns.subgrid ? GridTrackList() : grid.columns, areaCount: grid.areaColumns,
                                       implicit: grid.autoColumns,
                                       areas: grid.areas, columns: true, size: innerW, maxSize: maxW,
                                       minSize: Swift.max(0, bounds.minWidth - pb.horizontal), gap: columnGap)
        var rows = GridExplicitAxis(grid.rows.subgrid ? GridTrackList() : grid.rows, areaCount: grid.areaRows,
                                    implicit: grid.autoRows,
                                    areas: grid.areas, columns: false, size: innerH, maxSize: maxH,
                                    minSize: Swift.max(0, bounds.minHeight - pb.vertical), gap: rowGap)
        inheritSubgridAxes(node, grid, columns: &columns, rows: &rows)
        let placed = placeGridItems(node, grid, columns: columns, rows: rows)
        registerSubgrids(node, grid, columns: columns, rows: rows, placed: placed, innerW: innerW, innerH: innerH)
        return (columns, rows, placed)
    }

    /// The border-box width of a grid whose parent does not fix it: its columns' total
    /// under the constraint (fit-content in a definite space), within its min and max.
    /// When an item's width depends on its row's height (an aspect ratio), the rows are
    /// sized (in `height` when it is known) and the columns again with the item measured at
    /// its row (§11.1 step 3, as Chromium sizes them for the grid's min- and max-content
    /// widths).
    func gridIntrinsicWidth(_ node: NodeID, _ grid: GridContainerStyle, availableWidth: AvailableSpace,
                            height: Double? = nil, bounds: NodeBounds) -> Double {
        let pb = bounds.insets
        let gap = Self.gridGap(grid.columnGap, nil)
        let innerH = height.map { Swift.max(0, $0 - pb.vertical) }
        let (columns, rows, placed) = gridPlacement(node, grid, innerW: nil, innerH: bounds.definiteHeight ? innerH : nil,
                                                    columnGap: gap, rowGap: 0, bounds: bounds)
        let minInner = Swift.max(0, bounds.minWidth - pb.horizontal)
        let maxInner = Swift.max(minInner, bounds.maxWidth - pb.horizontal)
        let dependsOnRows = placed.items.contains { gridWidthDependsOnRows($0.node, grid) }
        func total(_ mode: GridSizingMode) -> Double {
            if dependsOnRows {
                let minH = Swift.max(0, bounds.minHeight - pb.vertical)
                let rowBounds = innerH.map { ($0, $0) } ?? (minH, Swift.max(minH, bounds.maxHeight - pb.vertical))
                let cols = gridSizeTracks(grid, placed, columns: columns, rows: rows, width: mode,
                                          height: innerH.map { .definite($0) } ?? .indefinite,
                                          columnGap: gap, rowGap: Self.gridGap(grid.rowGap, innerH),
                                          columnBounds: (minInner, maxInner), rowBounds: rowBounds).columns
                return GridTrackSizing(tracks: cols, gap: gap, mode: mode).total
            }
            return gridColumnSizing(grid, placed, columns: columns, mode: mode, basis: nil, gap: gap,
                                    bounds: (minInner, maxInner), rowLines: nil).total
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
                size = implicit[(e - axis.templateCount) % n]
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

    /// An item's contributions to the tracks it spans along `axis` (outer sizes, margins in):
    /// along the columns its min- and max-content widths (at the height of its area when
    /// the rows are known, `areaHeight`, for a width that depends on it); along the rows
    /// its height at the width its columns give it (`areaWidth`), with its baseline shim
    /// (GridBaselines.swift) above it. The minimum contribution
    /// is §6.6's: the outer size with its minimum size as its size when its own size is
    /// `auto` or a percentage, else its min-content contribution (a keyword minimum height
    /// counts as none there, as Chromium sizes the rows).
    func gridContribution(_ c: NodeID, _ grid: GridContainerStyle, axis: PhysicalAxis, areaWidth aw: Double?,
                          areaHeight ah: Double? = nil, shim: Double = 0) -> GridContribution {
        let sp = style(c)
        let m = axis.sum(margins(c, parentWidth: aw))
        let minC: Double, maxC: Double
        switch axis {
        case .horizontal:
            minC = gridItemWidth(c, grid, .minContent, areaWidth: nil, areaHeight: ah) + m
            maxC = Swift.max(gridItemWidth(c, grid, .maxContent, areaWidth: nil, areaHeight: ah) + m, minC)
        case .vertical:
            minC = gridItemContentSize(c, grid, areaWidth: aw ?? 0).height + shim + m
            maxC = minC
        }
        var minimum: Double
        var automatic = false
        let own = axis.size(sp)
        let empty = axis.sum(insets(c, parentWidth: aw)) + m
        switch axis.minSize(sp) {
        case _ where own.isPoints || own.isIntrinsicKeyword:
            minimum = minC
        case .auto:
            minimum = sp.pointee.clipsContent ? empty : minC
            automatic = true
        case .points(let v):
            minimum = Swift.max(v, axis.sum(insets(c, parentWidth: aw))) + m
        case .minContent where axis == .horizontal: minimum = minC
        case .fitContent where axis == .horizontal: minimum = minC
        case .maxContent where axis == .horizontal: minimum = maxC
        default:
            // (A percentage of the area, indefinite while the tracks are sized; and, down, a
            // keyword: Chromium takes the content's height as unknown there.)
            minimum = empty
        }
        return GridContribution(minContent: minC, maxContent: maxC, minimum: minimum,
                                automatic: automatic, emptyOuterSize: empty, clips: sp.pointee.clipsContent)
    }

    /// An item's border-box size in a column area `aw` wide while the rows are sized: its
    /// width in the area, its content's height at that width.
    func gridItemContentSize(_ c: NodeID, _ grid: GridContainerStyle, areaWidth aw: Double) -> Size {
        let w = gridItemSize(c, grid, .horizontal, area: aw, areaWidth: aw)
        let h = compute(c, knownWidth: w, knownHeight: nil, parentWidth: aw, parentHeight: nil,
                        availableWidth: .definite(w), availableHeight: .maxContent, perform: false).height
        return Size(width: w, height: gridKeywordClamped(c, .vertical, h, width: w, areaWidth: aw, room: .infinity))
    }

    /// Whether an item's width may depend on the height of its area: it has an aspect
    /// ratio and takes its height from the area (or a percentage of it), so the columns
    /// are sized again once the rows are known (§11.1 step 3).
    func gridWidthDependsOnRows(_ c: NodeID, _ grid: GridContainerStyle) -> Bool {
        let sp = style(c)
        guard sp.pointee.aspectRatio != nil, !sp.pointee.width.isPoints else { return false }
        return sp.pointee.height.isPercent || gridHeightFromArea(c, grid, area: 0) != nil
    }

    /// The height an item with an aspect ratio takes from its area while its width is
    /// measured (its area's height, margins out, within its min and max heights), when it
    /// has no height of its own and is aligned `normal` or `stretch` down the area; nil
    /// otherwise. (Chromium measures such an item's min- and max-content widths at that
    /// height, so that its column grows to the width the ratio gives.)
    func gridHeightFromArea(_ c: NodeID, _ grid: GridContainerStyle, area: Double, areaWidth: Double? = nil) -> Double? {
        let sp = style(c)
        guard sp.pointee.aspectRatio != nil else { return nil }
        let a = sp.pointee.alignSelf ?? grid.alignItems
        let (ms, me) = PhysicalAxis.vertical.margins(sp)
        guard a == nil || a == .stretch, ms != .auto, me != .auto, sp.pointee.height == .auto else { return nil }
        let room = Swift.max(0, area - margins(c, parentWidth: areaWidth).vertical)
        return styledOr(c, .vertical, area, room)
    }

    // MARK: §10 Alignment

    /// The alignment of an item along an axis; `normal` is `stretch`, except across (the
    /// block axis) for an item with an aspect ratio, which is sized as a block is: its width
    /// fills the area (unless its height gives it through the ratio) and its height comes
    /// from the ratio, at the start (CSS Grid §6.2); `baseline` aligns as `start`, its shim
    /// added by the caller (GridBaselines.swift).
    /// (`heightKnown`: whether the area's height is, for a percentage height.)
    func gridSelfAlign(_ c: NodeID, _ axis: PhysicalAxis, grid: GridContainerStyle, heightKnown: Bool = true) -> Align {
        let sp = style(c)
        let a = axis == .horizontal ? (sp.pointee.justifySelf ?? grid.justifyItems) : (sp.pointee.alignSelf ?? grid.alignItems)
        guard let a else {
            guard sp.pointee.aspectRatio != nil else { return .stretch }
            // (Across, unless its height is its own or stretched explicitly: then its width
            // comes from that height through the ratio, as Chromium sizes it.)
            // (A percentage of a height not known yet is `auto`.)
            let h = sp.pointee.height
            // (Stretched down explicitly, it stretches across too while its row is not known.)
            if axis == .horizontal && (h == .auto || h.isIntrinsicKeyword || (h.isPercent && !heightKnown))
                && ((sp.pointee.alignSelf ?? grid.alignItems) != .stretch || !heightKnown) { return .stretch }
            return .start
        }
        return a == .baseline ? .start : a
    }

    /// The border-box size of an item stretched along `axis` to an area `area` long (its
    /// margins out, within its min and max sizes), or nil when it is not stretched: it has
    /// a size of its own, an `auto` margin, or another alignment.
    /// (`width` is the item's, for a keyword min or max height; nil while it is not known.)
    func gridStretchedSize(_ c: NodeID, _ grid: GridContainerStyle, _ axis: PhysicalAxis, area: Double,
                           areaWidth aw: Double?, width: Double? = nil, heightKnown: Bool = true,
                           areaHeight: Double? = nil) -> Double? {
        let sp = style(c)
        let (ms, me) = axis.margins(sp)
        guard gridSelfAlign(c, axis, grid: grid, heightKnown: heightKnown) == .stretch, ms != .auto, me != .auto, axis.size(sp) == .auto else { return nil }
        let room = Swift.max(0, area - axis.sum(margins(c, parentWidth: aw)))
        // (A spacer is not stretched: an empty node outside a stack.)
        guard var stretched = styledOr(c, axis, area, room) else { return nil }
        if axis == .horizontal, let r = sp.pointee.aspectRatio, sp.pointee.height == .auto || sp.pointee.height.isIntrinsicKeyword {
            // (Within its min and max heights through the ratio, CSS Sizing 4 §5.2.1; their
            // percentages of its area's height once that is known.)
            stretched = clamp(stretched, min: resolve(sp.pointee.minHeight, areaHeight).map { $0 * r } ?? -.infinity,
                              max: resolve(sp.pointee.maxHeight, areaHeight).map { $0 * r } ?? .infinity, floor: -.infinity)
        }
        let clamped = axis == .vertical && width == nil ? stretched
            : gridKeywordClamped(c, axis, stretched, width: width ?? 0, areaWidth: aw ?? area, room: room)
        return Swift.max(clamped, axis.sum(insets(c, parentWidth: aw)))
    }

    /// The border-box size of an item along `axis` in an area `area` long: stretched to
    /// it, its own, or its content's (fit-content in the area across; at `width` down).
    /// (`areaHeight`, across: the height an item with a ratio may take its width from.)
    func gridItemSize(_ c: NodeID, _ grid: GridContainerStyle, _ axis: PhysicalAxis, area: Double,
                      areaWidth aw: Double, areaHeight: Double? = nil, width: Double = 0) -> Double {
        if let s = subgridStretchedSize(c, axis, area: area, areaWidth: aw) { return s }
        if let stretched = gridStretchedSize(c, grid, axis, area: area, areaWidth: aw, width: width,
                                             heightKnown: axis == .vertical || areaHeight != nil,
                                             areaHeight: areaHeight) { return stretched }
        let sp = style(c)
        let room = Swift.max(0, area - axis.sum(margins(c, parentWidth: aw)))
        switch axis {
        case .horizontal:
            func width(_ a: AvailableSpace) -> Double {
                gridItemWidth(c, grid, a, areaWidth: aw, areaHeight: areaHeight)
            }
            if resolve(sp.pointee.width, aw) != nil || sp.pointee.width.isIntrinsicKeyword {
                return width(.definite(room))
            }
            let most = width(.maxContent)
            return most <= room ? most : Swift.max(width(.minContent), room)
        case .vertical:
            let h = compute(c, knownWidth: width, knownHeight: nil, parentWidth: aw, parentHeight: area,
                            availableWidth: .definite(width), availableHeight: .definite(room), perform: false).height
            return gridKeywordClamped(c, .vertical, h, width: width, areaWidth: aw, room: room)
        }
    }

    /// The border-box width of an item under `constraint`, at the height it takes from its
    /// area when it has a ratio and that height is known (`gridHeightFromArea`).
    func gridItemWidth(_ c: NodeID, _ grid: GridContainerStyle, _ constraint: AvailableSpace, areaWidth: Double?,
                       areaHeight: Double?) -> Double {
        let known = areaHeight.flatMap { gridHeightFromArea(c, grid, area: $0, areaWidth: areaWidth) }
        let sp = style(c)
        if let known, areaWidth != nil, let r = sp.pointee.aspectRatio, sp.pointee.width == .auto {
            // (In its area, through the ratio whatever the content, as Chromium sizes it; its
            // contributions keep their content's minimum.)
            return clamp(known * r, min: resolve(sp.pointee.minWidth, areaWidth) ?? 0,
                         max: resolve(sp.pointee.maxWidth, areaWidth) ?? .infinity,
                         floor: insets(c, parentWidth: areaWidth).horizontal)
        }
        return compute(c, knownWidth: nil, knownHeight: known, parentWidth: areaWidth, parentHeight: areaHeight,
                       availableWidth: constraint, availableHeight: areaHeight.map { .definite($0) } ?? .maxContent,
                       perform: false, widthOnly: true).width
    }

    /// `size` within the item's `min-content`, `max-content` or `fit-content` min and max
    /// sizes along `axis`, which `compute` leaves to its caller: across, its content's
    /// width under that constraint (`room` for fit-content); down, its content's height
    /// at `width`.
    func gridKeywordClamped(_ c: NodeID, _ axis: PhysicalAxis, _ size: Double, width: Double, areaWidth aw: Double,
                            room: Double) -> Double {
        let sp = style(c)
        let lo = axis.minSize(sp), hi = axis.maxSize(sp)
        guard lo.isIntrinsicKeyword || hi.isIntrinsicKeyword else { return size }
        // (Both keywords down are the one measurement, the second from the cache.)
        func content(_ d: Dimension) -> Double {
            switch axis {
            case .horizontal:
                return sizeBound(c, d, aw, nil, room.isFinite ? .definite(room) : .maxContent, default: size)
            case .vertical:
                return compute(c, knownWidth: width, knownHeight: nil, parentWidth: aw, parentHeight: nil,
                               availableWidth: .definite(width), availableHeight: .maxContent, perform: false,
                               contentSize: .vertical).height
            }
        }
        var v = size
        if hi.isIntrinsicKeyword { v = Swift.min(v, content(hi)) }
        if lo.isIntrinsicKeyword { v = Swift.max(v, content(lo)) }
        return v
    }

    /// Where an item's margin box starts in its area along an axis (§10.3–10.4): auto
    /// margins take the free space first, then the item's alignment places it.
    func gridSelfOffset(_ c: NodeID, _ axis: PhysicalAxis, grid: GridContainerStyle, free: Double,
                        startMargin: Double) -> Double {
        if isSubgridded(c, axis) { return startMargin }
        let sp = style(c)
        let rtlItem = axis == .horizontal && tree.parents[c].map { rtl[$0] } == true
        let (l, r) = axis.margins(sp)
        let (ms, me) = rtlItem ? (r, l) : (l, r)
        if ms == .auto || me == .auto {
            let room = Swift.max(0, free)
            if ms == .auto && me == .auto { return room / 2 + startMargin }
            return (ms == .auto ? room : 0) + startMargin
        }
        return startMargin + Self.alignOffset(gridSelfAlign(c, axis, grid: grid), free: free)
    }

    /// Where each track starts and how long it is, from the content box's start edge, with
    /// the free space distributed by `content` (§10.5); `positions.count == tracks.count`.
    /// A collapsed track (an empty `auto-fit` repetition, §7.2.3.2) takes no room and its
    /// gutters collapse into the one beside the used track before it; as a start line it
    /// lies after that gutter (where a used track after it would start), as an end line
    /// before it (where that used track ends), as Chromium places absolute children on its
    /// lines: its `start` is the former and `start + size` the latter (so after a used
    /// track its `size` is minus that gutter; no in-flow item is ever in it).
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
            if t.collapsed {
                lines.append(first ? (pos, 0) : (pos + gap + extra, -(gap + extra)))
                continue
            }
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
