/// The height of one line of a label.
public enum LineHeight: Hashable, Sendable {
    /// A multiple of the font's natural line height (`ascender - descender + lineGap`).
    case multiple(Double)
    /// A fixed height in points.
    case points(Double)
    /// CSS's `normal`, as Chromium computes it: the font's ascent, descent and line gap
    /// (`Font`'s vertical metrics rule) in points, each rounded to a whole point, added up
    /// (DejaVu Sans Mono at 14 pt: 13 + 3 + 0 = 16, where `.multiple(1)` is 16.296875). The
    /// label's font only: fallback fonts on a line do not make it taller.
    case normal
}

/// How lines other than a truncated last line are broken.
public enum TextWrap: String, Sendable {
    /// At the line-break opportunities a browser takes (`LineBreakOpportunities`); a word wider than the line falls back to
    /// breaks between grapheme clusters.
    case word
    /// Between any two grapheme clusters.
    case char
}

/// What happens to text that does not fit in `lines` lines.
/// See `TextLayoutEngine` for the exact rules.
public enum TextTruncation: String, Sendable {
    case tail, head, middle, clip
}

/// Horizontal placement of each line in the text box.
public enum TextAlignment: String, Sendable {
    /// Left for left-to-right text, right when `rightToLeft`.
    case natural
    case left, center, right
    /// Every line but a paragraph's last (and a truncated line) fills the width.
    case justify
}

/// Everything that decides how a string is measured and laid out (UILabel's properties).
public struct TextAttributes: Hashable, Sendable {
    public var font: Font
    /// Points per em.
    public var size: Double
    public var lineHeight: LineHeight = .multiple(1)
    /// Maximum number of lines; 0 = unlimited.
    public var lines: Int = 1
    public var wrap: TextWrap = .word
    public var truncation: TextTruncation = .tail
    public var alignment: TextAlignment = .natural
    /// Distance between tab stops, in cells (the advance of the font's space); 8 by
    /// default, as in terminals and `expand(1)`.
    public var tabWidth: Int = 8
    /// Device pixels per point; glyph origins and baselines are placed on whole pixels.
    public var pixelScale: Double = 1
    /// Points added after every character (grapheme cluster, spaces included; not tabs or
    /// line breaks), as CSS `letter-spacing`, rounded to whole design units; negative
    /// values narrow, but no character's advance goes below 0. Ligatures stay (CSS turns
    /// them off with letter spacing; here their second character gets the spacing too).
    public var letterSpacing: Double = 0
    /// The fonts characters `font` lacks are taken from, in order (CSS's font fallback): a
    /// grapheme cluster the font does not cover is drawn with the first of these that covers
    /// all its characters (variation selectors and joiners aside), shaped with it and
    /// measured with its advances (scaled to `font`'s design units). Lines keep `font`'s
    /// height and baseline. Empty: no fallback.
    public var fallbackFonts: [Font] = []
    /// The paragraph direction (CSS `direction`): the bidi paragraph level (1, else 0) lines
    /// are reordered at (see `BidiLines`), and what `.natural` alignment means.
    public var rightToLeft: Bool = false
    /// The runs of a rich label (its own text, then its spans), each in its own font, size,
    /// fallback fonts and letter spacing, laid out as one paragraph (see `TextRun`). Empty:
    /// the whole text is in `font`, `size`, `fallbackFonts` and `letterSpacing`. When not
    /// empty, the text given to the engine is the runs' texts joined, and `font` and `size`
    /// still make the strut every line is at least as tall as (CSS's root inline box).
    public var runs: [TextRun] = []

    public init(font: Font, size: Double) {
        self.font = font
        self.size = size
    }
}
