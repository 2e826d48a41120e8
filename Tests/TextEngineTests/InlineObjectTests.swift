import XCTest
@testable import TextEngine

/// Inline objects (images in a label's text) laid out as browsers lay out an inline-block:
/// one unbreakable piece of its width, breaks before and after it, its box in the line box.
/// Expectations are arithmetic over DejaVu Sans Mono at 14 pt: a cell is 1233 × 14 / 2048;
/// the strut reaches 13 above the baseline and 3.296875 below (a line 16.296875 tall); an
/// object 20 points wide is 2926 of the common unit (14 / 2048 point), 20.001953125 points.
final class InlineObjectTests: XCTestCase {
    private let objectWidth = 2926 * 14 / 2048.0

    /// Text and objects as runs of one label: a string is a run in the label's font, an
    /// `InlineObject` a run of one object.
    private func paragraph(_ parts: [Any], size: Double = 14) throws -> (String, TextAttributes) {
        var attributes = try TextEngineTests.attributes(size: size, lines: 0)
        let font = try DejaVu.font()
        attributes.runs = parts.map { part in
            if let object = part as? InlineObject { return TextRun(object: object, font: font, size: size) }
            return TextRun(text: part as? String ?? "", font: font, size: size)
        }
        return (attributes.runs.map(\.text).joined(), attributes)
    }

    /// "ab", a 20 × 30 object on the baseline, "cd": as wide as four cells and the object;
    /// the line reaches 30 above its baseline (the object) and 3.296875 below (the strut).
    func testAnObjectIsAsWideAsItIsAndMakesItsLineTaller() throws {
        let (text, attributes) = try paragraph(["ab", InlineObject(width: 20, height: 30), "cd"])
        XCTAssertEqual(text, "ab\u{FFFC}cd")
        let result = layout(text, width: nil, attributes)
        XCTAssertEqual(result.width, (4 * 1233 + 2926) * 14 / 2048)
        XCTAssertEqual(result.height, 30 + 3.296875)
        XCTAssertEqual(result.lines.count, 1)
        let line = result.lines[0]
        XCTAssertEqual(line.baseline, 30)
        XCTAssertEqual(line.height, 33.296875)
        XCTAssertEqual(line.objects, [PlacedObject(run: 1, x: snap(2 * cell()), y: 0, width: 20, height: 30)])
        XCTAssertEqual(line.glyphs.map(\.x), [0, snap(cell()), snap(2 * cell() + objectWidth), snap(3 * cell() + objectWidth)])
        XCTAssertEqual(line.glyphs.map(\.run), [0, 0, 2, 2], "the object draws no glyph")
        XCTAssertEqual(TextLayoutEngine().measure(text, attributes: attributes, width: nil).height, 33.296875)
        XCTAssertEqual(TextLayoutEngine().firstBaseline(text, attributes: attributes), 30)
    }

    /// A line breaks before and after an object, whatever is beside it but a space: even
    /// before `)`, which UAX #14 keeps with U+FFFC, as Chromium breaks around an `<img>`.
    func testLinesBreakAroundAnObjectAsAroundAnInlineBlock() throws {
        let object = InlineObject(width: 20, height: 30)
        let fitsTextAndObject = 2 * cell() + objectWidth
        for after in ["cd", ")", "."] {
            let (text, attributes) = try paragraph(["ab", object, after])
            XCTAssertEqual(layout(text, width: fitsTextAndObject, attributes).texts, ["ab\u{FFFC}", after], after)
        }
        // Before it: the first line keeps the strut's height; the object's line is its own.
        let (text, attributes) = try paragraph(["ab", object])
        let result = layout(text, width: 2 * cell() + 10, attributes)
        XCTAssertEqual(result.texts, ["ab", "\u{FFFC}"])
        XCTAssertEqual(result.lines.map(\.height), [16.296875, 33.296875])
        XCTAssertEqual(result.lines[1].baseline, snap(16.296875 + 30))
        XCTAssertEqual(result.lines[1].objects, [PlacedObject(run: 1, x: 0, y: snap(16.296875 + 30) - 30, width: 20, height: 30)])
        // Its min-content width is the widest piece: the object, which never breaks.
        XCTAssertEqual(TextLayoutEngine().minContentWidth("ab\u{FFFC}cd", attributes: try paragraph(["ab", object, "cd"]).1),
                       objectWidth)
        // A space before it is where the line breaks, and hangs.
        let (spaced, spacedAttributes) = try paragraph(["ab ", object])
        XCTAssertEqual(layout(spaced, width: 3 * cell(), spacedAttributes).texts, ["ab ", "\u{FFFC}"])
    }

    /// `middle` puts the object's middle half an x-height above the baseline: its top is
    /// its height less (half its height less half the x-height) above the baseline. The
    /// x-height is the one Chromium's fonts give: the light-hinted `x`'s top, a whole pixel
    /// (DejaVu Sans: 6 at 10 pt, 9 at 16 pt; its unhinted 1120 / 2048 em is 5.47 and 8.75).
    func testMiddleCentresOnTheXHeight() throws {
        let sans = try DejaVu.library.font(family: "DejaVu Sans", weight: 400, italic: false)
        XCTAssertEqual(sans.xHeight, 1120)
        XCTAssertEqual(sans.xHeight(atSize: 10), 6)
        XCTAssertEqual(sans.xHeight(atSize: 16), 9)
        let xHeight = try DejaVu.font().xHeight(atSize: 14)
        XCTAssertEqual(xHeight, xHeight.rounded(), "light hinting puts the x-height on a pixel")
        let (text, attributes) = try paragraph(["ab", InlineObject(width: 10, height: 10, alignment: .middle)])
        let line = layout(text, width: nil, attributes).lines[0]
        XCTAssertEqual(line.baseline, 13)
        XCTAssertEqual(line.objects[0].y, 13 - (10 - (5 - xHeight / 2)))
        XCTAssertEqual(line.height, 16.296875, "a small object inside the strut leaves the line as it is")
    }

    /// Sizes are kept in 1/64 point, rounded down; what is not a size is 0. An object of no
    /// size still takes its place in the text (and its break opportunities).
    func testSizesAreLayoutUnitsAndNothingBreaksOnHostileOnes() throws {
        XCTAssertEqual(InlineObject(width: 10.3, height: 0.01).width, 659 / 64.0)
        XCTAssertEqual(InlineObject(width: 10.3, height: 0.01).height, 0)
        for bad in [Double.nan, .infinity, -.infinity, -5] {
            let object = InlineObject(width: bad, height: bad)
            XCTAssertEqual([object.width, object.height], [0, 0], "\(bad)")
        }
        let (text, attributes) = try paragraph(["ab", InlineObject(width: 0, height: 0), "cd"])
        let result = layout(text, width: nil, attributes)
        XCTAssertEqual(result.width, 4 * cell())
        XCTAssertEqual(result.lines[0].objects, [PlacedObject(run: 1, x: snap(2 * cell()), y: 13, width: 0, height: 0)])
        // The largest a label takes, 16,384 points a side, 10,000 of them in a line each.
        let huge = InlineObject(width: 16_384, height: 16_384)
        let (many, manyAttributes) = try paragraph(Array(repeating: huge, count: 10_000), size: 0.5)
        let laid = layout(many, width: 100, manyAttributes)
        XCTAssertEqual(laid.lines.count, 10_000)
        XCTAssertEqual(laid.lines.last?.objects.first?.width, 16_384)
        XCTAssertTrue(laid.height.isFinite)
        // Each line: the object above the baseline; below it the strut at 0.5 pt, whose
        // ascent and descent round to 0 and whose line height is 0.58203125 → 37/64.
        XCTAssertEqual(laid.height, 10_000 * (16_384 + 37 / 64.0))
    }
}
