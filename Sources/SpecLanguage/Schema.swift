/// The shape a value must have, which decides how its text is read.
enum ValueShape: Hashable, Sendable {
    case identifier
    case number(min: Double?, max: Double?)
    case integer(min: Int, max: Int)
    /// Points or a percentage; `auto` where allowed, the sizing keywords (`min-content`,
    /// `max-content`, `fit-content`) where `intrinsic`, negative values unless `nonNegative`.
    case length(allowAuto: Bool, intrinsic: Bool = false, nonNegative: Bool = false)
    /// A length (sizing keywords included), or an anchor expression when the node is
    /// anchored in a box.
    case lengthOrAnchor
    /// `WxH` for frames, or a plain number (font size) where text is concerned.
    case sizePair
    /// One to four lengths in CSS order; `auto` where allowed (margins), no negative
    /// length where `nonNegative` (padding).
    case insets(allowAuto: Bool, nonNegative: Bool)
    /// `top`/`left`/`bottom`/`right`: `auto` or an anchor expression. A child of a box
    /// reads it as an anchor, a child of a stack or zbox as a CSS inset (points or %).
    case inset
    /// A stack's `wrap`: a flag (`wrap`, `wrap=false`) or `wrap=reverse`.
    case stackWrap
    case color
    /// A colour, `linear(…)` or `radial(…)` (`background`).
    case background
    /// One or more shadows, `X Y BLUR SPREAD COLOR` (`spread`) or `X Y BLUR COLOR`; may be
    /// quoted, as it has spaces.
    case shadows(spread: Bool)
    /// `transform`: `rotate(…)`, `scale(…)`, `translate(…)`, separated by spaces (so
    /// quoted when there are several).
    case transform
    /// `radius`: one to four radii in CSS order (top-left, top-right, bottom-right,
    /// bottom-left), as `border-radius` takes them.
    case radii
    case border
    case keywords([String])
    case string
    case bool
    case anchor
    case lineHeight
    case font
    /// Font family names separated by commas, or `none` (`fallback`); read as a string.
    case fontFamilies
    /// 1…1000 or a CSS weight name (`bold`), read as a whole number.
    case fontWeight
    case styleNames
    /// `view-box`: four numbers, `MIN-X MIN-Y WIDTH HEIGHT` (spaces or commas, as SVG's
    /// `viewBox`), the width and height above 0.
    case viewBox
    /// `dash`: one to `ValueRanges.maxDashes` lengths, dash and gap in turn (as SVG's
    /// `stroke-dasharray`), each 0 or more, not all 0.
    case dashArray
    /// `fill` and `stroke`: a colour, or `none`.
    case paintOrNone
    /// A connector's end: a node's id, alone (the side chosen automatically) or with a
    /// side, `ID.top`, `.right`, `.bottom`, `.left` or `.center`.
    case endpoint
    /// A grid value, read by `GridValues` and kept as its text.
    case grid(GridShape)
}

/// The kinds of grid values (see `GridValues`).
enum GridShape: Hashable, Sendable {
    /// `columns` / `rows`.
    case trackList
    /// `auto-columns` / `auto-rows`.
    case trackSizes
    case areas
    /// `column` / `row` of an item.
    case placement
    /// `area` of an item.
    case area
    /// `auto-flow`.
    case flow
}

/// Which attributes each node kind takes, and what their values look like.
public enum Schema {
    static let layoutKinds: Set<NodeKind> = [.vbox, .hbox, .zbox, .border, .box, .spacer, .label, .image, .path, .grid]
    static let containerKinds: Set<NodeKind> = [.canvas, .vbox, .hbox, .zbox, .border, .box, .grid]
    private static let containerKindBits = containerKinds.reduce(0) { $0 | Definition.bit($1) }
    /// Where `font`, `color`, `line-height` and a font `size` are said for the labels inside
    /// (inherited, as in CSS), besides the canvas and the labels themselves.
    public static let textContainerKinds: Set<NodeKind> = [.vbox, .hbox, .zbox, .border, .box, .grid]
    /// Where `size` may be one number, a font size: not on a box, where `size=40` would
    /// read as a frame size (a box's frame is `size=WxH`).
    public static let fontSizeKinds: Set<NodeKind> = [.canvas, .label, .span, .vbox, .hbox, .zbox, .border, .connector, .grid]
    /// What a label's `span` lines take: the text attributes that make sense per run. The
    /// others a label takes (`lines`, `wrap`, `truncate`, `align`, `line-height`) lay out
    /// the whole paragraph, so they are the label's alone (see `spanLayoutAttributes`).
    static let textRunKinds: Set<NodeKind> = [.label, .span]
    /// What an `image` line under a label (an inline image, laid out in its text) takes:
    /// its size and alignment. The rest of what an image takes lays out or paints a frame,
    /// which an inline image does not have.
    public static let inlineImageAttributes: Set<AttributeName> = [.width, .height, .size, .verticalAlign, .style]
    /// What a `path` line under a label takes besides `inlineImageAttributes`: its drawing.
    public static let inlinePathAttributes: Set<AttributeName> = inlineImageAttributes.union([
        .viewBox, .fill, .stroke, .fillRule, .strokeWidth, .lineJoin, .lineCap, .dash,
    ])
    /// The label's attributes that lay out its paragraph, refused on a span with a message
    /// that says so.
    public static let spanLayoutAttributes: Set<String> = ["lines", "wrap", "truncate", "align", "line-height"]
    /// `spanLayoutAttributes` as names.
    static let spanLayoutNames: Set<AttributeName> = Set(spanLayoutAttributes.compactMap(AttributeName.init))

    /// Why a `size` read as `value` does not fit a node of kind `kind`, or nil when it does:
    /// one number is a font size, where only `fontSizeKinds` take one; a span's is never a
    /// pair. (Asked after the node's attributes are read, by both ways of reading a line.)
    static func sizeProblem(_ value: Value, on kind: NodeKind) -> String? {
        switch value {
        case .number where !fontSizeKinds.contains(kind):
            return "size on a \(kind.rawValue) is WxH (a single number is a font size, on a label, "
                + "or on a stack, zbox or border for the labels inside)"
        case .size where kind == .span:
            return "a span's size is its font size, one number (size=12)"
        case .size where kind == .connector:
            return "a connector's size is its label's font size, one number (size=12)"
        default:
            return nil
        }
    }

    /// Why a node of kind `child` cannot be a child of a node of kind `parent` (the nearest
    /// one that is not `if`, `else` or `for`), or nil when it can: containers hold layout
    /// nodes, a label holds `span` lines, and a span only a label does.
    static func childProblem(parent: NodeKind, child: NodeKind) -> String? {
        // Asked for every line: the set's bits, not its hashing.
        guard containerKindBits & Definition.bit(parent) != 0 || parent == .label else {
            return "a \(parent.rawValue) cannot have children"
        }
        switch (parent, child) {
        case (_, _) where child.isControl, (.label, .span), (.label, .image), (.label, .path): return nil
        case (.label, _):
            return "a label's children are span lines (span \"text\" key=value…) and images and paths in its text, not a \(child.rawValue)"
        case (_, .span): return "a span is a run of a label's text, so it is indented under a label, not under a \(parent.rawValue)"
        default: return nil
        }
    }
    static let stackKinds: Set<NodeKind> = [.canvas, .vbox, .hbox]
    /// The edge attributes: insets of a stack's or zbox's child, anchors of a box's child.
    static let insetNames = ["top", "right", "bottom", "left"]
    /// Per-side forms of the shorthands, in CSS order: `margin-top` … `border-left`.
    static func sides(of shorthand: String) -> [String] { insetNames.map { "\(shorthand)-\($0)" } }
    static let shorthands = ["margin", "padding", "border"]

    /// The attributes a shorthand sets: a side each for `margin`, `padding` and `border`,
    /// `width` and `height` for a `size` pair (a label's `size` is its font size).
    static func longhands(of attribute: Attribute) -> [AttributeName] {
        switch attribute.key {
        case .margin: return marginSides
        case .padding: return paddingSides
        case .border: return borderSideNames
        case .size: if case .size = attribute.value { return sizeSides } else { return [] }
        default: return []
        }
    }
    // Made once, not for every margin and padding read.
    private static let marginSides: [AttributeName] = [.marginTop, .marginRight, .marginBottom, .marginLeft]
    private static let paddingSides: [AttributeName] = [.paddingTop, .paddingRight, .paddingBottom, .paddingLeft]
    private static let borderSideNames: [AttributeName] = [.borderTop, .borderRight, .borderBottom, .borderLeft]
    private static let sizeSides: [AttributeName] = [.width, .height]

    /// Whether `name` is one of the shorthands (`margin`, `padding`, `border`, `size`).
    @inlinable public static func isShorthand(_ name: AttributeName) -> Bool {
        name == .margin || name == .padding || name == .border || name == .size
    }
    /// The shorthands' spellings, for a reader with keys as text (the JSON form): a key is
    /// compared with each of these four literals, cheaper than looking it up as a name
    /// first (12 M instructions more for the 10k-node JSON spec; strings derived from
    /// `isShorthand` cost as much). A test keeps the two lists equal.
    static let shorthandNames: [String] = ["margin", "padding", "border", "size"]

    /// `border-top`, `border-right`, `border-bottom`, `border-left`.
    public static let borderSides = sides(of: "border")

    struct Definition {
        var shape: ValueShape
        var kinds: Set<NodeKind>
        /// `kinds` as one bit a kind (by case order), asked for every attribute read.
        let kindBits: UInt16

        init(shape: ValueShape, kinds: Set<NodeKind>) {
            self.shape = shape
            self.kinds = kinds
            kindBits = kinds.reduce(0) { $0 | Self.bit($1) }
        }

        static func bit(_ kind: NodeKind) -> UInt16 {
            switch kind {
            case .canvas: 1 << 0
            case .vbox: 1 << 1
            case .hbox: 1 << 2
            case .zbox: 1 << 3
            case .border: 1 << 4
            case .box: 1 << 5
            case .spacer: 1 << 6
            case .label: 1 << 7
            case .image: 1 << 8
            case .ifBlock: 1 << 9
            case .elseBlock: 1 << 10
            case .forLoop: 1 << 11
            case .span: 1 << 12
            case .path: 1 << 13
            case .connector: 1 << 14
            case .grid: 1 << 15
            }
        }

        /// Whether a node of `kind` takes the attribute: `kinds.contains(kind)` without hashing.
        func takes(_ kind: NodeKind) -> Bool { kindBits & Self.bit(kind) != 0 }
    }

    /// The shapes of the attributes whose shape on a label differs from their shape
    /// elsewhere (`align`, `wrap`).
    private static let labelAlign = ValueShape.keywords(Keywords.TextAlign.spellings)
    private static let labelWrap = ValueShape.keywords(Keywords.TextWrap.spellings)
    /// The shape of attribute `name` on a node of `kind`, nil when the kind does not take
    /// it (a node's own attributes and a style's alike).
    ///
    /// Looked up in one table by kind and name (the parser asks it for every attribute),
    /// without copying a definition (and retaining its set of kinds) each time.
    static func shape(of name: AttributeName, for kind: NodeKind) -> ValueShape? {
        shapesByKindAndName[slot(kind, name)]
    }
    private static let nameCount = AttributeName.allCases.count
    /// Where the shape of `name` on `kind` is in `shapesByKindAndName`: by kind (its bit),
    /// then name.
    @inline(__always) private static func slot(_ kind: NodeKind, _ name: AttributeName) -> Int {
        Definition.bit(kind).trailingZeroBitCount * nameCount + Int(name.rawValue)
    }
    /// Each name's shape where the kind takes it.
    private static let shapesByKindAndName: [ValueShape?] = {
        var table = [ValueShape?](repeating: nil, count: NodeKind.allCases.count * nameCount)
        for name in AttributeName.allCases {
            guard let definition = definitionsByName[Int(name.rawValue)] else { continue }
            for kind in NodeKind.allCases where definition.takes(kind) { table[slot(kind, name)] = definition.shape }
        }
        // The two whose shape on a label is its own.
        table[slot(.label, .align)] = labelAlign
        table[slot(.label, .wrap)] = labelWrap
        // A connector's `background` is its label's, a colour.
        table[slot(.connector, .background)] = .color
        // A grid's alignment keywords are CSS Grid's (no safe-*; baseline only down).
        table[slot(.grid, .justify)] = .keywords(Keywords.GridContent.spellings)
        table[slot(.grid, .alignContent)] = .keywords(Keywords.GridContent.spellings)
        table[slot(.grid, .align)] = .keywords(Keywords.GridAlign.spellings)
        return table
    }()
    /// `definitions` by `AttributeName`, without hashing the name.
    private static let definitionsByName: [Definition?] = AttributeName.allCases.map { definitions[$0.spelling] }

    static let definitions: [String: Definition] = {
        var d: [String: Definition] = [:]
        let all = layoutKinds.union([.canvas])
        func add(_ names: [String], _ shape: ValueShape, _ kinds: Set<NodeKind>) {
            for n in names { d[n] = Definition(shape: shape, kinds: kinds) }
        }
        add(["id"], .identifier, layoutKinds.union([.connector]))
        add(["style"], .styleNames, all.union([.span, .connector]))
        add(["width", "height"], .lengthOrAnchor, all)
        add(["size"], .sizePair, all.union([.span, .connector]))
        add(["min-width", "min-height", "max-width", "max-height"], .length(allowAuto: true, intrinsic: true), layoutKinds)
        add(["aspect-ratio"], .number(min: ValueRanges.aspectRatio.lowerBound, max: ValueRanges.aspectRatio.upperBound), layoutKinds)
        add(["margin"], .insets(allowAuto: true, nonNegative: false), layoutKinds)
        add(sides(of: "margin"), .length(allowAuto: true), layoutKinds)
        add(["padding"], .insets(allowAuto: false, nonNegative: true), containerKinds)
        add(sides(of: "padding"), .length(allowAuto: false, nonNegative: true), containerKinds)
        add(["background"], .background, all.union([.connector]))
        add(["shadow"], .shadows(spread: true), layoutKinds)
        // An image under the node's content, in its padding box, by an image's content mode.
        add(["background-image"], .string, layoutKinds)
        add(["background-mode"], .keywords(Keywords.ImageMode.spellings), layoutKinds)
        add(["border"] + sides(of: "border"), .border, layoutKinds)
        add(["border-style"], .keywords(Keywords.BorderStyle.spellings), layoutKinds)
        add(["radius"], .radii, layoutKinds)
        add(["opacity"], .number(min: 0, max: 1), layoutKinds)
        add(["blend"], .keywords(Keywords.Blend.spellings), layoutKinds)
        add(["transform"], .transform, layoutKinds)
        add(["clip", "hidden"], .bool, layoutKinds)
        add(["grow", "shrink"], .number(min: 0, max: ValueRanges.maxFactor), layoutKinds)
        add(["basis"], .length(allowAuto: true, intrinsic: true), layoutKinds)
        add(["align-self"], .keywords(Keywords.Align.spellings), layoutKinds)
        add(["direction"], .keywords(Keywords.Direction.spellings), all)
        add(["region"], .keywords(Keywords.Region.spellings), layoutKinds)
        add(["position"], .keywords(Keywords.Position.spellings), layoutKinds)
        add(insetNames, .inset, layoutKinds)
        add(["center-x", "center-y", "leading", "trailing"], .anchor, layoutKinds)
        add(["order"], .integer(min: -ValueRanges.maxOrder, max: ValueRanges.maxOrder), layoutKinds)
        add(["gap"], .length(allowAuto: false, nonNegative: true), containerKinds)
        add(["cross-gap"], .length(allowAuto: false, nonNegative: true), containerKinds.subtracting([.grid]))
        add(["justify"], .keywords(Keywords.Justify.spellings), [.canvas, .vbox, .hbox, .zbox, .grid])
        add(["align"], .keywords(Keywords.Align.spellings), [.canvas, .vbox, .hbox, .zbox, .grid])
        add(["align-content"], .keywords(Keywords.AlignContent.spellings), [.vbox, .hbox, .grid])
        // A grid's template, gaps and item alignment, and its items' places (CSS Grid).
        add(["columns", "rows"], .grid(.trackList), [.grid])
        add(["auto-columns", "auto-rows"], .grid(.trackSizes), [.grid])
        add(["areas"], .grid(.areas), [.grid])
        add(["auto-flow"], .grid(.flow), [.grid])
        add(["column-gap", "row-gap"], .length(allowAuto: false, nonNegative: true), [.grid])
        add(["justify-items"], .keywords(Keywords.GridSelf.spellings), [.grid])
        add(["justify-self"], .keywords(Keywords.GridSelf.spellings), layoutKinds)
        add(["column", "row"], .grid(.placement), layoutKinds)
        add(["area"], .grid(.area), layoutKinds)
        add(["wrap"], .stackWrap, [.vbox, .hbox])
        add(["reverse"], .bool, [.canvas, .vbox, .hbox])
        add(["scale"], .number(min: 0.25, max: 8), [.canvas])
        // Set on a container, these are inherited by the labels inside it (and a label's
        // by its spans).
        let inheritedText = textContainerKinds.union([.canvas, .connector]).union(textRunKinds)
        add(["font"], .font, inheritedText)
        add(["weight"], .fontWeight, inheritedText)
        add(["italic"], .bool, inheritedText)
        add(["letter-spacing"], .number(min: -ValueRanges.maxLetterSpacing, max: ValueRanges.maxLetterSpacing),
            inheritedText)
        add(["fallback"], .fontFamilies, inheritedText)
        add(["text-transform"], .keywords(Keywords.TextTransform.spellings), inheritedText)
        add(["color"], .color, inheritedText)
        // Text decorations (CSS `text-decoration-line`), of a label's text and its spans.
        add(["underline", "strikethrough"], .bool, textRunKinds)
        add(["text-shadow"], .shadows(spread: false), textContainerKinds.union([.canvas, .label]))
        add(["lines"], .integer(min: 0, max: ValueRanges.maxLines), [.label])
        add(["truncate"], .keywords(Keywords.Truncate.spellings), [.label])
        add(["line-height"], .lineHeight, textContainerKinds.union([.canvas, .label]))
        add(["mode"], .keywords(Keywords.ImageMode.spellings), [.image])
        // Comparison tolerances for `layout-render test`, applied inside the node's frame.
        add(["diff-threshold"], .number(min: 0, max: 1), layoutKinds)
        add(["diff-ignore"], .bool, layoutKinds)
        // Painted over with one colour in both images before comparing: dynamic content
        // that keeps its size (a clock, an avatar).
        add(["mask"], .bool, layoutKinds)
        // A path's drawing (SVG's presentation attributes of the same meaning).
        add(["view-box"], .viewBox, [.path])
        // An image or a path in a label's text: where it sits on its line (CSS `vertical-align`).
        add(["vertical-align"], .keywords(Keywords.VerticalAlign.spellings), [.image, .path])
        add(["fill"], .paintOrNone, [.path])
        add(["stroke"], .paintOrNone, [.path, .connector])
        add(["fill-rule"], .keywords(Keywords.FillRule.spellings), [.path])
        add(["stroke-width"], .number(min: 0, max: ValueRanges.maxPoints), [.path, .connector])
        add(["line-join"], .keywords(Keywords.LineJoin.spellings), [.path])
        add(["line-cap"], .keywords(Keywords.LineCap.spellings), [.path])
        add(["dash"], .dashArray, [.path, .connector])
        // Connectors: their ends, route, arrowheads, label and layer.
        add(["from", "to"], .endpoint, [.connector])
        add(["route"], .keywords(Keywords.Route.spellings), [.connector])
        add(["start-arrow", "end-arrow"], .keywords(Keywords.Arrow.spellings), [.connector])
        add(["label"], .string, [.connector])
        add(["layer"], .keywords(Keywords.Layer.spellings), [.connector])
        return d
    }()


    /// CSS property names that users of flexbox write, and the attribute that says it
    /// here, for the hint of an unknown attribute.
    static let cssNames: [String: String] = [
        "grid-template-columns": "columns", "grid-template-rows": "rows", "grid-template-areas": "areas",
        "grid-auto-columns": "auto-columns", "grid-auto-rows": "auto-rows", "grid-auto-flow": "auto-flow",
        "grid-column": "column", "grid-row": "row", "grid-area": "area",
        "align-items": "align", "justify-content": "justify", "flex-wrap": "wrap", "flex-grow": "grow",
        "flex-shrink": "shrink", "flex-basis": "basis",
        "overflow": "clip", "display": "hidden",
        "flex-direction": "reverse", "border-radius": "radius", "background-color": "background",
        "background-size": "background-mode", "box-shadow": "shadow", "mix-blend-mode": "blend",
    ]

    /// The attribute that says CSS property `name` on a node of `kind`: the gaps depend on
    /// the axis (an hbox's `column-gap` is its `gap`, its `row-gap` its `cross-gap`).
    static func attribute(forCSS name: String, kind: NodeKind) -> String? {
        switch name {
        case "row-gap" where kind != .grid: return kind == .hbox ? "cross-gap" : "gap"
        case "column-gap" where kind != .grid: return kind == .hbox ? "gap" : "cross-gap"
        default: return cssNames[name]
        }
    }

    /// CSS keyword values and the keyword that says it here, for the hint of a bad value.
    static let cssKeywords: [String: String] = [
        "flex-start": "start", "flex-end": "end", "self-start": "start", "self-end": "end",
        "wrap-reverse": "reverse", "nowrap": "false", "wrap": "true",
    ]

    /// Attribute names a node of `kind` accepts, for did-you-mean suggestions.
    static func names(for kind: NodeKind) -> [String] {
        definitions.filter { $0.value.kinds.contains(kind) }.map(\.key).sorted()
    }
}

/// The closest candidate within a small edit distance, for "did you mean" hints.
///
/// Words and candidates longer than 64 characters, and lists of more than 10,000
/// candidates (styles a spec declares), get no hint: each distance costs the product of
/// the lengths, and a hostile spec can make lines long and styles many.
func suggestion(for word: String, among candidates: [String]) -> String? {
    let length = word.count
    guard length <= 64, candidates.count <= 10_000 else { return nil }
    var best: (String, Int)?
    for c in candidates where abs(c.count - length) <= 3 {
        let d = editDistance(word, c)
        if d <= max(1, min(3, word.count / 3)) && d < (best?.1 ?? .max) { best = (c, d) }
    }
    return best?.0
}

/// Edit distance counting a swap of neighbours as one edit (optimal string alignment),
/// so `titel` is one edit from `title`.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = Swift.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                d[i][j] = Swift.min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}
