// The flex-tree workload of design/benchmarks.md, shared by `lr-bench layout` (timing) and
// LayoutEngineTests (its sizes and checksum, the conformance check against Yoga and Taffy),
// so the two cannot drift apart.
import LayoutEngine

/// Builds the design/benchmarks.md flex tree of `count` nodes: breadth-first parents with
/// fan-out 2...6, rows at odd depths, fixed-size leaves.
public func makeFlexTree(count: Int) -> LayoutTree {
    var parent = [Int](repeating: -1, count: count)
    var childCount = [Int](repeating: 0, count: count)
    var next = 1
    var p = 0
    while next < count {
        let k = 2 + (p % 5)
        var added = 0
        while added < k && next < count {
            parent[next] = p
            childCount[p] += 1
            next += 1
            added += 1
        }
        p += 1
    }
    var depth = [Int](repeating: 0, count: count)
    for i in 1..<max(count, 1) { depth[i] = depth[parent[i]] + 1 }

    var tree = LayoutTree()
    for i in 0..<count {
        var s = LayoutStyle()
        s.shrink = 0
        s.align = .stretch
        s.justify = .start
        let kind: NodeKind
        if i == 0 {
            kind = .stack(.vertical)
            s.width = .points(1920)
            s.padding = Edges(all: .points(8))
        } else if childCount[i] > 0 {
            kind = .stack(depth[i] % 2 == 1 ? .horizontal : .vertical)
            s.padding = Edges(all: .points(4))
            s.margin = Edges(all: .points(2))
            s.grow = i % 4 == 0 ? 0 : 1
        } else if i % 3 == 0 {
            kind = .box
            s.width = .points(Double(16 + 4 * (i % 8)))
            s.height = .points(Double(12 + 3 * (i % 6)))
            s.margin = Edges(all: .points(2))
        } else {
            kind = .box
            s.width = .points(24)
            s.height = .points(14)
            s.margin = Edges(all: .points(2))
            s.grow = Double(1 + (i % 2))
        }
        tree.addNode(kind, style: s, parent: i == 0 ? nil : parent[i])
    }
    return tree
}

/// Sum over all nodes of left + top + width + height (relative frames), rounded.
public func flexTreeChecksum(_ result: LayoutResult) -> Int {
    var sum = 0.0
    for f in result.frames { sum += f.x + f.y + f.width + f.height }
    return Int(sum.rounded())
}
