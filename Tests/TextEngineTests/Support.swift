import XCTest
@testable import TextEngine

/// DejaVu Sans Mono's metrics as read from the font files (checked in FontMetricsTests):
/// every expectation below is written as arithmetic over these numbers.
enum DejaVu {
    static let unitsPerEm = 2048.0
    static let advance = 1233.0
    static let ascender = 1901.0
    static let descender = -483.0
    static let lineGap = 0.0

    static let library = FontLibrary()

    static func font(_ style: FontStyle = .regular) throws -> Font {
        try library.font(family: FontLibrary.defaultFamily, style: style)
    }
}

/// One cell of DejaVu Sans Mono at `size` points.
func cell(_ size: Double = 14) -> Double { DejaVu.advance * size / DejaVu.unitsPerEm }

/// A value rounded to the nearest device pixel, as glyph origins and baselines are.
func snap(_ value: Double, scale: Double = 1) -> Double { (value * scale).rounded() / scale }

/// The narrowest width that holds `cells` cells at size 14: exactly their width, since a
/// line fits when its exact width is at most the available width (no pixel rounding).
func widthFor(cells: Double) -> Double { cells * cell() }

/// The natural line height at `size`: (ascender − descender + lineGap) × size / unitsPerEm.
func naturalLineHeight(_ size: Double = 14) -> Double {
    (DejaVu.ascender - DejaVu.descender + DejaVu.lineGap) * size / DejaVu.unitsPerEm
}

func attributes(
    size: Double = 14, lines: Int = 0, wrap: TextWrap = .word, truncation: TextTruncation = .tail,
    alignment: TextAlignment = .natural, lineHeight: LineHeight = .multiple(1), tabWidth: Int = 8,
    pixelScale: Double = 1, rightToLeft: Bool = false
) throws -> TextAttributes {
    var attributes = TextAttributes(font: try DejaVu.font(), size: size)
    attributes.lines = lines
    attributes.wrap = wrap
    attributes.truncation = truncation
    attributes.alignment = alignment
    attributes.lineHeight = lineHeight
    attributes.tabWidth = tabWidth
    attributes.pixelScale = pixelScale
    attributes.rightToLeft = rightToLeft
    return attributes
}

func layout(_ text: String, width: Double?, _ attributes: TextAttributes) -> TextLayout {
    TextLayoutEngine().layout(text, attributes: attributes, width: width)
}

extension TextLayout {
    var texts: [String] { lines.map(\.text) }
}
