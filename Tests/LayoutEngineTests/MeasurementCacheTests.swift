import XCTest
@testable import LayoutEngine
import LayoutWorkloads

/// Without the measurement cache a deep tree is measured an exponential number of times.
final class MeasurementCacheTests: XCTestCase {
    /// A chain of `depth` alternating stacks around a text, with growing items, wrapping
    /// text, percentages and an auto height: every level measures its child several ways.
    func deepChain(_ depth: Int) -> LayoutTree {
        var tree = LayoutTree()
        var parent: NodeID? = nil
        for level in 0..<depth {
            var s = LayoutStyle()
            s.grow = 1
            s.padding = Edges(all: .points(1))
            if level % 3 == 2 { s.width = .percent(90) }
            let id = tree.addNode(.stack(level % 2 == 0 ? .vertical : .horizontal), style: s, parent: parent)
            var side = LayoutStyle()
            side.basis = .points(0)
            side.grow = 1
            tree.addNode(.leaf(FixedTextLeaf("aa bbb c")), style: side, parent: id)
            parent = id
        }
        tree.addNode(.leaf(FixedTextLeaf("some words to wrap")), parent: parent)
        return tree
    }

    /// Every ancestor can propose its own width to a deep node (max-content, min-content,
    /// a percentage of a stretched size…), so a chain costs O(nodes × depth) runs, but
    /// never an exponential number: doubling the depth at most quadruples them.
    func testDeepChainIsNotMeasuredExponentially() throws {
        var runs: [Int] = []
        for depth in [20, 40] {
            let tree = deepChain(depth)
            try validateLayout(tree)
            var frames = [Rect](repeating: .zero, count: tree.count)
            let count = frames.withUnsafeMutableBufferPointer { f in
                LayoutContext.with(tree, frames: f, rootDirection: .ltr) { context in
                    _ = context.run(root: 0, options: LayoutOptions(availableWidth: 2000))
                    return context.computeCount
                }
            }
            runs.append(count)
        }
        XCTAssertLessThan(runs[1], 5 * runs[0], "\(runs)")
        XCTAssertLessThan(runs[1], 40 * deepChain(40).count, "\(runs)")
    }

    /// Rows that are not stretched are fit-content: when they overflow, their min-content
    /// width is measured too. Nested, that must stay one more proposal per node, not one
    /// more per ancestor.
    func testNestedFitContentRowsAreNotMeasuredExponentially() throws {
        func chain(_ depth: Int) -> LayoutTree {
            var tree = LayoutTree()
            var parent = tree.addNode(.stack(.vertical), parent: nil)
            for level in 0..<depth {
                var s = LayoutStyle()
                s.alignSelf = .start
                s.padding = Edges(all: .points(1))
                let id = tree.addNode(.stack(level % 2 == 0 ? .horizontal : .vertical), style: s, parent: parent)
                tree.addNode(.leaf(FixedTextLeaf("some words that do not fit")), parent: id)
                parent = id
            }
            return tree
        }
        var runs: [Int] = []
        for depth in [20, 40] {
            let tree = chain(depth)
            var frames = [Rect](repeating: .zero, count: tree.count)
            let count = frames.withUnsafeMutableBufferPointer { f in
                LayoutContext.with(tree, frames: f, rootDirection: .ltr) { context in
                    _ = context.run(root: 0, options: LayoutOptions(availableWidth: 150))
                    return context.computeCount
                }
            }
            runs.append(count)
        }
        XCTAssertLessThan(runs[1], 5 * runs[0], "\(runs)")
        XCTAssertLessThan(runs[1], 40 * chain(40).count, "\(runs)")
    }

    func testFlexTreeRunsFewAlgorithmsPerNode() throws {
        let tree = makeFlexTree(count: 10_000)
        var frames = [Rect](repeating: .zero, count: tree.count)
        let count = frames.withUnsafeMutableBufferPointer { f in
            LayoutContext.with(tree, frames: f, rootDirection: .ltr) { context in
                _ = context.run(root: 0, options: LayoutOptions(availableWidth: 1920))
                // Every measurement fits the per-node slots: no dictionary on this path.
                XCTAssertEqual(context.overflow.count, 0)
                return context.computeCount
            }
        }
        XCTAssertLessThan(count, 3 * tree.count)
    }
}
