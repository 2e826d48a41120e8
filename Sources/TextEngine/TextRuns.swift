/// One run of a rich label's text (the label's own text, or one of its `span` lines): the
/// characters and the font, size, fallback fonts and letter spacing they are measured and
/// drawn in. See `TextAttributes.runs`.
public struct TextRun: Hashable, Sendable {
    public var text: String
    public var font: Font
    /// Points per em.
    public var size: Double
    /// As `TextAttributes.fallbackFonts`, for this run's characters.
    public var fallbackFonts: [Font] = []
    /// As `TextAttributes.letterSpacing`, in points.
    public var letterSpacing: Double = 0
    /// An object in the text (an image or an icon: CSS's atomic inline) instead of
    /// characters: the run's text is then one U+FFFC, measured as the object's width.
    public var object: InlineObject?

    public init(text: String, font: Font, size: Double) {
        self.text = text
        self.font = font
        self.size = size
    }

    /// A run that is one inline object; `font` and `size` are its parent's (the label's),
    /// which its ellipsis, if truncation puts one after it, is drawn in.
    public init(object: InlineObject, font: Font, size: Double) {
        self.init(text: InlineObject.character, font: font, size: size)
        self.object = object
    }
}

/// An object laid out in a line of text as browsers lay out an inline-block or an `<img>`
/// (CSS 2 §10.8, an atomic inline): one unbreakable piece of its width, with the line
/// break opportunities around it that U+FFFC OBJECT REPLACEMENT CHARACTER has (UAX #14's
/// CB: a break before and after it, but none before closing punctuation or after an
/// opening one), its box in the line box so a taller object makes its line taller.
public struct InlineObject: Hashable, Sendable {
    /// Where the object sits on its line (CSS `vertical-align`).
    public enum Alignment: String, Hashable, Sendable {
        /// Its bottom on the baseline.
        case baseline
        /// Its middle at the baseline plus half the label's font's x-height (CSS `middle`).
        case middle
    }

    /// The character that stands for an object in the text.
    public static let character = "\u{FFFC}"

    /// Points, each kept in 1/64 point (rounded down), as a browser keeps a box's size in
    /// its layout unit.
    public let width: Double
    public let height: Double
    public let alignment: Alignment

    /// - Precondition: `width` and `height` finite and not negative (a caller checks them
    ///   against its limits); anything else is taken as 0.
    public init(width: Double, height: Double, alignment: Alignment = .baseline) {
        self.width = Self.layoutUnits(width)
        self.height = Self.layoutUnits(height)
        self.alignment = alignment
    }

    /// `value` rounded down to 1/64 point; 0 for a value that is not finite or below 0.
    static func layoutUnits(_ value: Double) -> Double {
        guard value.isFinite, value > 0 else { return 0 }
        return (value * 64).rounded(.down) / 64
    }
}

/// An inline object placed on a line (`TextLine.objects`): points from the text box's
/// left edge (on a whole device pixel, as glyph origins are) and top.
public struct PlacedObject: Hashable, Sendable {
    /// The run that holds it: an index into `TextAttributes.runs`.
    public var run: UInt16
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(run: UInt16, x: Double, y: Double, width: Double, height: Double) {
        self.run = run; self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// The runs of a rich label prepared for one layout: the unit every run's widths are
/// counted in, where each run's clusters start, the fonts glyphs are drawn from, and each
/// run's ellipsis and line box.
///
/// ## One paragraph
/// Each run's text is split into clusters, measured and shaped (word by word, per font) on
/// its own, in its own font's design units; its advances are then scaled to the label's
/// *common unit* and rounded to whole units, as a fallback font's are to the label's font's.
/// The clusters are joined in order, so line breaking (UAX #14 over the whole text, a break
/// opportunity between runs decided by the characters on both sides), truncation, bidi and
/// alignment see one paragraph. A word that changes run is shaped in two pieces (no kerning
/// or ligature across the change, as a browser shapes a font change).
///
/// The common unit is the smallest run's design unit (size / units per em, the label's own
/// size counted), but not below 1/65,536 of the largest one, so every advance stays a whole
/// number of units within `Int32`; a label whose runs all share its font and size measures
/// exactly as one without runs.
///
/// ## Line boxes (CSS 2 §10.8)
/// Each run has a line box contribution at the label's `lineHeight` computed with its own
/// font and size: its ascent and descent rounded to whole points, the line height (a
/// multiple of its own natural line height, the points given, or its own `normal`) rounded
/// to 1/64 point, and half the leading above the ascent, rounded down. A line is as tall as
/// the most any run on it reaches above the baseline plus the most any reaches below it,
/// the label's own font and size (the strut) always counted; its baseline is that far
/// below the line's top. A line with only the strut's runs is exactly as tall as a label
/// without runs.
struct RichRuns {
    let runs: [TextRun]
    /// Points per common unit.
    let pointsPerUnit: Double
    /// Each run's design units → common units.
    let factors: [Double]
    /// Every font glyphs are drawn from, each once: the runs' fonts and fallback fonts.
    let fonts: [Font]
    /// Each run's font list (its font, then its fallbacks) as indices into `fonts`.
    let fontIndices: [[UInt8]]
    /// Each run's ellipsis glyph (in its own font) and advance in common units.
    let ellipsisGlyphs: [UInt32]
    let ellipsisAdvances: [Int]
    /// Each run's line box contribution, and the strut's (the label's font and size).
    let boxes: [LineBox]
    let strut: LineBox
    /// Each object run's width in common units (0 for a run of text).
    let objectAdvances: [Int32]

    /// Nil when the runs do not make up `textCount` UTF-16 units, are more than a cluster can
    /// name (65,535), or draw with more fonts than a glyph can name (256): the label is
    /// then laid out without them.
    init?(_ attributes: TextAttributes, textCount: Int) {
        let runs = attributes.runs
        guard !runs.isEmpty, runs.count <= Int(UInt16.max), runs.reduce(0, { $0 + $1.text.utf16.count }) == textCount
        else { return nil }
        let labelUnit = attributes.size / Double(attributes.font.unitsPerEm)
        let units = runs.map { $0.size / Double($0.font.unitsPerEm) } + [labelUnit]
        guard let smallest = units.min(), let largest = units.max(), smallest > 0, largest.isFinite else { return nil }
        pointsPerUnit = max(smallest, largest / 65_536)
        factors = runs.map { $0.size / Double($0.font.unitsPerEm) / max(smallest, largest / 65_536) }
        var fonts: [Font] = [attributes.font]
        var fontIndex: [Font: UInt8] = [attributes.font: 0]
        var indices: [[UInt8]] = []
        for run in runs {
            var list: [UInt8] = []
            for font in [run.font] + run.fallbackFonts {
                if let index = fontIndex[font] { list.append(index); continue }
                guard fonts.count <= Int(UInt8.max) else { return nil }
                fontIndex[font] = UInt8(fonts.count)
                list.append(UInt8(fonts.count))
                fonts.append(font)
            }
            indices.append(list)
        }
        self.runs = runs
        self.fonts = fonts
        fontIndices = indices
        ellipsisGlyphs = runs.map { $0.font.glyphOrZero(0x2026) }
        ellipsisAdvances = zip(runs, factors).map { run, factor in
            Int(Self.scale(Int32(clamping: run.font.advance(ofGlyph: run.font.glyphOrZero(0x2026))), by: factor))
        }
        let xHeight = runs.contains { $0.object?.alignment == .middle } ? attributes.font.xHeight(atSize: attributes.size) : 0
        boxes = runs.map { run in
            run.object.map { LineBox(object: $0, parentXHeight: xHeight) }
                ?? LineBox(font: run.font, size: run.size, lineHeight: attributes.lineHeight)
        }
        strut = LineBox(font: attributes.font, size: attributes.size, lineHeight: attributes.lineHeight)
        let unit = pointsPerUnit
        objectAdvances = runs.map { run in
            guard let object = run.object else { return 0 }
            let units = (object.width / unit).rounded()
            return units.isFinite ? Int32(max(0, min(Double(Int32.max), units))) : 0
        }
    }

    /// `value` run units in common units, rounded to a whole unit.
    @inline(__always)
    static func scale(_ value: Int32, by factor: Double) -> Int32 {
        if factor == 1 { return value }
        let scaled = (Double(value) * factor).rounded()
        guard scaled.isFinite else { return 0 }
        return Int32(max(Double(Int32.min), min(Double(Int32.max), scaled)))
    }

    /// The clusters of every run joined into one list over `text` (the runs' texts joined):
    /// advances in common units, font indices into `fonts`, each cluster's run in
    /// `runIndices`.
    func clusters(over text: UTF16Buffer, useICU: Bool) -> ClusterList {
        var clusters: [Cluster] = []
        var fontIndices: [UInt8] = []
        var runIndices: [UInt16] = []
        var uncovered: [String] = []
        var seenUncovered: Set<String> = []
        var shapedParts: [(words: ShapedWords, clusterCount: Int, factor: Double)] = []
        var lastContentIndex = -1
        var offset = 0
        for (index, run) in runs.enumerated() {
            let count = run.text.utf16.count
            defer { offset += count }
            if run.object != nil {
                // One cluster as wide as the object, drawing no glyph (the object is drawn
                // where `TextLine.objects` says), shaped with nothing and never uncovered.
                clusters.append(Cluster(start: Int32(clamping: offset), advance: objectAdvances[index], kind: .visible,
                                        flags: .noGlyph))
                fontIndices.append(self.fontIndices[index][0])
                runIndices.append(UInt16(index))
                shapedParts.append((ShapedWords(), 1, 1))
                lastContentIndex = clusters.count - 1
                continue
            }
            guard let buffer = try? UTF16Buffer(run.text) else { continue }
            let spacing = (run.letterSpacing / (run.size / Double(run.font.unitsPerEm))).rounded()
            let list = ClusterList(text: buffer, font: run.font, fallbacks: run.fallbackFonts,
                                   spacing: spacing.isFinite ? Int32(max(-1_000_000, min(1_000_000, spacing))) : 0) {
                useICU ? try? BreakIterator(.character, over: buffer) : nil
            }
            let factor = factors[index]
            if list.lastContentIndex >= 0 { lastContentIndex = clusters.count + list.lastContentIndex }
            let fonts = self.fontIndices[index]
            for (position, cluster) in list.clusters.enumerated() {
                var moved = cluster
                moved.start = Int32(clamping: Int(cluster.start) + offset)
                moved.advance = Self.scale(cluster.advance, by: factor)
                clusters.append(moved)
                fontIndices.append(fonts[Int(list.fontIndex(position))])
            }
            runIndices.append(contentsOf: repeatElement(UInt16(index), count: list.count))
            shapedParts.append((list.shaped, list.count, factor))
            for string in list.uncovered where seenUncovered.insert(string).inserted { uncovered.append(string) }
        }
        return ClusterList(text: text, clusters: clusters, uncovered: uncovered, lastContentIndex: lastContentIndex,
                           shaped: ShapedWords(concatenating: shapedParts),
                           fontIndices: fontIndices.allSatisfy { $0 == 0 } ? [] : fontIndices, runIndices: runIndices)
    }

    /// The line box of a line holding clusters `ranges` (and the ellipsis of run
    /// `ellipsisRun`, when it has one): the strut and the boxes of the runs with a cluster
    /// there. Returns the height and the distance from the top to the baseline, unrounded.
    func lineBox(_ ranges: [Range<Int>], ellipsisRun: Int?, runIndices: [UInt16]) -> (height: Double, above: Double) {
        var above = strut.above
        var below = strut.height - strut.above
        func include(_ run: Int) {
            // An empty run has no cluster on any line: it adds no box.
            guard !runs[run].text.isEmpty else { return }
            above = max(above, boxes[run].above)
            below = max(below, boxes[run].height - boxes[run].above)
        }
        for range in ranges where !range.isEmpty {
            // The runs between the first cluster's and the last one's have clusters there (but empty ones).
            for run in Int(runIndices[range.lowerBound])...Int(runIndices[range.upperBound - 1]) { include(run) }
        }
        if let ellipsisRun { include(ellipsisRun) }
        return (above + below, above)
    }
}

/// One font's contribution to a line box (CSS's inline box): its height at the label's
/// line height, rounded to 1/64 point, and how much of it is above the baseline.
struct LineBox {
    let height: Double
    let above: Double

    init(font: Font, size: Double, lineHeight: LineHeight) {
        let pointsPerUnit = size / Double(font.unitsPerEm)
        let ascent = (Double(font.ascender) * pointsPerUnit).rounded()
        let descent = (Double(-font.descender) * pointsPerUnit).rounded()
        let natural: Double = switch lineHeight {
        case .multiple(let multiple): multiple * Double(font.naturalLineHeight) * pointsPerUnit
        case .points(let points): points
        case .normal: ascent + descent + (Double(font.lineGap) * pointsPerUnit).rounded()
        }
        // CSS's line box, as browsers compute it: the line height in 1/64 points (their
        // layout unit), the ascent and descent rounded to whole points, and half the
        // leading (the line height less both) above the text, rounded down.
        height = (natural * 64 + 0.5).rounded(.down) / 64
        above = ascent + ((height - ascent - descent) / 2).rounded(.down)
    }

    /// An inline object's box: its height, its bottom on the baseline, or (`middle`) moved
    /// down by half its height less half the parent's x-height, as Chromium shifts it (the
    /// half height in 1/64 point rounded down, the half of the x-height Chromium's fonts
    /// give (`Font.xHeight(atSize:)`, hinted) rounded to 1/64 point: measured against
    /// Chromium, `scripts/conformance --text --inline`).
    init(object: InlineObject, parentXHeight: Double) {
        height = object.height
        switch object.alignment {
        case .baseline:
            above = object.height
        case .middle:
            let halfHeight = (object.height * 32).rounded(.down) / 64
            let halfXHeight = (parentXHeight * 32).rounded() / 64
            above = object.height - (halfHeight - halfXHeight)
        }
    }
}
