/// A line before glyphs are placed: clusters `head`, then an ellipsis, then clusters `tail`.
struct LineRecord {
    var head: Range<Int>
    var ellipsis = false
    var tail: Range<Int> = 0..<0
    /// The line ends its paragraph (justification leaves such lines alone).
    var endsParagraph: Bool
    /// The line fits only with its last closing mark set half-width (see
    /// `LineBreaker.nextLineEnd`).
    var trimsEnd = false
}

/// Breaks measured clusters into lines: wrapping, the `lines` cap and truncation.
///
/// Widths here are in design units; `limit` is the available width converted to design
/// units (a line fits when its width is at most the available width plus almost a device pixel).
struct LineBreaker {
    /// Reshaped in place once the lines are known (see `ClusterList.reshape`).
    var clusters: ClusterList
    let lineIterator: LineBreakOpportunities?
    let wrap: TextWrap
    let truncation: TextTruncation
    let maxLines: Int
    /// Available width in design units; `.infinity` when unconstrained.
    let limit: Double
    /// Design units between tab stops.
    let tabStop: Int
    let ellipsisAdvance: Int
    /// A rich label's runs: the ellipsis is then in the style of the run it follows (of the
    /// first run shown after it, when nothing comes before it), with that run's advance.
    var rich: RichRuns? = nil

    /// The advance of an ellipsis beside cluster `index` (in that cluster's run).
    func ellipsisAdvance(beside index: Int) -> Int {
        guard let rich, index >= 0, index < clusters.runIndices.count else { return ellipsisAdvance }
        return rich.ellipsisAdvances[clusters.runIndex(index)]
    }

    /// The cluster whose run a line's ellipsis is drawn in: the last one before it, else the
    /// first one after it, else the line's start.
    func ellipsisCluster(_ record: LineRecord) -> Int {
        !record.head.isEmpty ? record.head.upperBound - 1 : !record.tail.isEmpty ? record.tail.lowerBound : record.head.lowerBound
    }

    /// The widest ellipsis among the runs (the label's without runs): what head and middle
    /// truncation keep room for, not knowing yet which run the ellipsis will follow.
    private var widestEllipsis: Int { rich?.ellipsisAdvances.max() ?? ellipsisAdvance }

    /// The lines, and whether text was left out.
    /// - Parameter storage: an array whose capacity the records are written into, emptied
    ///   first (see `LayoutScratch`).
    func lines(storage: [LineRecord] = []) -> (lines: [LineRecord], truncated: Bool) {
        var result = storage
        result.removeAll(keepingCapacity: true)
        let count = clusters.count
        guard count > 0 else { return (result, false) }
        var paragraphStart = 0
        while paragraphStart <= count {
            var paragraphEnd = paragraphStart
            while paragraphEnd < count && clusters[paragraphEnd].kind != .hardBreak { paragraphEnd += 1 }
            var lineStart = paragraphStart
            repeat {
                let (lineEnd, trimsEnd) = nextLineEnd(from: lineStart, paragraphEnd: paragraphEnd)
                if maxLines > 0 && result.count == maxLines - 1 {
                    let hiddenInParagraph = lineEnd < paragraphEnd
                    let hiddenAfter = clusters.lastContentIndex > paragraphEnd
                    if hiddenInParagraph || hiddenAfter {
                        result.append(truncatedLine(from: lineStart, paragraphEnd: paragraphEnd))
                        return (result, true)
                    }
                }
                result.append(LineRecord(head: lineStart..<lineEnd, endsParagraph: lineEnd == paragraphEnd, trimsEnd: trimsEnd))
                lineStart = lineEnd
            } while lineStart < paragraphEnd
            // A hard break at the very end opens one more (empty) line, as TextKit does.
            if paragraphEnd == count { break }
            paragraphStart = paragraphEnd + 1
            if maxLines > 0 && result.count == maxLines {
                // Only hard breaks remain (content would have been caught above).
                return (result, false)
            }
        }
        return (result, false)
    }

    @inline(__always)
    func advance(of index: Int, pen: Int) -> Int {
        let cluster = clusters[index]
        if cluster.kind == .tab {
            return Self.pen(afterTabAt: pen, tabStop: tabStop) - pen
        }
        return Int(cluster.advance)
    }

    /// The pen after a tab at `pen`: the next multiple of `tabStop` (where it is, without
    /// tab stops). The one rule every walk over clusters here applies to tabs.
    @inline(__always)
    static func pen(afterTabAt pen: Int, tabStop: Int) -> Int {
        tabStop > 0 ? pen + tabStop - pen % tabStop : pen
    }

    /// Where the line starting at `start` ends (the next line's first cluster).
    ///
    /// Where a line starts or ends inside a shaped word, that part of the word is measured
    /// shaped on its own, as browsers reshape a line's edges (no kerning or ligature across
    /// the break): a line starting inside a word measures the word's rest so, and a break
    /// inside a word whose line, so measured, is wider than the room moves back to the
    /// opportunity (or, in a word wider than the line, the cluster) before it.
    ///
    /// A line whose first cluster that does not fit is a fullwidth closing mark ends after
    /// it when it fits with the mark's blank half trimmed (CSS `text-spacing-trim: normal`
    /// allows that at a line's end) and a line may break after it: `trimsEnd`.
    func nextLineEnd(from start: Int, paragraphEnd: Int) -> (end: Int, trimsEnd: Bool) {
        if limit == .infinity { return (paragraphEnd, false) }
        let opening: [Int32] = clusters.isSafeToBreak(before: start) ? []
            : clusters.reshapedAdvances(start..<clusters.safeBoundary(after: start, limit: paragraphEnd), atLineStart: true)
        let limit = self.limit, tabStop = self.tabStop
        let overflow: Int? = clusters.clusters.withUnsafeBufferPointer { clusters in
            opening.withUnsafeBufferPointer { opening in
                var pen = 0
                var index = start
                while index < paragraphEnd {
                    let cluster = clusters[index]
                    if cluster.kind == .tab {
                        pen = Self.pen(afterTabAt: pen, tabStop: tabStop)
                        index += 1
                        continue
                    }
                    let total = index - start < opening.count ? Int(opening[index - start]) : Int(cluster.advance)
                    // A ligature's advance is spread evenly over its clusters (the ones after the
                    // first have no glyph of their own), as a browser places carets inside it.
                    var parts = 1
                    if cluster.flags.contains(.shaped) {
                        while index + parts < paragraphEnd && clusters[index + parts].kind == .visible
                                && clusters[index + parts].flags.contains([.shaped, .noGlyph])
                                && (index + parts - start < opening.count ? opening[index + parts - start] : clusters[index + parts].advance) == 0 {
                            parts += 1
                        }
                    }
                    if parts == 1 {
                        if cluster.kind == .visible && index > start && Double(pen + total) > limit { return index }
                        pen += total
                        index += 1
                        continue
                    }
                    for part in 0..<parts {
                        let share = total * (part + 1) / parts - total * part / parts
                        if cluster.kind == .visible && index + part > start && Double(pen + share) > limit { return index + part }
                        pen += share
                    }
                    index += parts
                }
                return nil
            }
        }
        guard let overflow else { return (paragraphEnd, false) }
        if overflow + 1 <= paragraphEnd, clusters.trimsAtLineEnd(overflow), mayBreak(before: overflow + 1, paragraphEnd: paragraphEnd),
           Double(widthEndingInsideWord(start..<(overflow + 1), opening: opening, trimmingLast: true)) <= limit {
            return (overflow + 1, true)
        }
        var end = breakBefore(overflow, lineStart: start)
        while end > start + 1 && !clusters.isSafeToBreak(before: end)
                && Double(widthEndingInsideWord(start..<end, opening: opening)) > limit {
            end = breakBefore(end - 1, lineStart: start)
        }
        return (end, false)
    }

    /// Whether a line may end before cluster `index`.
    private func mayBreak(before index: Int, paragraphEnd: Int) -> Bool {
        if index == paragraphEnd || wrap == .char { return true }
        guard let lineIterator else { return false }
        let offset = clusters.offset(index)
        return lineIterator.boundary(atOrBefore: offset, floor: offset - 1) == offset
    }

    /// The width of line `range`, which ends inside a word where it is not safe to break:
    /// up to the last place it is (the line's opening part measured by `opening`), then the
    /// rest shaped on its own.
    private func widthEndingInsideWord(_ range: Range<Int>, opening: [Int32], trimmingLast: Bool = false) -> Int {
        let partStart = clusters.safeBoundary(atOrBefore: range.upperBound - 1, floor: range.lowerBound)
        let pen = width(of: range.lowerBound..<partStart, opening: opening).pen
        return clusters.reshapedAdvances(partStart..<range.upperBound, atLineStart: partStart == range.lowerBound,
                                         trimmingLast: trimmingLast)
            .reduce(pen) { $0 + Int($1) }
    }

    /// The offsets where `records` end lines with their last closing mark trimmed.
    func trimmedLineEnds(of records: [LineRecord]) -> ShapedWords.Offsets {
        ShapedWords.Offsets(records.filter(\.trimsEnd).map { clusters.offset($0.head.upperBound) })
    }

    /// The offsets where `records` start lines, but the first.
    func lineStarts(of records: [LineRecord]) -> ShapedWords.Offsets {
        ShapedWords.Offsets(records.dropFirst().map { clusters.offset($0.head.lowerBound) })
    }

    /// The offsets where the words `records` break inside (where it is not safe to break)
    /// are cut, to be shaped in parts for measuring and drawing the lines as `nextLineEnd`
    /// measured them: at the break, and at the nearest safe places on either side, so the
    /// rest of the word keeps its glyphs. A truncated line keeps its word.
    func cuts(of records: [LineRecord]) -> ShapedWords.Offsets {
        var cuts: [Int] = []
        for (number, record) in records.enumerated() where !record.ellipsis && record.tail.isEmpty {
            let end = record.head.upperBound
            if record.trimsEnd {
                // The mark is shaped last in its part, trimmed.
                cuts.append(clusters.offset(end))
                cuts.append(clusters.offset(clusters.safeBoundary(atOrBefore: end - 1, floor: record.head.lowerBound)))
            }
            guard !clusters.isSafeToBreak(before: end) else { continue }
            let nextEnd = number + 1 < records.count ? records[number + 1].head.upperBound : clusters.count
            cuts.append(clusters.offset(end))
            cuts.append(clusters.offset(clusters.safeBoundary(atOrBefore: end - 1, floor: record.head.lowerBound)))
            cuts.append(clusters.offset(clusters.safeBoundary(after: end, limit: max(end, nextEnd))))
        }
        return ShapedWords.Offsets(cuts)
    }

    /// The line break for a line starting at `lineStart` whose cluster `overflow` does not
    /// fit: the last opportunity (`LineBreakOpportunities`) at or before it, else before `overflow` itself.
    private func breakBefore(_ overflow: Int, lineStart: Int) -> Int {
        guard wrap == .word, let lineIterator else { return overflow }
        // Only an opportunity inside the line matters: the walk back stops at its start.
        let boundary = lineIterator.boundary(atOrBefore: clusters.offset(overflow), floor: clusters.offset(lineStart))
        guard boundary > clusters.offset(lineStart) else { return overflow }
        let index = clusters.clusterIndex(containing: boundary, in: lineStart...overflow)
        return index > lineStart ? index : overflow
    }

    /// The width of clusters `range` drawn from pen position `pen`, without trailing spaces.
    /// `opening`: the advances of the range's first clusters measured apart (a line's start
    /// inside a word, see `nextLineEnd`), used instead of theirs.
    func width(of range: Range<Int>, from pen: Int = 0, opening: [Int32] = []) -> (width: Int, pen: Int) {
        let tabStop = self.tabStop
        let openingEnd = min(range.upperBound, range.lowerBound + opening.count)
        return clusters.clusters.withUnsafeBufferPointer { clusters in
            var pen = pen
            var width = pen
            for index in range {
                let cluster = clusters[index]
                if cluster.kind == .tab {
                    pen = Self.pen(afterTabAt: pen, tabStop: tabStop)
                } else {
                    pen += index < openingEnd ? Int(opening[index - range.lowerBound]) : Int(cluster.advance)
                    if cluster.kind == .visible { width = pen }
                }
            }
            return (width, pen)
        }
    }

    /// The last visible line when text remains after it: the rest of its paragraph,
    /// shortened by the truncation mode (see `TextLayoutEngine`).
    private func truncatedLine(from start: Int, paragraphEnd: Int) -> LineRecord {
        let rest = start..<paragraphEnd
        let restWidth = width(of: rest).width
        let restFits = Double(restWidth) <= limit
        switch truncation {
        case .clip:
            return LineRecord(head: start..<longestPrefix(rest, budget: limit), endsParagraph: false)
        case .tail:
            let end = tailTruncationEnd(rest)
            let record = LineRecord(head: start..<end, ellipsis: true, endsParagraph: false)
            return LineRecord(head: start..<end, ellipsis: fitsEllipsis(record), endsParagraph: false)
        case .head where restFits, .middle where restFits:
            // Only later paragraphs are hidden; the line itself needs no ellipsis.
            return LineRecord(head: rest, endsParagraph: true)
        case .head:
            let tailStart = longestSuffix(rest, budget: limit - Double(widestEllipsis))
            let record = LineRecord(head: start..<start, ellipsis: true,
                                    tail: trimLeadingSpaces(tailStart..<paragraphEnd)..<paragraphEnd, endsParagraph: false)
            return LineRecord(head: record.head, ellipsis: fitsEllipsis(record), tail: record.tail, endsParagraph: false)
        case .middle:
            return middleTruncated(rest)
        }
    }

    /// Whether the ellipsis of `record` (which has one) fits the line at all.
    private func fitsEllipsis(_ record: LineRecord) -> Bool {
        Double(ellipsisAdvance(beside: ellipsisCluster(record))) <= limit
    }

    /// The end of the start of `rest` kept before a tail ellipsis, trailing spaces left
    /// out. With runs, the ellipsis's width depends on the run it follows: the longest
    /// start that fits beside the narrowest ellipsis is shortened until it fits beside its
    /// own.
    private func tailTruncationEnd(_ rest: Range<Int>) -> Int {
        let start = rest.lowerBound
        let narrowest = rich?.ellipsisAdvances.min() ?? ellipsisAdvance
        var end = trimTrailingSpaces(start..<longestPrefix(rest, budget: limit - Double(narrowest)))
        guard rich != nil, end > start else { return end }
        var pens: [Int] = []
        pens.reserveCapacity(end - start)
        var pen = 0
        for index in start..<end {
            pen += advance(of: index, pen: pen)
            pens.append(pen)
        }
        while end > start && Double(pens[end - 1 - start] + ellipsisAdvance(beside: end - 1)) > limit {
            end = trimTrailingSpaces(start..<(end - 1))
        }
        return end
    }

    /// The end of the longest prefix of `range` whose width is at most `budget`.
    private func longestPrefix(_ range: Range<Int>, budget: Double) -> Int {
        var pen = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let next = pen + advance(of: index, pen: pen)
            if clusters[index].kind == .visible && Double(next) > budget { break }
            pen = next
            index += 1
        }
        return index
    }

    /// The start of the longest suffix of `range` whose width is at most `budget`; a tab
    /// counts as a whole tab stop here (its real advance is never more).
    private func longestSuffix(_ range: Range<Int>, budget: Double) -> Int {
        var width = 0
        var index = range.upperBound
        var trailingSpaces = true
        while index > range.lowerBound {
            let cluster = clusters[index - 1]
            if cluster.kind == .visible { trailingSpaces = false }
            let advance = trailingSpaces ? 0 : (cluster.kind == .tab ? tabStop : Int(cluster.advance))
            if Double(width + advance) > budget { break }
            width += advance
            index -= 1
        }
        return index
    }

    private func trimTrailingSpaces(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound && clusters[end - 1].kind != .visible { end -= 1 }
        return end
    }

    private func trimLeadingSpaces(_ range: Range<Int>) -> Int {
        var start = range.lowerBound
        while start < range.upperBound && clusters[start].kind != .visible { start += 1 }
        return start
    }

    /// Keeps as much of the start and the end as fit around the ellipsis, adding a cluster
    /// to whichever side is narrower so the two stay balanced.
    private func middleTruncated(_ rest: Range<Int>) -> LineRecord {
        let budget = limit - Double(widestEllipsis)
        var headEnd = rest.lowerBound
        var tailStart = trimTrailingSpaces(rest)
        let contentEnd = tailStart
        var headWidth = 0
        var tailWidth = 0
        while headEnd < tailStart {
            let headAdvance = advance(of: headEnd, pen: headWidth)
            let tailCluster = clusters[tailStart - 1]
            let tailAdvance = tailCluster.kind == .tab ? tabStop : Int(tailCluster.advance)
            let headFits = Double(headWidth + headAdvance + tailWidth) <= budget
            let tailFits = Double(headWidth + tailWidth + tailAdvance) <= budget
            if headFits && (headWidth <= tailWidth || !tailFits) {
                headWidth += headAdvance
                headEnd += 1
            } else if tailFits {
                tailWidth += tailAdvance
                tailStart -= 1
            } else {
                break
            }
        }
        let record = LineRecord(head: rest.lowerBound..<trimTrailingSpaces(rest.lowerBound..<headEnd), ellipsis: true,
                                tail: trimLeadingSpaces(tailStart..<contentEnd)..<contentEnd, endsParagraph: false)
        return LineRecord(head: record.head, ellipsis: fitsEllipsis(record), tail: record.tail, endsParagraph: false)
    }
}
