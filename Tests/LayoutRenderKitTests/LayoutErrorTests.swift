import LayoutRenderKit
import XCTest

/// Every layout validation error, through the spec: the message and the line of the node.
final class LayoutErrorTests: XCTestCase {
    private func headline(_ body: String) -> String {
        do {
            _ = try LayoutRenderer().layout(source: "canvas width=100\n" + body, options: RenderOptions(fileName: "t.spec"))
            return "no error"
        } catch {
            return error.diagnostic.headline
        }
    }

    func testTooFewFacts() {
        XCTAssertEqual(headline("box size=100x100\n  box id=a left=1\n"),
                       "t.spec:3:3: error: anchors of 'a' give 1 horizontal fact (left); give exactly 2, or 1 when the node has an intrinsic size")
    }

    func testTooManyFacts() {
        XCTAssertEqual(headline("box size=100x100\n  box id=a left=1 right=2 width=3 top=0 height=4\n"),
                       "t.spec:3:3: error: anchors of 'a' give 3 horizontal facts (left, right, width); give exactly 2, or 1 when the node has an intrinsic size")
    }

    func testCycle() {
        XCTAssertEqual(headline("box size=100x100\n  box id=a left=b.right top=0 size=5x5\n  box id=b left=a.right top=0 size=5x5\n"),
                       "t.spec:3:3: error: anchors of 'a' depend on themselves: 'a' → 'b' → 'a'")
    }

    func testUnknownSibling() {
        XCTAssertEqual(headline("box size=100x100\n  box id=a left=nope.right top=0 size=5x5\n"),
                       "t.spec:3:3: error: anchor of 'a' refers to 'nope', which is not a sibling")
    }

    func testNegativeSize() {
        XCTAssertEqual(headline("vbox\n  box width=-5\n"),
                       "t.spec:3:3: error: width of 'box on line 3' is -5; it must be a finite, non-negative number")
    }

    func testAnchorsOutsideABox() {
        XCTAssertEqual(headline("vbox\n  label \"x\" left=3\n"),
                       "t.spec:3:3: error: 'label on line 3' has anchors but its parent is not a box; anchors place children of a box only")
    }

    func testTwoCenters() {
        XCTAssertEqual(headline("border\n  box region=center\n  box region=center\n"),
                       "t.spec:2:1: error: border layout 'border on line 2' has 2 center children (nodes 2, 3); give at most one")
    }

    func testSiblingsAreOrderedByDependencyNotByLine() throws {
        let laidOut = try LayoutRenderer().layout(source: """
            canvas width=100
            box size=100x100
              box id=b left=a.right+4 top=a.top size=10x10
              box id=a left=10 top=20 size=30x30
            """, options: RenderOptions())
        let b = try XCTUnwrap(laidOut.frames.nodes.first { $0.id == "b" })
        XCTAssertEqual([b.x, b.y], [10 + 30 + 4, 20])
    }
}
