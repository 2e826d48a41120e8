extension Attributes {
    /// A hash of these attributes' names and values, for finding nodes that write the same
    /// ones (`samePlainValues(as:)`); nil when a value is not plain: only numbers, whole
    /// numbers, lengths, sizes, insets, colours, keywords and flags take part. Where the
    /// attributes were written is no part of it.
    public var plainValuesKey: UInt64? {
        // FNV-1a a word at a time: the key is compared whole, and sets that collide are
        // told apart by `samePlainValues(as:)`.
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        @inline(__always) func mix(_ v: UInt64) { h = (h ^ v) &* 0x0000_0100_0000_01B3 }
        @inline(__always) func mix(length l: Length) {
            switch l {
            case .auto: mix(1)
            case .points(let v): mix(2); mix(v.bitPattern)
            case .percent(let v): mix(3); mix(v.bitPattern)
            case .minContent: mix(4)
            case .maxContent: mix(5)
            case .fitContent: mix(6)
            }
        }
        for index in storage.indices {
            mix(UInt64(storage[index].key.rawValue) &+ 0x100)
            switch storage[index].value {
            case .number(let v): mix(v.bitPattern)
            case .integer(let n): mix(UInt64(bitPattern: Int64(n)))
            case .length(let l): mix(length: l)
            case .size(let w, let h): mix(length: w); mix(length: h)
            case .insets(let t, let r, let b, let l): mix(length: t); mix(length: r); mix(length: b); mix(length: l)
            case .color(let c): mix(UInt64(c.red) | UInt64(c.green) << 8 | UInt64(c.blue) << 16 | UInt64(c.alpha) << 24)
            case .keyword(let k): for byte in k.utf8 { mix(UInt64(byte)) }
            case .bool(let b): mix(b ? 1 : 0)
            default: return nil
            }
        }
        return h
    }

    /// Whether `other` holds the same names with the same plain values (see
    /// `plainValuesKey`), each number to the bit: `-0` is not `0` here, as it is for `==`.
    public func samePlainValues(as other: Attributes) -> Bool {
        guard storage.count == other.storage.count else { return false }
        for index in storage.indices {
            guard storage[index].key == other.storage[index].key,
                  Self.samePlain(storage[index].value, other.storage[index].value) else { return false }
        }
        return true
    }

    private static func samePlain(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x.bitPattern == y.bitPattern
        case (.integer(let x), .integer(let y)): return x == y
        case (.length(let x), .length(let y)): return same(x, y)
        case (.size(let w1, let h1), .size(let w2, let h2)): return same(w1, w2) && same(h1, h2)
        case (.insets(let t1, let r1, let b1, let l1), .insets(let t2, let r2, let b2, let l2)):
            return same(t1, t2) && same(r1, r2) && same(b1, b2) && same(l1, l2)
        case (.color(let x), .color(let y)): return x == y
        case (.keyword(let x), .keyword(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        default: return false
        }
    }

    private static func same(_ a: Length, _ b: Length) -> Bool {
        switch (a, b) {
        case (.points(let x), .points(let y)), (.percent(let x), .percent(let y)): return x.bitPattern == y.bitPattern
        case (.auto, .auto), (.minContent, .minContent), (.maxContent, .maxContent), (.fitContent, .fitContent): return true
        default: return false
        }
    }
}
