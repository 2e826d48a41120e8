import XCTest
import LayoutEngine

final class HiddenTests: XCTestCase {
    func testHiddenTakesNoSpaceAndNoGap() throws {
        let laid = try XCTUnwrap(lay(vbox("root", { $0.padding = Edges(all: .points(5)) },
                                          hbox("r", { $0.gap = 10 }, rect("a", 50, 20),
                                               hbox("h", { $0.isHidden = true; $0.width = .points(50) }, rect("x", 10, 10)),
                                               rect("b", 50, 20))),
                                     width: 300))
        assertFrame(laid["b"], Rect(x: 50 + 10, y: 0, width: 50, height: 20))
        assertFrame(laid["h"], .zero)
        assertFrame(laid["x"], .zero)
        // At the parent's origin, children too.
        assertFrame(laid.absolute("h"), Rect(x: 5, y: 5, width: 0, height: 0))
        assertFrame(laid.absolute("x"), Rect(x: 5, y: 5, width: 0, height: 0))
        XCTAssertEqual(laid.result.size, Size(width: 300, height: 30))
    }

    func testHiddenInOverlayBorderAndBox() throws {
        let laid = try XCTUnwrap(lay(vbox("root", { $0.align = .start },
                                          zbox("z", { _ in }, rect("a", 20, 20), rect("hz", 90, 90, { $0.isHidden = true })),
                                          borderBox("b", { _ in }, rect("c", 30, 30), rect("hb", 10, 10, { $0.isHidden = true })),
                                          box("x", { _ in }, rect("hx", 70, 70, { $0.isHidden = true }))),
                                     width: 300))
        assertFrame(laid["z"], Rect(x: 0, y: 0, width: 20, height: 20))
        assertFrame(laid["b"], Rect(x: 0, y: 20, width: 30, height: 30))
        assertFrame(laid["x"], Rect(x: 0, y: 50, width: 0, height: 0))
        assertFrame(laid["hz"], .zero)
    }
}
