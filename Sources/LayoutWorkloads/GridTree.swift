// The grid workload of docs/benchmarks.md (issue 38 §5), shared by `lr-bench layout-grid`
// (timing) and bench/peers/taffy_grid.py (the same grid built in Taffy, whose checksum must
// agree), so the two cannot drift apart.
import LayoutEngine

/// The columns of the benchmark grid, in CSS: `auto 1fr 120px minmax(40px, 1fr) auto 2fr
/// 80px auto 1fr minmax(0px, 1fr)` (bench/peers/taffy_grid.py spells them the same).
public let gridBenchmarkColumns: [GridTrackSize] = [
    .auto, GridTrackSize(.fr(1)), GridTrackSize(.points(120)), GridTrackSize(min: .points(40), max: .fr(1)),
    .auto, GridTrackSize(.fr(2)), GridTrackSize(.points(80)), .auto, GridTrackSize(.fr(1)),
    GridTrackSize(min: .points(0), max: .fr(1)),
]

/// A grid container 1,920 points wide (padding 8, gaps 4) holding `cells` fixed-size cells
/// placed automatically in rows of `auto` height: cell `i` is `20 + 6 (i mod 7)` by
/// `12 + 4 (i mod 5)` points, and every 17th spans two columns.
public func makeGridTree(cells: Int) -> LayoutTree {
    var tree = LayoutTree()
    var root = LayoutStyle()
    root.width = .points(1920)
    root.padding = Edges(all: .points(8))
    root.grid = GridContainerStyle(columns: GridTrackList(tracks: gridBenchmarkColumns),
                                   columnGap: .points(4), rowGap: .points(4))
    let grid = tree.addNode(.grid, style: root, parent: nil)
    for i in 0..<cells {
        var s = LayoutStyle()
        s.width = .points(Double(20 + 6 * (i % 7)))
        s.height = .points(Double(12 + 4 * (i % 5)))
        if i % 17 == 16 { s.gridColumn = GridPlacement(start: .auto, end: .span(2, name: nil)) }
        _ = tree.addNode(.box, style: s, parent: grid)
    }
    return tree
}
