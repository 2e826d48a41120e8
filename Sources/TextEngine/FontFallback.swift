/// Font fallback over a measured cluster list (CSS Fonts 4, §5 "Font matching algorithm",
/// the per-character step): a visible cluster the label's font does not cover takes the
/// first fallback font that covers every character of it, ignoring the ones a font need not
/// draw (variation selectors, ZWJ/ZWNJ, tag characters). Its glyph and advance then come
/// from that font, the advance scaled to the label's font's design units (rounded to a
/// whole unit); shaping (`ShapedWords`) then replaces them with the fallback font's shaped
/// run. Clusters no font covers stay `.notdef` in the label's font and stay reported.
public enum FontFallback {
    /// The characters of `text` a font must have a glyph for to draw it, once each in order
    /// of first appearance: not white space, controls, unassigned code points or the
    /// default-ignorable ones (variation selectors, ZWJ/ZWNJ, tags, bidi controls), which
    /// HarfBuzz hides. The characters a label's fallback fonts are chosen for.
    public static func drawnScalars(of text: String) -> [Unicode.Scalar] {
        var seen: Set<UInt32> = []  // (by value: a set of a type hashed elsewhere costs no first-use lookup)
        return text.unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .control, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate:
                return false
            default:
                return !scalar.properties.isDefaultIgnorableCodePoint && seen.insert(scalar.value).inserted
            }
        }
    }

    /// Assigns fallback fonts to the uncovered clusters: the font of each cluster (0: the
    /// label's font, k: `fallbacks[k - 1]`), or an empty array when no cluster changed font.
    static func assign(_ clusters: inout [Cluster], text: UTF16Buffer, font: Font, fallbacks: [Font]) -> [UInt8] {
        var indices: [UInt8] = []
        let usable = fallbacks.prefix(Int(UInt8.max))
        for index in clusters.indices where clusters[index].kind == .visible && clusters[index].flags.contains(.uncovered) {
            let start = Int(clusters[index].start)
            let end = index + 1 < clusters.count ? Int(clusters[index + 1].start) : text.count
            guard let k = usable.firstIndex(where: { covers($0, text, start..<end) }) else { continue }
            let fallback = usable[k]
            if indices.isEmpty { indices = [UInt8](repeating: 0, count: clusters.count) }
            indices[index] = UInt8(k + 1)
            let base = text.scalar(at: start)
            let glyph = fallback.glyphOrZero(base.value)
            var flags = clusters[index].flags.subtracting([.notdef, .uncovered])
            if end > start + base.length { flags.insert(.multiScalar) }
            clusters[index].flags = flags
            clusters[index].glyph = UInt16(truncatingIfNeeded: glyph)
            clusters[index].advance = scale(fallback.advanceOrZero(glyph), from: fallback.unitsPerEm, to: font.unitsPerEm)
        }
        return indices
    }

    /// The clusters still uncovered, once each, in order of first appearance.
    static func uncovered(_ clusters: [Cluster], text: UTF16Buffer) -> [String] {
        var seen: Set<String> = []
        // Most are one scalar: deduplicated by value, without a string for each.
        var seenScalars: Set<UInt32> = []
        var result: [String] = []
        for index in clusters.indices where clusters[index].flags.contains(.uncovered) {
            let start = Int(clusters[index].start)
            let end = index + 1 < clusters.count ? Int(clusters[index + 1].start) : text.count
            let scalar = text.scalar(at: start)
            if end == start + scalar.length {
                if seenScalars.insert(scalar.value).inserted { result.append(text.string(start..<end)) }
                continue
            }
            let string = text.string(start..<end)
            if seen.insert(string).inserted { result.append(string) }
        }
        return result
    }

    /// Whether `font` has a glyph for every character of `range` it must draw.
    static func covers(_ font: Font, _ text: UTF16Buffer, _ range: Range<Int>) -> Bool {
        var position = range.lowerBound
        while position < range.upperBound {
            let scalar = text.scalar(at: position)
            if !isIgnorable(scalar.value) && font.glyphOrZero(scalar.value) == 0 { return false }
            position += scalar.length
        }
        return true
    }

    /// Characters a font need not have to draw a cluster: the default-ignorable ones
    /// (HarfBuzz hides them), as in `drawnScalars(of:)`.
    private static func isIgnorable(_ value: UInt32) -> Bool {
        Unicode.Scalar(value)?.properties.isDefaultIgnorableCodePoint ?? false
    }

    /// `value` design units of a font of `from` units per em in a font of `to`, rounded.
    @inline(__always)
    static func scale(_ value: Int32, from: Int, to: Int) -> Int32 {
        guard from != to, from > 0 else { return value }
        return Int32(clamping: Int64((Double(value) * Double(to) / Double(from)).rounded()))
    }
}
