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
}
