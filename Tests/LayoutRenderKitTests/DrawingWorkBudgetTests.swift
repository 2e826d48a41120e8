import Foundation
import LayoutEngine
@testable import LayoutRenderKit
@testable import Rendering
import XCTest

/// Work the paint budget used not to see (issue 37): each dash and dot of a border is
/// charged, not only the pixels of the box.
final class DrawingWorkBudgetTests: XCTestCase {
    private func options() -> RenderOptions { RenderOptions(fileName: "t.spec", assetRoot: NSTemporaryDirectory()) }

    private func failure(_ spec: String, options: RenderOptions? = nil) -> LayoutRenderError? {
        do {
            _ = try LayoutRenderer().render(source: spec, options: options ?? self.options())
            return nil
        } catch {
            return error
        }
    }

    /// A side 100 long, 1 wide, dotted: pieces of 1 with gaps of at least 1, so
    /// floor((100 + 1) / 2) = 50 dots a side; dashed: 3 with gaps of 2, floor(102 / 5) = 20.
    func testPiecesAreCountedWithoutDrawingThem() throws {
        let surface = try ImageSurface(width: 200, height: 200)
        defer { surface.finish() }
        let context = try DrawingContext(surface: surface, scale: 1)
        let rect = Rect(x: 10, y: 10, width: 100, height: 100)
        XCTAssertEqual(context.borderPieceCount(rect, BorderSides(widths: EdgeInsets(all: 1), style: .dotted)), 4 * 50)
        XCTAssertEqual(context.borderPieceCount(rect, BorderSides(widths: EdgeInsets(all: 1), style: .dashed)), 4 * 20)
        XCTAssertEqual(context.borderPieceCount(rect, BorderSides(widths: EdgeInsets(all: 1), style: .solid)), 0)
        // Only what can show: a side running far past the canvas counts the dots on it.
        let long = Rect(x: 0, y: 0, width: 1_000_000, height: 100)
        let far = context.borderPieceCount(long, BorderSides(widths: EdgeInsets(all: 1), style: .dotted))
        XCTAssertGreaterThan(far, 2 * 50)
        XCTAssertLessThan(far, 10_000, "not the 1,000,000 dots of the whole side")
    }

    /// 300 boxes 4,096 wide and 2 high with dotted borders: few pixels (2.5 M), but
    /// 300 × 2 × 2,048 dots, each charged `BorderDashes.pieceCost`: over the budget, refused
    /// at once rather than drawn dot by dot for seconds.
    func testDotsOfLongThinBoxesAreCharged() {
        var spec = "canvas width=4096 background=#ffffff\nvbox\n"
        for _ in 0..<300 { spec += "  box width=4096 height=2 border=1 border-style=dotted\n" }
        XCTAssertEqual(failure(spec)?.exceededBudget, .paintedPixels)
    }

    /// One large dotted box is still well within the budget.
    func testOneDottedBorderIsDrawn() {
        XCTAssertNil(failure("canvas width=4096 height=4096 background=#ffffff\nbox size=4096x4096 border=1 border-style=dotted\n"))
        XCTAssertNil(failure("canvas width=400 height=400\nbox size=400x400 border=3 border-style=dashed\n"))
    }
}

/// SVG and PDF documents bounded by `RenderBudget.maxVectorBytes` (issue 37): estimated
/// before drawing, counted while Cairo writes.
final class VectorOutputBudgetTests: XCTestCase {
    private func document(_ spec: String, _ format: OutputFormat, maxBytes: Int) throws -> [UInt8] {
        var options = RenderOptions(fileName: "t.spec", assetRoot: NSTemporaryDirectory())
        options.renderLimits.budget.maxVectorBytes = maxBytes
        let renderer = LayoutRenderer()
        let laidOut = try renderer.layout(source: spec, options: options)
        return try renderer.picture(laidOut, settings: PictureSettings(format: format), options: options).bytes
    }

    private func assertOverBudget(_ spec: String, _ format: OutputFormat, maxBytes: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try document(spec, format, maxBytes: maxBytes), file: file, line: line) { error in
            XCTAssertEqual((error as? LayoutRenderError)?.exceededBudget, .vectorBytes, "\(error)", file: file, line: line)
        }
    }

    /// 400 labels of 40 glyphs: estimated at 400 × (100 + 40 × 32) bytes, about 550 kB,
    /// refused before drawing under a 100 kB budget; drawn under the default.
    func testManyGlyphsAreEstimatedBeforeDrawing() throws {
        var spec = "canvas width=400 height=400\nzbox\n"
        for _ in 0..<400 { spec += "  label \"0123456789012345678901234567890123456789\" size=2\n" }
        assertOverBudget(spec, .svg, maxBytes: 100_000)
        assertOverBudget(spec, .pdf, maxBytes: 100_000)
        XCTAssertGreaterThan(try document(spec, .svg, maxBytes: 64 << 20).count, 400 * 40 * 32)
    }

    /// The estimate leaves out what it cannot know (the glyphs' outlines, the header): the
    /// bytes Cairo writes are counted too, and a document longer than the limit is an error,
    /// not cut short.
    func testTheWrittenBytesAreCountedToo() throws {
        let spec = "canvas width=100 height=40\nlabel \"Hello\"\n"
        let whole = try document(spec, .svg, maxBytes: 64 << 20)
        assertOverBudget(spec, .svg, maxBytes: whole.count - 1)
        // (Cairo's own identifiers are longer than the renumbered ones: a little room.)
        XCTAssertEqual(try document(spec, .svg, maxBytes: whole.count + whole.count / 4), whole)
    }
}

/// Text sizes judged through the transforms around them composed, at the label (issue 37).
final class ComposedTransformTextTests: XCTestCase {
    private func failure(_ spec: String) -> LayoutRenderError? {
        do {
            _ = try LayoutRenderer().render(source: spec, options: RenderOptions(fileName: "t.spec", assetRoot: NSTemporaryDirectory()))
            return nil
        } catch {
            return error
        }
    }

    /// `scale(100,0.01)` inside `scale(0.01,100)` is the identity: 14 pixels per em, drawn
    /// (the stretches multiplied were 100 × 100, "140000 device pixels per em").
    func testTransformsThatUndoEachOtherDrawTheText() {
        XCTAssertNil(failure("canvas width=200 height=100\nbox size=200x100 transform=\"scale(0.01,100)\"\n"
                             + "  box size=200x100 transform=\"scale(100,0.01)\"\n    label \"Hello\" size=14\n"))
    }

    /// Transforms that do stretch: refused at the label, with its line quoted.
    func testTextTooLargeThroughTransformsIsRefusedAtTheLabel() {
        let error = failure("canvas width=200 height=100\nbox size=200x100 transform=\"scale(10)\"\n"
                            + "  box size=200x100 transform=\"scale(100)\"\n    label \"Hello\" size=20\n")
        XCTAssertEqual(error?.diagnostic.location?.line, 4)
        XCTAssertEqual(error?.diagnostic.message, "text would be drawn at 20000 device pixels per em (size × scale); the limit is 16384")
        XCTAssertEqual(error?.diagnostic.sourceLine, "    label \"Hello\" size=20")
    }
}
