import TextShaping

/// The glyphs HarfBuzz gives the words of a text, grouped by grapheme cluster.
///
/// A word is a run of visible clusters between spaces, tabs and line breaks; each word is
/// shaped on its own (and cached per word and font, so repeated words cost a lookup), as a
/// browser's word cache does. Every glyph belongs to the cluster holding the character it
/// came from: a ligature (ﬁ) to its first character's cluster, the following clusters then
/// having no glyph and no advance; a mark to its base's. A cluster's advance is the sum of
/// its glyphs' advances, so line breaking, truncation and drawing all see the shaped run.
/// Kerning between words (across a space) is not applied, as with a word cache.
///
/// Most clusters shape to one glyph drawn at the pen: that glyph goes in the cluster itself
/// (`Cluster.glyph`), and only the others keep a list here (`.glyphList`), so a megabyte of
/// text does not make a glyph array many times its size.
struct ShapedWords {
    /// Glyphs of `.glyphList` clusters, cluster after cluster; within a cluster in
    /// HarfBuzz's (visual) order.
    private(set) var glyphs: [ShapedGlyph] = []
    /// `glyphs[starts[i]..<starts[i + 1]]` are cluster `i`'s list (empty when nothing was shaped).
    private(set) var starts: [Int32] = []

    init() {}

    /// Shapes the words of `text`, rewriting their clusters' advances, glyphs and flags. A
    /// word is shaped in runs of one font (`fontIndices`: an index into `fonts` per cluster,
    /// empty for all in `fonts[0]`); a run in a font without a shaper (fixed pitch) keeps
    /// the cell rules, and advances and offsets of a fallback font are scaled to
    /// `fonts[0]`'s design units. A shaped cluster's advance gets `spacing` (letter
    /// spacing) added, never going below 0.
    init(text: UTF16Buffer, clusters: inout [Cluster], fonts: [Font], fontIndices: [UInt8], spacing: Int32 = 0) {
        starts.reserveCapacity(clusters.count + 1)
        shapeWords(0..<clusters.count, text: text, clusters: &clusters, fonts: fonts, fontIndices: fontIndices,
                   spacing: spacing, lineEdges: LineEdges())
        starts.append(Int32(glyphs.count))
    }

    /// Where lines break inside words (UTF-16 offsets): the words are cut there (`cuts`), a
    /// part starting at one of `lineStarts` is shaped as a line's start, and one ending at
    /// one of `trimmedLineEnds` as a line's end that needs its last mark's blank half (see
    /// `PunctuationTrim`).
    struct LineEdges {
        var cuts: Set<Int> = []
        var lineStarts: Set<Int> = []
        var trimmedLineEnds: Set<Int> = []
    }

    /// These glyphs with the words holding `edges.cuts` shaped again, in parts cut there, as
    /// a browser reshapes where a line breaks inside a word; `clusters` (the ones these
    /// glyphs belong to) are rewritten for those words only, every other word keeps its
    /// glyphs as they are.
    func reshaping(at edges: LineEdges, text: UTF16Buffer, clusters: inout [Cluster], fonts: [Font], fontIndices: [UInt8],
                   spacing: Int32) -> ShapedWords {
        let count = clusters.count
        var words: [Range<Int>] = []
        // Around each cut, the clusters from the safe place before it to the one after it
        // (or the word's edges): the rest of the word shapes as it did.
        @inline(__always) func isSafe(_ index: Int) -> Bool {
            clusters[index].kind != .visible || clusters[index - 1].kind != .visible
                || !clusters[index].flags.contains(.unsafeToBreakBefore)
        }
        for offset in edges.cuts.sorted() {
            let cut = clusters.withUnsafeBufferPointer { Self.cluster(containing: min(offset, text.count - 1), in: 0..<count, $0) }
            if Int(clusters[cut].start) != offset || clusters[cut].kind != .visible { continue }
            var lower = cut, upper = cut + 1
            while lower > 0 && clusters[lower - 1].kind == .visible && (lower == cut || !isSafe(lower)) { lower -= 1 }
            while upper < count && clusters[upper].kind == .visible && !isSafe(upper) { upper += 1 }
            if let last = words.last, last.upperBound >= lower {
                words[words.count - 1] = last.lowerBound..<max(last.upperBound, upper)
            } else {
                words.append(lower..<upper)
            }
        }
        var out = ShapedWords()
        out.starts.reserveCapacity(starts.count)
        out.glyphs.reserveCapacity(glyphs.count)
        var copied = 0
        func copy(upTo end: Int) {
            guard copied < end else { return }
            let shift = Int32(out.glyphs.count) - starts[copied]
            out.glyphs.append(contentsOf: glyphs[Int(starts[copied])..<Int(starts[end])])
            for index in copied..<end { out.starts.append(starts[index] &+ shift) }
            copied = end
        }
        for word in words {
            copy(upTo: word.lowerBound)
            out.shapeWords(word, text: text, clusters: &clusters, fonts: fonts, fontIndices: fontIndices, spacing: spacing,
                           lineEdges: edges)
            copied = word.upperBound
        }
        copy(upTo: count)
        out.starts.append(Int32(out.glyphs.count))
        return out
    }

    /// Shapes the words of clusters `range`, appending each cluster's start and glyph list.
    private mutating func shapeWords(_ range: Range<Int>, text: UTF16Buffer, clusters: inout [Cluster], fonts: [Font],
                                     fontIndices: [UInt8], spacing: Int32, lineEdges: LineEdges) {
        let count = range.upperBound
        let cuts = lineEdges.cuts
        var word: [ShapedGlyph] = []  // the current word's glyphs
        var owners: [Int32] = []      // the cluster of each of them
        var index = range.lowerBound
        while index < count {
            guard clusters[index].kind == .visible else {
                starts.append(Int32(glyphs.count))
                index += 1
                continue
            }
            // A word, or the part of one in one font.
            let font = fontIndices.isEmpty ? 0 : fontIndices[index]
            var end = index + 1
            while end < count && clusters[end].kind == .visible && (fontIndices.isEmpty || fontIndices[end] == font)
                    && (cuts.isEmpty || !cuts.contains(Int(clusters[end].start))) {
                end += 1
            }
            let endOffset = end < clusters.count ? Int(clusters[end].start) : text.count
            guard Self.shape(index..<end, text: text, clusters: clusters, fonts: fonts, font: Int(font),
                             atLineStart: !lineEdges.lineStarts.isEmpty && lineEdges.lineStarts.contains(Int(clusters[index].start)),
                             trimLast: !lineEdges.trimmedLineEnds.isEmpty && lineEdges.trimmedLineEnds.contains(endOffset),
                             into: &word, owners: &owners) else {
                for _ in index..<end { starts.append(Int32(glyphs.count)) }
                index = end
                continue
            }
            var next = 0
            // A cluster without a glyph (the rest of a ligature) keeps its run's direction.
            var rightToLeft = false
            for cluster in index..<end {
                starts.append(Int32(glyphs.count))
                let first = next
                var advance: Int32 = 0
                var unsafeToBreak = false
                while next < owners.count && Int(owners[next]) == cluster {
                    advance &+= word[next].xAdvance
                    rightToLeft = word[next].rightToLeft
                    unsafeToBreak = unsafeToBreak || word[next].unsafeToBreak
                    next += 1
                }
                var flags = clusters[cluster].flags.intersection(.uncovered)
                flags.insert(.shaped)
                if rightToLeft { flags.insert(.rightToLeft) }
                if unsafeToBreak || (next == first && cluster > index) { flags.insert(.unsafeToBreakBefore) }
                if next == first {
                    flags.insert(.noGlyph)
                } else if next == first + 1, word[first].xOffset == 0, word[first].yOffset == 0, word[first].glyph <= UInt32(UInt16.max) {
                    clusters[cluster].glyph = UInt16(word[first].glyph)
                } else {
                    flags.insert(.glyphList)
                    glyphs.append(contentsOf: word[first..<next])
                }
                clusters[cluster].flags = flags
                clusters[cluster].advance = spacing == 0 ? advance : max(0, advance &+ spacing)
            }
            index = end
        }
    }

    /// The advance of each cluster of `range` (visible clusters) with the range shaped on
    /// its own, in runs of one font, apart from the rest of its word: what a line that
    /// starts or ends inside a word measures there. A run in a font without a shaper keeps
    /// the clusters' own advances; a shaped one gets `spacing` (letter spacing) added, never
    /// going below 0, as `ClusterList` adds it. `atLineStart`: the range starts a line;
    /// `trimLast`: it ends one with its last mark set half-width.
    static func advances(of range: Range<Int>, text: UTF16Buffer, clusters: [Cluster], fonts: [Font],
                         fontIndices: [UInt8], spacing: Int32, atLineStart: Bool, trimLast: Bool = false) -> [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(range.count)
        var word: [ShapedGlyph] = []
        var owners: [Int32] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let font = fontIndices.isEmpty ? 0 : fontIndices[index]
            var end = index + 1
            while end < range.upperBound && (fontIndices.isEmpty || fontIndices[end] == font) { end += 1 }
            if shape(index..<end, text: text, clusters: clusters, fonts: fonts, font: Int(font),
                     atLineStart: atLineStart && index == range.lowerBound, trimLast: trimLast && end == range.upperBound,
                     into: &word, owners: &owners) {
                var next = 0
                for cluster in index..<end {
                    var advance: Int32 = 0
                    while next < owners.count && Int(owners[next]) == cluster {
                        advance &+= word[next].xAdvance
                        next += 1
                    }
                    out.append(spacing == 0 ? advance : max(0, advance &+ spacing))
                }
            } else {
                for cluster in index..<end { out.append(clusters[cluster].advance) }
            }
            index = end
        }
        return out
    }

    /// Shapes clusters `range` (visible, all in `fonts[font]`) as one run into `word`, in
    /// `fonts[0]`'s design units, grouped by cluster with each glyph's cluster in `owners`.
    /// The characters beside the range are its context (none before it at a line's start).
    /// False when the font has no shaper or HarfBuzz could not allocate (the clusters then
    /// keep the cell rules' widths and glyphs).
    @inline(__always)
    private static func shape(_ range: Range<Int>, text: UTF16Buffer, clusters: [Cluster], fonts: [Font], font: Int,
                              atLineStart: Bool, trimLast: Bool = false, into word: inout [ShapedGlyph],
                              owners: inout [Int32]) -> Bool {
        guard let shaper = fonts[font].shaper else { return false }
        let from = fonts[font].unitsPerEm
        let unitsPerEm = fonts[0].unitsPerEm
        let wordStart = Int(clusters[range.lowerBound].start)
        let wordEnd = range.upperBound < clusters.count ? Int(clusters[range.upperBound].start) : text.count
        word.removeAll(keepingCapacity: true)
        do {
            try shaper.appendShaped(UnsafeBufferPointer(rebasing: text.units[wordStart..<wordEnd]),
                                    before: wordStart > 0 && !atLineStart ? text.units[wordStart - 1] : nil,
                                    after: wordEnd < text.count ? text.units[wordEnd] : nil, trimLast: trimLast, to: &word)
        } catch {
            return false
        }
        if fonts[font].isColorBitmap {
            // HarfBuzz reads `hmtx`; a bitmap font is measured by its strike (see `Font`).
            for position in word.indices where word[position].xAdvance != 0 {
                word[position].xAdvance = fonts[font].advanceOrZero(word[position].glyph)
            }
        }
        if from != unitsPerEm {
            for position in word.indices {
                word[position].xAdvance = FontFallback.scale(word[position].xAdvance, from: from, to: unitsPerEm)
                word[position].xOffset = FontFallback.scale(word[position].xOffset, from: from, to: unitsPerEm)
                word[position].yOffset = FontFallback.scale(word[position].yOffset, from: from, to: unitsPerEm)
            }
        }
        // Each glyph to its cluster (clusters ascend in a left-to-right run, descend in a
        // right-to-left one).
        owners.removeAll(keepingCapacity: true)
        owners.append(contentsOf: repeatElement(0, count: word.count))
        var sorted = true
        word.withUnsafeBufferPointer { word in
            owners.withUnsafeMutableBufferPointer { owners in
                clusters.withUnsafeBufferPointer { clusters in
                    var cursor = range.lowerBound
                    var last = Int.min
                    for (position, glyph) in word.enumerated() {
                        let offset = wordStart + Int(glyph.cluster)
                        if Int(clusters[cursor].start) > offset
                            || (cursor + 1 < range.upperBound && Int(clusters[cursor + 1].start) <= offset) {
                            cursor = Self.cluster(containing: offset, in: range, clusters)
                        }
                        if last > cursor { sorted = false }
                        last = cursor
                        owners[position] = Int32(cursor)
                    }
                }
            }
        }
        if !sorted {
            // Grouped by cluster, keeping HarfBuzz's order within one (a stable sort).
            let order = owners.indices.sorted { (owners[$0], $0) < (owners[$1], $1) }
            word = order.map { word[$0] }
            owners = order.map { owners[$0] }
        }
        return true
    }

    /// The glyph lists of several texts' clusters one after the other (the runs of a rich
    /// label, see `RichRuns`), each part's advances and offsets multiplied by its `factor`
    /// (its run's design units to the label's common unit) and rounded to whole units.
    /// `clusterCount` is the part's number of clusters: a part shaped with nothing (a
    /// fixed-pitch font) has no starts of its own.
    init(concatenating parts: [(words: ShapedWords, clusterCount: Int, factor: Double)]) {
        for part in parts {
            let base = Int32(glyphs.count)
            if part.words.starts.isEmpty {
                starts.append(contentsOf: repeatElement(base, count: part.clusterCount))
            } else {
                starts.append(contentsOf: part.words.starts.prefix(part.clusterCount).map { $0 + base })
            }
            if part.factor == 1 {
                glyphs.append(contentsOf: part.words.glyphs)
            } else {
                glyphs.append(contentsOf: part.words.glyphs.map { glyph in
                    var scaled = glyph
                    scaled.xAdvance = RichRuns.scale(glyph.xAdvance, by: part.factor)
                    scaled.xOffset = RichRuns.scale(glyph.xOffset, by: part.factor)
                    scaled.yOffset = RichRuns.scale(glyph.yOffset, by: part.factor)
                    return scaled
                })
            }
        }
        starts.append(Int32(glyphs.count))
    }

    /// The index in `range` of the cluster holding UTF-16 offset `offset`.
    private static func cluster(containing offset: Int, in range: Range<Int>, _ clusters: UnsafeBufferPointer<Cluster>) -> Int {
        var low = range.lowerBound
        var high = range.upperBound - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(clusters[middle].start) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Runs `body` with the glyph lists and the cluster starts, for the placing loop (a
    /// slice per cluster would retain the arrays once per character).
    func withBuffers<R>(_ body: (UnsafeBufferPointer<ShapedGlyph>, UnsafeBufferPointer<Int32>) -> R) -> R {
        glyphs.withUnsafeBufferPointer { glyphs in starts.withUnsafeBufferPointer { starts in body(glyphs, starts) } }
    }
}
