import XCTest
import LayoutEngine

/// A row whose width is neither fixed nor stretched is fit-content wide, as CSS sizes a
/// flex container in the inline axis: min(max-content, max(min-content, available)); its
/// items then shrink to that width (CSS Flexbox §9.2 step 4, §9.7).
///
/// The text "alpha beta gamma delta epsilon" (words of 5, 4, 5, 5 and 7 glyphs, 10 points
/// each) is 300 wide on one line (max-content) and 70 at its longest word (min-content).
final class FitContentTests: XCTestCase {
    let words = "alpha beta gamma delta epsilon"
    func start(_ s: inout LayoutStyle) { s.alignSelf = .start }

    func testARowNotStretchedInAColumnIsAsWideAsTheSpace() throws {
        let laid = try XCTUnwrap(lay(vbox("root", { _ in }, hbox("h", start, text("t", words))), width: 200))
        // fit-content: min(300, max(70, 200)) = 200; the text shrinks from 300 to 200 and
        // wraps after "gamma" (16 glyphs) onto "delta epsilon".
        assertFrame(laid["h"], Rect(x: 0, y: 0, width: 200, height: 2 * 10))
        assertFrame(laid["t"], Rect(x: 0, y: 0, width: 200, height: 2 * 10))
    }

    func testItemsShrinkInsideTheFitContentRow() throws {
        let laid = try XCTUnwrap(lay(vbox("root", { _ in },
                                          hbox("h", { $0.alignSelf = .start; $0.padding = Edges(all: .points(5)); $0.gap = 10 },
                                               text("t", words), rect("b", 30, 10, { $0.shrink = 0 }))),
                                     width: 200))
        // Inner space 200 - 10. Max-content 300 + 10 + 30 overflows; min-content 70 + 10 + 30
        // fits, so the row is 200 wide and the text takes what the gap and `b` leave: 150,
        // three lines ("alpha beta", "gamma delta", "epsilon").
        let textWidth = 200.0 - 2 * 5 - 10 - 30
        assertFrame(laid["h"], Rect(x: 0, y: 0, width: 200, height: 3 * 10 + 2 * 5))
        assertFrame(laid["t"], Rect(x: 5, y: 5, width: textWidth, height: 3 * 10))
        assertFrame(laid["b"], Rect(x: 5 + textWidth + 10, y: 5, width: 30, height: 10))
    }

    func testTheMinContentWidthWinsOverALessAvailableWidth() throws {
        let laid = try XCTUnwrap(lay(vbox("root", { _ in }, hbox("h", start, text("t", words))), width: 50))
        // min(300, max(70, 50)) = 70: the row overflows the 50-point column, as in CSS, and
        // the text wraps one word a line.
        assertFrame(laid["h"], Rect(x: 0, y: 0, width: 70, height: 5 * 10))
        assertFrame(laid["t"], Rect(x: 0, y: 0, width: 70, height: 5 * 10))
    }

    func testAColumnHoldingTheRowFits() throws {
        let laid = try XCTUnwrap(lay(vbox("root", { _ in }, vbox("outer", start, hbox("h", { _ in }, text("t", words)))),
                                     width: 200))
        // `outer` measures `h` against its 200 points: 200, not 300.
        assertFrame(laid["outer"], Rect(x: 0, y: 0, width: 200, height: 2 * 10))
        assertFrame(laid["h"], Rect(x: 0, y: 0, width: 200, height: 2 * 10))
        assertFrame(laid["t"], Rect(x: 0, y: 0, width: 200, height: 2 * 10))
    }

    func testARowInAZboxThatDoesNotStretchIt() throws {
        let laid = try XCTUnwrap(lay(zbox("z", { $0.align = .center }, hbox("h", { _ in }, text("t", words))), width: 200))
        assertFrame(laid["h"], Rect(x: 0, y: 0, width: 200, height: 2 * 10))
        assertFrame(laid["t"], Rect(x: 0, y: 0, width: 200, height: 2 * 10))
    }

    func testARowItemOfAWrappingColumn() throws {
        let laid = try XCTUnwrap(lay(vbox("root", { $0.wrap = true }, hbox("h", { _ in }, text("t", words))),
                                     width: 200, height: 100))
        // A multi-line column measures its items' widths: `h` is fit-content, 200.
        assertFrame(laid["h"], Rect(x: 0, y: 0, width: 200, height: 2 * 10))
        assertFrame(laid["t"], Rect(x: 0, y: 0, width: 200, height: 2 * 10))
    }

    func testARowThatFitsKeepsItsMaxContentWidth() throws {
        let laid = try XCTUnwrap(lay(vbox("root", { _ in }, hbox("h", start, text("t", "alpha beta"))), width: 200))
        assertFrame(laid["h"], Rect(x: 0, y: 0, width: 100, height: 10))
        assertFrame(laid["t"], Rect(x: 0, y: 0, width: 100, height: 10))
    }

    func testAWrappingRowTooWideForItsLongestItem() throws {
        // "aaaaaaaaaaaa" (120) cannot wrap: the row is its min-content width, 120, not the
        // 100 available, and its lines are collected again in those 120: `b` and `c`
        // (60 + 50) share the second line.
        let laid = try XCTUnwrap(lay(vbox("root", { _ in },
                                          hbox("h", { $0.alignSelf = .start; $0.wrap = true },
                                               text("t", "aaaaaaaaaaaa"), rect("b", 60, 10), rect("c", 50, 10))),
                                     width: 100))
        assertFrame(laid["h"], Rect(x: 0, y: 0, width: 120, height: 10 + 10))
        assertFrame(laid["t"], Rect(x: 0, y: 0, width: 120, height: 10))
        assertFrame(laid["b"], Rect(x: 0, y: 10, width: 60, height: 10))
        assertFrame(laid["c"], Rect(x: 60, y: 10, width: 50, height: 10))
    }
}
