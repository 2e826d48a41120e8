import XCTest
import LayoutEngine

final class SpacerTests: XCTestCase {
    func testFlexibleSpacerTakesTheFreeSpace() throws {
        let laid = try XCTUnwrap(lay(hbox("r", { _ in }, rect("a", 50, 20), spacer(nil, "s"), rect("b", 50, 20)),
                                     width: 300, height: 40))
        // (Stretched across the row, as CSS stretches an empty div.)
        assertFrame(laid["s"], Rect(x: 50, y: 0, width: 300 - 100, height: 40))
        assertFrame(laid["b"], Rect(x: 300 - 50, y: 0, width: 50, height: 20))
    }

    func testTwoFlexibleSpacersCenter() throws {
        let laid = try XCTUnwrap(lay(hbox("r", { _ in }, spacer(), rect("a", 50, 20), spacer()), width: 300, height: 40))
        assertFrame(laid["a"], Rect(x: (300 - 50) / 2, y: 0, width: 50, height: 20))
    }

    func testFlexibleSpacerSharesWithGrowingItems() throws {
        let laid = try XCTUnwrap(lay(hbox("r", { _ in }, box("a", { $0.basis = .points(0); $0.grow = 1 }), spacer(nil, "s")),
                                     width: 300, height: 40))
        assertFrame(laid["a"], Rect(x: 0, y: 0, width: 150, height: 40))
        assertFrame(laid["s"], Rect(x: 150, y: 0, width: 150, height: 40))
    }

    func testFixedSpacerAlongTheMainAxis() throws {
        let laid = try XCTUnwrap(lay(vbox("r", { _ in }, rect("a", 50, 20), spacer(20, "s"), rect("b", 50, 20)), width: 300))
        assertFrame(laid["s"], Rect(x: 0, y: 20, width: 300, height: 20))
        assertFrame(laid["b"], Rect(x: 0, y: 20 + 20, width: 50, height: 20))
        XCTAssertEqual(laid.result.size, Size(width: 300, height: 60))
    }

    func testFixedSpacerDoesNotShrink() throws {
        let laid = try XCTUnwrap(lay(hbox("r", { _ in }, box("a", { $0.width = .points(100) }), spacer(20, "s"),
                                          box("b", { $0.width = .points(100) })),
                                     width: 120, height: 10))
        assertFrame(laid["s"], Rect(x: 50, y: 0, width: 20, height: 10))
        assertFrame(laid["b"], Rect(x: 70, y: 0, width: 50, height: 10))
    }

    func testSpacerAlignedByItsStackIsEmptyAcross() throws {
        let laid = try XCTUnwrap(lay(hbox("r", { $0.align = .center }, rect("a", 50, 20), spacer(nil, "s"), spacer(10, "t")),
                                     width: 300, height: 40))
        assertFrame(laid["s"], Rect(x: 50, y: 20, width: 300 - 50 - 10, height: 0))
        assertFrame(laid["t"], Rect(x: 300 - 10, y: 20, width: 10, height: 0))
    }

    /// Spacers and boxes with one style share a stored style, and the engine makes a plain
    /// style's flex item once: a spacer's grow and shrink must not pass to the boxes, in
    /// either order.
    func testSpacersAndBoxesOfOneStyleKeepTheirOwnFlexing() throws {
        let boxFirst = try XCTUnwrap(lay(hbox("r", { _ in }, box("a", { _ in }), spacer(nil, "s"), box("b", { _ in }),
                                              spacer(10, "t")), width: 100, height: 10))
        assertFrame(boxFirst["a"], Rect(x: 0, y: 0, width: 0, height: 10))
        assertFrame(boxFirst["s"], Rect(x: 0, y: 0, width: 90, height: 10))
        assertFrame(boxFirst["b"], Rect(x: 90, y: 0, width: 0, height: 10))
        assertFrame(boxFirst["t"], Rect(x: 90, y: 0, width: 10, height: 10))
        let spacerFirst = try XCTUnwrap(lay(hbox("r", { _ in }, spacer(nil, "s"), box("a", { _ in }), spacer(10, "t"),
                                                 box("b", { _ in })), width: 100, height: 10))
        assertFrame(spacerFirst["s"], Rect(x: 0, y: 0, width: 90, height: 10))
        assertFrame(spacerFirst["a"], Rect(x: 90, y: 0, width: 0, height: 10))
        assertFrame(spacerFirst["t"], Rect(x: 90, y: 0, width: 10, height: 10))
        assertFrame(spacerFirst["b"], Rect(x: 100, y: 0, width: 0, height: 10))
    }

    func testSpacerOutsideAStackIsEmpty() throws {
        let laid = try XCTUnwrap(lay(zbox("z", { _ in }, spacer(20, "s"), spacer(nil, "f")), width: 100, height: 100))
        assertFrame(laid["s"], .zero)
        assertFrame(laid["f"], .zero)
    }
}
