import LayoutEngine
import Rendering
import XCTest
@testable import LayoutRenderKit

/// The flexbox attributes as the layout engine receives them (the style of each node), the
/// frames of those the engine already lays out, per-side borders as drawn, and a label's
/// first baseline.
final class FlexboxStyleTests: XCTestCase {
    private func laidOut(_ body: String, scale: Double = 1) throws -> LaidOutSpec {
        var options = RenderOptions(fileName: "t.spec")
        options.scale = scale
        return try LayoutRenderer().layout(source: "canvas width=200\n" + body, options: options)
    }

    /// The style of every node under the canvas, in tree order.
    private func styles(_ body: String) throws -> [LayoutStyle] {
        Array(try laidOut(body).scene.tree.styles.dropFirst())
    }

    private func frames(_ body: String, scale: Double = 1) throws -> [Rect] {
        Array(try laidOut(body, scale: scale).layout.absoluteFrames.dropFirst())
    }

    // MARK: - Styles

    func testInsetsOfAStackOrZboxChild() throws {
        let s = try styles("""
            vbox
              box position=absolute top=10 left=-5 bottom=25% right=auto
            zbox
              box position=relative top=-2
            """)
        XCTAssertEqual(s[1].position, .absolute)
        XCTAssertEqual(s[1].inset, Edges(top: .points(10), right: .auto, bottom: .percent(25), left: .points(-5)))
        XCTAssertTrue(s[1].anchors.isEmpty)
        XCTAssertEqual(s[3].position, .relative)
        XCTAssertEqual(s[3].inset, Edges(top: .points(-2), right: .auto, bottom: .auto, left: .auto))
    }

    func testEdgesOfABoxChildStayAnchors() throws {
        let s = try styles("box size=50x50\n  box left=4 top=auto width=10 height=10\n")
        XCTAssertEqual(s[1].anchors, [.left: .points(4)])
        XCTAssertEqual(s[1].inset, Edges(all: .auto))
    }

    func testContainerAttributes() throws {
        let s = try styles("""
            hbox wrap=reverse reverse align-content=space-around justify=safe-center align=safe-end gap=10% cross-gap=4
            vbox wrap align=baseline justify=space-evenly align-content=safe-end
            """)
        XCTAssertTrue(s[0].wrap)
        XCTAssertTrue(s[0].wrapReverse)
        XCTAssertTrue(s[0].reverse)
        XCTAssertEqual(s[0].alignContent, .spaceAround)
        XCTAssertFalse(s[0].alignContentSafe)
        XCTAssertEqual(s[0].justify, .center)
        XCTAssertTrue(s[0].justifySafe)
        XCTAssertEqual(s[0].align, .end)
        XCTAssertTrue(s[0].alignSafe)
        XCTAssertEqual(s[0].gap, .percent(10))
        XCTAssertEqual(s[0].crossGap, .points(4))
        XCTAssertTrue(s[1].wrap)
        XCTAssertFalse(s[1].wrapReverse)
        XCTAssertFalse(s[1].reverse)
        XCTAssertEqual(s[1].align, .baseline)
        XCTAssertFalse(s[1].alignSafe)
        XCTAssertFalse(s[1].justifySafe)
        XCTAssertEqual(s[1].alignContent, .end)
        XCTAssertTrue(s[1].alignContentSafe)
    }

    func testTheCanvasReverses() throws {
        let spec = try laidOut("box size=1x1").scene.tree.styles[0]
        XCTAssertFalse(spec.reverse)
        let reversed = try LayoutRenderer().layout(source: "canvas width=10 reverse\nbox size=1x1", options: RenderOptions(fileName: "t.spec"))
        XCTAssertTrue(reversed.scene.tree.styles[0].reverse)
    }

    func testItemAttributes() throws {
        let s = try styles("""
            hbox
              box order=-3 align-self=baseline clip
              box align-self=safe-center width=min-content height=max-content basis=fit-content min-width=max-content max-height=fit-content
            """)
        XCTAssertEqual(s[1].order, -3)
        XCTAssertEqual(s[1].alignSelf, .baseline)
        XCTAssertFalse(s[1].alignSelfSafe)
        XCTAssertTrue(s[1].clipsContent)
        XCTAssertEqual(s[2].alignSelf, .center)
        XCTAssertTrue(s[2].alignSelfSafe)
        XCTAssertEqual(s[2].width, .minContent)
        XCTAssertEqual(s[2].height, .maxContent)
        XCTAssertEqual(s[2].basis, .fitContent)
        XCTAssertEqual(s[2].minWidth, .maxContent)
        XCTAssertEqual(s[2].maxHeight, .fitContent)
        XCTAssertFalse(s[2].clipsContent)
    }

    func testMarginsPaddingAndBordersBySide() throws {
        let s = try styles("""
            style card margin=8 border=1,#000
            vbox style=card margin-left=auto padding=4 padding-top=10% border-bottom=3,#f00
            vbox margin=0,auto padding-right=6 border-left=2
            vbox margin-right=5 margin=1
            """)
        XCTAssertEqual(s[0].margin, Edges(top: .points(8), right: .points(8), bottom: .points(8), left: .auto))
        XCTAssertEqual(s[0].padding, Edges(top: .percent(10), right: .points(4), bottom: .points(4), left: .points(4)))
        XCTAssertEqual(s[0].border, EdgeInsets(top: 1, right: 1, bottom: 3, left: 1))
        XCTAssertEqual(s[1].margin, Edges(top: .points(0), right: .auto, bottom: .points(0), left: .auto))
        XCTAssertEqual(s[1].padding, Edges(top: .points(0), right: .points(6), bottom: .points(0), left: .points(0)))
        XCTAssertEqual(s[1].border, EdgeInsets(top: 0, right: 0, bottom: 0, left: 2))
        XCTAssertEqual(s[2].margin, Edges(all: .points(1)), "a later shorthand replaces the side")
    }

    /// `size` is the shorthand of `width` and `height`: the later one wins, in source
    /// order (it used to depend on the order of a dictionary).
    func testSizeAndWidthCombineInSourceOrder() throws {
        let s = try styles("""
            style wide width=30
            box size=10x10 width=20
            box width=20 size=10x10
            box style=wide size=10x10
            box style=wide height=5
            label "a" size=12 width=40
            """)
        XCTAssertEqual([s[0].width, s[0].height], [.points(20), .points(10)])
        XCTAssertEqual([s[1].width, s[1].height], [.points(10), .points(10)])
        XCTAssertEqual([s[2].width, s[2].height], [.points(10), .points(10)])
        XCTAssertEqual([s[3].width, s[3].height], [.points(30), .points(5)])
        XCTAssertEqual(s[4].width, .points(40), "a label's size is its font size, no shorthand")
    }

    // MARK: - Frames the engine already gives

    func testPercentageGapIsOfTheContentBox() throws {
        // 10% of the row's 200-point content width, between 20-point items.
        let f = try frames("hbox\n  box size=20x20\n  box size=20x20\n  box size=20x20\n")
        XCTAssertEqual(f[2].x, 20)
        let g = try frames("hbox gap=10%\n  box size=20x20\n  box size=20x20\n  box size=20x20\n")
        XCTAssertEqual(g[1], Rect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(g[2], Rect(x: 20 + 20, y: 0, width: 20, height: 20))
        XCTAssertEqual(g[3], Rect(x: 2 * (20 + 20), y: 0, width: 20, height: 20))
    }

    func testPerSidePaddingMarginAndBorderTakeTheirSpace() throws {
        let f = try frames("""
            vbox padding=4 padding-left=10 border=1 border-top=3 margin-top=6
              box height=20
            """)
        XCTAssertEqual(f[0], Rect(x: 0, y: 6, width: 200, height: 3 + 4 + 20 + 4 + 1))
        XCTAssertEqual(f[1], Rect(x: 1 + 10, y: 6 + 3 + 4, width: 200 - 1 - 10 - 4 - 1, height: 20))
    }

    // MARK: - Drawing

    private func operations(_ body: String) throws -> [DrawOperation] {
        let spec = try laidOut(body)
        var builder = DisplayListBuilder(scene: spec.scene, layout: spec.layout, debugLabel: nil)
        return builder.build().operations
    }

    /// The colours of the fills, in the order they are painted.
    private func fills(_ body: String) throws -> [String] {
        try operations(body).compactMap { op -> String? in
            guard case .fill(_, let c, _) = op else { return nil }
            return c == RGBAColor(red: 1, green: 0, blue: 0) ? "red" : c == RGBAColor(red: 0, green: 0, blue: 1) ? "blue" : "green"
        }
    }

    /// As CSS paints them: a stack's items by `order`, ties in tree order, and positioned
    /// items after the others.
    func testPaintOrderFollowsOrderThenPosition() throws {
        XCTAssertEqual(try fills("hbox\n  box size=5x5 order=1 background=#f00\n  box size=5x5 background=#00f\n"), ["blue", "red"])
        XCTAssertEqual(try fills("hbox\n  box size=5x5 order=1 background=#f00\n  box size=5x5 order=1 background=#00f\n"), ["red", "blue"])
        XCTAssertEqual(try fills("vbox\n  box size=5x5 position=relative background=#f00\n  box size=5x5 background=#00f\n"), ["blue", "red"])
        XCTAssertEqual(try fills("vbox\n  box size=5x5 top=2 background=#f00\n  box size=5x5 background=#00f\n"), ["blue", "red"],
                       "an inset alone makes a relative, positioned item")
        XCTAssertEqual(try fills("vbox\n  box size=5x5 top=auto background=#f00\n  box size=5x5 background=#00f\n"), ["red", "blue"])
        XCTAssertEqual(try fills("""
            hbox
              box size=5x5 position=absolute order=-1 background=#f00
              box size=5x5 order=2 background=#00f
              box size=5x5 background=#0f0
            """), ["green", "blue", "red"])
        // `order` orders the items of a stack only.
        XCTAssertEqual(try fills("zbox\n  box size=5x5 order=1 background=#f00\n  box size=5x5 background=#00f\n"), ["red", "blue"])
    }

    func testAUniformBorderIsOneStrokeAsBefore() throws {
        let ops = try operations("box size=20x20 border=2,#f00 border-top=2,#f00")
        XCTAssertEqual(ops, [.strokeInside(Rect(x: 0, y: 0, width: 20, height: 20), width: 2,
                                           color: RGBAColor(red: 1, green: 0, blue: 0), cornerRadius: 0)])
    }

    func testSidesThatDifferAreDrawnBySide() throws {
        let ops = try operations("box size=20x20 border-left=4,#f00 border-top=2,#00f radius=3")
        let red = RGBAColor(red: 1, green: 0, blue: 0), blue = RGBAColor(red: 0, green: 0, blue: 1)
        XCTAssertEqual(ops, [.strokeSides(Rect(x: 0, y: 0, width: 20, height: 20),
                                          BorderSides(widths: EdgeInsets(top: 2, right: 0, bottom: 0, left: 4),
                                                      top: blue, right: .black, bottom: .black, left: red),
                                          cornerRadius: 3)])
    }

    func testEachSideInItsColourSplitAtTheCornerDiagonal() throws {
        let image = try LayoutRenderer().render(
            source: "canvas width=20 height=20 background=#ffffff\nbox size=20x20 border-left=4,#ff0000 border-top=2,#0000ff border-bottom=1,#ff0000",
            options: RenderOptions(fileName: "t.spec"))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * image.bitmap.width + x) * 4
            return Array(image.bitmap.pixels[i..<i + 4])
        }
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255], white: [UInt8] = [255, 255, 255, 255]
        XCTAssertEqual(pixel(1, 10), red)
        XCTAssertEqual(pixel(3, 10), red)
        XCTAssertEqual(pixel(4, 10), white)
        XCTAssertEqual(pixel(10, 0), blue)
        XCTAssertEqual(pixel(10, 1), blue)
        XCTAssertEqual(pixel(10, 2), white)
        XCTAssertEqual(pixel(10, 19), red)
        XCTAssertEqual(pixel(19, 10), white, "no right border")
        // The corner is split on the line from (0, 0) through the inner corner (4, 2):
        // (3.5, 0.5) lies above it, (1.5, 1.5) below.
        XCTAssertEqual(pixel(3, 0), blue)
        XCTAssertEqual(pixel(1, 1), red)
    }

    /// A border far beyond Cairo's coordinates goes through the far-geometry path (its
    /// wedges cut to the canvas first): the sides still show where they should.
    func testBorderSidesFarBeyondCairosRange() throws {
        var options = RenderOptions(fileName: "t.spec")
        options.scale = 8
        let image = try LayoutRenderer().render(
            source: "canvas width=20 height=20 background=#ffffff\nbox size=1000000x1000000 border-left=4,#ff0000 border-top=2,#0000ff",
            options: options)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * image.bitmap.width + x) * 4
            return Array(image.bitmap.pixels[i..<i + 4])
        }
        XCTAssertEqual(pixel(8, 80), [255, 0, 0, 255], "x 1, y 10: the left side")
        XCTAssertEqual(pixel(80, 4), [0, 0, 255, 255], "x 10, y 0.5: the top side")
        XCTAssertEqual(pixel(80, 80), [255, 255, 255, 255])
    }

    /// A leaf is measured in its content box (inside its border), so it is drawn there.
    func testALabelIsDrawnInsideItsBorder() throws {
        let spec = try laidOut("hbox\n  label \"x\" border-left=10 border-top=4\n")
        var builder = DisplayListBuilder(scene: spec.scene, layout: spec.layout, debugLabel: nil)
        let frame = spec.layout.absoluteFrames[2]
        let glyphs = builder.build().operations.compactMap { op -> GlyphRun? in
            if case .glyphs(let run) = op { return run } else { return nil }
        }
        XCTAssertEqual(glyphs.count, 1)
        XCTAssertEqual(glyphs[0].glyphs.first?.x, frame.x + 10)
        XCTAssertEqual(glyphs[0].glyphs.first?.y, frame.y + 4 + 13)
    }

    // MARK: - Baselines

    /// DejaVu Sans Mono at 14 pt: the line is (1901 + 483) / 2048 × 14 = 16.296875 tall and
    /// the descent 483 / 2048 × 14 = 3.3017578125, so the baseline is 12.9951171875 below
    /// the top, 13 on the pixel grid; with line-height=2 the extra line goes above:
    /// 32.59375 − 3.3017578125 = 29.2919921875, 29. At scale 3 the grid is a third of a point.
    func testALabelsFirstBaselineIsWhereItsFirstLineIsDrawn() throws {
        func baseline(_ attributes: String, scale: Double = 1) throws -> Double? {
            let spec = try laidOut("vbox\n  label \"Hello world\" \(attributes)\n", scale: scale)
            guard case .leaf(let measurer) = spec.scene.tree.kinds[2] else { XCTFail("not a leaf"); return nil }
            let frame = spec.layout.absoluteFrames[2]
            let value = measurer.firstBaseline(contentWidth: frame.width, contentHeight: frame.height)
            // The renderer draws the first line's glyphs on that baseline.
            var builder = DisplayListBuilder(scene: spec.scene, layout: spec.layout, debugLabel: nil)
            for case .glyphs(let run) in builder.build().operations {
                XCTAssertEqual(run.glyphs.first.map { $0.y - frame.y }, value, attributes)
            }
            return value
        }
        XCTAssertEqual(try baseline(""), 13)
        // 32.59375 pt lines: half the leading, (32.59375 − 13 − 3) / 2, rounds down to 8.
        XCTAssertEqual(try baseline("line-height=2"), 21)
        XCTAssertEqual(try baseline("line-height=2 lines=0 width=30"), 21, "the first line of several")
        XCTAssertEqual(try baseline("", scale: 3), 13, "the ascent is rounded to a whole point at every scale")
        XCTAssertEqual(try baseline("size=20"), 18, "ascent 18.56 → 19, descent 4.72 → 5, 23.28125 pt lines: 19 − 1")
    }

    func testAnEmptyLabelAndAnImageHaveNoBaseline() throws {
        let spec = try laidOut("label \"\"\n")
        guard case .leaf(let measurer) = spec.scene.tree.kinds[1] else { return XCTFail("not a leaf") }
        XCTAssertNil(measurer.firstBaseline(contentWidth: 10, contentHeight: 10))
        let image = ImageContent(bitmap: Bitmap(width: 1, height: 1, pixels: [0, 0, 0, 255]), mode: .scaleToFill)
        XCTAssertNil(image.firstBaseline(contentWidth: 1, contentHeight: 1))
    }
}
