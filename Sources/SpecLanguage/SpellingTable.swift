/// The language's fixed words (attribute names, node kinds) looked up by their UTF-8
/// bytes: a 256-slot open-addressing table hashed with FNV-1a and checked byte by byte.
///
/// The parser looks a name up for every attribute and every line; a `[String: …]`
/// dictionary hashed each one with SipHash, and an enum's `init(rawValue:)` compared it
/// with every spelling in turn. Bytes give the same answers: every spelling is lowercase
/// ASCII letters and `-`, and no other string is canonically equivalent to such a one
/// (no character decomposes to a lowercase ASCII letter or `-`), so `String`'s `==` and
/// comparing bytes agree on them.
struct SpellingTable<Value>: Sendable where Value: Sendable {
    private let spellings: [[UInt8]]
    private let values: [Value]
    /// Index into `spellings` plus one; 0 is an empty slot.
    private let slots: [UInt8]
    private static var slotCount: Int { 256 }

    init(_ entries: [(String, Value)]) {
        precondition(entries.count < Self.slotCount / 2, "the table is kept at most half full")
        spellings = entries.map { Array($0.0.utf8) }
        values = entries.map(\.1)
        var slots = [UInt8](repeating: 0, count: Self.slotCount)
        for (index, spelling) in spellings.enumerated() {
            var slot = Self.hash(spelling) & (Self.slotCount - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (Self.slotCount - 1) }
            slots[slot] = UInt8(index + 1)
        }
        self.slots = slots
    }

    private static func hash(_ bytes: some Sequence<UInt8>) -> Int {
        var h: UInt32 = 2_166_136_261
        for byte in bytes { h = (h ^ UInt32(byte)) &* 16_777_619 }
        return Int(h ^ (h >> 16))
    }

    /// The value spelled by `bytes`, or nil.
    func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        var slot = Self.hash(bytes) & (Self.slotCount - 1)
        // The table is at most half full, so an empty slot ends every probe.
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if Self.equal(spellings[entry - 1], bytes) { return values[entry - 1] }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }

    /// Byte by byte, the lengths first (the generic `elementsEqual` was slower).
    private static func equal(_ spelling: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard spelling.count == bytes.count else { return false }
        for index in 0..<bytes.count where spelling[index] != bytes[index] { return false }
        return true
    }

    /// The value spelled `text`, or nil.
    func value(_ text: some StringProtocol) -> Value? {
        if let found = text.utf8.withContiguousStorageIfAvailable({ value($0) }) { return found }
        return Array(text.utf8).withUnsafeBufferPointer { value($0) }
    }
}
