internal import CHarfBuzz
import Synchronization

/// One glyph of a shaped run, in the font's design units.
public struct ShapedGlyph: Hashable, Sendable {
    /// The font's glyph index (0 is `.notdef`).
    public var glyph: UInt32
    /// The UTF-16 offset, in the shaped text, of the first character this glyph draws (a
    /// ligature's glyph carries its first character's offset; a mark, its base's).
    public var cluster: UInt32
    /// How far the pen moves after this glyph.
    public var xAdvance: Int32
    /// Where the glyph is drawn relative to the pen: right, and up (HarfBuzz's sense).
    public var xOffset: Int32
    public var yOffset: Int32
    /// Whether the glyph belongs to a right-to-left run (Arabic, Hebrew, …): such a run's
    /// glyphs come in visual order, right to left in the text (see `ShapingFont.shape`).
    public var rightToLeft: Bool
    /// HarfBuzz's `UNSAFE_TO_BREAK`: text cut before this glyph's cluster would shape
    /// differently on either side (a kerning pair or a ligature spans the cut), so both
    /// parts must be shaped again.
    public var unsafeToBreak: Bool

    public init(glyph: UInt32, cluster: UInt32, xAdvance: Int32, xOffset: Int32 = 0, yOffset: Int32 = 0,
                rightToLeft: Bool = false, unsafeToBreak: Bool = false) {
        self.glyph = glyph
        self.cluster = cluster
        self.xAdvance = xAdvance
        self.xOffset = xOffset
        self.yOffset = yOffset
        self.rightToLeft = rightToLeft
        self.unsafeToBreak = unsafeToBreak
    }
}

/// A font file's face as HarfBuzz shapes with it: from the file's own tables (`cmap`,
/// `hmtx`, `GSUB`, `GPOS`, `kern`), unhinted, in design units, with HarfBuzz's default
/// features (kerning, standard and contextual ligatures, mark positioning, the complex
/// scripts' shapers: Arabic joining, Indic reordering, Hangul, …).
///
/// Text is split into runs of one script (characters of the Common and Inherited scripts,
/// spaces, digits, punctuation and marks, join the run around them); each run is shaped in
/// its script's direction. No language is set (HarfBuzz would otherwise take the process
/// locale's, and the same text could shape differently on two machines); no bidi
/// reordering is done: runs stay in the text's order.
///
/// The `chws` feature is on besides HarfBuzz's defaults, where the font has it (Noto Sans
/// CJK does): fullwidth punctuation next to punctuation loses its blank half (`」「` and
/// `，「` are one and a half ems, not two), as CSS `text-spacing-trim: normal` asks and
/// Chromium does.
///
/// Results are cached per text and font (`appendShaped`), as a browser's word cache does:
/// a label's words are shaped once per font however often they are measured and drawn.
/// Safe to use from several threads.
public final class ShapingFont: @unchecked Sendable {
    private let font: HarfBuzzFont
    /// Design units per em of the face.
    public var unitsPerEm: Int { font.unitsPerEm }

    private let cache = Mutex(WordCache())
    /// The face's fullwidth punctuation facts (nil inside: it cannot be trimmed), found when
    /// a text first has such punctuation: they need the ink of ten glyphs, and reading a
    /// CFF face's outlines for them reads its whole `CFF ` table (16 MB of Noto Sans CJK).
    private let punctuationFacts = Mutex<PunctuationTrim.Facts??>(nil)

    /// The face whose tables `tables` reads (each when HarfBuzz first needs it; the face
    /// keeps `tables`).
    /// - Throws: `ShapingError.faceUnreadable` when HarfBuzz finds no face there or a table
    ///   of it cannot be read, `.libraryUnavailable` when HarfBuzz cannot be opened.
    public init(tables: FontTableSource) throws(ShapingError) {
        font = try HarfBuzzFont(face: HarfBuzzFace(tables: tables))
    }

    /// The face's fullwidth punctuation, when it can be trimmed (`halt`).
    private var punctuation: PunctuationTrim.Facts? {
        if let facts = punctuationFacts.withLock({ $0 }) { return facts }
        let facts = PunctuationTrim.facts(of: font)
        punctuationFacts.withLock { $0 = facts }
        return facts
    }

    /// Appends the glyphs of `shape(units)` to `output`, from the cache when this text was
    /// shaped before with this font (the cache never changes a result).
    /// - Throws: as `shape`.
    ///
    /// `before` and `after` are the UTF-16 units beside `units` in the text (nil at a line's
    /// start and at the text's edges): fullwidth punctuation there may trim the first or
    /// the last character (see `PunctuationTrim`).
    /// `trimLast`: the text ends a line that needs the room its last character's blank half
    /// takes (see `trimsAtLineEnd`).
    public func appendShaped(_ units: UnsafeBufferPointer<UInt16>, before: UInt16? = nil, after: UInt16? = nil,
                             trimLast: Bool = false, to output: inout [ShapedGlyph]) throws(ShapingError) {
        var trim = PunctuationTrim.Trim()
        if PunctuationTrim.mayApply(units), let punctuation {
            trim = PunctuationTrim.halfWidthOffsets(units, before: before, after: after, trimLast: trimLast, facts: punctuation)
        }
        let variant: UInt8 = (trim.byBefore ? 1 : 0) | (trim.byAfter ? 2 : 0) | (trimLast && punctuation != nil ? 4 : 0)
        let hash = WordCache.hash(units)
        if cache.withLock({ $0.append(units, hash: hash, variant: variant, to: &output) }) { return }
        let start = output.count
        var shaped = try shape(units, halfWidth: trim.offsets)
        if !trim.afterPrevious.isEmpty {
            for index in shaped.indices where trim.afterPrevious.contains(Int(shaped[index].cluster)) {
                shaped[index].unsafeToBreak = true
            }
        }
        output.append(contentsOf: shaped)
        cache.withLock { $0.insert(units, hash: hash, variant: variant, shaped: output[start...]) }
    }

    /// Whether `unit` (followed by `next` in the text, nil at its end) may be set half-width
    /// at the end of a line that is too wide for its blank half, with this font: CSS
    /// `text-spacing-trim: normal` allows it for closing marks (`」` `）` `”`), through the
    /// font's `halt`.
    public func trimsAtLineEnd(_ unit: UInt16, next: UInt16?) -> Bool {
        guard PunctuationTrim.mayApply(unit), let punctuation else { return false }
        return PunctuationTrim.trimsAtLineEnd(unit, next: next, facts: punctuation)
    }

    /// OpenType `chws` (contextual half-width spacing) over the whole run.
    private static let contextualHalfWidthSpacing = hb_feature_t(tag: PunctuationTrim.chws, value: 1, start: 0, end: UInt32.max)

    /// Shapes UTF-16 text: its glyphs run after run in the text's order, each run's glyphs
    /// in visual order (a right-to-left run's last character's glyph first).
    /// - Throws: `ShapingError.allocationFailed`, `.textTooLong`, `.faceUnreadable` when a
    ///   table of the face could not be read (the file changed or was truncated).
    ///
    /// `halfWidth`: offsets of characters set with `halt` (see `PunctuationTrim`).
    public func shape(_ units: UnsafeBufferPointer<UInt16>, halfWidth: [Int] = []) throws(ShapingError) -> [ShapedGlyph] {
        guard units.count <= Int(Int32.max) else { throw .textTooLong(utf16Count: units.count) }
        guard let base = units.baseAddress, !units.isEmpty else { return [] }
        let hb = font.hb
        let buffer = try HarfBuzzBuffer(hb)
        var result: [ShapedGlyph] = []
        result.reserveCapacity(units.count)
        for run in ScriptRuns.split(units, hb) {
            hb.buffer_clear_contents(buffer.handle)
            // The whole text is context (Arabic joins across a run's edge); the run is shaped.
            hb.buffer_add_utf16(buffer.handle, base, Int32(units.count), UInt32(run.range.lowerBound),
                                Int32(run.range.count))
            let direction = run.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
            hb.buffer_set_direction(buffer.handle, direction)
            hb.buffer_set_script(buffer.handle, run.script)
            var features = [Self.contextualHalfWidthSpacing]
            for offset in halfWidth where run.range.contains(offset) {
                features.append(hb_feature_t(tag: PunctuationTrim.halt, value: 1, start: UInt32(offset), end: UInt32(offset + 1)))
            }
            hb.shape(font.handle, buffer.handle, features, UInt32(features.count))
            guard hb.buffer_allocation_successful(buffer.handle) != 0 else {
                throw .allocationFailed(function: "hb_shape")
            }
            var count: UInt32 = 0
            guard let infos = hb.buffer_get_glyph_infos(buffer.handle, &count) else { continue }
            guard let positions = hb.buffer_get_glyph_positions(buffer.handle, &count) else {
                throw .allocationFailed(function: "hb_buffer_get_glyph_positions")
            }
            for index in 0..<Int(count) {
                let info = infos[index]
                let position = positions[index]
                result.append(ShapedGlyph(glyph: info.codepoint, cluster: info.cluster, xAdvance: position.x_advance,
                                          xOffset: position.x_offset, yOffset: position.y_offset,
                                          rightToLeft: run.rightToLeft,
                                          unsafeToBreak: info.mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
            }
        }
        // A table HarfBuzz could not read was taken as empty: refuse what it shaped.
        guard !font.tableUnreadable else { throw .faceUnreadable(faceIndex: font.faceIndex) }
        return result
    }

    /// HarfBuzz's version (`6.0.0`), for the environment fingerprint: the version of the
    /// headers this program was built with, which is the library's (Debian ships both in one
    /// version), so that computing it does not open the library: the fingerprint is recorded
    /// in every PNG, and a render whose fonts are all fixed pitch never loads HarfBuzz.
    public static var version: String { HB_VERSION_STRING }
}

/// The split of a text into runs of one script.
enum ScriptRuns {
    struct Run {
        var range: Range<Int>
        var script: hb_script_t
        var rightToLeft: Bool
    }

    static func split(_ units: UnsafeBufferPointer<UInt16>, _ hb: HarfBuzz) -> [Run] {
        // Latin text (below U+0250, no surrogates) is one run: no lookups.
        if units.allSatisfy({ $0 < 0x250 }) {
            return [Run(range: 0..<units.count, script: HB_SCRIPT_LATIN, rightToLeft: false)]
        }
        let functions = hb.unicode_funcs_get_default()
        var runs: [Run] = []
        var runStart = 0
        var runScript = HB_SCRIPT_COMMON
        var index = 0
        while index < units.count {
            var value = UInt32(units[index])
            var length = 1
            if value & 0xFC00 == 0xD800, index + 1 < units.count, units[index + 1] & 0xFC00 == 0xDC00 {
                value = 0x1_0000 + ((value - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00)
                length = 2
            }
            let script = hb.unicode_script(functions, value)
            let neutral = script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
            if !neutral && script != runScript {
                if runScript == HB_SCRIPT_COMMON {
                    runScript = script  // the neutral characters so far join this run
                } else {
                    runs.append(run(runStart..<index, runScript, hb))
                    runStart = index
                    runScript = script
                }
            }
            index += length
        }
        runs.append(run(runStart..<units.count, runScript, hb))
        return runs
    }

    private static func run(_ range: Range<Int>, _ script: hb_script_t, _ hb: HarfBuzz) -> Run {
        Run(range: range, script: script, rightToLeft: hb.script_get_horizontal_direction(script) == HB_DIRECTION_RTL)
    }
}
