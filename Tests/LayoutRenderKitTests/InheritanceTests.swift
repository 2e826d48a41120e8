import LayoutEngine
import LayoutRenderKit
import SpecLanguage
import XCTest

/// `font`, `size` (one number), `color` and `line-height` set on a container are inherited by
/// the labels inside it, as CSS inherits them: the nearest setter wins, a label's own wins.
final class InheritanceTests: XCTestCase {
    let renderer = LayoutRenderer()

    private func render(_ spec: String) throws -> RenderedImage {
        try renderer.render(source: spec, options: RenderOptions())
    }

    private func frame(_ spec: String, _ id: String) throws -> Rect {
        let node = try XCTUnwrap(try renderer.layout(source: spec, options: RenderOptions()).frames.nodes.first { $0.id == id })
        return Rect(x: node.x, y: node.y, width: node.width, height: node.height)
    }

    func testTheNearestSetterWinsAndALabelsOwnValueWinsOverAll() throws {
        let head = "canvas width=300 background=#ffffff size=9\n"
        let inherited = head + "vbox size=20 line-height=2\n  hbox size=13\n    label \"Hello\" id=t\n  label \"Hello\" id=u\n  label \"Hello\" id=v size=11\n"
        let explicit = head + "vbox\n  hbox\n    label \"Hello\" id=t size=13 line-height=2\n  label \"Hello\" id=u size=20 line-height=2\n  label \"Hello\" id=v size=11 line-height=2\n"
        for id in ["t", "u", "v"] {
            XCTAssertEqual(try frame(inherited, id), try frame(explicit, id), id)
        }
        // The sizes differ, so the test would see a label that ignored its ancestors.
        XCTAssertNotEqual(try frame(inherited, "t").width, try frame(inherited, "u").width)
        let single = try frame(head + "vbox\n  label \"Hello\" id=u size=20\n", "u")
        XCTAssertEqual(try frame(inherited, "u").height, single.height * 2, accuracy: 1)  // line-height=2 inherited
    }

    /// Pixel for pixel the same picture as setting the values on the label, through a style
    /// applied to the stack too.
    func testFontAndColorOnAContainerOrItsStyle() throws {
        let inherited = try render("""
            canvas width=120 height=40 background=#ffffff
            style warm color=#c02010
            zbox font=bold style=warm
              label "Hi there"
            """)
        let explicit = try render("""
            canvas width=120 height=40 background=#ffffff
            zbox
              label "Hi there" font=bold color=#c02010
            """)
        let plain = try render("canvas width=120 height=40 background=#ffffff\nzbox\n  label \"Hi there\"\n")
        XCTAssertEqual(inherited.bitmap.pixels, explicit.bitmap.pixels)
        XCTAssertNotEqual(inherited.bitmap.pixels, plain.bitmap.pixels)
    }

    /// Under a family, `font=bold` (and the other style keywords) is that family's face, as
    /// CSS's `font-weight` is, not DejaVu Sans Mono's: the same frames and pixels as
    /// `weight=bold` in the family, and not those of the default family's bold.
    func testAStyleKeywordUnderAFamilyIsThatFamilysFace() throws {
        let head = "canvas width=300 height=60 background=#ffffff font=\"DejaVu Sans\"\n"
        for (keyword, attributes) in [("bold", "weight=bold"), ("oblique", "italic"), ("bold-oblique", "weight=bold italic"),
                                      ("regular", "")] {
            let byKeyword = head + "vbox weight=300 italic\n  label \"Wavy text\" id=t font=\(keyword)\n"
            let byWeight = head + "vbox\n  label \"Wavy text\" id=t \(attributes)\n"
            XCTAssertEqual(try frame(byKeyword, "t"), try frame(byWeight, "t"), keyword)
            XCTAssertEqual(try render(byKeyword).bitmap.pixels, try render(byWeight).bitmap.pixels, keyword)
        }
        // The default family's bold (fixed pitch) is another width: the test sees a mix-up.
        let mono = "canvas width=300 height=60 background=#ffffff align=start\nlabel \"Wavy text\" id=t font=bold\n"
        XCTAssertNotEqual(try frame(head.replacingOccurrences(of: "font=", with: "align=start font=") + "label \"Wavy text\" id=t font=bold\n", "t").width, try frame(mono, "t").width)
        // A label's own weight wins over its style keyword, whichever comes first.
        XCTAssertEqual(try frame(head + "label \"Wavy text\" id=t weight=300 font=bold\n", "t"),
                       try frame(head + "label \"Wavy text\" id=t weight=300\n", "t"))
    }

    /// The JSON form says the same, and `convert` keeps it.
    func testTheJSONFormInherits() throws {
        let text = "canvas width=200 background=#ffffff\nvbox size=18 color=#2040c0\n  label \"Hello\" id=t\n"
        let json = SpecWriter.json(try SpecParser().parse(text))
        XCTAssertTrue(json.contains(#""size": 18"#) || json.contains(#""size":18"#), json)
        var options = RenderOptions()
        options.format = .json
        let fromJSON = try renderer.render(source: json, options: options)
        XCTAssertEqual(fromJSON.bitmap.pixels, try render(text).bitmap.pixels)
        XCTAssertEqual(try frame(text, "t").height, try frame("canvas width=200\nvbox\n  label \"Hello\" id=t size=18\n", "t").height)
    }

    /// On a box one number would read as a frame size, so it stays an error there.
    func testOneNumberSizeOnABoxIsStillAnError() {
        XCTAssertThrowsError(try renderer.layout(source: "canvas width=100\nbox size=40\n", options: RenderOptions())) { error in
            XCTAssertTrue("\(error)".contains(
                "size on a box is WxH (a single number is a font size, on a label, or on a stack, zbox or border for the labels inside)"),
                "\(error)")
        }
    }
}
