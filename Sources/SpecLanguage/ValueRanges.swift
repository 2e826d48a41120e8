/// The ranges numeric attributes are read within: far beyond any real layout, and narrow
/// enough that every sum and product the layout makes of them stays finite (1e308 is a
/// finite number, and `line-height=1e308` once made the flex algorithm spin on NaN).
/// `docs/spec.md` and `docs/security.md` list them.
public enum ValueRanges {
    /// Lengths in points, either sign: sizes, margins, padding, gaps, radii, borders,
    /// spacer lengths, `line-height` in points and anchor points and offsets.
    public static let maxPoints = 1_000_000.0
    /// Percentages, either sign.
    public static let maxPercent = 10_000.0
    /// `grow` and `shrink`: 0 up to this.
    public static let maxFactor = 1_000_000.0
    /// `aspect-ratio` (width / height).
    public static let aspectRatio: ClosedRange<Double> = 1e-6...1e6
    /// A label's font size (`size=14`), in points: above 0 up to this.
    public static let maxFontSize = 4_096.0
    /// `line-height` as a multiple of the font's line height: above 0 up to this.
    public static let maxLineHeightMultiple = 100.0
    /// The most `letter-spacing` adds or takes away, in points.
    public static let maxLetterSpacing = 1_000.0
    /// The longest font family name (`font="…"`), in characters.
    public static let maxFamilyNameLength = 200
    /// The most font families a `fallback` list names.
    public static let maxFallbackFamilies = 16
    /// The `*` factor of an anchor reference (`photo.width*0.5`), either sign.
    public static let maxAnchorMultiplier = 1_000.0
    /// `order` of a stack's item, either sign.
    public static let maxOrder = 1_000_000
    /// `lines` of a label.
    public static let maxLines = 1_000_000
}

/// The ranges of the drawing values: gradients and shadows.
extension ValueRanges {
    /// Colour stops in one gradient.
    public static let maxGradientStops = 64
    /// Shadows in one `shadow` or `text-shadow` value.
    public static let maxShadows = 16
    /// A shadow's blur radius, in points (0 up to this): the blur's work grows with the
    /// area it spreads over, and past this a shadow is a faint wash of colour.
    public static let maxShadowBlur = 1_000.0
    /// A shadow's spread, in points, either sign.
    public static let maxShadowSpread = 1_000.0
    /// Functions in one `transform`.
    public static let maxTransformSteps = 8
    /// A `scale()` factor's size: from 1/100 up to 100, either sign (a negative one mirrors).
    public static let transformScale: ClosedRange<Double> = 0.01...100
    /// Lengths in one `dash` pattern.
    public static let maxDashes = 16
}
