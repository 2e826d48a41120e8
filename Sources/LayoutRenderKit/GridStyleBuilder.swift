// A `grid` node's attributes as the engine's `GridContainerStyle`, and a grid item's
// `column`, `row`, `area` and `justify-self` as its placement: the values the parser
// checked (`GridValues`), read again into the engine's types.

import LayoutEngine
import SpecLanguage

extension SceneBuilder {
    /// The grid container style of a `grid` node.
    func gridContainerStyle(of node: Node) -> GridContainerStyle {
        func text(_ name: AttributeName) -> String? {
            if case .string(let s)? = node[name] { return s }
            return nil
        }
        func gap(_ name: AttributeName) -> Dimension? {
            if case .length(let l)? = node[name] { return gridDimension(l) }
            return nil
        }
        func selfAlign(_ name: AttributeName) -> Align? { node.keyword(name, as: Keywords.GridSelf.self)?.grid }
        func content(_ name: AttributeName) -> AlignContent { node.keyword(name, as: Keywords.GridContent.self)?.grid ?? .normal }
        let areas = text(.areas).flatMap(GridValues.checkedAreas)
        let flow = text(.autoFlow).flatMap(GridValues.checkedFlow)
        // (No gap is `normal`: 0, or a subgrid's parent's gap along a subgridded axis.)
        let both = gap(.gap) ?? .auto
        return GridContainerStyle(
            columns: text(.columns).flatMap(GridValues.checkedTrackList).map(trackList) ?? GridTrackList(),
            rows: text(.rows).flatMap(GridValues.checkedTrackList).map(trackList) ?? GridTrackList(),
            areas: (areas?.areas ?? []).map {
                GridArea(name: $0.name, columnStart: $0.columnStart, columnEnd: $0.columnEnd, rowStart: $0.rowStart, rowEnd: $0.rowEnd)
            },
            areaColumns: areas?.columns ?? 0, areaRows: areas?.rows ?? 0,
            autoColumns: text(.autoColumns).flatMap(GridValues.checkedTrackSizes).map { $0.map(trackSize) } ?? [.auto],
            autoRows: text(.autoRows).flatMap(GridValues.checkedTrackSizes).map { $0.map(trackSize) } ?? [.auto],
            flowColumn: flow?.column ?? false, dense: flow?.dense ?? false,
            columnGap: gap(.columnGap) ?? both, rowGap: gap(.rowGap) ?? both,
            justifyItems: selfAlign(.justifyItems), alignItems: node.keyword(.align, as: Keywords.GridAlign.self)?.grid,
            justifyContent: content(.justify), alignContent: content(.alignContent))
    }

    /// An item's placement from its `area`, `column` and `row` (a line given wins over the area's).
    func gridPlacement(_ text: String) -> GridPlacement {
        guard let p = GridValues.checkedPlacement(text) else { return .auto }
        return GridPlacement(start: gridLine(p.start), end: gridLine(p.end))
    }

    func gridLine(_ v: GridLineValue) -> GridLine {
        switch v {
        case .auto: return .auto
        case .line(let n, let name): return .line(n, name: name)
        case .ident(let name): return .ident(name)
        case .span(let n, let name): return .span(n, name: name)
        }
    }

    private func trackList(_ v: GridTrackListValue) -> GridTrackList {
        if v.subgrid { return .subgrid(lineNames: v.lineNames) }
        return GridTrackList(tracks: v.tracks.map(trackSize), lineNames: v.lineNames,
                      autoRepeat: v.autoRepeat.map {
                          GridAutoRepeat(collapsesEmpty: $0.fit, position: $0.position, tracks: $0.tracks.map(trackSize),
                                         lineNames: $0.lineNames)
                      })
    }

    private func trackSize(_ v: GridTrackValue) -> GridTrackSize {
        func breadth(_ b: GridBreadthValue) -> GridBreadth {
            switch b {
            case .points(let p): return .points(p)
            case .percent(let p): return .percent(p)
            case .fr(let f): return .fr(f)
            case .auto: return .auto
            case .minContent: return .minContent
            case .maxContent: return .maxContent
            }
        }
        if let f = v.fitContent { return .fitContent(gridDimension(f)) }
        return GridTrackSize(min: breadth(v.min), max: breadth(v.max))
    }

    private func gridDimension(_ l: Length) -> Dimension {
        switch l {
        case .points(let v): return .points(v)
        case .percent(let v): return .percent(v)
        default: return .auto
        }
    }
}
