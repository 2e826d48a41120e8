import XCTest
@testable import LayoutEngine

/// A wrapping column measured under a min-content constraint is one line, on either axis:
/// its min-content height is its max-content height, its min-content width its widest
/// item's, whatever height it is measured in (as Chrome and Firefox size it).
final class WrappingColumnTests: XCTestCase {
    /// `compute` on the root of `root`, as a parent measuring it would call it.
    func measure(_ root: TestNode, knownWidth: Double? = nil, knownHeight: Double? = nil,
                 availableWidth: AvailableSpace, availableHeight: AvailableSpace) -> Size {
        let tree = BuiltTree(root).tree
        var frames = [Rect](repeating: .zero, count: tree.count)
        return frames.withUnsafeMutableBufferPointer { f in
            LayoutContext.with(tree, frames: f, rootDirection: .ltr) { context in
                context.compute(0, knownWidth: knownWidth, knownHeight: knownHeight, parentWidth: nil, parentHeight: nil,
                                availableWidth: availableWidth, availableHeight: availableHeight, perform: false)
            }
        }
    }

    let column = vbox("col", { $0.wrap = true; $0.crossGap = 10 },
                      text("t1", "aaaa bbbb"), text("t2", "cccc dddd"))

    func testItsMinContentWidthIsItsWidestItemsAtAnyHeight() {
        // 20 points high, at their min-content width (40) each text is two lines (20): one a
        // line would make it 40 + 10 + 40 wide. It is 40.
        XCTAssertEqual(measure(column, knownHeight: 20, availableWidth: .minContent, availableHeight: .definite(20)),
                       Size(width: 40, height: 20))
        // Its max-content width at that height: 90 each, one line of 10 + 10.
        XCTAssertEqual(measure(column, knownHeight: 20, availableWidth: .maxContent, availableHeight: .definite(20)),
                       Size(width: 90, height: 20))
    }

    func testItsMinContentHeightIsItsMaxContentHeight() {
        // 100 wide: both texts on one line each, one above the other.
        let maxContent = measure(column, knownWidth: 100, availableWidth: .definite(100), availableHeight: .maxContent)
        XCTAssertEqual(maxContent, Size(width: 100, height: 10 + 10))
        XCTAssertEqual(measure(column, knownWidth: 100, availableWidth: .definite(100), availableHeight: .minContent),
                       maxContent)
    }

    func testAWrappingColumnDoesNotMakeItsRowTallerThanItsParentMeasuredIt() throws {
        // The root column measures `h` at 20 high, then checks that `h` is not shrunk below
        // its min-content height (§4.5). With the empty column `c` one item a line there, `c`
        // would be 10 wide (its cross gap) and `t`, shrunk with it from 150 to
        // 150 - 60 × 150/160 = 93.75, three lines: 30, taller than the root.
        let laid = try XCTUnwrap(lay(vbox("root", { _ in },
                                          hbox("h", { _ in }, text("t", "aaaa bbbbb cccc"),
                                               vbox("c", { $0.wrap = true; $0.gap = 10 }, box("e1"), box("e2")))),
                                     width: 100))
        // `c` is 0 wide, so `t` shrinks from 150 to 100: "aaaa bbbbb", "cccc".
        assertFrame(laid["h"], Rect(x: 0, y: 0, width: 100, height: 2 * 10))
        assertFrame(laid["t"], Rect(x: 0, y: 0, width: 100, height: 2 * 10))
        assertFrame(laid["c"], Rect(x: 100, y: 0, width: 0, height: 2 * 10))
        XCTAssertEqual(laid.result.size, Size(width: 100, height: 2 * 10))
    }
}
