/// An attribute name of the language, interned: one byte instead of a `String`, so a
/// node's attributes are a short array searched by comparing bytes, and the stages after
/// the parser switch on a name instead of hashing and comparing text.
///
/// The cases are in the order of their spellings (`spelling`), so sorting names sorts
/// them as their text sorts: messages, `convert` and the scene builder keep the order
/// they had when names were strings. `AttributeNameTests` checks the two lists agree.
public enum AttributeName: UInt8, CaseIterable, Comparable, Hashable, Sendable, CustomStringConvertible {
    case align, alignContent, alignSelf, area, areas, aspectRatio, autoColumns, autoFlow, autoRows
    case background, backgroundImage, backgroundMode, basis, blend, border, borderBottom, borderLeft
    case borderRight, borderStyle, borderTop, bottom, centerX, centerY, clip, color, column, columnGap
    case columns, crossGap, diffIgnore, diffThreshold, direction, fallback, font, gap, grow, height, hidden
    case id, italic, justify, justifyItems, justifySelf, leading, left, letterSpacing, lineHeight, lines
    case margin, marginBottom, marginLeft, marginRight, marginTop, maxHeight, maxWidth, minHeight, minWidth
    case mode, opacity, order, padding, paddingBottom, paddingLeft, paddingRight, paddingTop, position
    case radius, region, reverse, right, row, rowGap, rows, scale, shadow, shrink, size, strikethrough
    case style, textShadow, textTransform, top, trailing, transform, truncate, underline, weight, width
    case wrap

    /// The spellings, in case order.
    private static let spellings: [String] = [
        "align", "align-content", "align-self", "area", "areas", "aspect-ratio", "auto-columns", "auto-flow",
        "auto-rows", "background", "background-image", "background-mode", "basis", "blend", "border",
        "border-bottom", "border-left", "border-right", "border-style", "border-top", "bottom", "center-x",
        "center-y", "clip", "color", "column", "column-gap", "columns", "cross-gap", "diff-ignore",
        "diff-threshold", "direction", "fallback", "font", "gap", "grow", "height", "hidden", "id", "italic",
        "justify", "justify-items", "justify-self", "leading", "left", "letter-spacing", "line-height",
        "lines", "margin", "margin-bottom", "margin-left", "margin-right", "margin-top", "max-height",
        "max-width", "min-height", "min-width", "mode", "opacity", "order", "padding", "padding-bottom",
        "padding-left", "padding-right", "padding-top", "position", "radius", "region", "reverse", "right",
        "row", "row-gap", "rows", "scale", "shadow", "shrink", "size", "strikethrough", "style",
        "text-shadow", "text-transform", "top", "trailing", "transform", "truncate", "underline", "weight",
        "width", "wrap",
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
