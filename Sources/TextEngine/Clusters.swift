/// One grapheme cluster (user-perceived character) of the text, measured.
struct Cluster {
    enum Kind: UInt8 {
        /// Drawn: a letter, a mark, an emoji, a zero-width character (advance 0).
        case visible
        /// White space that hangs at a line's end.
        case space
        /// Advances to the next tab stop (its advance depends on the pen).
        case tab
        /// A mandatory line break (LF, CR LF, VT, FF, CR, NEL, LS, PS).
        case hardBreak
    }

    struct Flags: OptionSet {
        let rawValue: UInt8
        /// Not covered by the font: reported, drawn as one `.notdef`.
        static let notdef = Flags(rawValue: 1 << 0)
        /// Reported as uncovered (the base or one of its marks has no glyph).
        static let uncovered = Flags(rawValue: 1 << 1)
        /// Nothing to draw.
        static let noGlyph = Flags(rawValue: 1 << 2)
        /// More than one scalar: marks to draw over the base.
        static let multiScalar = Flags(rawValue: 1 << 3)
        /// Shaped: its advance is its glyphs' sum; its glyph is `glyph`, drawn at its pen
        /// position, unless it has `.glyphList`.
        static let shaped = Flags(rawValue: 1 << 4)
        /// Shaped into several glyphs, or one moved off its pen position (a ligature past
        /// 16 bits, a mark, a kerned-and-offset glyph): they are in `ClusterList.shaped`.
        static let glyphList = Flags(rawValue: 1 << 6)
        /// Shaped in a right-to-left run: drawn mirrored within the run (see `TextLayoutEngine`).
        static let rightToLeft = Flags(rawValue: 1 << 5)
        /// Shaped, and a line broken just before it would shape differently on either side
        /// (HarfBuzz's `UNSAFE_TO_BREAK`, or the rest of a ligature): see `ShapedWords`.
        static let unsafeToBreakBefore = Flags(rawValue: 1 << 7)
    }

    /// Offset of the cluster's first UTF-16 unit.
    var start: Int32
    /// Design units (0 for tabs and hard breaks).
    var advance: Int32
    var kind: Kind
    var flags: Flags
    /// The base scalar's glyph (0 when not covered); glyph indices fit 16 bits.
    var glyph: UInt16 = 0
}

/// The text split into grapheme clusters, each measured in the font's design units.
///
/// Cell rules (all widths in design units of `font`; a *cell* is `font.cellAdvance`):
/// - a cluster takes the width of its first scalar (its base); the marks, variation
///   selectors and joiners that follow take none;
/// - East Asian Wide (W) and Fullwidth (F) bases take two cells (or the glyph's own advance
///   when larger, as in a CJK font);
/// - emoji take two cells: a base with Emoji_Presentation, or an Extended_Pictographic base
///   followed by U+FE0F, an emoji modifier (skin tone) or a ZWJ sequence, and a pair of
///   regional indicators (a flag); an emoji sequence is drawn as `.notdef` unless it is a
///   single covered scalar (with U+FE0F), since no shaping is done;
/// - marks (Mn, Me), format characters (Cf), default-ignorables and controls take none;
/// - a tab advances to the next multiple of `tabWidth` cells from the line's start;
/// - any other base takes its glyph's advance, or `.notdef`'s when not covered.
///
/// In a font with a shaper (a proportional font), each word (a run of visible clusters) is
/// then shaped, and its clusters take the advances of the glyphs HarfBuzz gives them
/// instead (see `ShapedWords`).
struct ClusterList {
    let text: UTF16Buffer
    private(set) var clusters: [Cluster]
    /// Uncovered clusters, once each, in order of first appearance.
    let uncovered: [String]
    /// Index of the last cluster that is not a hard break (−1 when none).
    let lastContentIndex: Int
    /// The shaped glyphs of every `.shaped` cluster, cluster after cluster (empty without a shaper).
    private(set) var shaped: ShapedWords
    /// The font of each cluster (0: the label's font, k: its k-th fallback font); empty when
    /// every cluster is in the label's font (see `FontFallback`).
    let fontIndices: [UInt8]
    /// The label's font, then its fallback fonts.
    let fonts: [Font]
    /// Whether words were shaped (a font with a shaper, or fallback fonts in use) in one
    /// list of the label's own: a line breaking inside a word shapes it again there (see
    /// `LineBreaker`). False for a list joined from a rich label's runs, whose words keep
    /// their shaping at line edges.
    let isShaped: Bool
    /// Design units of letter spacing added to each advance.
    let spacing: Int32
    /// The run of each cluster (an index into `TextAttributes.runs`); empty without runs.
    let runIndices: [UInt16]

    /// Shapes the words `edges` cut again, in parts (see `ShapedWords.reshape`): what
    /// lines that break inside words measure and draw.
    mutating func reshape(at edges: ShapedWords.LineEdges) {
        guard isShaped, !edges.cuts.isEmpty else { return }
        shaped.reshape(at: edges, text: text, clusters: &clusters, fonts: fonts, fontIndices: fontIndices, spacing: spacing)
    }

    /// A list made by joining others (`RichRuns.clusters`).
    init(text: UTF16Buffer, clusters: [Cluster], uncovered: [String], lastContentIndex: Int, shaped: ShapedWords,
         fontIndices: [UInt8], runIndices: [UInt16]) {
        self.text = text
        self.clusters = clusters
        self.uncovered = uncovered
        self.lastContentIndex = lastContentIndex
        self.shaped = shaped
        self.fontIndices = fontIndices
        self.runIndices = runIndices
        fonts = []
        isShaped = false
        spacing = 0
    }

    /// - Parameter spacing: design units added to every character's advance but tabs' and
    ///   line breaks' (CSS `letter-spacing`); an advance never goes below 0.
    ///   `fallbacks`: fonts for the clusters `font` does not cover, in order (`FontFallback`).
    ///   `storage`: an array whose capacity the clusters are written into, emptied first
    ///   (see `LayoutScratch`).
    init(text: UTF16Buffer, font: Font, fallbacks: [Font] = [], spacing: Int32 = 0, storage: [Cluster] = [],
         characterIterator: () -> BreakIterator?) {
        self.text = text
        self.fonts = [font] + fallbacks
        self.spacing = spacing
        let properties = BMPProperties.shared.prepare(for: UnsafeBufferPointer(text.units))
        let scan = font.withTables { glyphs, advances in
            Self.scan(text, font: font, properties: properties, glyphTable: glyphs, advanceTable: advances,
                      storage: storage, characterIterator: characterIterator)
        }
        var clusters = scan.clusters
        var uncovered = scan.uncovered
        fontIndices = fallbacks.isEmpty || uncovered.isEmpty ? []
            : FontFallback.assign(&clusters, text: text, font: font, fallbacks: fallbacks)
        if !fontIndices.isEmpty { uncovered = FontFallback.uncovered(clusters, text: text) }
        isShaped = font.shaper != nil || !fontIndices.isEmpty
        if isShaped {
            shaped = ShapedWords(text: text, clusters: &clusters, fonts: [font] + fallbacks, fontIndices: fontIndices,
                                 spacing: spacing)
        } else {
            shaped = ShapedWords()
        }
        if spacing != 0 {
            // Shaped clusters have theirs already (see `ShapedWords`).
            for index in clusters.indices where (clusters[index].kind == .visible && !clusters[index].flags.contains(.shaped))
                    || clusters[index].kind == .space {
                clusters[index].advance = max(0, clusters[index].advance &+ spacing)
            }
        }
        self.clusters = clusters
        self.uncovered = uncovered
        lastContentIndex = scan.lastContentIndex
        runIndices = []
    }

    /// The most UTF-16 units in one cluster. A grapheme cluster has no length limit in
    /// Unicode (`a` and 100,000 U+0301 is one), and shaping one is quadratic in HarfBuzz
    /// (each mark looks back over the marks before it for its base), so a longer one is
    /// cut into clusters of at most this many units, each shaped apart (`ShapedWords` cuts
    /// words before them): as UAX #15's Stream-Safe Text Format cuts a run of more than 30
    /// non-starters. 32 units hold a base and 31 marks of the BMP, more than any script
    /// stacks in practice.
    static let maxClusterUnits = 32

    /// The end of the piece of a long cluster that starts at `start`: at most
    /// `maxClusterUnits` on, never between the two halves of a surrogate pair.
    private static func pieceEnd(from start: Int, clusterEnd: Int, units: UnsafeMutableBufferPointer<UInt16>) -> Int {
        var end = min(clusterEnd, start + maxClusterUnits)
        if end < clusterEnd, units[end] & 0xFC00 == 0xDC00, end - 1 > start { end -= 1 }
        return end
    }

    /// Whether cluster `cluster` is a piece of a long cluster after its first (see
    /// `maxClusterUnits`): it starts with a mark, which otherwise never starts a cluster
    /// after a visible one.
    static func isLongClusterPiece(_ cluster: Cluster, in text: UTF16Buffer) -> Bool {
        let start = Int(cluster.start)
        // Every mark is at U+0300 or past it: the common case answered from one unit.
        guard cluster.kind == .visible, start > 0, start < text.count, text.units[start] >= 0x300 else { return false }
        return ScalarProperties.of(text.scalar(at: start).value).contains(.mark)
    }

    /// The scanning loop, apart so its state lives in locals rather than closure boxes.
    private static func scan(
        _ text: UTF16Buffer, font: Font, properties bmpProperties: UnsafeBufferPointer<ScalarProperties>,
        glyphTable: UnsafeBufferPointer<UInt16>, advanceTable: UnsafeBufferPointer<Int32>, storage: [Cluster],
        characterIterator: () -> BreakIterator?
    ) -> (clusters: [Cluster], uncovered: [String], lastContentIndex: Int) {
        let count = text.count
        let cell = Int32(font.cellAdvance)
        let notdefAdvance = font.advanceOrZero(0)
        var iterator: BreakIterator?
        var iteratorOpened = false
        var seenUncovered: Set<String> = []
        // Most uncovered clusters are one scalar (CJK in a Latin font): dedupe those by value,
        // without making a string for each; those of the BMP in a bit set (8 KB, made at the
        // first one) rather than a hashed set, which took 2 % of a layout of CJK-rich text.
        var seenUncoveredScalars: Set<UInt32> = []
        var seenUncoveredBMP: [UInt64] = []
        var clusters = storage
        clusters.removeAll(keepingCapacity: true)
        clusters.reserveCapacity(count)
        var uncovered: [String] = []
        var lastContentIndex = -1
        let units = text.units
        // Anything but a plain one-cell letter takes the general path below.
        let special: ScalarProperties = [.wide, .zeroWidth, .emojiPresentation, .hangingSpace, .hardBreak]

        @inline(__always) func properties(_ value: UInt32) -> ScalarProperties {
            value < 0x1_0000 ? bmpProperties[Int(value)] : ScalarProperties.compute(value)
        }
        @inline(__always) func scalar(at index: Int) -> (value: UInt32, length: Int) {
            let unit = units[index]
            if unit & 0xF800 != 0xD800 { return (UInt32(unit), 1) }
            return text.scalar(at: index)
        }
        @inline(__always) func glyph(_ value: UInt32) -> UInt32 {
            value < 0x1_0000 ? UInt32(glyphTable[Int(value)]) : font.glyphOrZero(value)
        }
        @inline(__always) func advance(_ glyph: UInt32) -> Int32 {
            glyph < UInt32(advanceTable.count) ? advanceTable[Int(glyph)] : 0
        }

        var index = 0
        var current = count > 0 ? scalar(at: 0) : (value: 0, length: 0)
        var currentProperties = count > 0 ? properties(current.value) : []
        // The end of a grapheme cluster longer than `maxClusterUnits`, cut into pieces of
        // at most that many: the pieces after the first are taken from here, not asked of
        // ICU again (which would scan to this end from each piece: quadratic in the run).
        var longClusterEnd = 0
        while index < count {
            let start = index
            var end = index + current.length
            var nextScalar = (value: UInt32(0), length: 0)
            var nextProperties: ScalarProperties = []
            if start < longClusterEnd {
                end = Self.pieceEnd(from: start, clusterEnd: longClusterEnd, units: units)
                nextScalar = end < count ? scalar(at: end) : (0, 0)
                nextProperties = end < count ? properties(nextScalar.value) : []
            } else if end < count {
                nextScalar = scalar(at: end)
                nextProperties = properties(nextScalar.value)
                if !(currentProperties.contains(.simpleCluster) && nextProperties.contains(.simpleCluster)) {
                    if !iteratorOpened {
                        iterator = characterIterator()
                        iteratorOpened = true
                    }
                    if let iterator {
                        end = iterator.boundary(after: start)
                    } else {
                        // Without ICU: keep marks, joiners and selectors on their base.
                        while end < count {
                            let next = scalar(at: end)
                            let nextProperties = properties(next.value)
                            guard nextProperties.contains(.zeroWidth) && !nextProperties.contains(.hardBreak) else { break }
                            end += next.length
                        }
                    }
                    if end - start > Self.maxClusterUnits {
                        longClusterEnd = end
                        end = Self.pieceEnd(from: start, clusterEnd: end, units: units)
                    }
                    if end != start + current.length {
                        nextScalar = end < count ? scalar(at: end) : (0, 0)
                        nextProperties = end < count ? properties(nextScalar.value) : []
                    }
                }
            }

            let value = current.value
            let properties = currentProperties
            let isSingle = end == start + current.length
            var cluster = Cluster(start: Int32(start), advance: 0, kind: .visible, flags: [])
            if isSingle && properties.isDisjoint(with: special) {
                // The hot path: one scalar, one cell's worth of its own glyph.
                let glyph = glyph(value)
                cluster.glyph = UInt16(truncatingIfNeeded: glyph)
                if glyph == 0 {
                    cluster.advance = notdefAdvance
                    cluster.flags = [.notdef, .uncovered]
                } else {
                    cluster.advance = advance(glyph)
                }
            } else if properties.contains(.hardBreak) {
                cluster.kind = .hardBreak
                cluster.flags = .noGlyph
            } else if value == 0x09 {
                cluster.kind = .tab
                cluster.flags = .noGlyph
            } else if properties.contains(.hangingSpace) {
                cluster.kind = .space
                cluster.flags = .noGlyph
                let glyph = glyph(value)
                let advance = glyph == 0 ? cell : advance(glyph)
                cluster.advance = properties.contains(.wide) ? max(2 * cell, advance) : advance
            } else {
                let glyph = glyph(value)
                cluster.glyph = UInt16(truncatingIfNeeded: glyph)
                let emoji = isSingle ? properties.contains(.emojiPresentation)
                    : Self.isEmojiSequence(text, start: start, end: end, baseProperties: properties)
                if !isSingle { cluster.flags.insert(.multiScalar) }
                if emoji || properties.contains(.wide) {
                    cluster.advance = max(2 * cell, glyph == 0 ? 0 : advance(glyph))
                } else if properties.contains(.zeroWidth) {
                    cluster.advance = 0
                    if !properties.contains(.mark) { cluster.flags.insert(.noGlyph) }
                } else {
                    cluster.advance = glyph == 0 ? notdefAdvance : advance(glyph)
                }
                if !cluster.flags.contains(.noGlyph) {
                    if glyph == 0 {
                        cluster.flags.formUnion([.notdef, .uncovered])
                    } else if emoji && !isSingle && !Self.isCoveredEmoji(text, start: start, end: end) {
                        cluster.flags.formUnion([.notdef, .uncovered])
                    } else if !isSingle && !Self.marksCovered(text, start: start, end: end, font: font) {
                        cluster.flags.insert(.uncovered)
                    }
                }
            }
            if cluster.flags.contains(.uncovered) {
                if isSingle {
                    let isNew: Bool
                    if value < 0x1_0000 {
                        if seenUncoveredBMP.isEmpty { seenUncoveredBMP = Array(repeating: 0, count: 0x1_0000 / 64) }
                        let (word, bit) = (Int(value >> 6), UInt64(1) << (value & 63))
                        isNew = seenUncoveredBMP[word] & bit == 0
                        seenUncoveredBMP[word] |= bit
                    } else {
                        isNew = seenUncoveredScalars.insert(value).inserted
                    }
                    if isNew { uncovered.append(text.string(start..<end)) }
                } else {
                    let string = text.string(start..<end)
                    if seenUncovered.insert(string).inserted { uncovered.append(string) }
                }
            }
            if cluster.kind != .hardBreak { lastContentIndex = clusters.count }
            clusters.append(cluster)
            index = end
            current = nextScalar
            currentProperties = nextProperties
        }
        return (clusters, uncovered, lastContentIndex)
    }

    var count: Int { clusters.count }

    @inline(__always) subscript(_ index: Int) -> Cluster { clusters[index] }

    /// The font of cluster `index` (0: the label's font, k: its k-th fallback font).
    @inline(__always) func fontIndex(_ index: Int) -> UInt8 {
        fontIndices.isEmpty ? 0 : fontIndices[index]
    }

    /// Whether a line starting (or ending) before cluster `index` breaks a shaped word:
    /// the clusters on both sides are visible.
    @inline(__always)
    func isInsideShapedWord(_ index: Int) -> Bool {
        isShaped && index > 0 && index < clusters.count && clusters[index - 1].kind == .visible
            && clusters[index].kind == .visible && clusters[index - 1].flags.contains(.shaped)
            && clusters[index].flags.contains(.shaped)
    }

    /// Whether a line may break before cluster `index` without shaping either side again.
    @inline(__always)
    func isSafeToBreak(before index: Int) -> Bool {
        !isInsideShapedWord(index) || !clusters[index].flags.contains(.unsafeToBreakBefore)
    }

    /// The first cluster after `index` before which the text is safe to break (see
    /// `isSafeToBreak`), at most `limit`.
    func safeBoundary(after index: Int, limit: Int) -> Int {
        var next = index + 1
        while next < limit && !isSafeToBreak(before: next) { next += 1 }
        return min(next, limit)
    }

    /// The last cluster at or before `index` and after `floor` before which the text is safe
    /// to break, else `floor`.
    func safeBoundary(atOrBefore index: Int, floor: Int) -> Int {
        var previous = index
        while previous > floor && !isSafeToBreak(before: previous) { previous -= 1 }
        return max(previous, floor)
    }

    /// The advances of clusters `range` (visible) shaped apart from the rest of their word,
    /// letter spacing included (see `ShapedWords.advances`); `atLineStart`: a line starts
    /// at the range.
    func reshapedAdvances(_ range: Range<Int>, atLineStart: Bool, trimmingLast: Bool = false) -> [Int32] {
        ShapedWords.advances(of: range, text: text, clusters: clusters, fonts: fonts, fontIndices: fontIndices,
                             spacing: spacing, atLineStart: atLineStart, trimLast: trimmingLast)
    }

    /// Whether cluster `index`, ending a line too wide for it, may have its blank half
    /// trimmed there (a fullwidth closing mark in a font with `halt`: see
    /// `ShapingFont.trimsAtLineEnd`).
    func trimsAtLineEnd(_ index: Int) -> Bool {
        let cluster = clusters[index]
        guard isShaped, cluster.kind == .visible, cluster.flags.contains(.shaped),
              let shaper = fonts[Int(fontIndex(index))].shaper else { return false }
        let start = Int(cluster.start)
        let end = offset(index + 1)
        guard end == start + 1 else { return false }
        return shaper.trimsAtLineEnd(text[start], next: end < text.count ? text[end] : nil)
    }

    /// The run of cluster `index` (0 without runs).
    @inline(__always) func runIndex(_ index: Int) -> Int {
        index < runIndices.count ? Int(runIndices[index]) : 0
    }

    /// UTF-16 offset where cluster `index` starts (the text's end for `count`).
    @inline(__always)
    func offset(_ index: Int) -> Int {
        index < clusters.count ? Int(clusters[index].start) : text.count
    }

    /// The cluster containing UTF-16 offset `offset`, searched in `range`.
    func clusterIndex(containing offset: Int, in range: ClosedRange<Int>) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high + 1) / 2
            if self.offset(middle) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The glyphs of a visible cluster: its base, then the marks drawn over it.
    func glyphs(of index: Int, font: Font, into glyphs: inout [UInt32]) {
        let cluster = clusters[index]
        if cluster.flags.contains(.noGlyph) { return }
        if cluster.flags.contains(.notdef) {
            glyphs.append(0)
            return
        }
        if !cluster.flags.contains(.multiScalar) {
            glyphs.append(UInt32(cluster.glyph))
            return
        }
        let start = Int(cluster.start)
        let end = offset(index + 1)
        var position = start
        while position < end {
            let scalar = text.scalar(at: position)
            if position == start || ScalarProperties.of(scalar.value).contains(.mark) {
                let glyph = font.glyphOrZero(scalar.value)
                if glyph != 0 { glyphs.append(glyph) }
            }
            position += scalar.length
        }
    }

    private static func isEmojiSequence(_ text: UTF16Buffer, start: Int, end: Int, baseProperties: ScalarProperties) -> Bool {
        if baseProperties.contains(.emojiPresentation) { return true }
        let base = text.scalar(at: start)
        var position = start + base.length
        var regionalIndicators = (0x1F1E6...0x1F1FF).contains(base.value) ? 1 : 0
        while position < end {
            let scalar = text.scalar(at: position)
            switch scalar.value {
            case 0xFE0F, 0x200D, 0x1F3FB...0x1F3FF:
                if baseProperties.contains(.pictographic) { return true }
            case 0x1F1E6...0x1F1FF:
                regionalIndicators += 1
            default:
                break
            }
            position += scalar.length
        }
        return regionalIndicators == 2
    }

    /// An emoji sequence the font can draw without shaping: one scalar plus U+FE0F.
    private static func isCoveredEmoji(_ text: UTF16Buffer, start: Int, end: Int) -> Bool {
        let base = text.scalar(at: start)
        return end == start + base.length + 1 && text[start + base.length] == 0xFE0F
    }

    private static func marksCovered(_ text: UTF16Buffer, start: Int, end: Int, font: Font) -> Bool {
        var position = start + text.scalar(at: start).length
        while position < end {
            let scalar = text.scalar(at: position)
            if ScalarProperties.of(scalar.value).contains(.mark) && font.glyphOrZero(scalar.value) == 0 { return false }
            position += scalar.length
        }
        return true
    }
}
