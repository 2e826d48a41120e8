// The input of a grid container (CSS Grid Level 1 §7, `grid-template-*`, `grid-auto-*`,
// gaps and alignment) and of a grid item (§8.3, `grid-row`/`grid-column`, `justify-self`).
//
// A template is given with its fixed `repeat(N, …)` already expanded (the spec language
// does that, within its limits); an automatic repetition (`auto-fill`/`auto-fit`) stays
// one entry, as its count depends on the container's size.

/// One side of a track sizing function (CSS Grid §7.2.3, `<track-breadth>`).
public enum GridBreadth: Hashable, Sendable {
    case points(Double)
    /// Of the grid container's content box along the axis; `auto` while it is indefinite.
    case percent(Double)
    /// A flexible length (`1fr`): only as a maximum.
    case fr(Double)
    case auto
    case minContent
    case maxContent
}

/// A track sizing function: `minmax(min, max)`, with the single forms mapped as CSS does
/// (`100` is `minmax(100, 100)`, `1fr` is `minmax(auto, 1fr)`, `auto` is
/// `minmax(auto, auto)`), and `fit-content(limit)` as `minmax(auto, max-content)` whose
/// growth is capped at `limit`.
public struct GridTrackSize: Hashable, Sendable {
    public var min: GridBreadth
    public var max: GridBreadth
    /// `fit-content(limit)`: points or a percentage.
    public var fitContentLimit: Dimension?

    public init(min: GridBreadth, max: GridBreadth) {
        self.min = min; self.max = max; fitContentLimit = nil
    }
    /// The single form `breadth` (a flexible one has an `auto` minimum).
    public init(_ breadth: GridBreadth) {
        if case .fr = breadth { self.init(min: .auto, max: breadth) } else { self.init(min: breadth, max: breadth) }
    }
    public static func fitContent(_ limit: Dimension) -> GridTrackSize {
        var t = GridTrackSize(min: .auto, max: .maxContent)
        t.fitContentLimit = limit
        return t
    }
    public static let auto = GridTrackSize(.auto)
}

/// `repeat(auto-fill, …)` or `repeat(auto-fit, …)` inside a track list.
public struct GridAutoRepeat: Hashable, Sendable {
    /// `auto-fit`: repeated tracks that hold no item collapse to 0 (their gaps too).
    public var collapsesEmpty: Bool
    /// Where the repetition goes: after the first `position` tracks of the list.
    public var position: Int
    public var tracks: [GridTrackSize]
    /// `tracks.count + 1` lists of names, of the lines around the repeated tracks.
    public var lineNames: [[String]]
    public init(collapsesEmpty: Bool, position: Int, tracks: [GridTrackSize], lineNames: [[String]]) {
        self.collapsesEmpty = collapsesEmpty; self.position = position
        self.tracks = tracks; self.lineNames = lineNames
    }
}

/// `grid-template-columns` or `grid-template-rows`: tracks and the names of the lines
/// between them (`lineNames.count == tracks.count + 1`).
public struct GridTrackList: Hashable, Sendable {
    public var tracks: [GridTrackSize]
    public var lineNames: [[String]]
    public var autoRepeat: GridAutoRepeat?
    /// `subgrid [a] [b] …` (CSS Grid 2 §9): the tracks are the parent grid's that the item
    /// spans, and `lineNames` (any count) add names to its first lines. A subgrid whose
    /// parent is not a grid has no explicit tracks along the axis, as in CSS.
    public var subgrid = false
    public init(tracks: [GridTrackSize] = [], lineNames: [[String]]? = nil, autoRepeat: GridAutoRepeat? = nil) {
        self.tracks = tracks
        self.lineNames = lineNames ?? [[String]](repeating: [], count: tracks.count + 1)
        self.autoRepeat = autoRepeat
    }
    /// `subgrid` with the names of its first lines.
    public static func subgrid(lineNames: [[String]] = []) -> GridTrackList {
        var list = GridTrackList(tracks: [], lineNames: lineNames.isEmpty ? [[]] : lineNames)
        list.subgrid = true
        return list
    }
}

/// A named area of `grid-template-areas`: lines, 0-based, end exclusive.
public struct GridArea: Hashable, Sendable {
    public var name: String
    public var columnStart: Int, columnEnd: Int, rowStart: Int, rowEnd: Int
    public init(name: String, columnStart: Int, columnEnd: Int, rowStart: Int, rowEnd: Int) {
        self.name = name; self.columnStart = columnStart; self.columnEnd = columnEnd
        self.rowStart = rowStart; self.rowEnd = rowEnd
    }
}

/// Everything a grid container says about its grid (kept out of line: most nodes are not grids).
public final class GridContainerStyle: Hashable, Sendable {
    public let columns: GridTrackList
    public let rows: GridTrackList
    /// The named areas, and the number of columns and rows the areas string spans (its
    /// tracks extend the explicit grid, §7.3).
    public let areas: [GridArea]
    public let areaColumns: Int
    public let areaRows: Int
    /// Sizes of implicit tracks, repeated in turn (§7.6).
    public let autoColumns: [GridTrackSize]
    public let autoRows: [GridTrackSize]
    /// `grid-auto-flow`: `column` fills columns first; `dense` back-fills holes.
    public let flowColumn: Bool
    public let dense: Bool
    public let columnGap: Dimension
    public let rowGap: Dimension
    /// `justify-items` / `align-items`; nil is `normal` (stretch, or start for an item with
    /// an aspect ratio).
    public let justifyItems: Align?
    public let alignItems: Align?
    public let justifyContent: AlignContent
    public let alignContent: AlignContent

    public init(columns: GridTrackList = GridTrackList(), rows: GridTrackList = GridTrackList(),
                areas: [GridArea] = [], areaColumns: Int = 0, areaRows: Int = 0,
                autoColumns: [GridTrackSize] = [.auto], autoRows: [GridTrackSize] = [.auto],
                flowColumn: Bool = false, dense: Bool = false,
                columnGap: Dimension = .points(0), rowGap: Dimension = .points(0),
                justifyItems: Align? = nil, alignItems: Align? = nil,
                justifyContent: AlignContent = .normal, alignContent: AlignContent = .normal) {
        self.columns = columns; self.rows = rows; self.areas = areas
        self.areaColumns = areaColumns; self.areaRows = areaRows
        self.autoColumns = autoColumns.isEmpty ? [.auto] : autoColumns
        self.autoRows = autoRows.isEmpty ? [.auto] : autoRows
        self.flowColumn = flowColumn; self.dense = dense
        self.columnGap = columnGap; self.rowGap = rowGap
        self.justifyItems = justifyItems; self.alignItems = alignItems
        self.justifyContent = justifyContent; self.alignContent = alignContent
    }

    public static func == (a: GridContainerStyle, b: GridContainerStyle) -> Bool {
        a === b || (a.columns == b.columns && a.rows == b.rows && a.areas == b.areas
            && a.areaColumns == b.areaColumns && a.areaRows == b.areaRows
            && a.autoColumns == b.autoColumns && a.autoRows == b.autoRows
            && a.flowColumn == b.flowColumn && a.dense == b.dense
            && a.columnGap == b.columnGap && a.rowGap == b.rowGap
            && a.justifyItems == b.justifyItems && a.alignItems == b.alignItems
            && a.justifyContent == b.justifyContent && a.alignContent == b.alignContent)
    }
    public func hash(into h: inout Hasher) {
        h.combine(columns); h.combine(rows); h.combine(areas); h.combine(flowColumn)
        h.combine(columnGap); h.combine(rowGap)
    }
}

/// One end of an item's placement (§8.3): `auto`, a line by number (negative counts
/// from the end of the explicit grid) and optionally name, or a span.
public enum GridLine: Hashable, Sendable {
    case auto
    /// The `index`th line (1-based; negative from the end); with a name, the `index`th
    /// line of that name (an area name `a` finds `a-start`/`a-end` first).
    case line(Int, name: String?)
    /// A bare name `a`: the first line named `a-start` (as a start) or `a-end` (as an
    /// end), as a named area gives them; else the first line named `a` (§8.3.1).
    case ident(String)
    /// `span N` or `span name N`.
    case span(Int, name: String?)
}

/// An item's placement along one axis (`grid-column` / `grid-row`).
public struct GridPlacement: Hashable, Sendable {
    public var start: GridLine
    public var end: GridLine
    public init(start: GridLine = .auto, end: GridLine = .auto) { self.start = start; self.end = end }
    public static let auto = GridPlacement()
}

/// The bounds the engine keeps a grid within (Chromium caps its grids likewise).
public enum GridLimits {
    /// Tracks along one axis, explicit and implicit together; an item placed beyond is
    /// clamped to the last line (as browsers clamp placements into their limit).
    public static let maxTracks = 10_000
    /// Repetitions of one `repeat(auto-fill | auto-fit, …)`.
    public static let maxAutoRepetitions = 1_000
    /// Steps of the item placement algorithm (§8.5) for one grid: each lane of occupied
    /// cells looked at or written, and each track an item spans (GridOccupancy.swift).
    /// Ordinary grids take about four an item; dense packing around holes can take one per
    /// item per track.
    public static let maxPlacementWork = 5_000_000
    /// Subgrids nested in subgrids along one path: a deeper one lays out as a grid of its
    /// own (no explicit tracks along its subgridded axes).
    public static let maxSubgridDepth = 32
}
