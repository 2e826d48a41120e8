import LayoutEngine
import PNGCodec
import Rendering
import SpecLanguage
import TextEngine

/// Turns a parsed document into a `Scene`: a layout tree whose leaves measure through the
/// text module and decoded images, and the paint of every node.
struct SceneBuilder {
    let options: RenderOptions
    /// The renderer's font set, with the spec's declared families in front once
    /// `declareFonts(_:)` has read them.
    var fonts: FontLibrary
    let textEngine: TextLayoutEngine
    let assets: AssetPaths
    let sourceLines: QuotableLines
    /// This render's images: each file read and decoded once, against the image budget.
    let images: RenderImages
    /// Characters laid out in this render, against the text budget.
    let textMeter: WorkMeter
    /// Characters of the labels made so far (one layout each).
    private let planned = PlannedText()
    private final class PlannedText { var characters = 0 }
    /// The fonts this render's labels asked for, by what they asked (`loadFont`): the font
    /// library checks a font's file at each lookup (one `stat`), which a spec of thousands
    /// of labels in one font needs once, not once a label.
    private let loadedFonts = LoadedFonts()
    private final class LoadedFonts { var byRequest: [String: Font] = [:] }

    /// Values a label takes from its nearest ancestor that sets them (the canvas, a stack,
    /// a zbox, a border or a box), as CSS inherits `font`, `font-size`, `color` and
    /// `line-height`, when it does not set them itself. The locations are the setters', for
    /// errors about the value (a font that cannot be loaded, a size too large to draw).
    ///
    /// Shared, not copied: every node hands its defaults to its children, and most set none
    /// of them, so they pass on a reference (a copy of the values retained and released
    /// each of their strings and locations at every node). A node that sets some gets its
    /// own.
    @dynamicMemberLookup
    final class TextDefaults {
        struct Values {
            var font: FontValue?
            var fontLocation: SourceLocation?
            /// `weight` (1…1000) and `italic`, which choose a family's face.
            var weight: Int?
            var italic: Bool?
            var size: Double?
            var sizeLocation: SourceLocation?
            var color: SpecLanguage.Color?
            var lineHeight: LineHeightValue?
            /// `letter-spacing` in points, inherited as in CSS.
            var letterSpacing: Double?
            /// `text-transform`: `none`, `uppercase` or `lowercase`, inherited as in CSS.
            var textTransform: Keywords.TextTransform?
            /// `text-shadow`, inherited as CSS inherits it (`none` is an empty list).
            var textShadows: [Shadow] = []
            /// `fallback`: the families characters the font lacks come from, as written.
            var fallback: String?
            var fallbackLocation: SourceLocation?
        }

        let values: Values

        init(_ values: Values = Values()) { self.values = values }

        subscript<T>(dynamicMember value: KeyPath<Values, T>) -> T { values[keyPath: value] }

        /// Every attribute `inherited(by:)` reads.
        private static let names = AttributeNameSet([.font, .weight, .italic, .size, .color, .lineHeight, .textShadow,
                                                     .textTransform, .letterSpacing, .fallback])

        /// These defaults, overridden by what `node` sets for the labels inside it.
        func inherited(by node: Node) -> TextDefaults {
            // Most nodes set none of these: they pass their parent's on as they are.
            guard Self.names.intersects(node.attributes) else { return self }
            var d = values
            var weight: Int?, italic: Bool?
            // One pass over the node's attributes (most set none of these).
            for attribute in node.attributes {
                switch (attribute.key, attribute.value) {
                case (.font, .font(.style(let name))) where d.font?.isFamily == true:
                    // Under a family, a style keyword is that family's face, as CSS's
                    // `font-weight: bold` is: it sets the weight and italic, not the family.
                    let style = FontStyle(rawValue: name) ?? .regular
                    d.weight = style == .bold || style == .boldOblique ? 700 : 400
                    d.italic = style == .oblique || style == .boldOblique
                case (.font, .font(let f)): d.font = f; d.fontLocation = attribute.location
                case (.weight, .integer(let w)): weight = w
                case (.italic, .bool(let i)): italic = i
                case (.size, .number(let s)): d.size = s; d.sizeLocation = attribute.location
                case (.color, .color(let c)): d.color = c
                case (.lineHeight, .lineHeight(let l)): d.lineHeight = l
                case (.textShadow, .shadows(let s)): d.textShadows = s
                case (.textTransform, .keyword(let k)): d.textTransform = Keywords.TextTransform(rawValue: k)
                case (.letterSpacing, .number(let n)): d.letterSpacing = n
                case (.fallback, .string(let f)): d.fallback = f; d.fallbackLocation = attribute.location
                default: break
                }
            }
            // The node's own `weight` and `italic` win over its style keyword's.
            if let weight { d.weight = weight }
            if let italic { d.italic = italic }
            return TextDefaults(d)
        }
    }

    static let defaultFontSize = 14.0

    /// The scene of `document`, which it takes over: each node of the document is let go
    /// once its scene node is made, so the document and the scene are not both whole in
    /// memory at once (when the caller keeps no copy of the document).
    func build(_ document: consuming Document) throws(LayoutRenderError) -> Scene {
        let count = document.nodeCount
        var canvas = (consume document).canvas
        let geometry = CanvasGeometry(canvas: canvas, options: options)
        guard let width = geometry.width else { throw specError("the canvas needs a width", at: canvas.location) }
        let (height, scale) = (geometry.height, geometry.scale)
        // `--size` (and the service's query) can set what the spec's ranges would refuse.
        let sizeRange = Double.leastNonzeroMagnitude...ValueRanges.maxPoints
        guard sizeRange.contains(width), height.map({ sizeRange.contains($0) }) ?? true else {
            throw specError("the canvas size must be positive and at most \(Int(ValueRanges.maxPoints)) points", at: canvas.location)
        }

        let canvasDefaults = TextDefaults().inherited(by: canvas)

        var rootStyle = try layoutStyle(of: canvas, parent: nil)
        rootStyle.width = .points(width)
        rootStyle.height = height.map { .points($0) } ?? .auto
        let canvasDirection: Direction = rootStyle.direction == .rtl ? .rtl : .ltr

        var tree = LayoutTree()
        var nodes: [SceneNode] = []
        tree.reserveCapacity(count)
        nodes.reserveCapacity(count)
        let rootID = tree.addNode(.stack(.vertical), style: rootStyle, name: nil, parent: nil)
        nodes.append(SceneNode(kind: .canvas, id: nil, location: canvas.location,
                               paint: Paint(background: background(of: canvas), gradient: gradient(of: canvas)),
                               content: .none, isHidden: false))

        // Pre-order, iteratively: parents are added before their children, in order.
        // A node leaves `pending` when its scene node is made, and with it the last reference
        // to its attributes and to the array of its children (which `pending` now holds).
        var pending: [(node: Node, parent: NodeID, rtl: Bool, defaults: TextDefaults)] =
            canvas.children.reversed().map { ($0, rootID, canvasDirection == .rtl, canvasDefaults) }
        canvas.children = []
        // A big document's nodes, let go as the scene grows, are handed back to the kernel a
        // quarter at a time, so the document and the scene are not both resident at the end.
        let quarter = count >= LayoutRenderer.returnMemoryFromNodes ? count / 4 : Int.max
        // Connectors take no part in layout: kept, with their label's text defaults, to be
        // resolved once every id is known.
        var connectorNodes: [(node: Node, defaults: TextDefaults, rtl: Bool)] = []
        var styleReuse = StyleReuse()
        while let (taken, parent, inheritedRTL, inheritedDefaults) = pending.popLast() {
            var node = consume taken
            if node.kind == .connector {
                connectorNodes.append((node, inheritedDefaults.inherited(by: node), inheritedRTL))
                continue
            }
            if nodes.count % quarter == 0 { ProcessMemory.returnFreedMemory() }
            // The style of an earlier node that wrote the same (see `StyleReuse`), or worked out.
            let parentKind = nodes[parent].kind
            let (reused, reuseKey) = styleReuse.known(for: node, parentKind: parentKind)
            let worked: LayoutStyle?
            let known: StyleReuse.Known
            if let reused {
                (worked, known) = (nil, reused)
            } else {
                let style = try layoutStyle(of: node, parent: Container(kind: parentKind, line: nodes[parent].location.line))
                (worked, known) = (style, StyleReuse.Known(node: tree.count, style: style))
            }
            let rtl = known.direction == .inherit ? inheritedRTL : known.direction == .rtl
            let defaults = inheritedDefaults.inherited(by: node)
            let (kind, content) = try layoutKind(of: node, defaults: defaults, scale: scale, rtl: rtl)
            // Only ids are names in the tree (anchors refer to them); layout errors name
            // the other nodes by their place (`Scene.name(of:)`).
            let id: NodeID
            if let worked {
                id = tree.addNode(kind, style: worked, name: node.id, parent: parent)
                if let reuseKey { styleReuse.remember(known, of: node, parentKind: parentKind, key: reuseKey) }
            } else {
                id = tree.addNode(kind, styleOf: known.node, name: node.id, parent: parent)
            }
            nodes.append(SceneNode(kind: node.kind, id: node.id, location: node.location,
                                   paint: try paint(of: node), content: content, isHidden: known.isHidden,
                                   tolerance: tolerance(of: node),
                                   isPositioned: node.attributes[.position] != nil || known.hasInset))
            // A label's children are its spans, part of its text (see `labelContent`).
            // The children are moved out of the node, not copied (each copy retained what a
            // node holds, released again with the node).
            if node.kind != .label {
                var children = node.children
                node.children = []
                while let child = children.popLast() { pending.append((child, id, rtl, defaults)) }
            }
        }

        let layoutOptions = LayoutOptions(availableWidth: width, availableHeight: height,
                                          pixelScale: scale, direction: canvasDirection)
        var scene = Scene(tree: tree, nodes: nodes, layoutOptions: layoutOptions, scale: scale, sourceLines: sourceLines)
        if !connectorNodes.isEmpty {
            scene.connectors = try connectors(connectorNodes, scene: scene, scale: scale)
        }
        return scene
    }

    // MARK: - Layout style

    /// The node's layout style. Shorthands (`border`, `margin`, `padding`, `size`) are
    /// applied first, then the rest by name: the parser keeps a side (`margin-left`,
    /// `width`) only when it was written after its shorthand, and then it wins, as in CSS.
    ///
    /// `top`, `right`, `bottom` and `left` are anchors for a child of a box and CSS insets
    /// for a child of a stack or zbox; `parent` (nil for the canvas) decides.
    private func layoutStyle(of node: Node, parent: Container?) throws(LayoutRenderError) -> LayoutStyle {
        var style = LayoutStyle()
        // Shorthands first, so the sides they set are overridden by the sides given; each
        // group in name order (the order the attributes are kept in), so errors come in the
        // same order on every run.
        // By index: an attribute is copied (its value retained) only when it is applied.
        let attributes = node.attributes
        for pass in 0..<2 {
            for index in attributes.indices where Schema.isShorthand(attributes[index].key) == (pass == 0) {
                try apply(attributes[index], of: node, parent: parent, to: &style)
            }
        }
        if node.kind == .grid { style.grid = gridContainerStyle(of: node) }
        return style
    }

    /// One attribute's part of the layout style.
    private func apply(_ attribute: Attribute, of node: Node, parent: Container?,
                       to style: inout LayoutStyle) throws(LayoutRenderError) {
        let name = attribute.key
        switch (name, attribute.value) {
        case (.width, .length(let l)): style.width = dimension(l)
        case (.height, .length(let l)): style.height = dimension(l)
        case (.width, .anchor(let a)), (.height, .anchor(let a)):
            try requireBoxParent(name, attribute, parent, node)
            style.anchors[name == .width ? .width : .height] = anchor(a)
        case (.size, .size(let w, let h)):
            // A label's `size` is its font size; a pair there is a slip for its frame.
            guard node.kind != .label else {
                throw specError("a label's size is its font size (size=12); for its frame give width= and height=",
                                at: attribute.location)
            }
            style.width = dimension(w)
            style.height = dimension(h)
        case (.minWidth, .length(let l)): style.minWidth = dimension(l)
        case (.minHeight, .length(let l)): style.minHeight = dimension(l)
        case (.maxWidth, .length(let l)): style.maxWidth = dimension(l)
        case (.maxHeight, .length(let l)): style.maxHeight = dimension(l)
        case (.aspectRatio, .number(let r)): style.aspectRatio = r
        case (.margin, .insets(let t, let r, let b, let l)):
            style.margin = Edges(top: dimension(t), right: dimension(r), bottom: dimension(b), left: dimension(l))
        case (.marginTop, .length(let l)): style.margin.top = dimension(l)
        case (.marginRight, .length(let l)): style.margin.right = dimension(l)
        case (.marginBottom, .length(let l)): style.margin.bottom = dimension(l)
        case (.marginLeft, .length(let l)): style.margin.left = dimension(l)
        case (.padding, .insets(let t, let r, let b, let l)):
            style.padding = Edges(top: dimension(t), right: dimension(r), bottom: dimension(b), left: dimension(l))
        case (.paddingTop, .length(let l)): style.padding.top = dimension(l)
        case (.paddingRight, .length(let l)): style.padding.right = dimension(l)
        case (.paddingBottom, .length(let l)): style.padding.bottom = dimension(l)
        case (.paddingLeft, .length(let l)): style.padding.left = dimension(l)
        case (.border, .border(let w, _)): style.border = EdgeInsets(all: w)
        case (.borderTop, .border(let w, _)): style.border.top = w
        case (.borderRight, .border(let w, _)): style.border.right = w
        case (.borderBottom, .border(let w, _)): style.border.bottom = w
        case (.borderLeft, .border(let w, _)): style.border.left = w
        case (.grow, .number(let g)): style.grow = g
        case (.shrink, .number(let s)): style.shrink = s
        case (.basis, .length(let l)): style.basis = dimension(l)
        case (.alignSelf, _):
            guard let keyword = node.keyword(.alignSelf, as: Keywords.Align.self) else { return }
            let (value, safe) = keyword.flex
            if parent?.kind == .grid, safe {
                throw specError("align-self=\(keyword.rawValue) is not supported in a grid (its items align start, center, end, stretch or baseline)",
                                at: attribute.location)
            }
            (style.alignSelf, style.alignSelfSafe) = (value, safe)
        case (.direction, _):
            if let keyword = node.keyword(.direction, as: Keywords.Direction.self) { style.direction = keyword.layout }
        case (.hidden, .bool(let b)): style.isHidden = b
        case (.clip, .bool(let b)): style.clipsContent = b
        case (.position, _):
            if let keyword = node.keyword(.position, as: Keywords.Position.self) { style.position = keyword.layout }
        case (.order, .integer(let n)): style.order = n
        case (.gap, .length(let l)): style.gap = dimension(l)
        case (.crossGap, .length(let l)): style.crossGap = dimension(l)
        case (.area, _), (.column, _), (.row, _), (.justifySelf, _):
            try applyGridItem(name, attribute, parent: parent, to: &style)
        case (.justify, _) where node.kind == .grid, (.align, _) where node.kind == .grid,
             (.alignContent, _) where node.kind == .grid, (.gap, _) where node.kind == .grid:
            return  // (in `gridContainerStyle`)
        case (.justify, _):
            if let keyword = node.keyword(.justify, as: Keywords.Justify.self) { (style.justify, style.justifySafe) = keyword.flex }
        case (.align, _) where node.kind != .label:
            if let keyword = node.keyword(.align, as: Keywords.Align.self) { (style.align, style.alignSafe) = keyword.flex }
        case (.alignContent, _):
            if let keyword = node.keyword(.alignContent, as: Keywords.AlignContent.self) {
                (style.alignContent, style.alignContentSafe) = keyword.flex
            }
        case (.wrap, .bool(let b)) where node.kind != .label: style.wrap = b
        case (.wrap, .keyword("reverse")): style.wrap = true; style.wrapReverse = true
        case (.reverse, .bool(let b)): style.reverse = b
        case (.region, _):
            if let keyword = node.keyword(.region, as: Keywords.Region.self) { style.region = keyword.border }
        case (.top, _), (.right, _), (.bottom, _), (.left, _):
            try applyEdge(name, attribute, parent: parent, node: node, to: &style)
        case (_, .anchor(let a)):
            guard let attributeName = AnchorAttribute(rawValue: name.spelling) else { return }
            try requireBoxParent(name, attribute, parent, node)
            style.anchors[attributeName] = anchor(a)
        default: return
        }
    }

    /// `top`/`right`/`bottom`/`left`: an anchor in a box, a CSS inset in a stack or zbox.
    private func applyEdge(_ key: AttributeName, _ attribute: Attribute, parent: Container?, node: Node,
                           to style: inout LayoutStyle) throws(LayoutRenderError) {
        let name = key.spelling
        let anchorName = AnchorAttribute(rawValue: name)!
        switch parent?.kind {
        case .box?:
            if case .anchor(let a) = attribute.value { style.anchors[anchorName] = anchor(a) }
        case .vbox?, .hbox?, .canvas?, .zbox?, .grid?:
            let inset: Dimension
            switch attribute.value {
            case .length(.auto): inset = .auto
            case .anchor(.points(let v)): inset = .points(v)
            case .anchor(.percent(let v)): inset = .percent(v)
            default:
                throw specError("'\(name)=\(quoted(attribute.value))' is an anchor, and anchors place the children of a box; "
                                + "in \(describe(parent)), \(name) is an inset (CSS \(name)): points, % or auto",
                                at: attribute.location)
            }
            switch anchorName {
            case .top: style.inset.top = inset
            case .right: style.inset.right = inset
            case .bottom: style.inset.bottom = inset
            default: style.inset.left = inset
            }
        default:
            throw specError("'\(name)' does nothing on a child of \(describe(parent)), which places it by its region; "
                            + "top, right, bottom and left are insets in a stack or zbox and anchors in a box",
                            at: attribute.location)
        }
    }

    /// `area`, `column`, `row` and `justify-self`: the place of a grid's item, an error
    /// elsewhere.
    private func applyGridItem(_ key: AttributeName, _ attribute: Attribute, parent: Container?,
                               to style: inout LayoutStyle) throws(LayoutRenderError) {
        guard parent?.kind == .grid else {
            throw specError("'\(key.spelling)' places the children of a grid, and does nothing on a child of \(describe(parent))",
                            at: attribute.location)
        }
        switch (key, attribute.value) {
        case (.area, .string(let name)):
            style.gridColumn = GridPlacement(start: .ident(name), end: .ident(name))
            style.gridRow = style.gridColumn
        case (.column, .string(let text)): style.gridColumn = gridPlacement(text)
        case (.row, .string(let text)): style.gridRow = gridPlacement(text)
        case (.justifySelf, .keyword(let k)):
            style.justifySelf = Keywords.GridSelf(rawValue: k)?.grid
        default: return
        }
    }

    /// Anchors (`center-x`, `leading`, a `width` that refers to a sibling, …) place only the
    /// children of a box: elsewhere they are an error at the attribute, saying what to use.
    private func requireBoxParent(_ key: AttributeName, _ attribute: Attribute, _ parent: Container?,
                                  _ node: Node) throws(LayoutRenderError) {
        guard parent?.kind != .box else { return }
        let name = key.spelling
        let instead: String
        switch name {
        case "width", "height": instead = "give \(name) in points, %, auto, min-content, max-content or fit-content"
        case "center-x", "center-y": instead = "use align-self (or the parent's align and justify) to centre it"
        default: instead = "use position=absolute with top, right, bottom and left, or margins"
        }
        throw specError("'\(name)=\(quoted(attribute.value))' is an anchor, and anchors place the children of a box; "
                        + "this \(node.kind.rawValue) is in \(describe(parent)): \(instead)",
                        at: attribute.location)
    }

    /// A value as a message quotes it: at most 40 characters (a `min(…)` can hold a
    /// megabyte of arguments), the rest as `…`.
    private func quoted(_ value: Value) -> String {
        let text = SpecWriter.text(value)
        return text.count <= 40 ? text : String(text.prefix(39)) + "…"
    }

    /// What a node's style needs of its parent: its kind (`top` is an anchor in a box, an
    /// inset in a stack) and its line, for messages. (Copying the parent's scene node for
    /// it retained and released its paint and content at every node.)
    private struct Container {
        let kind: SpecLanguage.NodeKind
        let line: Int
    }

    /// "a vbox (line 3)", for messages about where a node is.
    private func describe(_ parent: Container?) -> String {
        guard let parent else { return "no container" }
        if parent.kind == .canvas { return "the canvas (a vbox)" }
        let article = parent.kind == .hbox ? "an" : "a"
        return "\(article) \(parent.kind.rawValue) (line \(parent.line))"
    }

    private func dimension(_ length: Length) -> Dimension {
        switch length {
        case .auto: return .auto
        case .points(let v): return .points(v)
        case .percent(let v): return .percent(v)
        case .minContent: return .minContent
        case .maxContent: return .maxContent
        case .fitContent: return .fitContent
        }
    }

    private func anchor(_ value: AnchorValue) -> AnchorExpression {
        switch value {
        case .points(let v): return .points(v)
        case .percent(let v): return .percent(v)
        case .reference(let target, let attribute, let multiplier, let offset):
            return .reference(target: target.map { .sibling($0) } ?? .parent,
                              attribute: AnchorAttribute(rawValue: attribute.rawValue)!,
                              multiplier: multiplier, offset: offset)
        case .min(let values): return .min(values.map(anchor))
        case .max(let values): return .max(values.map(anchor))
        }
    }

    // MARK: - Kinds and content

    private func layoutKind(of node: Node, defaults: TextDefaults, scale: Double,
                            rtl: Bool) throws(LayoutRenderError) -> (LayoutEngine.NodeKind, NodeContent) {
        switch node.kind {
        case .canvas: return (.stack(.vertical), .none)
        case .vbox: return (.stack(.vertical), .none)
        case .hbox: return (.stack(.horizontal), .none)
        case .zbox: return (.overlay, .none)
        case .border: return (.border, .none)
        case .box: return (.box, .none)
        case .grid: return (.grid, .none)
        case .spacer:
            if case .number(let length)? = node.argument { return (.spacer(length), .none) }
            return (.spacer(nil), .none)
        case .label:
            let content = try labelContent(of: node, defaults: defaults, scale: scale, rtl: rtl)
            let shadows = defaults.textShadows.map { BoxShadow(x: $0.x, y: $0.y, blur: $0.blur, color: rgba($0.color)) }
            return (.leaf(content), .label(content, color: defaults.color.map(rgba) ?? .black, shadows: shadows))
        case .image:
            try refuseVerticalAlign(on: node)
            let content = try imageContent(of: node)
            return (.leaf(content), .image(content))
        case .path:
            try refuseVerticalAlign(on: node)
            let content = try pathContent(of: node)
            return (.leaf(content), .path(content))
        case .connector:
            throw specError("internal error: a connector reached layout", at: node.location)
        case .ifBlock, .elseBlock, .forLoop:
            throw specError("internal error: '\(node.kind.rawValue)' was not expanded", at: node.location)
        case .span:
            throw specError("a span is a run of a label's text, so it is indented under a label", at: node.location)
        }
    }

    func labelContent(of node: Node, defaults: TextDefaults, scale: Double,
                              rtl: Bool) throws(LayoutRenderError) -> LabelContent {
        guard case .string(let text)? = node.argument else {
            throw specError("a label needs its text", at: node.location)
        }
        // `defaults` has the label's own font, size, color and line height applied already.
        let own = try textRun(text, defaults: defaults, scale: scale, at: node.location)
        let font = own.font
        var attributes = TextAttributes(font: font, size: own.size)
        attributes.fallbackFonts = own.fallbackFonts
        attributes.pixelScale = scale
        attributes.rightToLeft = rtl
        attributes.letterSpacing = own.letterSpacing
        if case .integer(let n)? = node[.lines] { attributes.lines = n }
        if let wrap = node.keyword(.wrap, as: Keywords.TextWrap.self) { attributes.wrap = wrap.text }
        if let truncation = node.keyword(.truncate, as: Keywords.Truncate.self) { attributes.truncation = truncation.text }
        if let alignment = node.keyword(.align, as: Keywords.TextAlign.self) { attributes.alignment = alignment.text }
        switch defaults.lineHeight {
        case .multiple(let m)?: attributes.lineHeight = .multiple(m)
        case .points(let p)?: attributes.lineHeight = .points(p)
        case .normal?: attributes.lineHeight = .normal
        case nil: break
        }
        // A span left empty by its `{name}`s adds nothing, not even a line box; images and
        // paths in the text are runs of one inline object each.
        let children = node.children.filter { child in
            if child.kind == .image || child.kind == .path { return true }
            guard child.kind == .span, case .string(let text)? = child.argument else { return false }
            return !text.isEmpty
        }
        let paints = runPaints(of: node, children: children, defaults: defaults)
        var shown = own.text
        var inlineDrawings: [InlineDrawing?] = []
        if !paints.isEmpty {
            // A label with spans (or decorations) is laid out as runs: its own text, then each span's.
            var runs = [own]
            inlineDrawings = [nil]
            for child in children {
                if child.kind == .span, case .string(let spanText)? = child.argument {
                    runs.append(try textRun(spanText, defaults: defaults.inherited(by: child), scale: scale, at: child.location))
                    inlineDrawings.append(nil)
                } else {
                    let (run, drawing) = try inlineObjectRun(child, labelFont: font, size: own.size)
                    runs.append(run)
                    inlineDrawings.append(drawing)
                }
            }
            let fontCount = Set(runs.flatMap { [$0.font] + $0.fallbackFonts }).count
            guard fontCount <= Self.maxFontsPerLabel else {
                throw specError("a label whose text and spans draw with \(fontCount) fonts (fallback fonts counted); "
                                + "the limit is \(Self.maxFontsPerLabel)", at: node.location)
            }
            attributes.runs = runs
            shown = runs.map(\.text).joined()
        }
        let content = LabelContent(text: shown, attributes: attributes, engine: textEngine, meter: textMeter, runPaints: paints,
                                   inlineDrawings: inlineDrawings)
        // One layout of every label must fit the budget; later measuring is counted as it happens.
        planned.characters += content.characterCount
        guard planned.characters <= textMeter.limit else {
            throw .render(Diagnostic(file: options.fileName, location: node.location,
                                     message: RenderError.overBudgetMessage(.textCharacters, limit: textMeter.limit),
                                     sourceLine: sourceLines.line(at: node.location), budget: .textCharacters))
        }
        return content
    }

    /// Most fonts one label draws with, its spans' and all fallback fonts counted (a glyph
    /// names its font in a byte).
    static let maxFontsPerLabel = 256

    /// The text of a label or of one of its spans as it is measured and drawn: transformed
    /// (`text-transform`), in the font, size, fallback fonts and letter spacing `defaults`
    /// give (the node's own values applied already). Errors are at the setter's place.
    private func textRun(_ text: String, defaults: TextDefaults, scale: Double,
                         at location: SourceLocation) throws(LayoutRenderError) -> TextRun {
        let fontValue = defaults.font ?? .style("regular")
        let font = try loadFont(fontValue, weight: defaults.weight, italic: defaults.italic,
                                at: defaults.fontLocation ?? location)
        let size = defaults.size ?? Self.defaultFontSize
        // Where the size becomes device pixels: refused here, with the place, rather than
        // drawn at another size or failing inside Cairo.
        let pixelsPerEm = size * scale
        guard pixelsPerEm.isFinite, pixelsPerEm <= options.renderLimits.maxFontPixelsPerEm else {
            throw specError(RenderError.fontTooLarge(pixelsPerEm: pixelsPerEm,
                                                     limit: options.renderLimits.maxFontPixelsPerEm).description,
                            at: defaults.sizeLocation ?? location)
        }
        // Case mapping is Unicode's full, locale-independent one (ß → SS), before measuring,
        // so the text is measured and drawn as shown.
        let shown = switch defaults.textTransform {
        case .uppercase?: text.uppercased()
        case .lowercase?: text.lowercased()
        case .none?, nil: text
        }
        var run = TextRun(text: shown, font: font, size: size)
        run.fallbackFonts = try fallbackFonts(for: shown, font: font, families: defaults.fallback,
                                              weight: defaults.weight, italic: defaults.italic,
                                              at: defaults.fallbackLocation ?? location)
        run.letterSpacing = defaults.letterSpacing ?? 0
        return run
    }

    /// The colour and decorations of each run of a label (its own text, then each span,
    /// which takes the label's unless it sets its own, or image in its text, which has
    /// none), or none when the label has neither spans, images nor decorations: it is then
    /// drawn as one run in its colour.
    private func runPaints(of node: Node, children: [Node], defaults: TextDefaults) -> [RunPaint] {
        func flag(_ node: Node, _ name: AttributeName) -> Bool? {
            if case .bool(let b)? = node[name] { return b }
            return nil
        }
        let underline = flag(node, .underline) ?? false
        let strikethrough = flag(node, .strikethrough) ?? false
        guard !children.isEmpty || underline || strikethrough else { return [] }
        let own = RunPaint(color: defaults.color.map(rgba) ?? .black, underline: underline, strikethrough: strikethrough)
        return [own] + children.map { child in
            guard child.kind == .span else { return RunPaint(color: own.color, underline: false, strikethrough: false) }
            return RunPaint(color: defaults.inherited(by: child).color.map(rgba) ?? .black,
                            underline: flag(child, .underline) ?? underline,
                            strikethrough: flag(child, .strikethrough) ?? strikethrough)
        }
    }

    /// The fallback fonts of a label whose font lacks some of its characters (none when it
    /// has them all): the families of `fallback` (or the default order) in turn, each loaded
    /// only while characters remain that neither the font nor the families before have, in
    /// the label's weight and italic by CSS's matching rule.
    /// - Throws: a spec error for a malformed `fallback`; a resource error naming a family
    ///   that is not installed when a character needs it (never a silent substitute).
    private func fallbackFonts(for text: String, font: Font, families value: String?, weight: Int?, italic: Bool?,
                               at location: SourceLocation) throws(LayoutRenderError) -> [Font] {
        let families: [String]
        do {
            families = try FallbackFamilies(value).families
        } catch {
            throw specError(error.message, at: location)
        }
        guard !families.isEmpty else { return [] }
        var missing = FontFallback.drawnScalars(of: text).filter { font.glyph(for: $0) == nil }
        var result: [Font] = []
        for family in families where !missing.isEmpty {
            let fallback: Font
            do {
                let request = "b\u{0}" + family + "\u{0}" + String(weight ?? 400) + "\u{0}" + ((italic ?? false) ? "1" : "0")
                fallback = try memoizedFont(request) { () throws(TextError) in
                    try fonts.font(family: family, weight: weight ?? 400, italic: italic ?? false)
                }
            } catch {
                let first = missing[0]
                let message = "fallback font family '\(family)' is needed for '\(first)' (\(first.codePoint)), which the label's font "
                    + "and the fallbacks before it lack: " + error.message
                    + (value == nil ? " (the default fallback order is " + FallbackFamilies.defaultFamilies.joined(separator: ", ")
                        + ", from fonts-noto-cjk, fonts-noto-color-emoji and fonts-symbola; fallback=none turns it off)" : "")
                throw resourceError(message, at: location)
            }
            let before = missing.count
            missing.removeAll { fallback.glyph(for: $0) != nil }
            if missing.count < before { result.append(fallback) }
        }
        return result
    }

    /// The font a label draws with. A family (or the default family's style keyword with a
    /// `weight` or `italic` beside it) is matched in the font set by CSS's rule; a file is
    /// that file's face, whatever the weight says.
    private func loadFont(_ value: FontValue, weight: Int?, italic: Bool?,
                          at location: SourceLocation) throws(LayoutRenderError) -> Font {
        let name: String, kind: String
        switch value {
        case .style(let style): (kind, name) = ("s", style)
        case .family(let family): (kind, name) = ("f", family)
        case .file(let file): (kind, name) = ("p", file)
        }
        let request = kind + "\u{0}" + name + "\u{0}" + (weight.map { String($0) } ?? "") + "\u{0}"
            + (italic.map { $0 ? "1" : "0" } ?? "")
        return try memoizedFont(request) { () throws(LayoutRenderError) in
            try lookUpFont(value, weight: weight, italic: italic, at: location)
        }
    }

    /// The font `request` names, looked up once a render: a lookup looks at the font's file
    /// (one `stat`), and the labels of a scene ask for the same few fonts again and again.
    private func memoizedFont<E: Error>(_ request: String, _ lookUp: () throws(E) -> Font) throws(E) -> Font {
        if let font = loadedFonts.byRequest[request] { return font }
        let font = try lookUp()
        loadedFonts.byRequest[request] = font
        return font
    }

    private func lookUpFont(_ value: FontValue, weight: Int?, italic: Bool?,
                            at location: SourceLocation) throws(LayoutRenderError) -> Font {
        do {
            switch value {
            case .style(let name):
                let style = FontStyle(rawValue: name) ?? .regular
                if weight != nil || italic != nil {
                    let bold = style == .bold || style == .boldOblique
                    let oblique = style == .oblique || style == .boldOblique
                    return try fonts.font(family: FontLibrary.defaultFamily, weight: weight ?? (bold ? 700 : 400),
                                          italic: italic ?? oblique)
                }
                return try fonts.font(family: FontLibrary.defaultFamily, style: style)
            case .family(let family):
                return try fonts.font(family: family, weight: weight ?? 400, italic: italic ?? false)
            case .file(let name):
                return try fonts.font(path: fontFilePath(name, at: location))
            }
        } catch let error as TextError {
            throw resourceError(error.message, at: location)
        } catch let error as LayoutRenderError {
            throw error
        } catch {
            throw resourceError(String(describing: error), at: location)
        }
    }

    func imageContent(of node: Node) throws(LayoutRenderError) -> ImageContent {
        guard case .string(let name)? = node.argument else {
            throw specError("an image needs its file", at: node.location)
        }
        var mode = ImageContent.Mode.scaleToFill
        if let m = node.keyword(.mode, as: ImageContent.Mode.self) { mode = m }
        return try imageContent(named: name, mode: mode, at: node.location)
    }

    /// `background-image`, by `background-mode` (scale-to-fill by default).
    private func backgroundImage(of node: Node) throws(LayoutRenderError) -> ImageContent? {
        guard case .string(let name)? = node[.backgroundImage] else { return nil }
        var mode = ImageContent.Mode.scaleToFill
        if let m = node.keyword(.backgroundMode, as: ImageContent.Mode.self) { mode = m }
        return try imageContent(named: name, mode: mode, at: node.location)
    }

    private func imageContent(named name: String, mode: ImageContent.Mode,
                              at location: SourceLocation) throws(LayoutRenderError) -> ImageContent {
        let path: String
        do throws(AssetPaths.Failure) {
            path = try assets.resolve(name)
        } catch {
            switch error {
            case .outside:
                throw resourceError("image '\(name)' is outside the asset folder \(assets.root); images must lie inside it",
                                    at: location)
            case .missing:
                throw resourceError("image '\(name)' not found in \(assets.root)", at: location)
            }
        }
        let image: LoadedImage
        do throws(RenderImages.Failure) {
            image = try images.image(path: path)
        } catch {
            switch error {
            case .file(let failure):
                throw resourceError("image '\(name)' cannot be read: \(failure)", at: location)
            case .decode(let failure):
                throw resourceError("image '\(name)': \(failure.message)", at: location)
            case .unknownFormat:
                throw resourceError("image '\(name)': not in a supported image format (\(ImageFormat.supportedList))",
                                    at: location)
            case .overBudget(let limit):
                throw .render(Diagnostic(file: options.fileName, location: location,
                                         message: RenderError.overBudgetMessage(.imagePixels, limit: limit),
                                         sourceLine: sourceLines.line(at: location), budget: .imagePixels))
            }
        }
        return ImageContent(image: image, mode: mode)
    }

    // MARK: - Paint

    /// `border` and its sides, in the order `paint(of:)` applies them; made once, not for
    /// every node.
    private static let borderNames: [AttributeName] = [.border, .borderTop, .borderRight, .borderBottom, .borderLeft]

    /// Every attribute `paint(of:)` reads.
    private static let paintNames = AttributeNameSet(
        borderNames + [.background, .backgroundImage, .backgroundMode, .shadow, .borderStyle, .radius, .opacity, .blend,
                       .transform, .clip])

    private func paint(of node: Node) throws(LayoutRenderError) -> Paint {
        // Most nodes of a big tree are laid out, not painted: their paint is the default.
        guard Self.paintNames.intersects(node.attributes) else { return Paint() }
        var paint = Paint(background: background(of: node), gradient: gradient(of: node))
        paint.backgroundImage = try backgroundImage(of: node)
        if case .shadows(let shadows)? = node[.shadow] {
            paint.shadows = shadows.map { BoxShadow(x: $0.x, y: $0.y, blur: $0.blur, spread: $0.spread, color: rgba($0.color)) }
        }
        // The shorthand first, then the sides written after it (the parser keeps only those).
        var border = BorderSides()
        for name in Self.borderNames {
            guard case .border(let w, let c)? = node[name] else { continue }
            let color = rgba(c)
            switch name {
            case .borderTop: border.widths.top = w; border.top = color
            case .borderRight: border.widths.right = w; border.right = color
            case .borderBottom: border.widths.bottom = w; border.bottom = color
            case .borderLeft: border.widths.left = w; border.left = color
            default: border = BorderSides(width: w, color: color)
            }
        }
        if let style = node.keyword(.borderStyle, as: Keywords.BorderStyle.self) { border.style = style.drawing }
        if border.isVisible { paint.border = border }
        switch node[.radius] {
        case .number(let r)?: paint.radius = CornerRadii(r)
        case .corners(let tl, let tr, let br, let bl)?:
            paint.radius = CornerRadii(topLeft: tl, topRight: tr, bottomRight: br, bottomLeft: bl)
        default: break
        }
        if case .number(let o)? = node[.opacity] { paint.opacity = o }
        if let mode = node.keyword(.blend, as: Keywords.Blend.self) { paint.blend = mode.drawing }
        if case .transform(let steps)? = node[.transform] {
            paint.transform = steps.map { step in
                switch step {
                case .rotate(let degrees): return .rotation(degrees: degrees)
                case .scale(let x, let y): return .scale(x: x, y: y)
                case .translate(let x, let y): return .translation(x: x, y: y)
                }
            }
        }
        if case .bool(let b)? = node[.clip] { paint.clip = b }
        return paint
    }

    private func background(of node: Node) -> RGBAColor? { colorAttribute(node, .background) }

    private func gradient(of node: Node) -> GradientFill? {
        guard case .gradient(let g)? = node[.background] else { return nil }
        let shape: GradientFill.Shape
        switch g.shape {
        case .linear(let angle): shape = .linear(angle: angle)
        case .radial(let circle): shape = .radial(circle: circle)
        }
        return GradientFill(shape: shape, stops: g.stops.map { (rgba($0.color), $0.position.map { $0 / 100 }) })
    }

    private func tolerance(of node: Node) -> Tolerance? {
        // A mask covers the frame whole, so it wins over the others.
        if case .bool(true)? = node[.mask] { return .mask }
        if case .bool(true)? = node[.diffIgnore] { return .ignore }
        if case .number(let t)? = node[.diffThreshold] { return .threshold(t) }
        return nil
    }

    private func colorAttribute(_ node: Node, _ name: AttributeName) -> RGBAColor? {
        if case .color(let c)? = node[name] { return rgba(c) }
        return nil
    }

    func rgba(_ c: SpecLanguage.Color) -> RGBAColor {
        RGBAColor(red8: c.red, green8: c.green, blue8: c.blue, alpha8: c.alpha)
    }

    // MARK: - Errors

    func specError(_ message: String, at location: SourceLocation) -> LayoutRenderError {
        .spec(Diagnostic(file: options.fileName, location: location, message: message, sourceLine: sourceLines.line(at: location)))
    }

    func resourceError(_ message: String, at location: SourceLocation) -> LayoutRenderError {
        .resource(Diagnostic(file: options.fileName, location: location, message: message, sourceLine: sourceLines.line(at: location)))
    }
}

private extension FontValue {
    var isFamily: Bool {
        if case .family = self { return true }
        return false
    }
}
