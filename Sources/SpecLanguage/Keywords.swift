/// The language's keyword values, one enum a set: `Schema` lists the spellings an attribute
/// takes from these, the parsers check a value against them, and the scene builder and the
/// typed Swift API switch over the cases (`Node.keyword(_:as:)`), so a keyword is spelled
/// in one place.
public protocol KeywordSet: RawRepresentable<String>, CaseIterable, Hashable, Sendable {}

extension KeywordSet {
    /// The spellings, in case order (the order messages list them in).
    public static var spellings: [String] { allCases.map(\.rawValue) }
}

/// The keyword sets, by what they say.
public enum Keywords {
    /// A stack's `align` and a child's `align-self` (CSS `align-items`/`align-self`);
    /// `safe-center` and `safe-end` are CSS's `safe center` and `safe end`: content that
    /// would overflow the start is aligned to the start instead.
    public enum Align: String, KeywordSet {
        case start, center, end, stretch, baseline, safeCenter = "safe-center", safeEnd = "safe-end"
    }
    /// A stack's `justify` (CSS `justify-content`).
    public enum Justify: String, KeywordSet {
        case start, center, end, spaceBetween = "space-between", spaceAround = "space-around"
        case spaceEvenly = "space-evenly", safeCenter = "safe-center", safeEnd = "safe-end"
    }
    /// A wrapping stack's `align-content`.
    public enum AlignContent: String, KeywordSet {
        case normal, start, center, end, stretch, spaceBetween = "space-between", spaceAround = "space-around"
        case spaceEvenly = "space-evenly", safeCenter = "safe-center", safeEnd = "safe-end"
    }
    /// A grid's `justify` (CSS `justify-content`) and `align-content`: CSS Grid's, without
    /// the safe forms.
    public enum GridContent: String, KeywordSet {
        case normal, start, center, end, stretch, spaceBetween = "space-between", spaceAround = "space-around"
        case spaceEvenly = "space-evenly"
    }
    /// A grid's `justify-items` (CSS `justify-items`) and an item's `justify-self`;
    /// `normal` stretches an item unless it has an aspect ratio.
    public enum GridSelf: String, KeywordSet {
        case normal, start, center, end, stretch
    }
    /// A grid's `align` (CSS `align-items`): `GridSelf`'s and `baseline`, which lines up
    /// the first baselines of the items that start in the same row.
    public enum GridAlign: String, KeywordSet {
        case normal, start, center, end, stretch, baseline
    }
    /// A `font` that is one of the default family's styles (under a family, its face).
    public enum FontStyle: String, KeywordSet {
        case regular, bold, oblique, boldOblique = "bold-oblique"
    }
    /// A label's `align`.
    public enum TextAlign: String, KeywordSet {
        case natural, left, center, right, justify
    }
    /// A label's `wrap`: at word or at character boundaries.
    public enum TextWrap: String, KeywordSet {
        case word, char
    }
    /// A label's `truncate`: where the ellipsis goes (`clip` cuts without one).
    public enum Truncate: String, KeywordSet {
        case tail, head, middle, clip
    }
    /// `text-transform`.
    public enum TextTransform: String, KeywordSet {
        case none, uppercase, lowercase
    }
    /// An image's `mode` and a node's `background-mode` (UIImageView's content modes).
    public enum ImageMode: String, KeywordSet {
        case scaleToFill = "scale-to-fill", aspectFit = "aspect-fit", aspectFill = "aspect-fill"
        case center, top, bottom, left, right
        case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"
    }
    /// `border-style`.
    public enum BorderStyle: String, KeywordSet {
        case solid, dashed, dotted
    }
    /// `blend` (CSS `mix-blend-mode`).
    public enum Blend: String, KeywordSet {
        case normal, multiply, screen, overlay
    }
    /// `direction`.
    public enum Direction: String, KeywordSet {
        case ltr, rtl, inherit
    }
    /// A border layout's child's `region`.
    public enum Region: String, KeywordSet {
        case top, bottom, left, right, center
    }
    /// `position`.
    public enum Position: String, KeywordSet {
        case relative, absolute
    }
    /// A path's `fill-rule`.
    public enum FillRule: String, KeywordSet {
        case nonzero, evenodd
    }
    /// A path's `line-join`.
    public enum LineJoin: String, KeywordSet {
        case miter, round, bevel
    }
    /// A path's `line-cap`.
    public enum LineCap: String, KeywordSet {
        case butt, round, square
    }
    /// A connector's `route`.
    public enum Route: String, KeywordSet {
        case straight, orthogonal, curved
    }
    /// A connector's `start-arrow` and `end-arrow`.
    public enum Arrow: String, KeywordSet {
        case none, triangle, open, circle, diamond
    }
    /// The side of a node a connector's end is at (`to=card.left`), or its centre.
    public enum Side: String, KeywordSet {
        case top, right, bottom, left, center
    }
    /// Where an image or a path in a label's text sits on its line (`vertical-align`).
    public enum VerticalAlign: String, KeywordSet {
        case baseline, middle
    }
    /// A connector's `layer`: drawn below the nodes or above them.
    public enum Layer: String, KeywordSet {
        case below, above
    }
}

extension Node {
    /// The keyword value of attribute `key` as its set's case; nil when it is not set, or
    /// set to a value of another set (a `wrap` that is a flag, a stack's `align` read as a
    /// label's).
    @inlinable public func keyword<K: KeywordSet>(_ key: AttributeName, as set: K.Type = K.self) -> K? {
        guard case .keyword(let text)? = attributes[key]?.value else { return nil }
        return K(rawValue: text)
    }
}
