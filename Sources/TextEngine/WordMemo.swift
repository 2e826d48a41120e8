import TextShaping

/// The words one text has shaped so far, in cluster terms: for each, the advance, glyph and
/// shaping flags of its clusters (and the glyph lists of those that have one), as
/// `ShapedWords` wrote them. A word met again (same UTF-16 units, font and the units beside
/// it, so the same shaping whatever `ShapingFont` looks at) with the same clusters gets them
/// copied, without going to the shaper, its lock and its cache, or mapping glyphs to
/// clusters again: the per-word cost of a proportional font becomes about a monospace one's.
/// Kept for one text (one `ShapedWords`), so it needs no lock; a hit gives what shaping
/// again would have, so what it holds never changes a result.
struct WordMemo {
    struct Entry {
        var hash: UInt64
        /// The font index and the units before and after the word (+1; 0: none), packed.
        var context: UInt64
        var keyStart: Int32
        var keyCount: Int32
        var recordStart: Int32
        var recordCount: Int32
    }

    /// What shaping wrote to one cluster of the word.
    struct Record {
        /// The cluster's start, relative to the word's.
        var start: Int32
        /// Before letter spacing.
        var advance: Int32
        /// The cluster's glyph list in `glyphs` (`.glyphList` only).
        var glyphStart: Int32
        var glyphCount: Int32
        /// Set as the cluster's glyph when `setsGlyph`.
        var glyph: UInt16
        var setsGlyph: Bool
        /// The flags shaping adds (`.shaped`, `.rightToLeft`, `.unsafeToBreakBefore`,
        /// `.noGlyph`, `.glyphList`) to the cluster's `.uncovered`.
        var flags: Cluster.Flags
    }

    /// Whether words are kept and looked up (not for the few words reshaped at line edges).
    let isEnabled: Bool
    private var keys: [UInt16] = []
    private var entries: [Entry] = []
    private(set) var records: [Record] = []
    private(set) var glyphs: [ShapedGlyph] = []
    /// Open addressing: an index into `entries`, or −1; kept at most half full.
    private var slots: [Int32]

    /// Words kept at most (lookups go on past it, for the words kept).
    static let maxEntries = 1 << 15
    /// UTF-16 units, cluster records and glyphs kept at most, each.
    static let maxStored = 1 << 18

    init(enabled: Bool) {
        isEnabled = enabled
        slots = enabled ? [Int32](repeating: -1, count: 256) : []
    }

    static func context(font: UInt8, before: UInt16?, after: UInt16?) -> UInt64 {
        UInt64(font) | UInt64(before.map { UInt32($0) + 1 } ?? 0) << 8 | UInt64(after.map { UInt32($0) + 1 } ?? 0) << 32
    }

    static func hash(_ units: UnsafeBufferPointer<UInt16>, context: UInt64) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ context
        for unit in units { hash = (hash ^ UInt64(unit)) &* 0x100_0000_01b3 }
        return hash ^ (hash >> 29)
    }

    /// The records of the word `units` in `context`, or nil.
    func find(_ units: UnsafeBufferPointer<UInt16>, hash: UInt64, context: UInt64) -> Range<Int>? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                keys.withUnsafeBufferPointer { keys in
                    while true {
                        let index = Int(slots[slot])
                        if index < 0 { return nil }
                        let entry = entries[index]
                        if entry.hash == hash && entry.context == context && Int(entry.keyCount) == units.count {
                            var same = true
                            let key = keys.baseAddress! + Int(entry.keyStart)
                            for position in 0..<units.count where key[position] != units[position] {
                                same = false
                                break
                            }
                            if same { return Int(entry.recordStart)..<Int(entry.recordStart + entry.recordCount) }
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
    }

    /// Whether another word fits (`recordCount` clusters, `glyphCount` glyphs in lists).
    func hasRoom(units: Int, records recordCount: Int) -> Bool {
        isEnabled && entries.count < Self.maxEntries && keys.count + units <= Self.maxStored
            && records.count + recordCount <= Self.maxStored && glyphs.count <= Self.maxStored
    }

    /// Starts keeping a word: its records follow with `append`, then `finish`.
    var recordCount: Int { records.count }

    mutating func append(_ record: Record, glyphs list: ArraySlice<ShapedGlyph>) {
        var record = record
        if record.flags.contains(.glyphList) {
            record.glyphStart = Int32(glyphs.count)
            record.glyphCount = Int32(list.count)
            glyphs.append(contentsOf: list)
        }
        records.append(record)
    }

    /// Keeps the records appended since `recordStart` as the word `units` in `context`.
    mutating func finish(_ units: UnsafeBufferPointer<UInt16>, hash: UInt64, context: UInt64, recordStart: Int) {
        if 2 * (entries.count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entries.count)
        entries.append(Entry(hash: hash, context: context, keyStart: Int32(keys.count), keyCount: Int32(units.count),
                             recordStart: Int32(recordStart), recordCount: Int32(records.count - recordStart)))
        keys.append(contentsOf: units)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: 2 * slots.count)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }
}
