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

    // Sides keep their max-content width while it fits and shrink toward their
    // min-content width when it does not, as flex items with shrink 1.

    func testASideShrunkByARowWrapsInsideTheBorder() throws {
        let words = "alpha beta gamma delta epsilon" // 300 on one line, 70 at its longest word
        let laid = try XCTUnwrap(lay(hbox("root", { _ in },
                                          borderBox("b", { _ in }, text("l", words, region(.left))),
                                          text("t", words)),
                                     width: 200))
        // Both items have a 300 base and shrink by 200 each, to 100 (above their min-content
        // 70); the side takes the border's 100 and wraps to "alpha beta", "gamma", "delta",
        // "epsilon".
        assertFrame(laid["b"], Rect(x: 0, y: 0, width: 100, height: 4 * 10))
        assertFrame(laid["l"], Rect(x: 0, y: 0, width: 100, height: 4 * 10))
        assertFrame(laid["t"], Rect(x: 100, y: 0, width: 100, height: 4 * 10))
    }

    func testSidesShareTheShortfallInProportionAndLeaveTheCentreItsMinContent() throws {
        let laid = try XCTUnwrap(lay(borderBox("b", { $0.gap = 10 },
                                               text("l", "aaaa bbbb ccccc", region(.left)),   // 150, min 50
                                               text("c", "ffffff"),                          // 60
                                               text("r", "dd ee", region(.right))),          // 50, min 20
                                     width: 200))
        // Room for the sides: 200 - 2 gaps - the centre's 60 = 120 for 150 + 50: 80 short,
        // shared 150 : 50.
        let l = 150.0 - 80 * 150 / 200, r = 50.0 - 80 * 50 / 200
        assertFrame(laid["l"], Rect(x: 0, y: 0, width: l, height: 2 * 10))
        assertFrame(laid["c"], Rect(x: l + 10, y: 0, width: 200 - l - r - 2 * 10, height: 2 * 10))
        assertFrame(laid["r"], Rect(x: 200 - r, y: 0, width: r, height: 2 * 10))
        XCTAssertEqual(laid.result.size, Size(width: 200, height: 2 * 10))
    }

    func testASideAtItsMinContentStopsAndTheOtherShrinksMore() throws {
        let laid = try XCTUnwrap(lay(borderBox("b", { _ in },
                                               text("l", "aaaaaaa", region(.left)),      // 70, min 70
                                               text("r", "bb cc dd", region(.right))),   // 80, min 20
                                     width: 100))
        // 50 short: `l` would go to 70 - 50 × 70/150, below 70, so it stays at 70 and `r`
        // takes the whole shortfall: 30, one word a line.
        assertFrame(laid["l"], Rect(x: 0, y: 0, width: 70, height: 3 * 10))
        assertFrame(laid["r"], Rect(x: 70, y: 0, width: 30, height: 3 * 10))
    }

    func testABorderNotStretchedInAColumnIsAsWideAsTheSpace() throws {
        let laid = try XCTUnwrap(lay(vbox("root", { _ in },
                                          borderBox("b", { $0.alignSelf = .start },
                                                    text("l", "aaaa bbbb cccc", region(.left)),    // 140, min 40
                                                    text("r", "dddd eeee ffff", region(.right)))), // 140, min 40
                                     width: 200))
        // The middle row is fit-content: min(280, max(80, 200)) = 200; the sides shrink by 40 each.
        assertFrame(laid["b"], Rect(x: 0, y: 0, width: 200, height: 2 * 10))
        assertFrame(laid["l"], Rect(x: 0, y: 0, width: 100, height: 2 * 10))
        assertFrame(laid["r"], Rect(x: 100, y: 0, width: 100, height: 2 * 10))
    }
}
