import XCTest
import LayoutEngine

final class BorderLayoutTests: XCTestCase {
    func region(_ r: BorderRegion) -> Configure { { $0.region = r } }

    func testRegionsAroundTheCenter() throws {
        let laid = try XCTUnwrap(lay(borderBox("b", { $0.gap = 10 },
                                               box("top", { $0.region = .top; $0.height = .points(20) }),
                                               box("bottom", { $0.region = .bottom; $0.height = .points(30) }),
                                               box("left", { $0.region = .left; $0.width = .points(40) }),
                                               box("right", { $0.region = .right; $0.width = .points(50) }),
                                               box("center", region(.center))),
                                     width: 300, height: 200))
        let middleTop = 20.0 + 10
        let middleHeight = 200.0 - 20 - 30 - 2 * 10
        assertFrame(laid["top"], Rect(x: 0, y: 0, width: 300, height: 20))
        assertFrame(laid["bottom"], Rect(x: 0, y: 200 - 30, width: 300, height: 30))
        assertFrame(laid["left"], Rect(x: 0, y: middleTop, width: 40, height: middleHeight))
        assertFrame(laid["center"], Rect(x: 40 + 10, y: middleTop, width: 300 - 40 - 50 - 2 * 10, height: middleHeight))
        assertFrame(laid["right"], Rect(x: 300 - 50, y: middleTop, width: 50, height: middleHeight))
    }

    func testSeveralTopsStackInOrderAndAutoHeight() throws {
        let laid = try XCTUnwrap(lay(borderBox("b", { $0.gap = 10; $0.padding = Edges(all: .points(5)) },
                                               box("t1", { $0.region = .top; $0.height = .points(20) }),
                                               box("t2", { $0.region = .top; $0.height = .points(15) }),
                                               box("center", { $0.height = .points(60) }),
                                               box("b1", { $0.region = .bottom; $0.height = .points(30) }),
                                               box("b2", { $0.region = .bottom; $0.height = .points(10) })),
                                     width: 300))
        assertFrame(laid["t1"], Rect(x: 5, y: 5, width: 290, height: 20))
        assertFrame(laid["t2"], Rect(x: 5, y: 5 + 20 + 10, width: 290, height: 15))
        assertFrame(laid["center"], Rect(x: 5, y: 5 + 20 + 10 + 15 + 10, width: 290, height: 60))
        assertFrame(laid["b1"], Rect(x: 5, y: 5 + 20 + 10 + 15 + 10 + 60 + 10, width: 290, height: 30))
        assertFrame(laid["b2"], Rect(x: 5, y: 5 + 20 + 10 + 15 + 10 + 60 + 10 + 30 + 10, width: 290, height: 10))
        XCTAssertEqual(laid.result.size, Size(width: 300, height: 5 + 20 + 15 + 60 + 30 + 10 + 4 * 10 + 5))
    }

    func testSideChildrenTakeTheirTextWidth() throws {
        let laid = try XCTUnwrap(lay(borderBox("b", { _ in }, text("l", "left", { $0.region = .left }),
                                               text("c", "middle text"), text("r", "end", { $0.region = .right })),
                                     width: 200, height: 40))
        assertFrame(laid["l"], Rect(x: 0, y: 0, width: 40, height: 40))
        assertFrame(laid["c"], Rect(x: 40, y: 0, width: 200 - 40 - 30, height: 40))
        assertFrame(laid["r"], Rect(x: 200 - 30, y: 0, width: 30, height: 40))
    }
}
