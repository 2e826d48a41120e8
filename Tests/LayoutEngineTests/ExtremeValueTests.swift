import XCTest
import LayoutEngine

/// A leaf of one fixed size, whatever it is offered.
private struct SizedLeaf: LeafMeasurer {
    let size: Size
    func measure(knownWidth: Double?, knownHeight: Double?,
                 availableWidth: AvailableSpace, availableHeight: AvailableSpace) -> Size {
        Size(width: knownWidth ?? size.width, height: knownHeight ?? size.height)
    }
}

/// Finite values near the limits of `Double` (security issue 13): sums of them overflow to
/// infinity and differences of infinities are NaN, on which §9.7's loop used to spin
/// forever. Each tree here must end with an error or finite frames, never hang.
final class ExtremeValueTests: XCTestCase {
    private func layoutError(_ root: TestNode, width: Double = 100, file: StaticString = #filePath,
                             line: UInt = #line) -> (LayoutError, BuiltTree)? {
        let built = BuiltTree(root)
        do {
            let result = try computeLayout(built.tree, options: LayoutOptions(availableWidth: width))
            XCTFail("expected an error, got \(result.frames)", file: file, line: line)
            return nil
        } catch {
            return (error, built)
        }
    }

    private func leaf(_ name: String, _ width: Double, _ height: Double, _ configure: Configure = { _ in }) -> TestNode {
        node(.leaf(SizedLeaf(size: Size(width: width, height: height))), name, configure)
    }

    /// The attacker's `label "x" line-height=1e308`, twice in a column: each item is
    /// finite, their sum is not, and neither is the second item's frame.
    /// A baseline-aligned row lays its items out to find their baselines, as it is measured
    /// and again as it is arranged: nested, the work doubles a level. Past the budget of
    /// content layouts the layout stops with an error, not after 2^40 of them.
    func testNestedBaselineAlignmentStopsAtTheWorkBudget() throws {
        func chain(_ depth: Int) -> LayoutTree {
            var tree = LayoutTree()
            var style = LayoutStyle()
            style.align = .baseline
            var parent: NodeID? = nil
            for _ in 0..<depth { parent = tree.addNode(.stack(.horizontal), style: style, parent: parent) }
            tree.addNode(.leaf(FixedTextLeaf("deep")), parent: parent)
            return tree
        }
        // Eight levels are well within it.
        let shallow = try computeLayout(chain(8), options: LayoutOptions(availableWidth: 400))
        XCTAssertEqual(shallow.frames.count, 9)
        XCTAssertThrowsError(try computeLayout(chain(40), options: LayoutOptions(availableWidth: 400))) { error in
            guard case .layoutTooCostly(_, _, let limit)? = error as? LayoutError else { return XCTFail("\(error)") }
            XCTAssertEqual(limit, LayoutLimits.maxContentLayouts(nodes: 41))
            XCTAssertTrue("\(error)".hasPrefix("the layout takes more than \(200_000 + 100 * 41) layouts of content (the layout's limit; it stopped at node #"), "\(error)")
        }
    }

    func testItemsOfHugeSizeInAColumnAreAnError() {
        guard let (e, built) = layoutError(vbox("column", { $0.height = .points(100) },
                                                leaf("a", 10, 1e308), leaf("b", 10, 1e308))) else { return }
        XCTAssertEqual(e, .nonFiniteFrame(node: built["b"], name: "b"))
        XCTAssertEqual(e.description, "the frame of 'b' is not a finite number: the sizes and positions around it add up beyond what a number holds")
    }

    /// Two items of `grow=1e308`: the factors add up to infinity, each target is
    /// 80 × 1e308 / infinity = infinity / infinity, NaN, and so is every violation, so no
    /// item ever froze and §9.7's loop spun forever. It now stops after one pass without
    /// progress.
    func testHugeGrowFactorsStopTheFlexLoop() {
        guard let (e, built) = layoutError(hbox("row", { _ in },
                                                leaf("a", 10, 10, { $0.grow = 1e308 }),
                                                leaf("b", 10, 10, { $0.grow = 1e308 })))
        else { return }
        XCTAssertEqual(e, .flexibleLengthsUnresolved(node: built["row"], name: "row"))
        XCTAssertEqual(e.description, "the sizes of the items of 'row' cannot be resolved: "
                       + "their lengths add up beyond what a number holds; use smaller sizes, margins or factors")
    }

    /// Margins of -1e308 on both sides: the position of the item is not finite.
    func testHugeNegativeMargins() {
        guard let (e, built) = layoutError(hbox("row", { _ in },
                                                leaf("a", 10, 10, { $0.grow = 1; $0.margin = Edges(all: .points(-1e308)) })))
        else { return }
        XCTAssertEqual(e, .nonFiniteFrame(node: built["a"], name: "a"))
    }

    func testHugeGrowFactorsAndPercentages() {
        guard let (e, _) = layoutError(hbox("row", { $0.padding = Edges(all: .percent(1e308)) },
                                            leaf("a", 10, 10, { $0.grow = 1e308 }),
                                            leaf("b", 10, 10, { $0.grow = 1e308; $0.margin = Edges(all: .percent(-1e308)) })))
        else { return }
        switch e {
        case .flexibleLengthsUnresolved, .nonFiniteFrame: break
        default: XCTFail("unexpected \(e)")
        }
    }

    func testHugeSidesOfABorderLayout() {
        let root = borderBox("frame", { $0.width = .points(100) },
                             leaf("left", 1e308, 10, { $0.region = .left }),
                             leaf("right", 1e308, 10, { $0.region = .right }))
        guard let (e, _) = layoutError(root) else { return }
        switch e {
        case .flexibleLengthsUnresolved, .nonFiniteFrame: break
        default: XCTFail("unexpected \(e)")
        }
    }

    /// Each sibling twice as wide as the one before: finite values, an infinite frame.
    func testAnchorChainThatOverflowsIsAnErrorNotAnInfiniteFrame() {
        var children = [anchoredRect("n0", [.left: .points(0), .top: .points(0), .width: .points(1_000_000)])]
        for i in 1...120 {
            children.append(anchoredRect("n\(i)", [.left: .points(0), .top: .points(0),
                                                   .width: .reference(target: .sibling("n\(i - 1)"), attribute: .width,
                                                                      multiplier: 1000, offset: 0)]))
        }
        let root = node(.box, "b", { $0.width = .points(100); $0.height = .points(100) }, children)
        guard let (e, built) = layoutError(root) else { return }
        // 1e6 × 1000^k passes 1.8e308 at k = 101.
        XCTAssertEqual(e, .nonFiniteFrame(node: built["n101"], name: "n101"))
        XCTAssertEqual(e.description, "the frame of 'n101' is not a finite number: the sizes and positions around it add up beyond what a number holds")
    }

    private func anchoredRect(_ name: String, _ facts: Anchors) -> TestNode {
        node(.box, name, { $0.anchors = facts; $0.height = .points(10) })
    }

    /// A flex item whose sizes are large but whose sums stay finite lays out normally.
    func testLargeButFiniteValuesLayOut() {
        guard let laid = lay(hbox("row", { _ in },
                                  leaf("a", 1e300, 10, { $0.shrink = 1 }),
                                  leaf("b", 10, 10, { $0.grow = 1e300 })), width: 100) else { return }
        XCTAssertTrue(laid["a"].isFinite && laid["b"].isFinite)
        XCTAssertEqual(laid["row"].width, 100)
    }

    // MARK: - Depth

    private func chain(_ depth: Int) -> TestNode {
        var n = vbox("leaf")
        for _ in 0..<depth { n = vbox(nil, { _ in }, n) }
        return n
    }

    func testNestingAtTheLimitLaysOut() {
        XCTAssertNotNil(lay(chain(LayoutLimits.maxDepth), width: 100))
    }

    func testNestingBeyondTheLimitIsAnError() {
        let built = BuiltTree(chain(LayoutLimits.maxDepth + 1))
        XCTAssertThrowsError(try validateLayout(built.tree)) { error in
            XCTAssertEqual(error as? LayoutError, .nestedTooDeep(node: built["leaf"], name: "leaf", limit: 256))
            XCTAssertEqual((error as? LayoutError)?.description, "'leaf' is nested more than 256 levels deep (the layout's limit)")
        }
    }

    func testAnchorExpressionsBeyondTheLimitAreAnError() {
        var e = AnchorExpression.points(1)
        for _ in 0..<LayoutLimits.maxExpressionDepth { e = .max([e, .points(0)]) }
        let root = box("b", { $0.width = .points(100); $0.height = .points(100) },
                       node(.box, "deep", { $0.anchors = [.left: .points(0), .top: e]; $0.width = .points(1); $0.height = .points(1) }))
        let built = BuiltTree(root)
        XCTAssertThrowsError(try validateLayout(built.tree)) { error in
            XCTAssertEqual(error as? LayoutError, .anchorTooDeep(node: built["deep"], name: "deep", attribute: .top, limit: 100))
        }
    }
}
