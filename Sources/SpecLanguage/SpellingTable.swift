/// The language's fixed words (attribute names, node kinds) looked up by their UTF-8
/// bytes: each spelling packed into two 64-bit words and its length, found in a 256-slot
/// open-addressing table by a hash of those words and compared word by word.
///
/// The parser looks a name up for every attribute and every line; a `[String: …]`
/// dictionary hashed each one with SipHash, and an enum's `init(rawValue:)` compared it
/// with every spelling in turn. Bytes give the same answers: every spelling is lowercase
/// ASCII letters and `-`, and no other string is canonically equivalent to such a one
/// (no character decomposes to a lowercase ASCII letter or `-`), so `String`'s `==` and
/// comparing bytes agree on them.
struct SpellingTable<Value>: Sendable where Value: Sendable {
    /// Up to 16 bytes in two words, and the length: equal exactly when the bytes are.
    private struct Packed: Equatable, Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var count = 0

        /// Nil for more than 16 bytes, which no spelling has.
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count <= 16 else { return nil }
            count = bytes.count
            for index in 0..<min(count, 8) { low |= UInt64(bytes[index]) << (8 * UInt64(index)) }
            if count > 8 {
                for index in 8..<count { high |= UInt64(bytes[index]) << (8 * UInt64(index - 8)) }
            }
        }

        var slot: Int {
            let mixed = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
            return Int(truncatingIfNeeded: mixed >> 56)  // the top byte: 0..<256
        }
    }

    private let spellings: [Packed]
    private let values: [Value]
    /// Index into `spellings` plus one; 0 is an empty slot.
    private let slots: [UInt8]
    private static var slotCount: Int { 256 }

    /// A table of `entries`, whose spellings are at most 16 bytes; with
    /// `leavingOutLongSpellings`, a longer one is left out (`value` finds nothing for it)
    /// instead of stopping the program, for a table that only speeds up a slower lookup.
    init(_ entries: [(String, Value)], leavingOutLongSpellings: Bool = false) {
        var kept: [(Packed, Value)] = []
        for entry in entries {
            let packed = Array(entry.0.utf8).withUnsafeBufferPointer(Packed.init)
            if let packed { kept.append((packed, entry.1)) }
            else if !leavingOutLongSpellings { preconditionFailure("'\(entry.0)' is longer than 16 bytes") }
        }
        precondition(kept.count < Self.slotCount / 2, "the table is kept at most half full")
        spellings = kept.map(\.0)
        values = kept.map(\.1)
        var slots = [UInt8](repeating: 0, count: Self.slotCount)
        for (index, spelling) in spellings.enumerated() {
            var slot = spelling.slot
            while slots[slot] != 0 { slot = (slot + 1) & (Self.slotCount - 1) }
            slots[slot] = UInt8(index + 1)
        }
        self.slots = slots
    }

    /// The value spelled by `bytes`, or nil.
    func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        guard let packed = Packed(bytes) else { return nil }
        var slot = packed.slot
        // The table is at most half full, so an empty slot ends every probe.
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if spellings[entry - 1] == packed { return values[entry - 1] }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }

    /// The value spelled `text`, or nil.
    func value(_ text: some StringProtocol) -> Value? {
        if let found = text.utf8.withContiguousStorageIfAvailable({ value($0) }) { return found }
        return Array(text.utf8).withUnsafeBufferPointer { value($0) }
    }
}
