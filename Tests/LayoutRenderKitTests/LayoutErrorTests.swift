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

    /// Anchors outside a box are refused at the attribute, saying what to write instead;
    /// `top`/`right`/`bottom`/`left` there are insets (FlexboxStyleTests).
    func testAnchorsOutsideABox() {
        XCTAssertEqual(headline("vbox\n  label \"x\" center-x=0\n"),
                       "t.spec:3:22: error: 'center-x=0' is an anchor, and anchors place the children of a box; "
                       + "this label is in a vbox (line 2): use align-self (or the parent's align and justify) to centre it")
        XCTAssertEqual(headline("hbox\n  box leading=4 size=5x5\n"),
                       "t.spec:3:15: error: 'leading=4' is an anchor, and anchors place the children of a box; "
                       + "this box is in an hbox (line 2): use position=absolute with top, right, bottom and left, or margins")
        XCTAssertEqual(headline("zbox\n  box id=a size=5x5\n  box width=a.width\n"),
                       "t.spec:4:13: error: 'width=a.width' is an anchor, and anchors place the children of a box; "
                       + "this box is in a zbox (line 2): give width in points, %, auto, min-content, max-content or fit-content")
        XCTAssertEqual(headline("vbox\n  box id=a size=5x5\n  box top=a.bottom+8\n"),
                       "t.spec:4:11: error: 'top=a.bottom+8' is an anchor, and anchors place the children of a box; "
                       + "in a vbox (line 2), top is an inset (CSS top): points, % or auto")
        XCTAssertEqual(headline("label \"x\" left=min(10, 20%)\n"),
                       "t.spec:2:16: error: 'left=min(10, 20%)' is an anchor, and anchors place the children of a box; "
                       + "in the canvas (a vbox), left is an inset (CSS left): points, % or auto")
        let huge = "min(" + Array(repeating: "1", count: 100_000).joined(separator: ", ") + ")"
        XCTAssertEqual(headline("vbox\n  box left=\(huge)\n"),
                       "t.spec:3:12: error: 'left=min(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,…' is an anchor, and anchors place the children of a box; "
                       + "in a vbox (line 2), left is an inset (CSS left): points, % or auto")
        XCTAssertEqual(headline("border\n  box region=top top=4\n"),
                       "t.spec:3:22: error: 'top' does nothing on a child of a border (line 2), which places it by its region; "
                       + "top, right, bottom and left are insets in a stack or zbox and anchors in a box")
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
