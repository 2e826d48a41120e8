/// Where a generator's decisions come from: a seeded random sequence in the property
/// tests, or the input bytes of a fuzzer, so that a coverage-guided fuzzer mutates the
/// structure of a spec rather than its characters.
public protocol Choices {
    /// A number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int
    /// True with about `percent` in 100 chance.
    mutating func chance(_ percent: Int) -> Bool
}

extension Choices {
    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
}

/// A small deterministic generator (SplitMix64): the same seed, the same choices.
public struct SeededChoices: Choices {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    public mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
}

/// Choices read from a fuzzer's input: one byte for a range of at most 256 values, four
/// for a larger one. When the bytes run out every choice is the smallest one and every
/// chance is lost, so a generator driven by them always ends.
public struct ByteChoices: Choices {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    private mutating func take(_ count: Int) -> UInt64? {
        guard offset < bytes.count else { return nil }
        var value: UInt64 = 0
        for _ in 0..<count where offset < bytes.count {
            value = value << 8 | UInt64(bytes[offset])
            offset += 1
        }
        return value
    }

    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        guard range.count > 1, let value = take(range.count <= 256 ? 1 : 4) else { return range.lowerBound }
        return range.lowerBound + Int(value % UInt64(range.count))
    }

    public mutating func chance(_ percent: Int) -> Bool {
        guard let value = take(1) else { return false }
        return Int(value % 100) < percent
    }
}
