import XCTest
import LayoutEngine

/// The flex tree of design/benchmarks.md: the conformance check against Yoga and Taffy.
/// (Its generator is repeated in Sources/lr-bench/LayoutBenchmark.swift.)
final class FlexTreeBenchmarkTests: XCTestCase {
    static func flexTree(count: Int) -> LayoutTree {
        var parent = [Int](repeating: -1, count: count)
        var childCount = [Int](repeating: 0, count: count)
        var next = 1, p = 0
        while next < count {
            var k = 2 + (p % 5)
            while k > 0 && next < count { parent[next] = p; childCount[p] += 1; next += 1; k -= 1 }
            p += 1
        }
        var depth = [Int](repeating: 0, count: count)
        for i in 1..<count { depth[i] = depth[parent[i]] + 1 }
        var tree = LayoutTree()
        for i in 0..<count {
            var s = LayoutStyle()
            s.shrink = 0
            var kind = NodeKind.box
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
                s.width = .points(Double(16 + 4 * (i % 8)))
                s.height = .points(Double(12 + 3 * (i % 6)))
                s.margin = Edges(all: .points(2))
            } else {
                s.width = .points(24)
                s.height = .points(14)
                s.margin = Edges(all: .points(2))
                s.grow = Double(1 + (i % 2))
            }
            tree.addNode(kind, style: s, parent: i == 0 ? nil : parent[i])
        }
        return tree
    }

    static func checksum(_ r: LayoutResult) -> Int {
        Int(r.frames.reduce(0.0) { $0 + $1.x + $1.y + $1.width + $1.height }.rounded())
    }

    func testOneThousandNodes() throws {
        let r = try computeLayout(Self.flexTree(count: 1_000), options: LayoutOptions(availableWidth: 1920))
        XCTAssertEqual(r.size, Size(width: 1920, height: 1888))
        XCTAssertEqual(Self.checksum(r), 281_560)
    }

    func testTenThousandNodes() throws {
        let r = try computeLayout(Self.flexTree(count: 10_000), options: LayoutOptions(availableWidth: 1920))
        XCTAssertEqual(r.size, Size(width: 1920, height: 7956))
        XCTAssertEqual(Self.checksum(r), 2_978_544)
    }
}
