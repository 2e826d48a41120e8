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

    /// A chain of `depth` stacks, each styled by `style` at its level, around a text.
    private func styledChain(_ depth: Int, _ kind: (Int) -> NodeKind, _ style: (Int) -> LayoutStyle) -> LayoutTree {
        var tree = LayoutTree()
        var parent: NodeID? = nil
        for level in 0..<depth {
            let id = tree.addNode(kind(level), style: style(level), parent: parent)
            tree.addNode(.leaf(FixedTextLeaf("aa bbb c")), parent: id)
            parent = id
        }
        return tree
    }

    /// The algorithm runs (cache misses and content layouts outside the cache) of laying
    /// `tree` out at a width of 400.
    private func algorithmRuns(_ tree: LayoutTree) throws -> Int {
        try validateLayout(tree)
        var frames = [Rect](repeating: .zero, count: tree.count)
        return frames.withUnsafeMutableBufferPointer { f in
            LayoutContext.with(tree, frames: f, rootDirection: .ltr) { context in
                _ = context.run(root: 0, options: LayoutOptions(availableWidth: 400))
                return context.computeCount
            }
        }
    }

    /// A column with a height of its own and a sizing keyword min or max height lays its
    /// content out to bound that height, and a row with a width and a ratio to find its
    /// height: work that must be done once per measurement, after the cache, not on every
    /// request (nested, that was an exponential number of layouts: 16 wrapping columns took
    /// 724,756 runs, 8 of them 2,006, and 30 levels never ended).
    func testNestedKeywordBoundedColumnsAndRatioRowsAreNotLaidOutExponentially() throws {
        let shapes: [(String, (Int) -> NodeKind, (Int) -> LayoutStyle)] = [
            ("vbox height=50 min-height=min-content", { _ in .stack(.vertical) }, { _ in
                var s = LayoutStyle(); s.height = .points(50); s.minHeight = .minContent; return s }),
            ("vbox height=50 max-height=max-content wrap", { _ in .stack(.vertical) }, { _ in
                var s = LayoutStyle(); s.height = .points(50); s.maxHeight = .maxContent; s.wrap = true; return s }),
            ("hbox width=300 aspect-ratio=2", { _ in .stack(.horizontal) }, { _ in
                var s = LayoutStyle(); s.width = .points(300); s.aspectRatio = 2; return s }),
            ("zbox > vbox height=50 min-height=min-content", { $0 % 2 == 0 ? .overlay : .stack(.vertical) }, { level in
                var s = LayoutStyle()
                if level % 2 == 1 { s.height = .points(50); s.minHeight = .minContent }
                return s }),
        ]
        for (name, kind, style) in shapes {
            // (Doubling a short chain first: exponential work fails there rather than hangs.)
            let runs = try [8, 16].map { try algorithmRuns(styledChain($0, kind, style)) }
            XCTAssertLessThan(runs[1], 5 * runs[0], "\(name): \(runs)")
            guard runs[1] < 5 * runs[0] else { continue }
            let deep = try algorithmRuns(styledChain(30, kind, style))
            XCTAssertLessThan(deep, 40 * styledChain(30, kind, style).count, "\(name): \(deep)")
        }
    }

    func testFlexTreeRunsFewAlgorithmsPerNode() throws {
        let tree = makeFlexTree(count: 10_000)
        var frames = [Rect](repeating: .zero, count: tree.count)
        let count = frames.withUnsafeMutableBufferPointer { f in
            LayoutContext.with(tree, frames: f, rootDirection: .ltr) { context in
                _ = context.run(root: 0, options: LayoutOptions(availableWidth: 1920))
                // Every measurement fits the per-node slots: no dictionary on this path.
                XCTAssertEqual(context.cache.overflow.pointee.count, 0)
                return context.computeCount
            }
        }
        // (Leaves of fixed size run nothing; each stack runs its algorithm about three
        // times: its width alone, its height at its width, and the arrange pass.)
        XCTAssertLessThan(count, tree.count)
    }

    /// A row of two columns, each holding a wrapping text; `percentChild` gives the second
    /// column a child with a percentage height.
    private func rowOfColumns(percentChild: Bool = false) -> LayoutTree {
        var tree = LayoutTree()
        let row = tree.addNode(.stack(.horizontal), parent: nil)
        for k in 0..<2 {
            let column = tree.addNode(.stack(.vertical), parent: row)
            tree.addNode(.leaf(FixedTextLeaf("aa bbb c")), parent: column)
            if percentChild && k == 1 {
                var s = LayoutStyle()
                s.height = .percent(50)
                tree.addNode(.box, style: s, parent: column)
            }
        }
        return tree
    }

    /// A measurement of the width alone (an item's max-content contribution) leaves the
    /// height out (NaN) and is kept apart in the cache: a later whole measurement runs the
    /// algorithm and gives the height; a width-only one after it is answered from the cache.
    func testWidthOnlyMeasurementNeverAnswersAWholeOne() throws {
        let tree = rowOfColumns()
        try validateLayout(tree)
        var frames = [Rect](repeating: .zero, count: tree.count)
        frames.withUnsafeMutableBufferPointer { f in
            LayoutContext.with(tree, frames: f, rootDirection: .ltr) { context in
                let column = 1  // the first column (row, column, text, …)
                func measure(widthOnly: Bool) -> Size {
                    context.compute(column, knownWidth: nil, knownHeight: nil, parentWidth: nil, parentHeight: nil,
                                    availableWidth: .maxContent, availableHeight: .maxContent, perform: false,
                                    widthOnly: widthOnly)
                }
                let widthOnly = measure(widthOnly: true)
                XCTAssertEqual(widthOnly.width, 80)  // "aa bbb c": 8 glyphs 10 points wide
                XCTAssertTrue(widthOnly.height.isNaN)
                let runs = context.computeCount
                let whole = measure(widthOnly: false)
                XCTAssertEqual(whole, Size(width: 80, height: 10))
                XCTAssertGreaterThan(context.computeCount, runs)
                let after = context.computeCount
                XCTAssertEqual(measure(widthOnly: true).width, 80)
                XCTAssertEqual(context.computeCount, after)
            }
        }
    }

    /// A single-line column whose children take no percentages is as wide at any height:
    /// its width measured at a known height is the one measured without, from the cache.
    /// A percentage height inside makes the height count: then it is measured again.
    func testColumnWidthAtAKnownHeightReusesTheMeasurementWithout() throws {
        for percentChild in [false, true] {
            let tree = rowOfColumns(percentChild: percentChild)
            try validateLayout(tree)
            var frames = [Rect](repeating: .zero, count: tree.count)
            frames.withUnsafeMutableBufferPointer { f in
                LayoutContext.with(tree, frames: f, rootDirection: .ltr) { context in
                    let column = 3  // the second column (row, column, text, column, …)
                    func width(atHeight height: Double?) -> Double {
                        context.compute(column, knownWidth: nil, knownHeight: height, parentWidth: nil, parentHeight: nil,
                                        availableWidth: .maxContent, availableHeight: .maxContent, perform: false,
                                        widthOnly: true).width
                    }
                    let free = width(atHeight: nil)
                    let runs = context.computeCount
                    XCTAssertEqual(width(atHeight: 300), free)
                    if percentChild {
                        XCTAssertGreaterThan(context.computeCount, runs)
                    } else {
                        XCTAssertEqual(context.computeCount, runs)
                    }
                }
            }
        }
    }
}
