import XCTest
import LayoutEngine

final class PixelRoundingTests: XCTestCase {
    func thirds(scale: Double) throws -> Laid {
        try XCTUnwrap(lay(vbox("root", { $0.padding = Edges(all: .points(0.3)) },
                               hbox("r", { _ in }, box("a", { $0.basis = .points(0); $0.grow = 1; $0.height = .points(10.2) }),
                                    box("b", { $0.basis = .points(0); $0.grow = 1; $0.height = .points(10.2) }),
                                    box("c", { $0.basis = .points(0); $0.grow = 1; $0.height = .points(10.2) }))),
                          width: 100, scale: scale))
    }

    func testNeighboursShareEdgesAtScale1() throws {
        let laid = try thirds(scale: 1)
        // Unrounded: 0.3 + k × 33.133…; edges round separately.
        assertFrame(laid.absolute("a"), Rect(x: 0, y: 0, width: 33, height: 11))
        assertFrame(laid.absolute("b"), Rect(x: 33, y: 0, width: 67 - 33, height: 11))
        assertFrame(laid.absolute("c"), Rect(x: 67, y: 0, width: 100 - 67, height: 11))
        // Relative frames come from the rounded absolute ones.
        assertFrame(laid["b"], Rect(x: 33, y: 0, width: 34, height: 11))
    }

    func testEdgesOnTheDevicePixelGridAtScale2() throws {
        let laid = try thirds(scale: 2)
        let a = laid.absolute("a"), b = laid.absolute("b"), c = laid.absolute("c")
        XCTAssertEqual(a.maxX, b.minX)
        XCTAssertEqual(b.maxX, c.minX)
        for f in laid.result.absoluteFrames {
            for v in [f.minX, f.minY, f.maxX, f.maxY] { XCTAssertEqual(v * 2, (v * 2).rounded(), "\(f)") }
        }
        XCTAssertEqual(c.maxX, 99.5)
    }

    func testNoRoundingByDefault() throws {
        let laid = try XCTUnwrap(lay(hbox("r", { _ in }, box("a", { $0.basis = .points(0); $0.grow = 1 }),
                                          box("b", { $0.basis = .points(0); $0.grow = 1 }),
                                          box("c", { $0.basis = .points(0); $0.grow = 1 })),
                                     width: 100, height: 10))
        assertFrame(laid["b"], Rect(x: 100.0 / 3, y: 0, width: 100.0 / 3, height: 10))
    }
}
