import XCTest
import LayoutEngine

final class RightToLeftTests: XCTestCase {
    func testRowStartsAtTheRightPadding() throws {
        let laid = try XCTUnwrap(lay(hbox("r", { $0.direction = .rtl; $0.padding = Edges(top: .points(0), right: .points(20),
                                                                                         bottom: .points(0), left: .points(10)) },
                                          rect("a", 50, 10), rect("b", 60, 10)),
                                     width: 300, height: 20))
        assertFrame(laid["a"], Rect(x: 300 - 20 - 50, y: 0, width: 50, height: 10))
        assertFrame(laid["b"], Rect(x: 300 - 20 - 50 - 60, y: 0, width: 60, height: 10))
    }

    func testRootInheritsTheOptionsDirection() throws {
        let laid = try XCTUnwrap(lay(hbox("r", { $0.gap = 5 }, rect("a", 50, 10), rect("b", 60, 10)),
                                     width: 300, height: 20, direction: .rtl))
        assertFrame(laid["a"], Rect(x: 250, y: 0, width: 50, height: 10))
        assertFrame(laid["b"], Rect(x: 250 - 5 - 60, y: 0, width: 60, height: 10))
    }

    func testJustifyEndAndMarginsAreMirrored() throws {
        let laid = try XCTUnwrap(lay(hbox("r", { $0.justify = .end },
                                          rect("a", 50, 10, { $0.margin.left = .points(5); $0.margin.right = .points(7) })),
                                     width: 300, height: 20, direction: .rtl))
        assertFrame(laid["a"], Rect(x: 5, y: 0, width: 50, height: 10))
        let start = try XCTUnwrap(lay(hbox("r", { _ in },
                                           rect("a", 50, 10, { $0.margin.left = .points(5); $0.margin.right = .points(7) })),
                                      width: 300, height: 20, direction: .rtl))
        assertFrame(start["a"], Rect(x: 300 - 7 - 50, y: 0, width: 50, height: 10))
    }

    func testColumnCrossStartIsRight() throws {
        let laid = try XCTUnwrap(lay(vbox("c", { $0.align = .start }, rect("a", 50, 10), rect("b", 30, 10)),
                                     width: 300, direction: .rtl))
        assertFrame(laid["a"], Rect(x: 300 - 50, y: 0, width: 50, height: 10))
        assertFrame(laid["b"], Rect(x: 300 - 30, y: 10, width: 30, height: 10))
    }

    func testExplicitLTRInsideRTL() throws {
        let laid = try XCTUnwrap(lay(hbox("r", { _ in }, hbox("inner", { $0.direction = .ltr; $0.width = .points(100) },
                                                             rect("c", 30, 10), rect("d", 20, 10))),
                                     width: 300, height: 20, direction: .rtl))
        assertFrame(laid["inner"], Rect(x: 200, y: 0, width: 100, height: 20))
        assertFrame(laid["c"], Rect(x: 0, y: 0, width: 30, height: 10))
        assertFrame(laid["d"], Rect(x: 30, y: 0, width: 20, height: 10))
    }

    func testWrappedRowInRTL() throws {
        let laid = try XCTUnwrap(lay(hbox("r", { $0.wrap = true }, rect("a", 120, 10), rect("b", 120, 10), rect("c", 50, 10)),
                                     width: 200, direction: .rtl))
        assertFrame(laid["a"], Rect(x: 200 - 120, y: 0, width: 120, height: 10))
        assertFrame(laid["b"], Rect(x: 200 - 120, y: 10, width: 120, height: 10))
        assertFrame(laid["c"], Rect(x: 200 - 120 - 50, y: 10, width: 50, height: 10))
    }
}
