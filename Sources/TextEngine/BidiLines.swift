internal import _FoundationICU

/// The visual order of a label's lines by the Unicode Bidirectional Algorithm (UAX #9,
/// through ICU's ubidi), after line breaking, as UAX #9 §3.4 asks: the paragraph's levels
/// are resolved once for the whole text at the paragraph level `direction` gives (0 left
/// to right, 1 right to left; CSS `direction`), then each line is reordered on its own
/// (rule L1 resets its trailing white space to the paragraph level, L2 reverses its runs).
///
/// Grapheme clusters are the unit of reordering: a cluster goes where its first UTF-16
/// unit goes; its glyphs keep their shaped order within it. A mirrored character (`(`,
/// `[`, `«`, …) at a right-to-left level is drawn as its Bidi_Mirroring_Glyph (rule L4),
/// unless HarfBuzz already mirrored it (shaped in a right-to-left run); one shaped so
/// whose level is left to right is drawn unmirrored. Owns two `UBiDi` objects
/// (the paragraph and a line), closed in `deinit`, and keeps the text they point into.
final class BidiLines {
    private let paragraph: OpaquePointer
    private let line: OpaquePointer
    private let text: UTF16Buffer
    private var map: [Int32] = []

    /// Whether `text` at this paragraph level may need reordering: a right-to-left
    /// paragraph, or a character of a right-to-left script or a bidi control (a scan of
    /// the UTF-16 units, no ICU call, so left-to-right text pays nothing more).
    static func mayReorder(_ text: UTF16Buffer, rightToLeft: Bool) -> Bool {
        if rightToLeft { return true }
        for unit in text.units where unit >= 0x0590 {  // most text is below Hebrew: one compare
            switch unit {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF,   // Hebrew, Arabic, Syriac, Thaana, NKo, …
                 0x200F, 0x202A...0x202E, 0x2066...0x2069,            // RLM, embeddings, overrides, isolates
                 0xD802, 0xD803, 0xD83A, 0xD83B:                      // high surrogates of U+10800–10FFF, U+1E800–1EFFF
                return true
            default:
                continue
            }
        }
        return false
    }

    /// - Throws: `TextError.icuFailed` when ICU cannot open or resolve the paragraph.
    init(text: UTF16Buffer, rightToLeft: Bool) throws(TextError) {
        guard let paragraph = lr_ubidi_open() else { throw .icuFailed(function: "ubidi_open", status: "no memory") }
        guard let line = lr_ubidi_open() else {
            lr_ubidi_close(paragraph)
            throw .icuFailed(function: "ubidi_open", status: "no memory")
        }
        self.paragraph = paragraph
        self.line = line
        self.text = text
        var status = U_ZERO_ERROR
        lr_ubidi_set_para(paragraph, text.units.baseAddress, Int32(text.count), rightToLeft ? 1 : 0, &status)
        guard lr_u_failure(status) == 0 else {
            throw .icuFailed(function: "ubidi_setPara", status: lr_u_error_name(status).map { String(cString: $0) } ?? "\(status)")
        }
    }

    deinit {
        lr_ubidi_close(line)
        lr_ubidi_close(paragraph)
    }

    /// Points the line object at the clusters of `range` (one line, within one paragraph):
    /// the UTF-16 offset where they start, or nil when the line is empty, all left to
    /// right, or refused by ICU.
    private func setLine(_ range: Range<Int>, _ clusters: ClusterList) -> Int? {
        guard !range.isEmpty else { return nil }
        let start = clusters.offset(range.lowerBound), limit = clusters.offset(range.upperBound)
        guard start < limit else { return nil }
        var status = U_ZERO_ERROR
        lr_ubidi_set_line(paragraph, Int32(start), Int32(limit), line, &status)
        guard lr_u_failure(status) == 0, !lr_ubidi_is_all_ltr(line) else { return nil }
        return start
    }

    /// The clusters of `range` (one line, within one paragraph) cut where the embedding
    /// level changes, in logical order: the line's runs of one direction. Nil when the line
    /// is all left to right or ICU refuses it.
    func levelRuns(of range: Range<Int>, in clusters: ClusterList) -> [Range<Int>]? {
        guard let start = setLine(range, clusters) else { return nil }
        var runs: [Range<Int>] = []
        var runStart = range.lowerBound
        var level = lr_ubidi_level_at(line, 0)
        for index in range.dropFirst() {
            let next = lr_ubidi_level_at(line, Int32(clusters.offset(index) - start))
            if next != level {
                runs.append(runStart..<index)
                runStart = index
                level = next
            }
        }
        runs.append(runStart..<range.upperBound)
        return runs
    }

    /// A line in visual order: its clusters left to right, and the character to draw for
    /// each cluster whose mirroring changes (by cluster index).
    struct VisualLine {
        var order: [Int]
        var mirrored: [Int: UInt32]
    }

    /// The clusters of `range` (one line, within one paragraph) in visual order, left to
    /// right; nil when the line is all left to right (the logical order is the visual one)
    /// or ICU refuses the line.
    func visualOrder(of range: Range<Int>, in clusters: ClusterList) -> VisualLine? {
        guard let start = setLine(range, clusters) else { return nil }
        let limit = clusters.offset(range.upperBound)
        var status = U_ZERO_ERROR
        if map.count < limit - start { map = [Int32](repeating: 0, count: limit - start) }
        map.withUnsafeMutableBufferPointer { lr_ubidi_get_logical_map(line, $0.baseAddress, &status) }
        guard lr_u_failure(status) == 0 else { return nil }
        let order = range.sorted { map[clusters.offset($0) - start] < map[clusters.offset($1) - start] }
        var mirrored: [Int: UInt32] = [:]
        for index in range {
            let cluster = clusters[index]
            guard cluster.kind == .visible, !cluster.flags.contains(.glyphList) else { continue }
            let offset = clusters.offset(index)
            let scalar = text.scalar(at: offset)
            let mirror = UInt32(bitPattern: lr_u_char_mirror(Int32(bitPattern: scalar.value)))
            guard mirror != scalar.value else { continue }
            let wanted = lr_ubidi_level_at(line, Int32(offset - start)) & 1 == 1
            let shapedMirrored = cluster.flags.contains([.shaped, .rightToLeft])
            if wanted != shapedMirrored { mirrored[index] = wanted ? mirror : scalar.value }
        }
        return VisualLine(order: order, mirrored: mirrored)
    }
}
