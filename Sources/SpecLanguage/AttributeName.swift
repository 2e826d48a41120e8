/// An attribute name of the language, interned: one byte instead of a `String`, so a
/// node's attributes are a short array searched by comparing bytes, and the stages after
/// the parser switch on a name instead of hashing and comparing text.
///
/// The cases are in the order of their spellings (`spelling`), so sorting names sorts
/// them as their text sorts: messages, `convert` and the scene builder keep the order
/// they had when names were strings. `AttributeNameTests` checks the two lists agree.
public enum AttributeName: UInt8, CaseIterable, Comparable, Hashable, Sendable, CustomStringConvertible {
    case align, alignContent, alignSelf, area, areas, aspectRatio, autoColumns, autoFlow, autoRows, background
    case backgroundImage, backgroundMode, basis, blend, border, borderBottom, borderLeft, borderRight, borderStyle
    case borderTop, bottom, centerX, centerY, clip, color, column, columnGap, columns, crossGap, dash, diffIgnore
    case diffThreshold, direction, endArrow, fallback, fill, fillRule, font, from, gap, grow, height, hidden, id
    case italic, justify, justifyItems, justifySelf, label, layer, leading, left, letterSpacing, lineCap
    case lineHeight, lineJoin, lines, margin, marginBottom, marginLeft, marginRight, marginTop, mask, maxHeight
    case maxWidth, minHeight, minWidth, mode, opacity, order, padding, paddingBottom, paddingLeft, paddingRight
    case paddingTop, position, radius, region, reverse, right, route, row, rowGap, rows, scale, shadow, shrink
    case size, startArrow, strikethrough, stroke, strokeWidth, style, textShadow, textTransform, to, top, trailing
    case transform, truncate, underline, verticalAlign, viewBox, weight, width, wrap

    /// The spellings, in case order.
    private static let spellings: [String] = [
        "align", "align-content", "align-self", "area", "areas", "aspect-ratio", "auto-columns", "auto-flow",
        "auto-rows", "background", "background-image", "background-mode", "basis", "blend", "border",
        "border-bottom", "border-left", "border-right", "border-style", "border-top", "bottom", "center-x",
        "center-y", "clip", "color", "column", "column-gap", "columns", "cross-gap", "dash", "diff-ignore",
        "diff-threshold", "direction", "end-arrow", "fallback", "fill", "fill-rule", "font", "from", "gap",
        "grow", "height", "hidden", "id", "italic", "justify", "justify-items", "justify-self", "label", "layer",
        "leading", "left", "letter-spacing", "line-cap", "line-height", "line-join", "lines", "margin",
        "margin-bottom", "margin-left", "margin-right", "margin-top", "mask", "max-height", "max-width",
        "min-height", "min-width", "mode", "opacity", "order", "padding", "padding-bottom", "padding-left",
        "padding-right", "padding-top", "position", "radius", "region", "reverse", "right", "route", "row",
        "row-gap", "rows", "scale", "shadow", "shrink", "size", "start-arrow", "strikethrough", "stroke",
        "stroke-width", "style", "text-shadow", "text-transform", "to", "top", "trailing", "transform",
        "truncate", "underline", "vertical-align", "view-box", "weight", "width", "wrap",
    ]

    /// Spelling → name, for the parsers (one hash of the bytes an attribute as written).
    private static let byName = SpellingTable(allCases.map { ($0.spelling, $0) })

    /// The name as written in a spec (`min-width`).
    public var spelling: String { Self.spellings[Int(rawValue)] }
    public var description: String { spelling }

    /// The name spelled `text`, or nil when the language has no such attribute.
    public init?(_ text: String) {
        guard let name = Self.byName.value(text) else { return nil }
        self = name
    }

    /// The name spelled by these UTF-8 bytes, or nil: the tokenizer looks a key up before
    /// (and mostly instead of) making a `String` of it.
    init?(utf8 bytes: ArraySlice<UInt8>) {
        guard let found = bytes.withContiguousStorageIfAvailable({ Self(utf8: $0) }), let name = found else { return nil }
        self = name
    }

    /// The name spelled by these UTF-8 bytes, or nil (`PlainLineReader`).
    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let name = Self.byName.value(bytes) else { return nil }
        self = name
    }

    @inlinable public static func < (a: AttributeName, b: AttributeName) -> Bool { a.rawValue < b.rawValue }
}
