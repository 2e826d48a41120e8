/// A length as written in a spec: `auto`, points (`12`), a percentage (`50%`), or one of
/// CSS's intrinsic sizing keywords (`min-content`, `max-content`, `fit-content`), which only
/// sizes, min/max sizes and `basis` take.
public enum Length: Hashable, Sendable {
    case auto
    case points(Double)
    case percent(Double)
    case minContent
    case maxContent
    case fitContent

    /// The spelling of each sizing keyword.
    public static let keywords: [(String, Length)] = [
        ("min-content", .minContent), ("max-content", .maxContent), ("fit-content", .fitContent),
    ]
}

/// An sRGB colour with straight alpha, 8 bits per channel.
public struct Color: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
}

/// The attribute an anchor expression refers to (`header.bottom`, `parent.center-x`).
public enum AnchorName: String, Hashable, Sendable, CaseIterable {
    case left, right, centerX = "center-x", width, leading, trailing
    case top, bottom, centerY = "center-y", height
}

/// An anchor value: `10`, `25%`, `parent.right-8`, `photo.width*0.5+4`, `min(a, b)`.
public indirect enum AnchorValue: Hashable, Sendable {
    case points(Double)
    case percent(Double)
    /// `target.attribute * multiplier + offset`; `target` nil means `parent`.
    case reference(target: String?, attribute: AnchorName, multiplier: Double, offset: Double)
    case min([AnchorValue])
    case max([AnchorValue])
}

/// How a label's line height is given: a multiple of the font's line height, points, or
/// CSS's `normal` (the font's ascent, descent and line gap, each rounded, as Chromium adds them).
public enum LineHeightValue: Hashable, Sendable {
    case multiple(Double)
    case points(Double)
    case normal
}

/// A font: one of the default family's styles, a font file by path, or a family by name
/// (its face chosen by `weight` and `italic`).
public enum FontValue: Hashable, Sendable {
    case style(String)
    case file(String)
    case family(String)
}

/// The typed value of an attribute, checked against the attribute's schema.
///
/// The cases whose payload is larger than a string (`size`, `insets`, `gradient`,
/// `corners`) are kept out of line (`indirect`), so that a value is 17 bytes and an
/// `Attribute` 40, not 57 and 88: a big spec holds about five attributes a node (at
/// 100,000 nodes, 43 MB of them inline). The common `insets`, one whole number of points
/// for every side, are shared (`Value.insets(_:_:_:_:)`), not allocated for each.
public enum Value: Hashable, Sendable {
    case number(Double)
    case integer(Int)
    case length(Length)
    indirect case size(width: Length, height: Length)
    /// CSS order: top, right, bottom, left.
    indirect case insets(top: Length, right: Length, bottom: Length, left: Length)
    case color(Color)
    case border(width: Double, color: Color)
    case keyword(String)
    case string(String)
    case bool(Bool)
    case anchor(AnchorValue)
    case lineHeight(LineHeightValue)
    case font(FontValue)
    /// A `background` that is a gradient (a plain colour stays `.color`).
    indirect case gradient(Gradient)
    /// `shadow` and `text-shadow`: one or more, in the order written (the first on top).
    case shadows([Shadow])
    /// `transform`: the functions in the order written (CSS applies the last first).
    case transform([TransformStep])
    /// A `radius` whose corners differ, in CSS order (one radius for all is `.number`).
    indirect case corners(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double)
    /// A list of numbers: a `view-box` (four) or a `dash` pattern.
    case numbers([Double])
}

extension Value {
    /// `.insets(top:right:bottom:left:)`, as the readers make it: one whole number of
    /// points from 0 to `sharedInsetsLimit` for all four sides (`margin=8`, `padding=4`)
    /// is a value made once and shared, the out-of-line case's storage retained rather
    /// than allocated again for every node that writes it.
    static func insets(_ top: Length, _ right: Length, _ bottom: Length, _ left: Length) -> Value {
        if case .points(let v) = top, top == right, top == bottom, top == left,
           v >= 0, v <= Double(sharedInsetsLimit), let whole = Int(exactly: v),
           v.bitPattern == Double(whole).bitPattern {
            return sharedInsets[whole]
        }
        return .insets(top: top, right: right, bottom: bottom, left: left)
    }

    private static let sharedInsetsLimit = 64
    private static let sharedInsets: [Value] = (0...sharedInsetsLimit).map { whole in
        let side = Length.points(Double(whole))
        return .insets(top: side, right: side, bottom: side, left: side)
    }
}
