extension Unicode.Scalar {
    /// The scalar as Unicode writes it in messages: `U+` and at least four uppercase hex
    /// digits (`U+0041`, `U+65E5`, `U+1F600`).
    var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
    }
}
