// The flex-tree workload of design/benchmarks.md, laid out by `computeLayout`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutEngine

/// Builds the benchmarks.md flex tree of `count` nodes: breadth-first parents with
/// fan-out 2...6, rows at odd depths, fixed-size leaves.
func makeFlexTree(count: Int) -> LayoutTree {
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
func flexTreeChecksum(_ result: LayoutResult) -> Int {
    var sum = 0.0
    for f in result.frames { sum += f.x + f.y + f.width + f.height }
    return Int(sum.rounded())
}

func runLayoutBenchmark(_ args: [String]) -> Int32 {
    var nodes = 100_000
    var runs = 7
    var i = 0
    while i < args.count {
        switch args[i] {
        case "--nodes" where i + 1 < args.count: nodes = Int(args[i + 1]) ?? nodes; i += 2
        case "--runs" where i + 1 < args.count: runs = Int(args[i + 1]) ?? runs; i += 2
        default:
            print("lr-bench layout: unknown argument '\(args[i])'")
            return 2
        }
    }
    guard nodes >= 1, runs >= 1 else { print("lr-bench layout: --nodes and --runs must be positive"); return 2 }
    let tree = makeFlexTree(count: nodes)
    let options = LayoutOptions(availableWidth: 1920)
    let clock = ContinuousClock()
    var times: [Double] = []
    var last: LayoutResult? = nil
    for _ in 0..<runs {
        let start = clock.now
        let result: LayoutResult
        do { result = try computeLayout(tree, options: options) } catch {
            print("lr-bench layout: \(error)")
            return 1
        }
        let elapsed = clock.now - start
        times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        last = result
    }
    times.sort()
    let median = times[times.count / 2]
    let size = last!.size
    func fmt(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return String(r)
    }
    func dim(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
    print("layout nodes=\(nodes) runs=\(runs) median_ms=\(fmt(median)) min_ms=\(fmt(times[0])) "
          + "checksum=\(flexTreeChecksum(last!)) root=\(dim(size.width))x\(dim(size.height))")
    return 0
}
