/// Literals for the values a Swift program writes most (the typed layouts of
/// LayoutRenderKit): a number is a length in points, a hex number a colour.
extension Length: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    public init(floatLiteral value: Double) { self = .points(value) }
}

extension Color {
    /// `0x4f7cff`: red, green and blue from a 24-bit number, as `#4f7cff` writes them.
    public init(hex rgb: UInt32, alpha: UInt8 = 255) {
        self.init(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
                  blue: UInt8(truncatingIfNeeded: rgb), alpha: alpha)
    }
}

extension Color {
    /// `.hex(0x4f7cff)` where a colour is expected.
    public static func hex(_ rgb: UInt32, alpha: UInt8 = 255) -> Color { Color(hex: rgb, alpha: alpha) }
}

extension AnchorValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    public init(floatLiteral value: Double) { self = .points(value) }

    /// `parent.ATTRIBUTE*MULTIPLIER+OFFSET`.
    public static func parent(_ attribute: AnchorName, times multiplier: Double = 1, plus offset: Double = 0) -> AnchorValue {
        .reference(target: nil, attribute: attribute, multiplier: multiplier, offset: offset)
    }

    /// `ID.ATTRIBUTE*MULTIPLIER+OFFSET`: a sibling's edge, centre or size.
    public static func node(_ id: String, _ attribute: AnchorName, times multiplier: Double = 1,
                            plus offset: Double = 0) -> AnchorValue {
        .reference(target: id, attribute: attribute, multiplier: multiplier, offset: offset)
    }
}
