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
struct ShapedWords {
    /// Glyphs of shaped clusters, cluster after cluster; within a cluster in HarfBuzz's
    /// (visual) order.
    private(set) var glyphs: [ShapedGlyph] = []
    /// `glyphs[starts[i]..<starts[i + 1]]` are cluster `i`'s (empty when nothing was shaped).
    private(set) var starts: [Int32] = []

    init() {}

    /// Shapes the words of `text`, rewriting their clusters' advances and flags.
    init(text: UTF16Buffer, clusters: inout [Cluster], shaper: ShapingFont) {
        let count = clusters.count
        starts.reserveCapacity(count + 1)
        glyphs.reserveCapacity(count)
        var owners: [Int32] = []  // the cluster of each glyph of the current word
        var index = 0
        while index < count {
            guard clusters[index].kind == .visible else {
                starts.append(Int32(glyphs.count))
                index += 1
                continue
            }
            var end = index + 1
            while end < count && clusters[end].kind == .visible { end += 1 }
            let wordStart = Int(clusters[index].start)
            let wordEnd = end < count ? Int(clusters[end].start) : text.count
            let first = glyphs.count
            do {
                try shaper.appendShaped(UnsafeBufferPointer(rebasing: text.units[wordStart..<wordEnd]), to: &glyphs)
            } catch {
                // HarfBuzz could not allocate: the word keeps the cluster rules' widths and glyphs.
                glyphs.removeSubrange(first...)
                for _ in index..<end { starts.append(Int32(first)) }
                index = end
                continue
            }
            // Each glyph to its cluster (clusters ascend in a left-to-right run, descend in a
            // right-to-left one).
            owners.removeAll(keepingCapacity: true)
            var sorted = true
            var cursor = index
            for position in first..<glyphs.count {
                let offset = wordStart + Int(glyphs[position].cluster)
                if Int(clusters[cursor].start) > offset || (cursor + 1 < end && Int(clusters[cursor + 1].start) <= offset) {
                    cursor = Self.cluster(containing: offset, in: index..<end, clusters)
                }
                if let last = owners.last, Int(last) > cursor { sorted = false }
                owners.append(Int32(cursor))
            }
            if !sorted {
                // Grouped by cluster, keeping HarfBuzz's order within one (a stable sort).
                let order = owners.indices.sorted { (owners[$0], $0) < (owners[$1], $1) }
                let word = Array(glyphs[first...])
                for (position, source) in order.enumerated() { glyphs[first + position] = word[source] }
                owners = order.map { owners[$0] }
            }
            var next = 0
            // A cluster without a glyph (the rest of a ligature) keeps its run's direction.
            var rightToLeft = false
            for cluster in index..<end {
                starts.append(Int32(first + next))
                var advance: Int32 = 0
                var drawn = false
                while next < owners.count && Int(owners[next]) == cluster {
                    let glyph = glyphs[first + next]
                    advance &+= glyph.xAdvance
                    rightToLeft = glyph.rightToLeft
                    drawn = true
                    next += 1
                }
                var flags = clusters[cluster].flags.intersection(.uncovered)
                flags.insert(.shaped)
                if rightToLeft { flags.insert(.rightToLeft) }
                if !drawn { flags.insert(.noGlyph) }
                clusters[cluster].flags = flags
                clusters[cluster].advance = advance
            }
            index = end
        }
        starts.append(Int32(glyphs.count))
    }

    /// The index in `range` of the cluster holding UTF-16 offset `offset`.
    private static func cluster(containing offset: Int, in range: Range<Int>, _ clusters: [Cluster]) -> Int {
        var low = range.lowerBound
        var high = range.upperBound - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(clusters[middle].start) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Runs `body` with the glyphs and the cluster starts, for the placing loop (a slice per
    /// cluster would retain the arrays once per character).
    func withBuffers<R>(_ body: (UnsafeBufferPointer<ShapedGlyph>, UnsafeBufferPointer<Int32>) -> R) -> R {
        glyphs.withUnsafeBufferPointer { glyphs in starts.withUnsafeBufferPointer { starts in body(glyphs, starts) } }
    }
}
