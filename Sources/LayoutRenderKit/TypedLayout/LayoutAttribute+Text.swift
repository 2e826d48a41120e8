// Text: set on a label or a span, or on a container for the labels inside (inherited as
// CSS inherits them).

extension LayoutAttribute {
    /// A font size (on a label, a span, a connector's label, or a container for the labels inside).
    public static func size(_ points: Double) -> LayoutAttribute { LayoutAttribute(.size, .number(points)) }
    /// A family by name, a font file, or one of the default family's styles.
    public static func font(_ font: FontValue) -> LayoutAttribute { LayoutAttribute(.font, .font(font)) }
    /// One of the default family's styles (under a family, that family's face).
    public static func font(_ style: Keywords.FontStyle) -> LayoutAttribute { LayoutAttribute(.font, .font(.style(style.rawValue))) }
    /// 1 to 1000: 400 regular, 700 bold.
    public static func weight(_ weight: Int) -> LayoutAttribute { LayoutAttribute(.weight, .integer(weight)) }
    public static func italic(_ italic: Bool = true) -> LayoutAttribute { LayoutAttribute(.italic, .bool(italic)) }
    public static func letterSpacing(_ points: Double) -> LayoutAttribute { LayoutAttribute(.letterSpacing, .number(points)) }
    /// The families characters the font lacks come from, in order; none given is `fallback=none`.
    public static func fallback(_ families: String...) -> LayoutAttribute {
        LayoutAttribute(.fallback, .string(families.isEmpty ? "none" : families.joined(separator: ", ")))
    }
    public static func textTransform(_ transform: Keywords.TextTransform) -> LayoutAttribute { keyword(.textTransform, transform) }
    public static func color(_ color: Color) -> LayoutAttribute { LayoutAttribute(.color, .color(color)) }
    public static func underline(_ on: Bool = true) -> LayoutAttribute { LayoutAttribute(.underline, .bool(on)) }
    public static func strikethrough(_ on: Bool = true) -> LayoutAttribute { LayoutAttribute(.strikethrough, .bool(on)) }
    /// At most this many lines; 0 for no limit.
    public static func lines(_ lines: Int) -> LayoutAttribute { LayoutAttribute(.lines, .integer(lines)) }
    public static func truncate(_ truncate: Keywords.Truncate) -> LayoutAttribute { keyword(.truncate, truncate) }
    public static func lineHeight(_ lineHeight: LineHeightValue) -> LayoutAttribute { LayoutAttribute(.lineHeight, .lineHeight(lineHeight)) }
    /// A label's lines in its width (`align` on a label).
    public static func textAlign(_ align: Keywords.TextAlign) -> LayoutAttribute { keyword(.align, align) }
    /// Where a label's lines break (`wrap` on a label).
    public static func wrap(_ wrap: Keywords.TextWrap) -> LayoutAttribute { keyword(.wrap, wrap) }
}
