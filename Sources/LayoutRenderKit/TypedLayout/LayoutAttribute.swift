/// One attribute of a typed layout: a name of the language and a value of the shape the
/// schema gives it, made by the static functions named after the attributes
/// (`.gap(8)`, `.align(.center)`, `.background(.hex(0x4f7cff))`), so a Swift layout says
/// what a spec says and is written out as the same spec (`Layout.specText`).
///
/// `LayoutAttributeTests` checks that every attribute of the schema has a typed form, and
/// that each round-trips through the JSON form and the text form.
public struct LayoutAttribute: Hashable, Sendable {
    public let name: AttributeName
    public let value: Value
    /// Attributes a named style sets (`.style(title)`), applied where it is used: the
    /// node's own attributes win, as in a spec.
    let styleAttributes: [LayoutAttribute]

    /// The attribute `name` with `value`; for the typed functions and for values read back
    /// from a parsed document.
    public init(_ name: AttributeName, _ value: Value) {
        self.name = name; self.value = value; styleAttributes = []
    }

    init(style: NamedStyle) {
        name = .style; value = .string(style.name); styleAttributes = style.attributes
    }

    static func keyword(_ name: AttributeName, _ keyword: some KeywordSet) -> LayoutAttribute {
        LayoutAttribute(name, .keyword(keyword.rawValue))
    }
}

/// A named style as a Swift value: attributes to give several nodes at once, as a spec's
/// `style NAME …` line. `.style(title)` applies them where it is written; the node's own
/// attributes win, and later styles win over earlier ones.
public struct NamedStyle: Hashable, Sendable {
    public let name: String
    public let attributes: [LayoutAttribute]

    public init(_ name: String, _ attributes: LayoutAttribute...) {
        self.name = name; self.attributes = attributes
    }
}

extension LayoutAttribute {
    /// `style=NAME`: the style's attributes, applied here.
    public static func style(_ style: NamedStyle) -> LayoutAttribute { LayoutAttribute(style: style) }
}
