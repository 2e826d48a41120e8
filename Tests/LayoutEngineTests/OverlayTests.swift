import XCTest
import LayoutEngine

final class OverlayTests: XCTestCase {
    func testChildrenAlignedInTheContentBox() throws {
        let laid = try XCTUnwrap(lay(zbox("z", { $0.align = .center; $0.padding = Edges(all: .points(10)) },
                                          rect("a", 50, 20), rect("b", 50, 20, { $0.alignSelf = .end }),
                                          box("c", { $0.alignSelf = .stretch }), rect("d", 50, 20, { $0.alignSelf = .start })),
                                     width: 200, height: 100))
        assertFrame(laid["a"], Rect(x: 10 + (180 - 50) / 2, y: 10 + (80 - 20) / 2, width: 50, height: 20))
        assertFrame(laid["b"], Rect(x: 10 + 180 - 50, y: 10 + 80 - 20, width: 50, height: 20))
        assertFrame(laid["c"], Rect(x: 10, y: 10, width: 180, height: 80))
        assertFrame(laid["d"], Rect(x: 10, y: 10, width: 50, height: 20))
    }

    func testStretchRespectsMaxAndDefiniteSize() throws {
        let laid = try XCTUnwrap(lay(zbox("z", { _ in }, box("a", { $0.maxWidth = .points(40) }), rect("b", 30, 30)),
                                     width: 200, height: 100))
        assertFrame(laid["a"], Rect(x: 0, y: 0, width: 40, height: 100))
        assertFrame(laid["b"], Rect(x: 0, y: 0, width: 30, height: 30))
    }

    func testAutoSizeIsTheLargestOuterChild() throws {
        let laid = try XCTUnwrap(lay(vbox("r", { $0.align = .start },
                                          zbox("z", { _ in }, rect("a", 50, 20),
                                               rect("b", 30, 40, { $0.margin = Edges(all: .points(5)) }))),
                                     width: 300))
        assertFrame(laid["z"], Rect(x: 0, y: 0, width: 50, height: 40 + 2 * 5))
        assertFrame(laid["b"], Rect(x: 5, y: 5, width: 30, height: 40))
    }

    func testTextWrapsToTheBox() throws {
        let laid = try XCTUnwrap(lay(zbox("z", { $0.align = .end }, text("t", "aaaa bbbb cccc")), width: 100, height: 50))
        // Wrapped at 100: "aaaa bbbb" (90) and "cccc".
        assertFrame(laid["t"], Rect(x: 100 - 90, y: 50 - 20, width: 90, height: 20))
    }

    /// `auto` margins take the free space first (as in a CSS grid area: centred by two,
    /// pushed by one) and keep the child from stretching on that axis; never less than 0.
    func testAutoMarginsTakeTheFreeSpaceAndDoNotStretch() throws {
        let laid = try XCTUnwrap(lay(zbox("z", { $0.padding = Edges(all: .points(10)) },
                                          rect("a", 50, 20, { $0.margin = Edges(all: .auto) }),
                                          box("b", { $0.margin.left = .auto; $0.height = .points(10) }),
                                          rect("c", 300, 20, { $0.margin.left = .auto; $0.margin.right = .auto })),
                                     width: 200, height: 100))
        assertFrame(laid["a"], Rect(x: 10 + (180 - 50) / 2, y: 10 + (80 - 20) / 2, width: 50, height: 20))
        // (Not stretched across: its content's width, 0, at the end; still stretched down.)
        assertFrame(laid["b"], Rect(x: 190, y: 10, width: 0, height: 10))
        assertFrame(laid["c"], Rect(x: 10, y: 10, width: 300, height: 20))
    }

    /// `safe` alignment of a child larger than the box is `start`; unsafe centring overflows
    /// on both sides.
    func testSafeAlignmentOfALargerChildIsStart() throws {
        let laid = try XCTUnwrap(lay(zbox("z", { _ in },
                                          rect("a", 300, 150, { $0.alignSelf = .center; $0.alignSelfSafe = true }),
                                          rect("b", 300, 150, { $0.alignSelf = .center })),
                                     width: 200, height: 100))
        assertFrame(laid["a"], Rect(x: 0, y: 0, width: 300, height: 150))
        assertFrame(laid["b"], Rect(x: -50, y: -25, width: 300, height: 150))
    }

    /// A sizing keyword is a size of its own: the child is not stretched to the box.
    func testASizingKeywordSizeIsNotStretched() throws {
        let laid = try XCTUnwrap(lay(zbox("z", { _ in }, vbox("v", { $0.height = .minContent; $0.width = .maxContent },
                                                             rect("r", 30, 20))),
                                     width: 200, height: 100))
        assertFrame(laid["v"], Rect(x: 0, y: 0, width: 30, height: 20))
    }
}
