/// Shaped words kept for reuse, in flat arrays: a lookup hashes the word's UTF-16 units and
/// compares them in place, so neither a hit nor a miss allocates (a `[[UInt16]: …]`
/// dictionary made a key array per word, the largest cost of shaping a megabyte of text).
/// Not thread-safe: `ShapingFont` keeps it behind a lock.
struct WordCache {
    private struct Entry {
        var hash: UInt64
        var keyStart: Int32
        var keyCount: Int32
        var glyphStart: Int32
        var glyphCount: Int32
        /// Which context-dependent shaping the glyphs had (see `ShapingFont.appendShaped`).
        var variant: UInt8
    }

    /// Words kept before the cache starts over (what it holds never changes a result).
    static let maxEntries = 1 << 15
    /// UTF-16 units and glyphs kept before the cache starts over (a few MB per font).
    static let maxStored = 1 << 18

    private var keys: [UInt16] = []
    private var glyphs: [ShapedGlyph] = []
    private var entries: [Entry] = []
    /// Open addressing: an index into `entries`, or −1; twice `maxEntries` long.
    private var slots = [Int32](repeating: -1, count: 2 * WordCache.maxEntries)

    static func hash(_ units: UnsafeBufferPointer<UInt16>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in units { hash = (hash ^ UInt64(unit)) &* 0x100_0000_01b3 }
        return hash
    }

    /// Appends the cached glyphs of `units` to `output`; false when the word is not cached.
    func append(_ units: UnsafeBufferPointer<UInt16>, hash: UInt64, variant: UInt8 = 0, to output: inout [ShapedGlyph]) -> Bool {
        guard let entry = find(units, hash: hash, variant: variant).entry else { return false }
        let found = entries[entry]
        output.append(contentsOf: glyphs[Int(found.glyphStart)..<Int(found.glyphStart + found.glyphCount)])
        return true
    }

    /// Keeps `shaped` as the glyphs of `units`.
    mutating func insert(_ units: UnsafeBufferPointer<UInt16>, hash: UInt64, variant: UInt8 = 0, shaped: ArraySlice<ShapedGlyph>) {
        if entries.count >= Self.maxEntries || keys.count + units.count > Self.maxStored
            || glyphs.count + shaped.count > Self.maxStored {
            keys.removeAll(keepingCapacity: true)
            glyphs.removeAll(keepingCapacity: true)
            entries.removeAll(keepingCapacity: true)
            for index in slots.indices { slots[index] = -1 }
        }
        let (entry, slot) = find(units, hash: hash, variant: variant)
        guard entry == nil else { return }
        slots[slot] = Int32(entries.count)
        entries.append(Entry(hash: hash, keyStart: Int32(keys.count), keyCount: Int32(units.count),
                             glyphStart: Int32(glyphs.count), glyphCount: Int32(shaped.count), variant: variant))
        keys.append(contentsOf: units)
        glyphs.append(contentsOf: shaped)
    }

    /// The entry holding `units`, or nil and the free slot where it would go.
    private func find(_ units: UnsafeBufferPointer<UInt16>, hash: UInt64, variant: UInt8) -> (entry: Int?, slot: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return (nil, slot) }
            let entry = entries[index]
            if entry.hash == hash && Int(entry.keyCount) == units.count && entry.variant == variant {
                let same = keys.withUnsafeBufferPointer { keys in
                    memcmpEqual(keys.baseAddress! + Int(entry.keyStart), units.baseAddress, units.count)
                }
                if same { return (index, slot) }
            }
            slot = (slot + 1) & mask
        }
    }

    private func memcmpEqual(_ a: UnsafePointer<UInt16>, _ b: UnsafePointer<UInt16>?, _ count: Int) -> Bool {
        guard let b else { return count == 0 }
        for index in 0..<count where a[index] != b[index] { return false }
        return true
    }
}
