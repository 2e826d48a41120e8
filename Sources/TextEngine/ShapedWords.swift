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
        var memo = WordMemo(enabled: true)
        let count = clusters.count
        // Written in place (an append per cluster checked the array's uniqueness and capacity).
        let starts = [Int32](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
            shapeWords(0..<count, text: text, clusters: &clusters, fonts: fonts, fontIndices: fontIndices,
                       spacing: spacing, lineEdges: LineEdges(), memo: &memo, starts: buffer.baseAddress!)
            buffer[count] = Int32(glyphs.count)
            initialized = count + 1
        }
        self.starts = starts
    }

    /// Where lines break inside words (UTF-16 offsets): the words are cut there (`cuts`), a
    /// part starting at one of `lineStarts` is shaped as a line's start, and one ending at
    /// one of `trimmedLineEnds` as a line's end that needs its last mark's blank half (see
    /// `PunctuationTrim`).
    struct LineEdges {
        var cuts = Offsets()
        var lineStarts = Offsets()
        var trimmedLineEnds = Offsets()
    }

    /// A set of UTF-16 offsets as a sorted array: built from a layout's lines in order
    /// without hashing, and looked up by bisection (only for the few words reshaped).
    struct Offsets {
        private(set) var sorted: [Int] = []

        init() {}

        /// `offsets` in any order, duplicates allowed.
        init(_ offsets: [Int]) {
            var offsets = offsets
            var ascending = true
            for index in offsets.indices.dropFirst() where offsets[index - 1] >= offsets[index] {
                ascending = false
                break
            }
            if !ascending {
                offsets.sort()
                var kept = 0
                for index in offsets.indices where index == 0 || offsets[index] != offsets[kept - 1] {
                    offsets[kept] = offsets[index]
                    kept += 1
                }
                offsets.removeLast(offsets.count - kept)
            }
            sorted = offsets
        }

        var isEmpty: Bool { sorted.isEmpty }

        func contains(_ offset: Int) -> Bool {
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < offset { low = middle + 1 } else { high = middle }
            }
            return low < sorted.count && sorted[low] == offset
        }
    }

    /// Shapes the words holding `edges.cuts` again, in parts cut there, as
    /// a browser reshapes where a line breaks inside a word; `clusters` (the ones these
    /// glyphs belong to) are rewritten for those words only, every other word keeps its
    /// glyphs as they are.
    ///
    /// Where every word's parts have as many glyphs in lists as the word had (kerning,
    /// the usual difference, changes advances only), they are written in place; else the
    /// lists are joined anew.
    mutating func reshape(at edges: LineEdges, text: UTF16Buffer, clusters: inout [Cluster], fonts: [Font],
                          fontIndices: [UInt8], spacing: Int32) {
        let count = clusters.count
        var words: [Range<Int>] = []
        // Around each cut, the clusters from the safe place before it to the one after it
        // (or the word's edges): the rest of the word shapes as it did.
        @inline(__always) func isSafe(_ index: Int) -> Bool {
            clusters[index].kind != .visible || clusters[index - 1].kind != .visible
                || !clusters[index].flags.contains(.unsafeToBreakBefore)
        }
        for offset in edges.cuts.sorted {
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
        // Each word's parts, shaped apart (each once: shaping rewrites the flags `isSafe` reads).
        var parts: [(starts: [Int32], glyphs: [ShapedGlyph])] = []
        parts.reserveCapacity(words.count)
        var sameCounts = true
        var memo = WordMemo(enabled: false)
        for word in words {
            var part = ShapedWords()
            let wordStarts = [Int32](unsafeUninitializedCapacity: word.count) { buffer, initialized in
                part.shapeWords(word, text: text, clusters: &clusters, fonts: fonts, fontIndices: fontIndices, spacing: spacing,
                                lineEdges: edges, memo: &memo, starts: buffer.baseAddress!)
                initialized = word.count
            }
            if part.glyphs.count != Int(starts[word.upperBound] - starts[word.lowerBound]) { sameCounts = false }
            parts.append((wordStarts, part.glyphs))
        }
        if sameCounts {
            for (word, part) in zip(words, parts) {
                let base = starts[word.lowerBound]
                for (index, start) in zip(word, part.starts) { starts[index] = base &+ start }
                if !part.glyphs.isEmpty {
                    glyphs.replaceSubrange(Int(base)..<(Int(base) + part.glyphs.count), with: part.glyphs)
                }
            }
            return
        }
        var out = ShapedWords()
        out.starts.reserveCapacity(starts.count)
        out.glyphs.reserveCapacity(glyphs.count)
        var copied = 0
        func copy(upTo end: Int) {
            guard copied < end else { return }
            let shift = Int32(out.glyphs.count) - starts[copied]
            out.glyphs.append(contentsOf: glyphs[Int(starts[copied])..<Int(starts[end])])
            // In bulk (an append per start checked the array's uniqueness and capacity each time).
            if shift == 0 {
                out.starts.append(contentsOf: starts[copied..<end])
            } else {
                starts.withUnsafeBufferPointer { starts in
                    out.starts.append(contentsOf: starts[copied..<end].lazy.map { $0 &+ shift })
                }
            }
            copied = end
        }
        for (word, part) in zip(words, parts) {
            copy(upTo: word.lowerBound)
            let base = Int32(out.glyphs.count)
            out.starts.append(contentsOf: part.starts.lazy.map { $0 &+ base })
            out.glyphs.append(contentsOf: part.glyphs)
            copied = word.upperBound
        }
        copy(upTo: count)
        out.starts.append(Int32(out.glyphs.count))
        self = out
    }

    /// Shapes the words of clusters `range`, appending each cluster's start and glyph list.
    /// With `memo` enabled (no line edges), a word shaped before in this text is copied from it.
    /// The starts go to `starts[0..<range.count]`, each cluster's at its place in `range`.
    private mutating func shapeWords(_ range: Range<Int>, text: UTF16Buffer, clusters: inout [Cluster], fonts: [Font],
                                     fontIndices: [UInt8], spacing: Int32, lineEdges: LineEdges, memo: inout WordMemo,
                                     starts: UnsafeMutablePointer<Int32>) {
        let rangeStart = range.lowerBound
        let count = range.upperBound
        let cuts = lineEdges.cuts
        var word: [ShapedGlyph] = []  // the current word's glyphs
        var owners: [Int32] = []      // the cluster of each of them
        var index = range.lowerBound
        while index < count {
            guard clusters[index].kind == .visible else {
                starts[index - rangeStart] = Int32(glyphs.count)
                index += 1
                continue
            }
            // A word, or the part of one in one font.
            let font = fontIndices.isEmpty ? 0 : fontIndices[index]
            var end = index + 1
            // A piece of a long cluster starts a word of its own: shaped in bounded pieces.
            while end < count && clusters[end].kind == .visible && (fontIndices.isEmpty || fontIndices[end] == font)
                    && (cuts.isEmpty || !cuts.contains(Int(clusters[end].start)))
                    && !ClusterList.isLongClusterPiece(clusters[end], in: text) {
                end += 1
            }
            let endOffset = end < clusters.count ? Int(clusters[end].start) : text.count
            // The memo: the same units, font and units beside them shape the same (the line
            // edges, which the memo is off for, aside).
            var memoKey: (units: UnsafeBufferPointer<UInt16>, hash: UInt64, context: UInt64)? = nil
            if memo.isEnabled, fonts[Int(font)].shaper != nil {
                let wordStart = Int(clusters[index].start)
                let units = UnsafeBufferPointer(rebasing: text.units[wordStart..<endOffset])
                let context = WordMemo.context(font: font, before: wordStart > 0 ? text.units[wordStart - 1] : nil,
                                               after: endOffset < text.count ? text.units[endOffset] : nil)
                let hash = WordMemo.hash(units, context: context)
                if let found = memo.find(units, hash: hash, context: context) {
                    if copy(found, from: memo, to: index..<end, clusters: &clusters, spacing: spacing,
                            starts: starts + (index - rangeStart)) {
                        index = end
                        continue
                    }
                } else if memo.hasRoom(units: units.count, records: end - index) {
                    memoKey = (units, hash, context)
                }
            }
            let recordStart = memo.recordCount
            guard Self.shape(index..<end, text: text, clusters: clusters, fonts: fonts, font: Int(font),
                             atLineStart: !lineEdges.lineStarts.isEmpty && lineEdges.lineStarts.contains(Int(clusters[index].start)),
                             trimLast: !lineEdges.trimmedLineEnds.isEmpty && lineEdges.trimmedLineEnds.contains(endOffset),
                             into: &word, owners: &owners) else {
                for cluster in index..<end { starts[cluster - rangeStart] = Int32(glyphs.count) }
                index = end
                continue
            }
            var next = 0
            // A cluster without a glyph (the rest of a ligature) keeps its run's direction.
            var rightToLeft = false
            for cluster in index..<end {
                starts[cluster - rangeStart] = Int32(glyphs.count)
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
                if memoKey != nil {
                    let setsGlyph = flags.contains(.glyphList) || flags.contains(.noGlyph) ? false : true
                    memo.append(WordMemo.Record(start: clusters[cluster].start - clusters[index].start, advance: advance,
                                                glyphStart: 0, glyphCount: 0, glyph: clusters[cluster].glyph,
                                                setsGlyph: setsGlyph, flags: flags.subtracting(.uncovered)),
                                glyphs: word[first..<next])
                }
            }
            if let memoKey {
                memo.finish(memoKey.units, hash: memoKey.hash, context: memoKey.context, recordStart: recordStart)
            }
            index = end
        }
    }

    /// Writes a word's clusters `range` as `memo`'s `records` say shaping wrote them; false
    /// (nothing written) when the word's clusters start elsewhere than the records'.
    @inline(__always)
    private mutating func copy(_ records: Range<Int>, from memo: WordMemo, to range: Range<Int>, clusters: inout [Cluster],
                               spacing: Int32, starts: UnsafeMutablePointer<Int32>) -> Bool {
        // `starts[0]` is `range.lowerBound`'s.
        guard records.count == range.count else { return false }
        return clusters.withUnsafeMutableBufferPointer { clusters in
            memo.records.withUnsafeBufferPointer { memoRecords in
                let wordStart = clusters[range.lowerBound].start
                for (cluster, record) in zip(range, records) where clusters[cluster].start - wordStart != memoRecords[record].start {
                    return false
                }
                var glyphCount = Int32(truncatingIfNeeded: glyphs.count)
                for (cluster, record) in zip(range, records) {
                    let record = memoRecords[record]
                    starts[cluster - range.lowerBound] = glyphCount
                    if record.setsGlyph {
                        clusters[cluster].glyph = record.glyph
                    } else if record.flags.contains(.glyphList) {
                        memo.glyphs.withUnsafeBufferPointer { memoGlyphs in
                            glyphs.append(contentsOf: UnsafeBufferPointer(
                                rebasing: memoGlyphs[Int(record.glyphStart)..<Int(record.glyphStart + record.glyphCount)]))
                        }
                        glyphCount = Int32(truncatingIfNeeded: glyphs.count)
                    }
                    clusters[cluster].flags = clusters[cluster].flags.intersection(.uncovered).union(record.flags)
                    clusters[cluster].advance = spacing == 0 ? record.advance : max(0, record.advance &+ spacing)
                }
                return true
            }
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
