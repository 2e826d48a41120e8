import LayoutRenderKit
import XCTest

/// The typed layouts against the language: every attribute of the schema has a typed form,
/// and each typed value comes back the same from the JSON form and from the text form.
final class LayoutAttributeTests: XCTestCase {
    static let title = NamedStyle("title", .weight(700), .size(16), .lines(1), .truncate(.tail))
    static let ink = Color.hex(0x1f2933)

    /// One sample an attribute: the kind of node it is given on, and its typed form.
    static let samples: [AttributeName: (NodeKind, LayoutAttribute)] = [
        .align: (.hbox, .align(.safeCenter)), .alignContent: (.vbox, .alignContent(.spaceEvenly)),
        .alignSelf: (.vbox, .alignSelf(.baseline)), .area: (.vbox, .area("head")),
        .areas: (.grid, .areas(["head", "head"], ["nav", "."])), .aspectRatio: (.box, .aspectRatio(1.5)),
        .autoColumns: (.grid, .autoColumns(.minContent, 40)), .autoFlow: (.grid, .autoFlow(.column, dense: true)),
        .autoRows: (.grid, .autoRows(.fitContent(.percent(25)))),
        .background: (.vbox, .background(.linear(angle: 90, .stop(.hex(0xffffff)), .stop(.hex(0x4f7cff), at: 60)))),
        .backgroundImage: (.vbox, .backgroundImage("assets/photo.png")), .backgroundMode: (.vbox, .backgroundMode(.aspectFill)),
        .basis: (.vbox, .basis(.fitContent)), .blend: (.zbox, .blend(.multiply)), .border: (.box, .border(1, .hex(0xdde1e6))),
        .borderBottom: (.box, .borderBottom(2, ink)), .borderLeft: (.box, .borderLeft(4, .hex(0x4f7cff, alpha: 128))),
        .borderRight: (.box, .borderRight(0.5, ink)), .borderStyle: (.box, .borderStyle(.dashed)),
        .borderTop: (.box, .borderTop(3, ink)), .bottom: (.vbox, .bottom(anchor: .parent(.bottom, plus: -8))),
        .centerX: (.label, .centerX(0)), .centerY: (.label, .centerY(.node("avatar", .centerY, times: 1, plus: 2))),
        .clip: (.vbox, .clip()), .color: (.label, .color(ink)), .column: (.vbox, .column(2, .span(3, name: nil))),
        .columnGap: (.grid, .columnGap(.percent(5))), .columns: (.grid, .columns(.lineNames(["side"]), 120, .fr(1), .minmax(80, .fr(2)))),
        .crossGap: (.hbox, .crossGap(6)), .dash: (.path, .dash(4, 2)), .diffIgnore: (.label, .diffIgnore()),
        .diffThreshold: (.image, .diffThreshold(0.25)), .direction: (.hbox, .direction(.rtl)),
        .endArrow: (.connector, .endArrow(.diamond)), .fallback: (.label, .fallback("DejaVu Sans", "Noto Sans CJK JP")),
        .fill: (.path, .fill(nil)), .fillRule: (.path, .fillRule(.evenodd)), .font: (.label, .font(.family("DejaVu Sans"))),
        .from: (.connector, .from("card", side: .left)), .gap: (.vbox, .gap(12)), .grow: (.vbox, .grow(1)),
        .height: (.box, .height(anchor: .node("photo", .height, times: 0.5, plus: 4))), .hidden: (.vbox, .hidden()),
        .id: (.vbox, .id("card")), .italic: (.label, .italic()), .justify: (.hbox, .justify(.spaceBetween)),
        .justifyItems: (.grid, .justifyItems(.center)), .justifySelf: (.vbox, .justifySelf(.end)),
        .label: (.connector, .label("done")), .layer: (.connector, .layer(.above)),
        .leading: (.label, .leading(.parent(.leading, plus: 8))), .left: (.vbox, .left(.percent(10))),
        .letterSpacing: (.label, .letterSpacing(0.5)), .lineCap: (.path, .lineCap(.round)),
        .lineHeight: (.label, .lineHeight(.points(20))), .lineJoin: (.path, .lineJoin(.bevel)), .lines: (.label, .lines(2)),
        .margin: (.vbox, .margin(vertical: 0, horizontal: .auto)), .marginBottom: (.vbox, .marginBottom(4)),
        .marginLeft: (.vbox, .marginLeft(.auto)), .marginRight: (.vbox, .marginRight(-2)), .marginTop: (.vbox, .marginTop(.percent(3))),
        .mask: (.image, .mask()), .maxHeight: (.vbox, .maxHeight(.maxContent)), .maxWidth: (.vbox, .maxWidth(320)),
        .minHeight: (.vbox, .minHeight(.auto)), .minWidth: (.vbox, .minWidth(.minContent)), .mode: (.image, .mode(.aspectFit)),
        .opacity: (.vbox, .opacity(0.5)), .order: (.vbox, .order(-1)),
        .padding: (.vbox, .padding(top: 1, right: 2, bottom: 3, left: 4)), .paddingBottom: (.vbox, .paddingBottom(5)),
        .paddingLeft: (.vbox, .paddingLeft(6)), .paddingRight: (.vbox, .paddingRight(.percent(2))), .paddingTop: (.vbox, .paddingTop(7)),
        .position: (.vbox, .position(.absolute)), .radius: (.box, .radius(topLeft: 8, topRight: 8, bottomRight: 0, bottomLeft: 0)),
        .region: (.vbox, .region(.left)), .reverse: (.hbox, .reverse()), .right: (.vbox, .right(.auto)),
        .route: (.connector, .route(.orthogonal)), .row: (.vbox, .row(.ident("main"))), .rowGap: (.grid, .rowGap(8)),
        .rows: (.grid, .rows(.repeating(2, [40]), .autoFill([.minmax(40, .fr(1))]))), .scale: (.canvas, .scale(2)),
        .shadow: (.vbox, .shadow(Shadow(x: 0, y: 4, blur: 12, spread: 1, color: .hex(0, alpha: 77)))),
        .shrink: (.vbox, .shrink(0)), .size: (.box, .size(width: 84, height: 30)), .startArrow: (.connector, .startArrow(.circle)),
        .strikethrough: (.label, .strikethrough()), .stroke: (.path, .stroke(.hex(0x06d6a0))), .strokeWidth: (.connector, .strokeWidth(2)),
        .style: (.label, .style(title)), .textShadow: (.label, .textShadow(Shadow(x: 1, y: 1, blur: 2, color: ink))),
        .textTransform: (.label, .textTransform(.uppercase)), .to: (.connector, .to("tick")),
        .top: (.vbox, .top(10)), .trailing: (.label, .trailing(.node("avatar", .leading, plus: -4))),
        .transform: (.vbox, .transform(.rotate(15), .scale(x: 1.2, y: 1.2), .translate(x: 10, y: -5))),
        .truncate: (.label, .truncate(.middle)), .underline: (.label, .underline()), .verticalAlign: (.image, .verticalAlign(.middle)), .viewBox: (.path, .viewBox(x: 0, y: 0, width: 24, height: 24)),
        .weight: (.label, .weight(600)), .width: (.vbox, .width(.percent(50))), .wrap: (.label, .wrap(.char)),
    ]

    /// Further typed forms of attributes whose values take more than one shape.
    static let moreSamples: [(NodeKind, LayoutAttribute)] = [
        (.label, .size(12)), (.label, .font(.boldOblique)), (.label, .textAlign(.justify)), (.hbox, .wrap()),
        (.hbox, .wrapReverse), (.grid, .gridJustify(.stretch)), (.grid, .gridAlign(.normal)), (.grid, .gridAlignContent(.end)),
        (.vbox, .background(.hex(0xf4f5f7))), (.vbox, .background(.radial(circle: true, .stop(.hex(0xffffff)), .stop(ink)))),
        (.box, .radius(6)), (.vbox, .margin(16)), (.vbox, .padding(vertical: 8, horizontal: 16)), (.path, .stroke(nil)),
        (.path, .fill(.hex(0x4f7cff))), (.vbox, .width(.fitContent)), (.label, .width(anchor: .parent(.width, times: 0.5))),
        (.label, .top(anchor: .min([.node("a", .bottom), .points(40)]))), (.vbox, .shadow()), (.label, .fallback()),
        (.label, .lineHeight(.multiple(1.4))), (.label, .lineHeight(.normal)), (.vbox, .column(.ident("side"))),
        (.vbox, .row(.line(2, name: "side"), .span(2, name: "main"))), (.connector, .to("tick", side: .center)),
        (.grid, .columns(.subgrid, .lineNames(["a"]), .lineNames(["b", "c"]))), (.grid, .rows(.subgrid)),
    ]

    func testEveryAttributeOfTheSchemaHasATypedForm() {
        let missing = AttributeName.allCases.filter { Self.samples[$0] == nil }
        XCTAssertEqual(missing, [], "attributes without a typed sample: add a typed form and a sample")
        for (name, (_, attribute)) in Self.samples {
            XCTAssertEqual(attribute.name, name)
        }
        // Every keyword of every set is written as the schema spells it.
        XCTAssertEqual(Keywords.Align.spellings, ["start", "center", "end", "stretch", "baseline", "safe-center", "safe-end"])
    }

    func testEveryTypedValueRoundTripsThroughTheJSONFormAndTheTextForm() throws {
        let all = Self.samples.values.map { $0 } + Self.moreSamples
        for (kind, attribute) in all {
            let layout = Self.layout(kind, attribute)
            let expected = Self.applied(attribute)
            for (form, source) in [("JSON", try layout.json()), ("text", try layout.specText())] {
                let document: Document
                do {
                    document = try LayoutRenderer.parseTemplate(source: source, options: RenderOptions())
                } catch {
                    XCTFail("\(attribute.name) through the \(form) form: \(error)\n\(source)")
                    continue
                }
                let node = kind == .canvas ? document.canvas : document.canvas.children[0]
                let read = node.attributes.filter { $0.key != .width || kind != .canvas }
                    .map { LayoutAttribute($0.key, $0.value) }
                XCTAssertEqual(read, expected, "\(attribute.name) through the \(form) form:\n\(source)")
            }
        }
    }

    func testATypedLayoutRendersTheFramesOfItsJSONForm() throws {
        let renderer = LayoutRenderer()
        let layouts = [Self.dashboard(compact: false), Self.dashboard(compact: true)]
        for layout in layouts {
            let typed = try renderer.layout(layout)
            var options = RenderOptions(fileName: "typed.json")
            options.format = .json
            let json = try renderer.layout(source: try layout.json(), options: options)
            XCTAssertEqual(typed.frames.nodes.map(\.frameText), json.frames.nodes.map(\.frameText))
            // (Their lines are the two forms' own.)
            XCTAssertEqual(typed.frames.connectors?.map(\.points), json.frames.connectors?.map(\.points))
            XCTAssertGreaterThan(typed.frames.nodes.count, 10)
        }
        // As a function of state: the compact dashboard stacks its cards.
        let wide = try renderer.layout(Self.dashboard(compact: false)).frames.nodes
        let narrow = try renderer.layout(Self.dashboard(compact: true)).frames.nodes
        let card = { (nodes: [FrameDump.Entry], id: String) in nodes.first { $0.id == id }! }
        XCTAssertEqual(card(wide, "card-1").y, card(wide, "card-0").y)
        XCTAssertGreaterThan(card(narrow, "card-1").y, card(narrow, "card-0").y)
    }

    func testATypedLayoutsBadValueIsAnErrorAtItsLineOfTheSpecText() {
        let layout = Layout(.width(200)) {
            VBox(.gap(4)) {
                Label("x", .opacity(2))
            }
        }
        XCTAssertThrowsError(try LayoutRenderer().render(layout)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("<typed layout>:3:"), message)
            XCTAssertTrue(message.contains("opacity"), message)
        }
    }

    /// A spec's strings are templates; a typed layout's are what they say, braces and all.
    func testATypedLayoutsTextIsLiteral() throws {
        let text = "Use {title} and {{ or }} as they are"
        let layout = Layout(.width(200)) { Label(text, .id("x")) { Span(" {span}") } }
        let document = try LayoutRenderer().parse(source: try layout.specText(), options: RenderOptions())
        let label = document.canvas.children[0]
        XCTAssertEqual(label.argument, .string(text))
        XCTAssertEqual(label.children[0].argument, .string(" {span}"))
        XCTAssertEqual(try LayoutRenderer().layout(layout).frames.nodes.count, 2)
    }

    /// `Spacer(.grow(2))` takes an attribute without a length: two thirds of the free space
    /// against `Spacer()`'s one third; `Spacer(30)` is 30 points and does not grow.
    func testASpacerTakesAttributesWithoutALength() throws {
        let layout = Layout(.width(400)) {
            HBox(.id("row"), .width(400), .height(10)) {
                Box(.id("a"), .size(width: 70, height: 10))
                Spacer(.grow(2), .id("two"))
                Spacer(.id("one"))
                Spacer(30, .id("fixed"))
            }
        }
        let text = try layout.specText()
        XCTAssertTrue(text.contains("\n  spacer id=two grow=2\n  spacer id=one\n  spacer 30 id=fixed\n"), text)
        let frames = try LayoutRenderer().layout(layout).frames.nodes
        func frame(_ id: String) -> FrameDump.Entry? { frames.first { $0.id == id } }
        XCTAssertEqual(frame("two")?.x, 70)
        XCTAssertEqual(frame("two")?.width, 200)
        XCTAssertEqual(frame("one")?.x, 270)
        XCTAssertEqual(frame("one")?.width, 100)
        XCTAssertEqual(frame("fixed")?.x, 370)
        XCTAssertEqual(frame("fixed")?.width, 30)
    }

    func testALayoutNestedPastTheParsersDepthIsAnErrorNotACrash() {
        var node = LayoutNode(.label, argument: .string("deep"))
        for _ in 0..<300 { node = LayoutNode(.vbox, children: [node]) }
        let deep = node
        let layout = Layout(.width(100)) { deep }
        XCTAssertThrowsError(try layout.specText()) { error in
            XCTAssertTrue("\(error)".contains("nests more than 256 levels"), "\(error)")
        }
        XCTAssertThrowsError(try LayoutRenderer().picture(layout))
    }

    func testATypedLayoutIsEncodedInEveryFormat() throws {
        let renderer = LayoutRenderer()
        let layout = Self.dashboard(compact: true)
        let image = try renderer.render(layout)
        XCTAssertEqual(image.bitmap.pixels.count, image.bitmap.width * image.bitmap.height * 4)
        XCTAssertEqual(image.bitmap.width, 320)
        let magic: [OutputFormat: [UInt8]] = [.png: [0x89, 0x50, 0x4e, 0x47], .jpeg: [0xff, 0xd8, 0xff], .webp: Array("RIFF".utf8),
                                              .svg: Array("<?xml".utf8), .pdf: Array("%PDF".utf8)]
        for format in OutputFormat.allCases {
            let picture = try renderer.picture(layout, settings: PictureSettings(format: format))
            XCTAssertEqual(Array(picture.bytes.prefix(magic[format]!.count)), magic[format], "\(format)")
        }
    }

    // MARK: - Layouts

    /// A node of `kind` with `attribute` (on the canvas for a canvas's attribute), under a
    /// canvas 200 wide.
    static func layout(_ kind: NodeKind, _ attribute: LayoutAttribute) -> Layout {
        if kind == .canvas { return Layout(.width(200), attribute) { Label("x") } }
        let argument: Value? = switch kind {
        case .label: .string("x")
        case .image: .string("photo.png")
        case .path: .string("M0 0 L10 10")
        default: nil
        }
        let node = LayoutNode(kind, argument: argument, attributes: [attribute])
        return Layout(.width(200)) { node }
    }

    /// What a node given `attribute` holds: a style's attributes, or the attribute.
    static func applied(_ attribute: LayoutAttribute) -> [LayoutAttribute] {
        guard attribute.name == .style else { return [attribute] }
        return title.attributes.sorted { $0.name < $1.name }
    }

    /// A dashboard of cards in a grid, as a function of its state.
    static func dashboard(compact: Bool) -> Layout {
        let metrics = [("Users", "1,204"), ("Errors", "3"), ("Latency", "84 ms")]
        let heading = NamedStyle("heading", .weight(700), .size(13), .color(ink))
        return Layout(.width(320), .background(.hex(0xf4f5f7)), .scale(1)) {
            VBox(.id("page"), .padding(12), .gap(10)) {
                HBox(.gap(8), .align(.center)) {
                    Box(.id("logo"), .size(width: 24, height: 24), .background(.hex(0x4f7cff)), .radius(12)) {
                        Label("D", .color(.hex(0xffffff)), .centerX(0), .centerY(0))
                    }
                    Label("Dashboard", .style(heading), .grow(1))
                    if !compact { Label("live", .size(10), .textTransform(.uppercase)) }
                }
                Grid(.id("cards"), .columns(compact ? [.fr(1)] : [.repeating(3, [.fr(1)])]), .gap(8)) {
                    for (index, metric) in metrics.enumerated() {
                        VBox(.id("card-\(index)"), .padding(8), .background(.hex(0xffffff)), .border(1, .hex(0xdde1e6))) {
                            Label(metric.0, .size(11))
                            Label(metric.1, .style(heading)) { Span(" now", .italic()) }
                        }
                    }
                }
                Path("M0 10 L10 0 L20 10", .id("spark"), .viewBox(x: 0, y: 0, width: 20, height: 10),
                     .stroke(.hex(0x06d6a0)), .fill(nil), .size(width: 60, height: 20))
                Spacer(4)
                Connector(from: "logo", to: "spark", .route(.orthogonal), .stroke(ink))
            }
        }
    }
}

private extension FrameDump.Entry {
    var frameText: String { "\(id ?? kind) \(x) \(y) \(width) \(height)" }
}
