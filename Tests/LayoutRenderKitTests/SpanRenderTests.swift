import LayoutEngine
import LayoutRenderKit
import SpecLanguage
import XCTest

/// Labels with spans through the pipeline: frames from the runs' line boxes, each span in
/// its colour, decorations where the font puts them, the JSON form the same picture.
final class SpanRenderTests: XCTestCase {
    let renderer = LayoutRenderer()

    private func render(_ spec: String, format: SpecFormat? = nil) throws -> RenderedImage {
        var options = RenderOptions()
        if let format { options.format = format }
        return try renderer.render(source: spec, options: options)
    }

    private func frame(_ spec: String, _ id: String) throws -> Rect {
        let node = try XCTUnwrap(try renderer.layout(source: spec, options: RenderOptions()).frames.nodes.first { $0.id == id })
        return Rect(x: node.x, y: node.y, width: node.width, height: node.height)
    }

    private func pixel(_ image: RenderedImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.bitmap.width + x) * 4
        return Array(image.bitmap.pixels[i..<(i + 4)])
    }

    /// A span in the label's own font, size and colour draws the same pixels as the text
    /// without it, and has the same frame.
    func testASpanLikeItsLabelChangesNothing() throws {
        let head = "canvas width=200 background=#ffffff\n"
        let plain = head + "label \"Hello world\" id=t\n"
        let spans = head + "label \"Hello \" id=t\n  span \"world\"\n"
        XCTAssertEqual(try frame(spans, "t"), try frame(plain, "t"))
        XCTAssertEqual(try render(spans).bitmap.pixels, try render(plain).bitmap.pixels)
    }

    /// "ab" at 14 and "cd" at 28 in DejaVu Sans Mono: 2 cells of each wide, one line
    /// 25 + 7.59375 = 32.59375 tall (see RichTextTests), framed on whole pixels.
    func testTheFrameComesFromTheRunsLineBoxes() throws {
        let spec = "canvas width=200 background=#ffffff\nvbox align=start\n  label \"ab\" id=t\n    span \"cd\" size=28\n"
        let cell = 1233.0 / 2048
        XCTAssertEqual(try frame(spec, "t"), Rect(x: 0, y: 0, width: (2 * cell * 14 + 2 * cell * 28).rounded(), height: 33))
    }

    /// Each span in its colour; the label's underline is inherited by a span that does not
    /// turn it off, drawn across the span's glyphs one pixel thick (DejaVu Sans Mono's
    /// underline: centre 85 units below the baseline, 90 thick; at 14 pt its top is
    /// 13 + (85 − 45) × 14 / 2048 = 13.27 → 13, its thickness 0.62 → 1 pixel).
    func testSpanColoursAndDecorations() throws {
        let image = try render("""
            canvas width=200 height=20 background=#ffffff
            label "aaaa" color=#0000ff underline
              span "bbbb" color=#ff0000
              span "cccc" underline=false
            """)
        let cell = 1233.0 / 2048 * 14
        let red = (0..<20).flatMap { y in (Int(4 * cell)..<Int(8 * cell)).map { pixel(image, $0, y) } }
        XCTAssertTrue(red.contains([255, 0, 0, 255]), "the red span")
        XCTAssertEqual(pixel(image, Int(2 * cell), 13), [0, 0, 255, 255], "the label's underline")
        XCTAssertEqual(pixel(image, Int(6 * cell), 13), [255, 0, 0, 255], "the span's underline, in its colour")
        XCTAssertEqual(pixel(image, Int(10 * cell), 13), [255, 255, 255, 255], "underline=false")
        XCTAssertEqual(pixel(image, Int(2 * cell), 14), [255, 255, 255, 255], "one pixel thick")
        XCTAssertEqual(pixel(image, Int(2 * cell), 12), [255, 255, 255, 255], "one pixel thick")
    }

    /// A strikethrough crosses the glyphs at the font's strikeout position (DejaVu Sans
    /// Mono: OS/2 top 530 units above the baseline, 102 thick: at 14 pt top 13 − 3.62 = 9.38
    /// → 9, 0.70 → 1 pixel).
    func testStrikethroughIsDrawnOverTheGlyphs() throws {
        let image = try render("canvas width=100 height=20 background=#ffffff\nlabel \"a\"\n  span \"----\" strikethrough color=#00ff00\n")
        let cell = 1233.0 / 2048 * 14
        XCTAssertEqual(pixel(image, Int(2.5 * cell), 9), [0, 255, 0, 255])
        XCTAssertEqual(pixel(image, Int(0.5 * cell), 9) == [0, 255, 0, 255], false, "the label's text is not struck")
    }

    /// `align=baseline` lines a label up by its first line's baseline, which a larger span
    /// on that line lowers: 25 below the top with a 28-point span, 13 without (see
    /// RichTextTests), so the plain label moves down by 12.
    func testBaselineAlignmentUsesTheFirstLinesRuns() throws {
        let spec = "canvas width=300 background=#ffffff\nhbox align=baseline\n  label \"a\" id=plain\n  label \"$\" id=rich\n    span \"9\" size=28\n"
        XCTAssertEqual(try frame(spec, "rich").y, 0)
        XCTAssertEqual(try frame(spec, "plain").y, 25 - 13)
    }

    /// A span that `{name}` leaves empty is left out: its size makes no line taller.
    func testASpanLeftEmptyByItsNamesIsLeftOut() throws {
        var options = RenderOptions()
        options.variables = ["suffix": .string("")]
        let spec = "canvas width=200 background=#ffffff\nlabel \"ab\" id=t\n  span \"{suffix}\" size=40\n  span \"cd\"\n"
        let node = try XCTUnwrap(try renderer.layout(source: spec, options: options).frames.nodes.first { $0.id == "t" })
        XCTAssertEqual(node.height, try frame("canvas width=200 background=#ffffff\nlabel \"abcd\" id=t\n", "t").height)
    }

    /// The JSON form draws the same picture.
    func testTheJSONFormDrawsTheSame() throws {
        let text = "canvas width=200 background=#ffffff\nlabel \"Total \" font=\"DejaVu Sans\"\n  span \"42\" weight=bold color=#c00000 underline\n"
        let json = SpecWriter.json(try SpecParser().parse(text))
        XCTAssertEqual(try render(json, format: .json).bitmap.pixels, try render(text).bitmap.pixels)
    }

    /// Spans inherit the label's text values (themselves inherited from containers) and
    /// override them: a bold span of a label in a size-20 stack is size 20 and bold.
    func testSpansInheritFromTheLabelAndItsContainers() throws {
        let head = "canvas width=300 background=#ffffff\n"
        let inherited = head + "vbox size=20 font=\"DejaVu Sans\"\n  label \"a \" id=t\n    span \"bold\" weight=bold\n"
        let explicit = head + "vbox\n  label \"a \" id=t font=\"DejaVu Sans\" size=20\n    span \"bold\" weight=bold font=\"DejaVu Sans\" size=20\n"
        XCTAssertEqual(try frame(inherited, "t"), try frame(explicit, "t"))
        XCTAssertEqual(try render(inherited).bitmap.pixels, try render(explicit).bitmap.pixels)
    }
}
