import TextEngine

/// A paragraph recorded with Chromium's lines (by `scripts/conformance --text`): one font
/// by family, weight and style (Noto Sans CJK SC for the ideographs it lacks), one size,
/// one width. The expectation is data: each line's text (trailing spaces dropped) and width.
public struct ChromiumTextCase: Codable, Sendable {
    public let name: String
    public let text: String
    public let family: String
    public let weight: Int
    public let italic: Bool
    public let size: Double
    public let width: Double
    public let rtl: Bool
    /// Chromium's lines: text and width in CSS pixels (points here).
    public let expected: [Line]?

    public struct Line: Codable, Sendable, Hashable {
        public let text: String
        public let width: Double

        public init(text: String, width: Double) {
            self.text = text
            self.width = width
        }

        public init(from decoder: Decoder) throws {
            var c = try decoder.unkeyedContainer()
            text = try c.decode(String.self)
            width = try c.decode(Double.self)
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.unkeyedContainer()
            try c.encode(text)
            try c.encode(width)
        }
    }

    /// The fallback family the comparison gives both sides.
    public static let cjkFallback = "Noto Sans CJK SC"

    /// The case laid out by the text module as a label lays it out (`lines=0`, breaking at
    /// words and inside a word too wide for the line): each line's text with its hanging
    /// spaces dropped, and its width.
    public func lines(library: FontLibrary, engine: TextLayoutEngine) throws(TextError) -> [Line] {
        var attributes = TextAttributes(font: try library.font(family: family, weight: weight, italic: italic), size: size)
        attributes.lines = 0
        attributes.fallbackFonts = [try library.font(family: Self.cjkFallback, weight: 400, italic: false)]
        attributes.rightToLeft = rtl
        return engine.layout(text, attributes: attributes, width: width).lines.map { line in
            Line(text: String(line.text.reversed().drop(while: \.isWhitespace).reversed()), width: line.width)
        }
    }
}
