import LayoutEngine
import Rendering
import Synchronization
import TextEngine

/// A label's text, measured through the text module; the layout engine sees it only as a
/// `LeafMeasurer`.
///
/// Measuring asks the text module for sizes only (`TextLayoutEngine.measure`: line
/// records, no glyphs), kept by width; the glyphs are placed once, for the width the
/// label is drawn at. A layout can measure a label at several widths (min-content, its
/// container's width, …): keeping a whole `TextLayout` for each cost a glyph array per
/// line at each width, a gigabyte for a megabyte of `wrap=char` text.
///
/// Every measuring and layout counts the label's characters against the render's text
/// budget; once it is spent, labels measure as empty (the layout engine cannot be
/// stopped from here) and the renderer reports the budget as passed after layout.
final class LabelContent: LeafMeasurer, Sendable {
    let text: String
    let attributes: TextAttributes
    let engine: TextLayoutEngine
    let meter: WorkMeter
    /// The colour and decorations of each of `attributes.runs` (by `PositionedGlyph.run`);
    /// empty for a label drawn as one run in its colour.
    let runPaints: [RunPaint]
    /// What each run that is an inline object draws (`TextRun.object`), by run; nil for
    /// runs of text, empty without runs.
    let inlineDrawings: [InlineDrawing?]
    /// Unicode scalars in the text: what one layout of it costs against the budget.
    let characterCount: Int
    private let measurements = Mutex<[Double: TextMeasurement]>([:])
    private let drawn = Mutex<DrawnLayout?>(nil)
    private let minContent = Mutex<Double?>(nil)
    /// First baselines of a label with runs, by content width.
    private let baselines = Mutex<[Double: Double?]>([:])
    /// Key for "no width constraint" (max-content).
    private static let unconstrained = -1.0

    init(text: String, attributes: TextAttributes, engine: TextLayoutEngine, meter: WorkMeter, runPaints: [RunPaint] = [],
         inlineDrawings: [InlineDrawing?] = []) {
        self.text = text; self.attributes = attributes; self.engine = engine; self.meter = meter
        self.runPaints = runPaints
        self.inlineDrawings = inlineDrawings
        characterCount = text.unicodeScalars.count
    }

    private static let empty = TextLayout(width: 0, height: 0, lines: [], uncoveredCharacters: [], isTruncated: false)

    /// The text laid out at `width` (nil: no wrapping), to draw; glyphs are placed only on
    /// the lines that meet `visible` (points from the label's top), when given.
    func layout(width: Double?, visible: ClosedRange<Double>? = nil) -> TextLayout {
        let key = width ?? Self.unconstrained
        if let cached = drawn.withLock({ $0 }), cached.width == key, cached.visible == visible { return cached.layout }
        guard meter.tryCharge(characterCount) else { return Self.empty }
        let result = engine.layout(text, attributes: attributes, width: width, placingGlyphsWithin: visible)
        drawn.withLock { $0 = DrawnLayout(width: key, visible: visible, layout: result) }
        return result
    }

    /// The last layout made to draw, and the width and visible lines it was made for (a
    /// struct, not a tuple: a tuple's type is made at run time on first use).
    private struct DrawnLayout {
        var width: Double
        var visible: ClosedRange<Double>?
        var layout: TextLayout
    }

    /// The size of the text at `width`, computed once per width.
    private func size(width: Double?) -> TextMeasurement {
        let key = width ?? Self.unconstrained
        if let cached = measurements.withLock({ $0[key] }) { return cached }
        guard meter.tryCharge(characterCount) else {
            return TextMeasurement(width: 0, height: 0, lineCount: 0, isTruncated: false)
        }
        let result = engine.measure(text, attributes: attributes, width: width)
        measurements.withLock { $0[key] = result }
        return result
    }

    /// A label is sized as CSS sizes a block of text: at a known width, the height of its
    /// lines there; otherwise its min-content width (its longest word), its max-content
    /// width (its longest paragraph), or in a definite space fit-content, min(max-content,
    /// max(min-content, space)), with its lines wrapped at that width.
    func measure(knownWidth: Double?, knownHeight: Double?,
                 availableWidth: AvailableSpace, availableHeight: AvailableSpace) -> Size {
        if let knownWidth {
            return Size(width: knownWidth, height: knownHeight ?? size(width: knownWidth).height)
        }
        switch availableWidth {
        case .maxContent:
            let result = size(width: nil)
            return Size(width: result.width, height: knownHeight ?? result.height)
        case .minContent:
            guard let width = minContentWidth() else { return Size(width: 0, height: knownHeight ?? 0) }
            return Size(width: width, height: knownHeight ?? size(width: width).height)
        case .definite(let space):
            let widest = size(width: nil)
            if widest.width <= space { return Size(width: widest.width, height: knownHeight ?? widest.height) }
            guard let shortest = minContentWidth() else { return Size(width: 0, height: knownHeight ?? 0) }
            let width = Swift.max(shortest, space)
            return Size(width: width, height: knownHeight ?? size(width: width).height)
        }
    }

    /// Text is flowing content: a label with an `aspect-ratio` is never shorter than its lines.
    var hasFlowContent: Bool { true }

    /// The longest word's width, computed once; nil once the text budget is spent.
    private func minContentWidth() -> Double? {
        if let cached = minContent.withLock({ $0 }) { return cached }
        guard meter.tryCharge(characterCount) else { return nil }
        let computed = engine.minContentWidth(text, attributes: attributes)
        minContent.withLock { $0 = computed }
        return computed
    }

    /// The first line's baseline from the top of the content box, where the renderer draws
    /// that line's glyphs (`DisplayListBuilder` draws a label at its content box's top): it
    /// does not depend on the box's size, except with runs, whose first line is as tall as
    /// the runs on it at the content box's width (found by breaking the lines there, once
    /// per width, counted against the text budget). Nil for an empty label, or once the
    /// text budget is spent (the label then measures as empty).
    func firstBaseline(contentWidth: Double, contentHeight: Double) -> Double? {
        guard !meter.isExhausted else { return nil }
        guard !attributes.runs.isEmpty else { return engine.firstBaseline(text, attributes: attributes) }
        if let cached = baselines.withLock({ $0[contentWidth] }) { return cached }
        guard meter.tryCharge(characterCount) else { return nil }
        let baseline = engine.firstBaseline(text, attributes: attributes, width: contentWidth)
        baselines.withLock { $0[contentWidth] = baseline }
        return baseline
    }
}

/// How one run of a label's text is painted: its colour and decorations (CSS
/// `text-decoration-line`), drawn at the run's segments of each line (`TextLine.segments`).
struct RunPaint: Hashable, Sendable {
    var color: RGBAColor
    var underline: Bool
    var strikethrough: Bool
}
