// The flex-tree workload of design/benchmarks.md (built in LayoutWorkloads), laid out by `computeLayout`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutEngine
import LayoutWorkloads

/// `lr-bench layout [--nodes N] [--runs R]`: the flex tree; `lr-bench layout-grid [--cells N]
/// [--runs R]`: the grid of `makeGridTree` (issue 38 §5). Each times `computeLayout` alone,
/// the tree built beforehand, and prints the median and the frames' checksum.
func runLayoutBenchmark(_ args: [String], grid: Bool = false) -> Int32 {
    let name = grid ? "layout-grid" : "layout"
    let sizeFlag = grid ? "--cells" : "--nodes"
    var nodes = grid ? 10_000 : 100_000
    var runs = 7
    var i = 0
    while i < args.count {
        switch args[i] {
        case sizeFlag where i + 1 < args.count: nodes = Int(args[i + 1]) ?? nodes; i += 2
        case "--runs" where i + 1 < args.count: runs = Int(args[i + 1]) ?? runs; i += 2
        default:
            print("lr-bench \(name): unknown argument '\(args[i])'")
            return 2
        }
    }
    guard nodes >= 1, runs >= 1 else { print("lr-bench \(name): \(sizeFlag) and --runs must be positive"); return 2 }
    let tree = grid ? makeGridTree(cells: nodes) : makeFlexTree(count: nodes)
    let options = LayoutOptions(availableWidth: 1920)
    let clock = ContinuousClock()
    var times: [Double] = []
    var last: LayoutResult? = nil
    for _ in 0..<runs {
        let start = clock.now
        let result: LayoutResult
        do { result = try computeLayout(tree, options: options) } catch {
            print("lr-bench \(name): \(error)")
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
    print("\(grid ? "grid cells" : "layout nodes")=\(nodes) runs=\(runs) median_ms=\(fmt(median)) min_ms=\(fmt(times[0])) "
          + "checksum=\(flexTreeChecksum(last!)) root=\(dim(size.width))x\(dim(size.height))")
    return 0
}
