/// A glyph placed on a line.
///
/// The stored properties are declared widest first, which Swift lays out in that order:
/// 24 bytes a glyph instead of the 32 that `glyph` first (padded to 8) took. A megabyte of
/// text is a million glyphs, and writing them is most of placing them.
public struct PositionedGlyph: Hashable, Sendable {
    /// Points from the text box's left edge to the glyph origin: aligned, justified and
    /// placed on a whole device pixel.
    public var x: Double
    /// Points below the baseline to the glyph origin (a shaped mark's offset; negative:
    /// above), on a whole device pixel; 0 for most glyphs.
    public var y: Double
    /// The font's glyph index (`FT_Get_Char_Index`); 0 is `.notdef`, drawn for characters
    /// the font does not cover.
    public var glyph: UInt32
    /// The run the glyph belongs to: an index into `TextAttributes.runs` (0 without runs).
    public var run: UInt16
    /// The font the glyph is from: an index into `TextLayout.fonts` (0: the label's font,
    /// then its fallback fonts).
    public var font: UInt8

    public init(glyph: UInt32, x: Double, y: Double = 0, font: UInt8 = 0, run: UInt16 = 0) {
        self.glyph = glyph
        self.x = x
        self.y = y
        self.font = font
        self.run = run
    }
}

/// One laid-out line.
public struct TextLine: Sendable, Hashable {
    /// Glyphs to draw at (`x`, `baseline`); spaces, tabs and zero-width characters have none.
    /// In the text's order, except on a line the bidi algorithm reorders, where they come
    /// in visual order (left to right, cluster by cluster).
    public var glyphs: [PositionedGlyph]
    /// Points from the text box's top to this line's baseline, on a whole device pixel.
    public var baseline: Double
    /// Points from the text box's left edge to where the line's ink box starts.
    public var x: Double
    /// The line's width in points without hanging trailing spaces, exact (its advances
    /// added up); a justified line reports the width it was stretched to.
    public var width: Double
    /// The characters shown, with `…` where text was truncated (for debugging and tests).
    public var text: String
    /// Where each run of a rich label lies on this line, left to right, for its underline
    /// and strikethrough: trailing spaces left out, the ellipsis in the run it follows.
    /// Empty without `TextAttributes.runs`.
    public var segments: [RunSegment]
    /// Points from the text box's top to the line's top (line boxes of a rich label differ
    /// in height).
    public var top: Double
    /// The line box's height in points, exact.
    public var height: Double
    /// The inline objects of a rich label on this line (`TextRun.object`), left to right:
    /// where the renderer draws them.
    public var objects: [PlacedObject]

    public init(glyphs: [PositionedGlyph], baseline: Double, x: Double, width: Double, text: String,
                segments: [RunSegment] = [], top: Double = 0, height: Double = 0, objects: [PlacedObject] = []) {
        self.glyphs = glyphs
        self.baseline = baseline
        self.x = x
        self.width = width
        self.text = text
        self.segments = segments
        self.top = top
        self.height = height
        self.objects = objects
    }
}

/// A stretch of one run on a line: points from the text box's left edge, on whole device pixels.
public struct RunSegment: Hashable, Sendable {
    public var run: UInt16
    public var x: Double
    public var width: Double
    public init(run: UInt16, x: Double, width: Double) {
        self.run = run; self.x = x; self.width = width
    }
}

/// A string measured and broken into lines: what a label draws, and the size it needs.
public struct TextLayout: Sendable, Hashable {
    /// The widest line's natural width (before justification), in points, exact as a
    /// browser computes it (not rounded to device pixels).
    public var width: Double
    /// Line count × line height, exact (not rounded to device pixels).
    public var height: Double
    public var lines: [TextLine]
    /// Each character (grapheme cluster) of the text the font does not cover, once, in order
    /// of first appearance; they are drawn as the font's `.notdef` glyph.
    public var uncoveredCharacters: [Character]
    /// Whether text was left out (the `lines` cap was reached with text remaining).
    public var isTruncated: Bool
    /// The fonts glyphs are drawn from, by `PositionedGlyph.font`: the attributes' font, then
    /// its fallback fonts.
    public var fonts: [Font]

    public init(width: Double, height: Double, lines: [TextLine], uncoveredCharacters: [Character], isTruncated: Bool,
                fonts: [Font] = []) {
        self.width = width
        self.height = height
        self.lines = lines
        self.uncoveredCharacters = uncoveredCharacters
        self.isTruncated = isTruncated
        self.fonts = fonts
    }
}

/// What `TextLayoutEngine.measure` returns: a layout's size and line count, no glyphs.
public struct TextMeasurement: Sendable, Hashable {
    /// As `TextLayout.width`.
    public var width: Double
    /// As `TextLayout.height`.
    public var height: Double
    public var lineCount: Int
    public var isTruncated: Bool

    public init(width: Double, height: Double, lineCount: Int, isTruncated: Bool) {
        self.width = width
        self.height = height
        self.lineCount = lineCount
        self.isTruncated = isTruncated
    }
}
