

/// Measures text exactly, as a browser sizes it, and lays it out in lines with UILabel's
/// line breaking, `numberOfLines` cap and truncation.
///
/// ## Widths
/// Text is measured by grapheme cluster (ICU's, i.e. Swift's `Character`), in the font's
/// design units. A *cell* is the advance of the font's space (in DejaVu Sans Mono, of every
/// glyph: 1233 units of 2048).
/// - A cluster is as wide as its first scalar's glyph; the combining marks, variation
///   selectors and joiners after it add nothing, and its marks are drawn at its origin.
/// - East Asian Wide (W) and Fullwidth (F) characters take two cells (or their glyph's
///   advance when larger, as in a CJK font); a wide character the font lacks is `.notdef`
///   over two cells.
/// - Emoji take two cells: a character with Emoji_Presentation, an Extended_Pictographic
///   one followed by U+FE0F, a skin-tone modifier or a ZWJ sequence, and a flag (a pair of
///   regional indicators). Without shaping, a sequence of more than one emoji scalar (+ FE0F)
///   is drawn as `.notdef` and reported as uncovered.
/// - Combining marks, format characters (ZWSP, ZWJ, …), default-ignorables and controls
///   standing alone take no cell and draw nothing (a lone mark draws its glyph).
/// - A tab advances to the next multiple of `tabWidth` cells (default 8, as terminals do)
///   counted from the line's start.
/// - Characters the font does not cover take `.notdef`'s advance and are listed once in
///   `TextLayout.uncoveredCharacters` (for the whole text, whatever is visible).
///
/// ## Lines
/// Paragraphs end at mandatory breaks (LF, CR, CR LF, VT, FF, NEL, LS, PS: UAX #14's BK, CR,
/// LF and NL, ICU's `UBRK_LINE_HARD`); a break at the very end of the text opens an empty
/// last line, as TextKit does. Within a paragraph, `.word` wrapping breaks at the last
/// opportunity Chromium would take (`LineBreakOpportunities`: UAX #14 through ICU, with
/// Chromium's table between ASCII characters) before the first character that does not fit;
/// when there is none after the line's start (a word wider than the line) it breaks before
/// that character instead. `.char` wrapping breaks between any two grapheme clusters. White
/// space at a line's end hangs: it neither counts toward the line's width nor wraps. A line
/// always holds at least one character, even one wider than the width.
///
/// ## Truncation (when `lines` > 0 and text remains after the last line)
/// As TextKit does for `numberOfLines`, the lines before the last wrap normally, and the
/// last line is the rest of its paragraph set on one line, then shortened by whole grapheme
/// clusters:
/// - `.tail`: as much of its start as fits, then `…` (also when only later paragraphs are
///   hidden);
/// - `.head`: `…`, then as much of the paragraph's end as fits;
/// - `.middle`: the start and the end, balanced by width, around `…`;
/// - `.clip`: as much of its start as fits, no ellipsis.
/// With `.head` and `.middle` a paragraph that fits is shown whole even when later
/// paragraphs are hidden (there is no end to show). Spaces next to the `…` are dropped. The
/// ellipsis is U+2026 from the label's font (`.notdef` if it lacks one).
///
/// ## Geometry and pixel snapping
/// Advances are the font's design units × `size` / `unitsPerEm`. Each line is
/// `lineHeight` tall (`.multiple(m)`: m × (ascender − descender + lineGap) scaled;
/// `.points(p)`: p), rounded to 1/64 point as a browser keeps it in its layout unit. The
/// baseline is placed as CSS places it: the font's ascent and descent rounded to whole
/// points, and half the leading (line height less both) above the ascent, rounded down
/// (at 14 pt: 16.296875 tall, baseline 13 below the top). Glyph origins (x) and baselines
/// are rounded to whole device pixels (`round(v × pixelScale) / pixelScale`); widths and
/// the height are exact (advances and line heights added up, as a browser sizes text),
/// and a line fits when its width is at most the available width plus 1/64 point (a
/// browser's layout unit). Text is drawn at the width it was measured at, before frames
/// snap to pixels, so it breaks the same way. Alignment offsets are rounded
/// like origins.
/// `.justify` widens the spaces between words of every line but a paragraph's last (or,
/// in a line without spaces, the gaps between characters); `.natural` is `.left`, or
/// `.right` when `rightToLeft`. Each line is then reordered by the Unicode Bidirectional
/// Algorithm (`BidiLines`), which moves glyphs and never changes a width.
///
/// The engine holds no state that changes a result; fonts cache their metrics, so
/// measuring is arithmetic. It keeps the working buffers of finished `layout`,
/// `checkedLayout` and `measure` calls for the next ones (`LayoutScratch`), each call using
/// a set no concurrent call has, so one engine can be shared between threads and a warm
/// layout allocates little besides its result.
public struct TextLayoutEngine: Sendable {
    /// Shared by the engine's copies.
    private let scratches = LayoutScratchPool()

    public init() {}

    /// Lays `text` out in a box `width` points wide (nil: unconstrained, one line per
    /// paragraph). The result's `width` × `height` is the text's exact size, as a browser
    /// computes it: the widest line's advances added up × the line count (capped by
    /// `lines`) × the line height, not rounded to device pixels.
    ///
    /// Should ICU fail (it cannot open its root break rules), this degrades to breaking
    /// between clusters; use `checkedLayout` to get the error instead.
    ///
    /// With `placingGlyphsWithin`, only lines that meet that vertical span (points from the
    /// text box's top) get glyphs and text; the others keep their geometry (baseline, x,
    /// width) and are empty. For drawing a label far taller than what shows: a megabyte of
    /// `wrap=char` text is a million lines.
    public func layout(_ text: String, attributes: TextAttributes, width: Double?,
                       placingGlyphsWithin visible: ClosedRange<Double>? = nil) -> TextLayout {
        if let layout = try? checkedLayout(text, attributes: attributes, width: width, placingGlyphsWithin: visible) {
            return layout
        }
        return scratches.withScratch { scratch in
            guard let buffer = try? UTF16Buffer(text, reusing: scratch.takeUTF16Storage(capacity: text.utf8.count)) else {
                return TextLayout(width: 0, height: 0, lines: [], uncoveredCharacters: [], isTruncated: false)
            }
            return layout(buffer, attributes: attributes, width: width, useICU: false, visible: visible, scratch: scratch)
        }
    }

    /// `layout`, reporting an ICU failure or an over-long text as an error.
    /// - Throws: `TextError.icuFailed`, `.textTooLong`.
    public func checkedLayout(_ text: String, attributes: TextAttributes, width: Double?,
                              placingGlyphsWithin visible: ClosedRange<Double>? = nil) throws(TextError) -> TextLayout {
        try scratches.withScratch { scratch throws(TextError) in
            let buffer = try UTF16Buffer(text, reusing: scratch.takeUTF16Storage(capacity: text.utf8.count))
            // Surface an ICU failure here rather than degrade silently.
            let lineIterator = try LineBreakOpportunities(over: buffer)
            return layout(buffer, attributes: attributes, width: width, useICU: true, visible: visible, scratch: scratch,
                          lineIterator: lineIterator)
        }
    }

    /// The size `layout(text, attributes:, width:)` would have, and its line count, without
    /// placing glyphs: the cheap call for a layout engine's measuring pass.
    public func measure(_ text: String, attributes: TextAttributes, width: Double?) -> TextMeasurement {
        scratches.withScratch { scratch in
            guard let buffer = try? UTF16Buffer(text, reusing: scratch.takeUTF16Storage(capacity: text.utf8.count)) else {
                return TextMeasurement(width: 0, height: 0, lineCount: 0, isTruncated: false)
            }
            let (metrics, breaker, records, truncated) = lines(buffer, attributes: attributes, width: width, scratch: scratch)
            let bidi = BidiLines.mayReorder(buffer, rightToLeft: attributes.rightToLeft)
                ? try? BidiLines(text: buffer, rightToLeft: attributes.rightToLeft) : nil
            let widest = records.reduce(0) { max($0, lineWidth($1, breaker, bidi: bidi, pointsPerUnit: metrics.pointsPerUnit)) }
            let measurement = TextMeasurement(
                width: Double(widest) * metrics.pointsPerUnit,
                height: metrics.height(of: records, breaker),
                lineCount: records.count,
                isTruncated: truncated)
            scratch.keep(utf16: buffer.storage, clusters: breaker.clusters.clusters, records: records)
            return measurement
        }
    }

    /// Points from the text box's top to the first line's baseline, exactly where `layout`
    /// puts it at any width: the font's ascent plus half the leading, as CSS places it
    /// (see `Metrics`), rounded to a whole device pixel. Nil for an empty text, which
    /// has no line. Arithmetic only: the first line's top is the box's top whatever breaks.
    ///
    /// With `attributes.runs`, the first line is as tall as the runs on it, so `width`
    /// (where the text is laid out; nil: unconstrained) decides which those are.
    public func firstBaseline(_ text: String, attributes: TextAttributes, width: Double? = nil) -> Double? {
        guard !text.isEmpty else { return nil }
        guard !attributes.runs.isEmpty, let buffer = try? UTF16Buffer(text) else {
            let metrics = Metrics(attributes)
            return metrics.round(metrics.baselineOffset)
        }
        let (metrics, breaker, records, _) = lines(buffer, attributes: attributes, width: width)
        guard let first = records.first else { return metrics.round(metrics.baselineOffset) }
        return metrics.round(metrics.lineBox(first, breaker).above)
    }

    /// The text broken into lines at `width`, with what measured them.
    /// - Parameters:
    ///   - scratch: the call's buffers to write clusters and records into (nil: allocate).
    ///   - lineIterator: the text's line-break opportunities, if the caller has them already.
    private func lines(_ buffer: UTF16Buffer, attributes: TextAttributes, width: Double?, useICU: Bool = true,
                       scratch: LayoutScratch? = nil, lineIterator: LineBreakOpportunities? = nil)
        -> (Metrics, LineBreaker, [LineRecord], truncated: Bool) {
        let metrics = Metrics(attributes, textCount: buffer.count)
        let lineIterator = useICU ? lineIterator ?? (try? LineBreakOpportunities(over: buffer)) : nil
        let limit = width.map(metrics.limitInUnits) ?? .infinity
        let clusters = metrics.clusters(buffer, attributes, useICU: useICU, storage: scratch?.takeClusters() ?? [])
        var breaker = metrics.breaker(clusters, lineIterator: lineIterator, attributes: attributes, limit: limit)
        let (records, truncated) = breaker.lines(storage: scratch?.takeRecords() ?? [])
        // Words a line breaks inside are measured and drawn in parts, shaped apart, as the
        // breaker measured them (in place: the breaker holds the only copy of the clusters).
        let cuts = breaker.cuts(of: records)
        if !cuts.isEmpty {
            breaker.clusters.reshape(at: ShapedWords.LineEdges(cuts: cuts, lineStarts: breaker.lineStarts(of: records),
                                                               trimmedLineEnds: breaker.trimmedLineEnds(of: records)))
        }
        return (metrics, breaker, records, truncated)
    }

    /// The size of `text` laid out at `width` (as `layout(…)`'s width and height).
    public func size(_ text: String, attributes: TextAttributes, width: Double?) -> (width: Double, height: Double) {
        let result = measure(text, attributes: attributes, width: width)
        return (result.width, result.height)
    }

    /// The height of `text` laid out at `width`.
    public func height(_ text: String, attributes: TextAttributes, width: Double?) -> Double {
        measure(text, attributes: attributes, width: width).height
    }

    /// The widest piece of `text` that cannot be broken (CSS min-content): the widest
    /// run between two line-break opportunities (`.word`, see `LineBreakOpportunities`) or the widest grapheme cluster
    /// (`.char`), without hanging spaces, exact (not rounded to a device pixel). Ignores
    /// `lines`.
    public func minContentWidth(_ text: String, attributes: TextAttributes) -> Double {
        guard let buffer = try? UTF16Buffer(text) else { return 0 }
        let metrics = Metrics(attributes, textCount: buffer.count)
        let clusters = metrics.clusters(buffer, attributes)
        let breaker = metrics.breaker(clusters, lineIterator: nil, attributes: attributes, limit: .infinity)
        var widest = 0
        if attributes.wrap == .word, let opportunities = try? LineBreakOpportunities(over: buffer) {
            var segmentStart = 0
            var index = 0
            opportunities.forEachOpportunity { offset in
                while index < clusters.count && clusters.offset(index) < offset { index += 1 }
                widest = max(widest, breaker.width(of: segmentStart..<index).width)
                segmentStart = index
            }
        } else {
            for index in 0..<clusters.count { widest = max(widest, breaker.width(of: index..<(index + 1)).width) }
        }
        return Double(widest) * metrics.pointsPerUnit
    }

    /// The width of `text` with no wrapping (CSS max-content): its widest paragraph, without
    /// hanging spaces, exact (not rounded to a device pixel). Ignores `lines` and truncation.
    public func maxContentWidth(_ text: String, attributes: TextAttributes) -> Double {
        guard let buffer = try? UTF16Buffer(text) else { return 0 }
        let metrics = Metrics(attributes, textCount: buffer.count)
        let clusters = metrics.clusters(buffer, attributes)
        let breaker = metrics.breaker(clusters, lineIterator: nil, attributes: attributes, limit: .infinity)
        var widest = 0
        var paragraphStart = 0
        for index in 0...clusters.count where index == clusters.count || clusters[index].kind == .hardBreak {
            widest = max(widest, breaker.width(of: paragraphStart..<index).width)
            paragraphStart = index + 1
        }
        return Double(widest) * metrics.pointsPerUnit
    }

    // MARK: - Layout

    /// - Parameter scratch: where the working buffers come from and go back to (nil: allocated
    ///   and freed by this call).
    func layout(_ buffer: UTF16Buffer, attributes: TextAttributes, width: Double?, useICU: Bool,
                visible: ClosedRange<Double>? = nil, scratch: LayoutScratch? = nil,
                lineIterator: LineBreakOpportunities? = nil) -> TextLayout {
        let font = attributes.font
        let (metrics, breaker, records, truncated) = lines(buffer, attributes: attributes, width: width, useICU: useICU,
                                                           scratch: scratch, lineIterator: lineIterator)
        let clusters = breaker.clusters

        let ellipsisGlyph = font.glyphOrZero(0x2026)
        // Natural widths first: an unconstrained box is as wide as its widest line.
        let bidi = useICU && BidiLines.mayReorder(buffer, rightToLeft: attributes.rightToLeft)
            ? try? BidiLines(text: buffer, rightToLeft: attributes.rightToLeft) : nil
        let naturalUnits = records.map { lineWidth($0, breaker, bidi: bidi, pointsPerUnit: metrics.pointsPerUnit) }
        let naturalWidths = naturalUnits.map { Double($0) * metrics.pointsPerUnit }
        let boxWidth = width ?? (naturalWidths.max() ?? 0)
        let alignment: TextAlignment = switch attributes.alignment {
        case .natural: attributes.rightToLeft ? .right : .left
        case let other: other
        }

        var lines: [TextLine] = []
        lines.reserveCapacity(records.count)
        var glyphScratch: [UInt32] = []
        let fonts = metrics.rich?.fonts ?? [font] + attributes.fallbackFonts
        let rich = metrics.rich
        // Line boxes of a rich label differ in height; without runs every line is `lineHeight`.
        let boxes = rich == nil ? [] : records.map { metrics.lineBox($0, breaker) }
        var nextTop = 0.0
        let hasFallback = !clusters.fontIndices.isEmpty
        let pointsPerUnit = metrics.pointsPerUnit
        let tabStop = metrics.tabStop
        clusters.shaped.withBuffers { shapedGlyphs, shapedStarts in
        clusters.clusters.withUnsafeBufferPointer { cs in
            for (lineNumber, record) in records.enumerated() {
                let naturalWidth = naturalWidths[lineNumber]
                let justify = alignment == .justify && width != nil && !record.endsParagraph && !record.ellipsis
                    && record.tail.isEmpty
                var offset: Double
                switch alignment {
                case .center: offset = metrics.round((boxWidth - naturalWidth) / 2)
                case .right: offset = metrics.round(boxWidth - naturalWidth)
                default: offset = 0
                }
                offset = max(0, offset)
                let lineTop = rich == nil ? Double(lineNumber) * metrics.lineHeight : nextTop
                let box = rich == nil ? (height: metrics.lineHeight, above: metrics.baselineOffset) : boxes[lineNumber]
                nextTop += box.height
                if let visible, lineTop > visible.upperBound || lineTop + box.height < visible.lowerBound {
                    lines.append(TextLine(glyphs: [], baseline: metrics.round(lineTop + box.above),
                                          x: offset, width: naturalWidth, text: "", top: lineTop, height: box.height))
                    continue
                }

                // Justification: extra points after each gap (a space between words, or
                // between clusters when the line has no such space).
                var contentEnd = record.head.upperBound
                if !record.ellipsis && record.tail.isEmpty {
                    while contentEnd > record.head.lowerBound && cs[contentEnd - 1].kind != .visible { contentEnd -= 1 }
                }
                var gapsBySpace = true
                var extraPerGap = 0.0
                var lineWidthPoints = naturalWidth
                if justify {
                    var gapCount = 0
                    for index in record.head.lowerBound..<contentEnd where cs[index].kind == .space { gapCount += 1 }
                    if gapCount == 0 {
                        gapsBySpace = false
                        gapCount = max(0, contentEnd - record.head.lowerBound - 1)
                    }
                    let target = boxWidth
                    let natural = Double(naturalUnits[lineNumber]) * pointsPerUnit
                    if gapCount > 0 && target > natural {
                        extraPerGap = (target - natural) / Double(gapCount)
                        lineWidthPoints = target
                    }
                }

                var glyphs: [PositionedGlyph] = []
                let glyphCapacity = record.head.count + record.tail.count + 1
                var pen = 0
                var extra = 0.0
                // A right-to-left shaped run on this line: its clusters are drawn mirrored
                // within its span (glyph order as HarfBuzz gave it), starting at `rtlPen`.
                var rtlEnd = -1
                var rtlPen = 0
                var rtlWidth = 0
                // In visual order (bidi) each cluster is placed where the line's reordering
                // puts it; in logical order a right-to-left shaped run is mirrored in its span.
                var mirrored: [Int: UInt32] = [:]
                // Where each run lies on the line (rich labels only), for its decorations.
                var segments: [RunSegment] = []
                var objects: [PlacedObject] = []
                let baseline = metrics.round(lineTop + box.above)
                func extendSegment(_ run: UInt16, from start: Double, to end: Double) {
                    let (start, end) = (metrics.round(start), metrics.round(end))
                    if let last = segments.last, last.run == run, abs(last.x + last.width - start) < 1e-9 {
                        segments[segments.count - 1].width = end - last.x
                    } else if end > start {
                        segments.append(RunSegment(run: run, x: start, width: end - start))
                    }
                }
                func place(_ range: Range<Int>, visual: BidiLines.VisualLine? = nil) {
                    if let visual {
                        mirrored = visual.mirrored
                        for index in visual.order { placeCluster(index, range, mirrorRuns: false) }
                    } else {
                        for index in range { placeCluster(index, range, mirrorRuns: true) }
                    }
                }
                // The glyph of a cluster's mirrored character (see `BidiLines`), when the font has one.
                func mirroredGlyph(_ index: Int, _ fontIndex: UInt8) -> UInt32? {
                    guard !mirrored.isEmpty, let scalar = mirrored[index] else { return nil }
                    let glyph = fonts[Int(fontIndex)].glyphOrZero(scalar)
                    return glyph == 0 ? nil : glyph
                }
                func placeCluster(_ index: Int, _ range: Range<Int>, mirrorRuns: Bool) {
                    let cluster = cs[index]
                    let fontIndex = hasFallback ? clusters.fontIndices[index] : 0
                    let run = UInt16(truncatingIfNeeded: clusters.runIndex(index))
                    let segmentStart = rich == nil ? 0 : offset + Double(pen) * pointsPerUnit + extra
                    if extraPerGap > 0 && !gapsBySpace && index > record.head.lowerBound && index < contentEnd {
                        extra += extraPerGap
                    }
                    if let rich, let object = rich.runs[Int(run)].object {
                        // Its box's top is its line box contribution's above the baseline.
                        objects.append(PlacedObject(run: run, x: metrics.round(offset + Double(pen) * pointsPerUnit + extra),
                                                    y: baseline - rich.boxes[Int(run)].above,
                                                    width: object.width, height: object.height))
                    }
                    if cluster.flags.contains(.shaped) {
                        var left = pen
                        if mirrorRuns && cluster.flags.contains(.rightToLeft) {
                            if index >= rtlEnd {
                                rtlEnd = index
                                rtlWidth = 0
                                while rtlEnd < range.upperBound && cs[rtlEnd].flags.contains([.shaped, .rightToLeft]) {
                                    rtlWidth += Int(cs[rtlEnd].advance)
                                    rtlEnd += 1
                                }
                                rtlPen = pen
                            }
                            left = rtlPen + rtlWidth - (pen - rtlPen) - Int(cluster.advance)
                        }
                        if cluster.flags.contains(.glyphList) {
                            for position in Int(shapedStarts[index])..<Int(shapedStarts[index + 1]) {
                                let shaped = shapedGlyphs[position]
                                glyphs.append(PositionedGlyph(
                                    glyph: shaped.glyph,
                                    x: metrics.round(offset + Double(left + Int(shaped.xOffset)) * pointsPerUnit + extra),
                                    y: metrics.roundSigned(-Double(shaped.yOffset) * pointsPerUnit), font: fontIndex, run: run))
                                left += Int(shaped.xAdvance)
                            }
                        } else if !cluster.flags.contains(.noGlyph) {
                            glyphs.append(PositionedGlyph(glyph: (mirrorRuns ? nil : mirroredGlyph(index, fontIndex)) ?? UInt32(cluster.glyph),
                                                          x: metrics.round(offset + Double(left) * pointsPerUnit + extra),
                                                          font: fontIndex, run: run))
                        }
                    } else if !cluster.flags.contains(.noGlyph) {
                        let x = metrics.round(offset + Double(pen) * pointsPerUnit + extra)
                        if cluster.flags.contains(.notdef) {
                            glyphs.append(PositionedGlyph(glyph: 0, x: x, font: fontIndex, run: run))
                        } else if !cluster.flags.contains(.multiScalar) {
                            glyphs.append(PositionedGlyph(glyph: (mirrorRuns ? nil : mirroredGlyph(index, fontIndex)) ?? UInt32(cluster.glyph), x: x,
                                                          font: fontIndex, run: run))
                        } else {
                            glyphScratch.removeAll(keepingCapacity: true)
                            clusters.glyphs(of: index, font: fonts[Int(fontIndex)], into: &glyphScratch)
                            for glyph in glyphScratch { glyphs.append(PositionedGlyph(glyph: glyph, x: x, font: fontIndex, run: run)) }
                        }
                    }
                    if cluster.kind == .tab {
                        pen = LineBreaker.pen(afterTabAt: pen, tabStop: tabStop)
                    } else {
                        pen += Int(cluster.advance)
                    }
                    if extraPerGap > 0 && gapsBySpace && cluster.kind == .space && index < contentEnd { extra += extraPerGap }
                    if rich != nil && (index < contentEnd || index >= record.tail.lowerBound && !record.tail.isEmpty) {
                        extendSegment(run, from: segmentStart, to: offset + Double(pen) * pointsPerUnit + extra)
                    }
                }
                // A truncated line keeps its logical order (its ellipsis would need a place
                // in the reordering); so does a line that is all left to right.
                let order = record.ellipsis || !record.tail.isEmpty ? nil : bidi?.visualOrder(of: record.head, in: clusters)
                if order == nil && rich == nil && !hasFallback && extraPerGap == 0 && Self.isPlain(record.head, cs) {
                    glyphs = Self.plainGlyphs(record.head, cs, capacity: glyphCapacity, offset: offset,
                                              pen: &pen, metrics: metrics, tabStop: tabStop)
                } else {
                    glyphs.reserveCapacity(glyphCapacity)
                    place(record.head, visual: order)
                }
                mirrored = [:]
                var text = buffer.string(clusters.offset(record.head.lowerBound)..<clusters.offset(record.head.upperBound))
                if record.ellipsis {
                    let start = offset + Double(pen) * pointsPerUnit
                    if let rich {
                        // In the style of the run it follows (or the first run shown after it).
                        let run = clusters.runIndex(breaker.ellipsisCluster(record))
                        glyphs.append(PositionedGlyph(glyph: rich.ellipsisGlyphs[run], x: metrics.round(start),
                                                      font: rich.fontIndices[run][0], run: UInt16(run)))
                        pen += rich.ellipsisAdvances[run]
                        extendSegment(UInt16(run), from: start, to: offset + Double(pen) * pointsPerUnit)
                    } else {
                        glyphs.append(PositionedGlyph(glyph: ellipsisGlyph, x: metrics.round(start)))
                        pen += metrics.ellipsisAdvance
                    }
                    text += "…"
                }
                if !record.tail.isEmpty {
                    place(record.tail)
                    text += buffer.string(clusters.offset(record.tail.lowerBound)..<clusters.offset(record.tail.upperBound))
                }
                lines.append(TextLine(
                    glyphs: glyphs,
                    baseline: baseline,
                    x: offset,
                    width: lineWidthPoints,
                    text: text,
                    segments: segments,
                    top: lineTop,
                    height: box.height,
                    objects: objects))
            }
        }
        }

        let uncovered = clusters.uncovered.flatMap { string -> [Character] in
            string.count == 1 ? [Character(string)] : Array(string)
        }
        scratch?.keep(utf16: buffer.storage, clusters: breaker.clusters.clusters, records: records)
        return TextLayout(
            width: naturalWidths.max() ?? 0,
            height: rich == nil ? Double(records.count) * metrics.lineHeight : nextTop,
            lines: lines,
            uncoveredCharacters: uncovered,
            isTruncated: truncated,
            fonts: fonts)
    }

    /// Whether every cluster of `range` places at most one glyph at its pen position with
    /// the label's font (no glyph list, no marks to draw apart, no right-to-left run to
    /// mirror): what `plainGlyphs` places.
    private static func isPlain(_ range: Range<Int>, _ clusters: UnsafeBufferPointer<Cluster>) -> Bool {
        var seen: UInt8 = 0
        for index in range { seen |= clusters[index].flags.rawValue }
        return seen & Cluster.Flags([.glyphList, .multiScalar, .rightToLeft]).rawValue == 0
    }

    /// The glyphs of a plain run of clusters (see `isPlain`) on a line without runs, fallback
    /// fonts, justification or reordering: what `layout`'s general placing gives for them,
    /// written straight into an array of `capacity` (the line's, so the glyphs after them
    /// still fit) instead of appended one by one. Moves `pen` past them.
    private static func plainGlyphs(_ range: Range<Int>, _ clusters: UnsafeBufferPointer<Cluster>, capacity: Int,
                                    offset: Double, pen: inout Int, metrics: Metrics,
                                    tabStop: Int) -> [PositionedGlyph] {
        var position = pen
        defer { pen = position }
        let pointsPerUnit = metrics.pointsPerUnit
        return [PositionedGlyph](unsafeUninitializedCapacity: max(capacity, range.count)) { output, count in
            var written = 0
            for index in range {
                let cluster = clusters[index]
                let flags = cluster.flags
                if !flags.contains(.noGlyph) {
                    // An uncovered cluster that was not shaped draws `.notdef`; a shaped one
                    // draws the glyph shaping gave it.
                    let glyph = flags.contains(.notdef) && !flags.contains(.shaped) ? 0 : UInt32(cluster.glyph)
                    (output.baseAddress! + written).initialize(
                        to: PositionedGlyph(glyph: glyph, x: metrics.round(offset + Double(position) * pointsPerUnit)))
                    written += 1
                }
                if cluster.kind == .tab {
                    position = LineBreaker.pen(afterTabAt: position, tabStop: tabStop)
                } else {
                    position += Int(cluster.advance)
                }
            }
            count = written
        }
    }

    /// A line's width in design units, without its hanging spaces.
    ///
    /// A line of several directional runs (see `BidiLines.levelRuns`) is as wide as its
    /// runs each rounded up to 1/64 pt, as Chromium lays it out: it gives every run of one
    /// direction its own width in layout units (1/64 px, rounded up). On a line of one run
    /// that rounding is less than 1/64 pt and the exact width stays; on a line of several
    /// it adds up (0.05–0.09 pt over four to six runs), so it is made here.
    private func lineWidth(_ record: LineRecord, _ breaker: LineBreaker, bidi: BidiLines?, pointsPerUnit: Double) -> Int {
        if let bidi, !record.ellipsis, record.tail.isEmpty,
           let runs = bidi.levelRuns(of: record.head, in: breaker.clusters), runs.count > 1 {
            var pen = 0
            var points = 0.0
            for (k, run) in runs.enumerated() {
                let measured = breaker.width(of: run, from: pen)
                // (The last run without its hanging spaces; the others to the next run.)
                let extent = (k == runs.count - 1 ? measured.width : measured.pen) - pen
                points += (Double(max(0, extent)) * pointsPerUnit * 64 - 1e-9).rounded(.up) / 64
                pen = measured.pen
            }
            return Int((points / pointsPerUnit).rounded(.up))
        }
        var measured = breaker.width(of: record.head)
        if record.ellipsis {
            measured.pen += breaker.ellipsisAdvance(beside: breaker.ellipsisCluster(record))
            measured.width = measured.pen
        }
        if !record.tail.isEmpty {
            measured = breaker.width(of: record.tail, from: measured.pen)
        }
        return measured.width
    }
}

/// The numbers that turn design units into snapped points for one set of attributes.
struct Metrics {
    let pointsPerUnit: Double
    let scale: Double
    /// The label's own line box (its font and size): every line's height without runs.
    let lineHeight: Double
    /// From a line's top to its baseline, before pixel rounding.
    let baselineOffset: Double
    let ellipsisAdvance: Int
    let tabStop: Int
    /// `letterSpacing` in design units, rounded to whole units.
    let letterSpacing: Int32
    /// A rich label's runs (see `RichRuns`); widths are then in their common unit.
    let rich: RichRuns?

    /// - Parameter textCount: the UTF-16 length of the text, which `attributes.runs` must
    ///   make up to be used; −1 for "not known here" (no runs).
    init(_ attributes: TextAttributes, textCount: Int = -1) {
        let font = attributes.font
        let labelUnit = attributes.size / Double(font.unitsPerEm)
        rich = textCount >= 0 && !attributes.runs.isEmpty ? RichRuns(attributes, textCount: textCount) : nil
        pointsPerUnit = rich?.pointsPerUnit ?? labelUnit
        let labelFactor = rich == nil ? 1 : labelUnit / pointsPerUnit
        scale = attributes.pixelScale > 0 ? attributes.pixelScale : 1
        let box = LineBox(font: font, size: attributes.size, lineHeight: attributes.lineHeight)
        lineHeight = box.height
        baselineOffset = box.above
        let ellipsis = font.glyphOrZero(0x2026)
        let tabStop = max(0, attributes.tabWidth) * font.cellAdvance
        if labelFactor == 1 {
            ellipsisAdvance = font.advance(ofGlyph: ellipsis)
            self.tabStop = tabStop
        } else {
            ellipsisAdvance = Int(RichRuns.scale(Int32(clamping: font.advance(ofGlyph: ellipsis)), by: labelFactor))
            self.tabStop = Int(RichRuns.scale(Int32(clamping: tabStop), by: labelFactor))
        }
        let spacing = (attributes.letterSpacing / pointsPerUnit).rounded()
        letterSpacing = spacing.isFinite ? Int32(max(-1_000_000, min(1_000_000, spacing))) : 0
    }

    /// The text's clusters: in the attributes' font, or each run's in its own (`RichRuns`).
    /// - Parameter storage: an array to write the clusters into (see `LayoutScratch`); a
    ///   rich label's are joined from its runs' and do not use it.
    func clusters(_ buffer: UTF16Buffer, _ attributes: TextAttributes, useICU: Bool = true,
                  storage: [Cluster] = []) -> ClusterList {
        if let rich { return rich.clusters(over: buffer, useICU: useICU) }
        return ClusterList(text: buffer, font: attributes.font, fallbacks: attributes.fallbackFonts, spacing: letterSpacing,
                           storage: storage) {
            useICU ? try? BreakIterator(.character, over: buffer) : nil
        }
    }

    /// A line's height and the distance from its top to its baseline (unrounded): the
    /// label's own without runs, else the tallest of the runs on it (see `RichRuns`).
    func lineBox(_ record: LineRecord, _ breaker: LineBreaker) -> (height: Double, above: Double) {
        guard let rich else { return (lineHeight, baselineOffset) }
        let clusters = breaker.clusters
        let ellipsisRun = record.ellipsis ? clusters.runIndex(breaker.ellipsisCluster(record)) : nil
        return rich.lineBox([record.head, record.tail], ellipsisRun: ellipsisRun, runIndices: clusters.runIndices)
    }

    /// The lines' total height: their count × the line height without runs.
    func height(of records: [LineRecord], _ breaker: LineBreaker) -> Double {
        guard rich != nil else { return Double(records.count) * lineHeight }
        return records.reduce(0) { $0 + lineBox($1, breaker).height }
    }

    // A hair of tolerance for arithmetic noise (58.999999999 floors to 59, and a width
    // measured from a line fits that line).
    private static let epsilon = 1e-7

    /// Nearest device pixel, halves away from zero. Non-negative values (all of a layout's)
    /// take a truncating conversion rather than a call to libm's `round`, which showed in
    /// profiles at one call per glyph.
    @inline(__always)
    func round(_ value: Double) -> Double {
        let scaled = value * scale
        if scaled >= 0 && scaled < 0x1p52 { return Double(Int64(scaled + 0.5)) / scale }
        return scaled.rounded() / scale
    }

    /// Nearest device pixel for a value of either sign (a mark's vertical offset).
    @inline(__always)
    func roundSigned(_ value: Double) -> Double {
        (value * scale).rounded() / scale
    }

    /// The widest line in design units that fits in `width`: up to 1/64 point wider, as a
    /// browser's line breaker snaps a run's width to its layout unit first. (Text is drawn
    /// at the width it was measured at, before its frame snaps to pixels, so no more
    /// tolerance is needed.)
    func limitInUnits(_ width: Double) -> Double {
        (max(0, width) + 1.0 / 64) / pointsPerUnit + Self.epsilon
    }

    func breaker(_ clusters: ClusterList, lineIterator: LineBreakOpportunities?, attributes: TextAttributes, limit: Double) -> LineBreaker {
        LineBreaker(clusters: clusters, lineIterator: lineIterator, wrap: attributes.wrap, truncation: attributes.truncation,
                    maxLines: max(0, attributes.lines), limit: limit, tabStop: tabStop, ellipsisAdvance: ellipsisAdvance,
                    rich: rich)
    }
}
