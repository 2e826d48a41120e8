import XCTest
import LayoutEngine

final class ValidationTests: XCTestCase {
    func error(_ root: TestNode) -> (LayoutError, BuiltTree)? {
        let built = BuiltTree(root)
        do {
            try validateLayout(built.tree)
            return nil
        } catch {
            // computeLayout reports the same error.
            XCTAssertThrowsError(try computeLayout(built.tree, options: LayoutOptions(availableWidth: 100)))
            return (error, built)
        }
    }

    func check(_ root: TestNode, node: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let (e, built) = error(root) else { return XCTFail("no error", file: file, line: line) }
        XCTAssertEqual(e.node, built[node], file: file, line: line)
        XCTAssertEqual(e.description, message, file: file, line: line)
    }

    func anchored(_ name: String, _ facts: Anchors, _ kind: NodeKind = .leaf(FixedTextLeaf("x")),
                  _ more: Configure = { _ in }) -> TestNode {
        node(kind, name, { $0.anchors = facts; more(&$0) })
    }

    func testTooManyFacts() {
        check(box("b", { _ in }, anchored("title", [.left: .points(0), .right: .points(0), .width: .points(10)])),
              node: "title",
              "anchors of 'title' give 3 horizontal facts (left, right, width); give exactly 2, or 1 when the node has an intrinsic size")
    }

    func testWidthGivenTwice() {
        check(box("b", { _ in }, anchored("w", [.left: .points(0), .width: .points(10)], .box, { $0.width = .points(4) })),
              node: "w",
              "anchors of 'w' give 3 horizontal facts (left, width, width); give exactly 2, or 1 when the node has an intrinsic size")
    }

    func testTooFewFactsWithoutIntrinsicSize() {
        check(box("b", { _ in }, anchored("panel", [.left: .points(0), .top: .points(0), .height: .points(4)], .box)),
              node: "panel",
              "anchors of 'panel' give 1 horizontal fact (left); give exactly 2, or 1 when the node has an intrinsic size")
    }

    func testOneFactIsEnoughWithIntrinsicSize() {
        XCTAssertNil(error(box("b", { _ in }, anchored("label", [.left: .points(0)]))))
    }

    func testCycle() {
        check(box("b", { _ in },
                  anchored("a", [.left: .reference(target: .sibling("c"), attribute: .right, multiplier: 1, offset: 0)]),
                  anchored("c", [.left: .reference(target: .sibling("a"), attribute: .right, multiplier: 1, offset: 0)])),
              node: "a", "anchors of 'a' depend on themselves: 'a' → 'c' → 'a'")
    }

    func testSelfReferenceIsACycle() {
        check(box("b", { _ in }, anchored("a", [.top: .reference(target: .sibling("a"), attribute: .left, multiplier: 1, offset: 0)])),
              node: "a", "anchors of 'a' depend on themselves: 'a' → 'a'")
    }

    func testUnknownSibling() {
        check(box("b", { _ in }, anchored("a", [.left: .reference(target: .sibling("nope"), attribute: .right, multiplier: 1, offset: 0)])),
              node: "a", "anchor of 'a' refers to 'nope', which is not a sibling")
    }

    func testAmbiguousSibling() {
        check(box("b", { _ in }, text("x", "1"), text("x", "2"),
                  anchored("a", [.left: .reference(target: .sibling("x"), attribute: .right, multiplier: 1, offset: 0)])),
              node: "a", "anchor of 'a' refers to 'x', which several siblings are called")
    }

    func testAnchorsOutsideABox() {
        check(vbox("v", { _ in }, anchored("x", [.left: .points(0)])),
              node: "x", "'x' has anchors but its parent is not a box; anchors place children of a box only")
    }

    func testConflictingEdges() {
        check(box("b", { _ in }, anchored("a", [.left: .points(0), .leading: .points(4)])),
              node: "a", "anchors of 'a' fix the same edge twice (left, leading); use either left/right or leading/trailing")
    }

    func testEmptyClamp() {
        check(box("b", { _ in }, anchored("a", [.left: .min([])])),
              node: "a", "anchor left of 'a' has an empty min()/max()")
    }

    func testNegativeAndNonFiniteValues() {
        check(vbox("v", { _ in }, box("w", { $0.width = .points(-5) })), node: "w",
              "width of 'w' is -5; it must be a finite, non-negative number")
        let unnamed = error(vbox("v", { _ in }, box(nil, { $0.padding.top = .points(.nan) })))
        XCTAssertEqual(unnamed?.0.node, 1)
        XCTAssertEqual(unnamed?.0.description, "padding-top of node #1 is NaN; it must be a finite, non-negative number")
        check(vbox("v", { $0.gap = .points(.infinity) }), node: "v", "gap of 'v' is infinity; it must be a finite, non-negative number")
        check(vbox("v", { _ in }, box("g", { $0.grow = -1 })), node: "g", "grow of 'g' is -1; it must be a finite, non-negative number")
        check(vbox("v", { _ in }, box("m", { $0.maxHeight = .percent(-10) })), node: "m",
              "max-height of 'm' is -10; it must be a finite, non-negative number")
        check(vbox("v", { _ in }, box("b", { $0.border.left = -1 })), node: "b",
              "border-left of 'b' is -1; it must be a finite, non-negative number")
    }

    func testAspectRatioMustBePositive() {
        check(vbox("v", { _ in }, box("r", { $0.aspectRatio = 0 })), node: "r",
              "aspect-ratio of 'r' is 0; it must be a positive number")
    }

    func testNegativeMarginsAreAllowed() {
        XCTAssertNil(error(vbox("v", { _ in }, box("m", { $0.margin = Edges(all: .points(-4)) }))))
    }

    func testMultipleCenters() {
        check(borderBox("frame", { _ in }, box("c1"), box("top", { $0.region = .top }), box("c2")), node: "frame",
              "border layout 'frame' has 2 center children (nodes 1, 3); give at most one")
    }
}
