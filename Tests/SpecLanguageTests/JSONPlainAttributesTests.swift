import XCTest
@testable import SpecLanguage

/// A JSON node whose attributes are all plain is read straight into `Attributes`
/// (`JSONSpecReader.plainAttributes`): to the attributes, and the messages, of the general
/// reading, whatever the order of its members.
final class JSONPlainAttributesTests: XCTestCase {
    private func attributes(_ node: Node?) -> String {
        "\(node?.attributes.map { "\($0.name)=\($0.value)" } ?? [])"
    }

    private func message(_ json: String) -> String? {
        do { _ = try JSONSpecReader().parse(json) } catch { return "\(error)" }
        return nil
    }

    /// Shorthands and what they set, in every order: the longhands win, as on a line that
    /// gives them after the shorthands.
    func testShorthandsAndLonghandsInAnyOrder() throws {
        let members = [#""margin": "1,2""#, #""margin-left": 3"#, #""size": "10x20""#, #""width": 5"#,
                       #""padding": 4"#, #""padding-top": 1"#]
        let line = try SpecParser().parse("canvas width=400\nbox margin=1,2 padding=4 size=10x20 margin-left=3 padding-top=1 width=5\n")
        let expected = attributes(line.canvas.children.first)
        XCTAssertTrue(expected.contains("margin-left=") && expected.contains("width="), expected)
        func permutations(_ items: [String]) -> [[String]] {
            guard let first = items.first else { return [[]] }
            return permutations(Array(items.dropFirst())).flatMap { rest in
                (0...rest.count).map { i in var p = rest; p.insert(first, at: i); return p }
            }
        }
        for order in permutations(members) {
            let json = "{\"canvas\": {\"width\": 400}, \"root\": {\"kind\": \"box\", " + order.joined(separator: ", ") + "}}"
            XCTAssertEqual(attributes(try JSONSpecReader().parse(json).canvas.children.first), expected, json)
        }
    }

    /// The same node read plain and, with a style that sets nothing it sets, the general
    /// way: the same attributes and locations but the style's.
    func testPlainAndGeneralReadingsAgree() throws {
        let node = ##""kind": "label", "text": "a", "size": 14, "color": "#336699", "font": "bold", "lines": 2, "opacity": 0.5, "id": "x""##
        let plain = try JSONSpecReader().parse(#"{"canvas": {"width": 400}, "styles": {"s": {"italic": true}}, "root": {\#(node)}}"#).canvas.children.first
        let general = try JSONSpecReader().parse(#"{"canvas": {"width": 400}, "styles": {"s": {"italic": true}}, "root": {\#(node), "style": "s"}}"#).canvas.children.first
        var generalAttributes = try XCTUnwrap(general?.attributes)
        generalAttributes.remove(.italic)
        generalAttributes.remove(.style)
        XCTAssertEqual(plain?.attributes.map(\.key), generalAttributes.map(\.key))
        XCTAssertEqual(plain?.attributes.map(\.value), generalAttributes.map(\.value))
        XCTAssertEqual(plain?.attributes.map(\.location), generalAttributes.map(\.location))
        XCTAssertEqual(plain?.attributes[.opacity]?.location.description, "1:173 (at $.root.opacity)")
        XCTAssertEqual(plain?.argument, .string("a"))
    }

    /// A node read plain is made without an open node: its own checks, as `ParseState`
    /// makes them, give the same messages as the general reading's (a style makes that).
    func testTheChecksOfANodeMadeStraightAway() throws {
        var limits = ParseLimits()
        limits.maxSpansPerLabel = 2
        let spans = #"[{"kind": "span", "text": "a"}, {"kind": "span", "text": "b"}, {"kind": "span", "text": "c"}]"#
        for style in ["", #", "style": "s""#] {
            let json = #"{"canvas": {"width": 100}, "styles": {"s": {"italic": true}}, "root": {"kind": "label", "text": "x""#
                + style + #", "children": "# + spans + "}}"
            XCTAssertThrowsError(try JSONSpecReader(limits: limits).parse(json), style) { error in
                XCTAssertEqual("\(error)", "1:\(style.isEmpty ? 177 : 191) (at $.root.children[2]): a label with more than 2 spans (the limit)", style)
            }
            let image = #"{"canvas": {"width": 100}, "styles": {"s": {"opacity": 1}}, "root": {"kind": "image", "width": 4"# + style + "}}"
            XCTAssertEqual(message(image), "1:69 (at $.root): an image needs \"src\"", style)
        }
    }

    /// A key is looked up as an attribute's name from its bytes (`JSONScanner.key`), or,
    /// written with escapes, from its text: either way a name given twice is the duplicate
    /// it is, and a name written with escapes is that attribute.
    func testAKeyWithEscapesIsTheAttributeItSpells() throws {
        let canvas = #"{"canvas": {"width": 100}, "root": "#
        XCTAssertEqual(message(canvas + #"{"kind": "box", "g\u0061p": 1, "gap": 2}}"#),
                       "1:67 (at $.root.gap): duplicate key 'gap': it is first at 1:52")
        XCTAssertEqual(message(canvas + #"{"kind": "box", "gap": 1, "g\u0061p": 2}}"#),
                       "1:62 (at $.root.gap): duplicate key 'gap': it is first at 1:52")
        XCTAssertEqual(message(canvas + #"{"kind": "box", "gap": 1, "gap": 2}}"#),
                       "1:62 (at $.root.gap): duplicate key 'gap': it is first at 1:52")
        let escaped = try JSONSpecReader().parse(canvas + #"{"kind": "vbox", "g\u0061p": 3}}"#)
        XCTAssertEqual(escaped.canvas.children.first?.attributes[.gap]?.value, .length(.points(3)))
        XCTAssertEqual(escaped.canvas.children.first?.attributes[.gap]?.location.path, "$.root.gap")
    }

    /// What the plain reading declines gives the general reading's messages.
    func testMessagesOfNodesItDeclines() {
        let canvas = #"{"canvas": {"width": 100}, "root": "#
        XCTAssertEqual(message(canvas + #"{"kind": "box", "src": "b", "length": 2}}"#),
                       "1:74 (at $.root.length): 'length' does not belong on a box, or is not the right type")
        XCTAssertEqual(message(canvas + #"{"kind": "label", "text": "a", "src": "b"}}"#),
                       "1:74 (at $.root.src): 'src' does not belong on a label, or is not the right type")
        XCTAssertEqual(message(canvas + #"{"kind": "box", "opacity": 2, "text": "x"}}"#),
                       "1:74 (at $.root.text): 'text' does not belong on a box, or is not the right type")
        XCTAssertEqual(message(canvas + #"{"kind": "box", "grow": [1], "src": "x"}}"#),
                       "1:60 (at $.root.grow): 'grow' must be a number, a string or a boolean")
        XCTAssertEqual(message(canvas + #"{"kind": "label", "text": "a", "children": [{"kind": "span", "text": "b", "size": "10x20"}]}}"#),
                       "1:118 (at $.root.children[0].size): a span's size is its font size, one number (size=12)")
        XCTAssertEqual(message(canvas + #"{"kind": "box", "size": 12}}"#),
                       "1:60 (at $.root.size): size on a box is WxH (a single number is a font size, on a label, "
                       + "or on a stack, zbox or border for the labels inside)")
        XCTAssertEqual(message(canvas + #"{"kind": "label", "text": "a", "children": [{"kind": "span", "text": "b", "lines": 2}]}}"#),
                       "1:110 (at $.root.children[0].lines): a span does not take 'lines': a label's spans are one paragraph, "
                       + "so align, line-height, lines, truncate, wrap are the label's")
    }
}
