/// A node line read in one pass over its bytes, straight into the node's argument and
/// attributes: no tokens, raw attributes or value strings made on the way.
///
/// Most lines of a spec are plain: ASCII, a kind, a quoted text where the kind takes one,
/// then known `key=value` attributes (or flags) with unquoted values of the common shapes
/// (`ByteValueReader`). Such a line has one reading, and it is the one the tokenizer, the
/// raw attributes and `ValueReader` give. Any other line, and every line with something
/// wrong in it, is declined (nil) and read by that general path, which makes every
/// message as before: this reader throws nothing and has no messages of its own.
struct PlainLineReader {
    /// What a plain line gives its node.
    struct Line {
        var argument: Value?
        var attributes: Attributes
    }

    typealias Bytes = UnsafeBufferPointer<UInt8>
    private let bytes: Bytes
    private let kind: NodeKind
    private let number: Int

    private static let space = UInt8(ascii: " "), hash = UInt8(ascii: "#"), quote = UInt8(ascii: "\"")
    private static let equals = UInt8(ascii: "="), backslash = UInt8(ascii: "\\")

    /// Reads `line` (without its line ending), line `number` of the spec, whose first word
    /// (`start`) spells `kind`, a node kind that is no `if`/`else`/`for`.
    static func read(_ line: Substring, start: LineStart, kind: NodeKind, number: Int) -> Line? {
        line.utf8.withContiguousStorageIfAvailable { bytes in
            PlainLineReader(bytes: bytes, kind: kind, number: number).read(from: start.indent + start.wordLength)
        } ?? nil
    }

    /// The line from `offset` (just after the kind), or nil to read it the general way.
    private func read(from offset: Int) -> Line? {
        // ASCII only: a byte offset is then a column, and every text compares as its bytes.
        guard isASCII(bytes) else { return nil }
        var line = Line(argument: nil, attributes: Attributes())
        var i = skipSpaces(from: offset)
        if Self.takesText(kind) {
            guard i < bytes.count, bytes[i] == Self.quote, let (text, end) = quoted(from: i),
                  !(kind == .span && text.isEmpty) else { return nil }
            line.argument = .string(text)
            i = end
        }
        // The names given so far, a bit each: a second one is an error, for the general path.
        var seen: (low: UInt64, high: UInt64) = (0, 0)
        while true {
            i = skipSpaces(from: i)
            if i == bytes.count || bytes[i] == Self.hash { break }
            guard let (name, value, valueOffset, end) = attribute(at: i), firstTime(name, seen: &seen) else { return nil }
            ParseState.cascade(Attribute(name, value: value, location: SourceLocation(line: number, column: valueOffset + 1)),
                               into: &line.attributes)
            i = end
        }
        guard !sizeRefused(line.attributes) else { return nil }
        return line
    }

    /// The kinds whose line has a quoted text right after the kind (an image's file too).
    private static func takesText(_ kind: NodeKind) -> Bool { kind == .label || kind == .span || kind == .image }

    private func isASCII(_ bytes: Bytes) -> Bool {
        var any: UInt8 = 0
        for byte in bytes { any |= byte }
        return any < 0x80
    }

    private func skipSpaces(from offset: Int) -> Int {
        var i = offset
        while i < bytes.count, bytes[i] == Self.space { i += 1 }
        return i
    }

    /// A quoted text without escapes starting at `offset`, and where the token ends (a space
    /// or the end of the line follows it).
    private func quoted(from offset: Int) -> (String, Int)? {
        var i = offset + 1
        while i < bytes.count, bytes[i] != Self.quote {
            if bytes[i] == Self.backslash { return nil }
            i += 1
        }
        guard i < bytes.count, i + 1 == bytes.count || bytes[i + 1] == Self.space else { return nil }
        return (String(decoding: Bytes(rebasing: bytes[(offset + 1)..<i]), as: UTF8.self), i + 1)
    }

    /// The attribute whose token starts at `offset`: `key=value` with a bare value, or a
    /// flag (`clip`), read for this kind; with the offset of its value (a flag's is its
    /// name's) and where the token ends.
    private func attribute(at offset: Int) -> (AttributeName, Value, valueOffset: Int, end: Int)? {
        var j = offset
        while j < bytes.count, bytes[j] != Self.space, bytes[j] != Self.equals, bytes[j] != Self.quote { j += 1 }
        // Nothing to read at a tab or a quote (an error), nor at a style (looked up and
        // applied before the line's own attributes).
        guard j > offset, let name = AttributeName(utf8: Bytes(rebasing: bytes[offset..<j])), name != .style,
              !(kind == .span && Schema.spanLayoutNames.contains(name)),
              let shape = Schema.shape(of: name, for: kind) else { return nil }
        guard j < bytes.count, bytes[j] == Self.equals else {
            // A flag (its name, then a space or the end) means true.
            guard j == bytes.count || bytes[j] == Self.space, shape == .bool || shape == .stackWrap else { return nil }
            return (name, .bool(true), offset, j)
        }
        let valueStart = j + 1
        var end = valueStart
        // A bare value ends at a space; one with parentheses (an anchor, a gradient) or a
        // quote in it, or none at all, is the general path's.
        while end < bytes.count, bytes[end] != Self.space {
            let byte = bytes[end]
            if byte == Self.quote || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") { return nil }
            end += 1
        }
        guard end > valueStart,
              let value = ByteValueReader.read(Bytes(rebasing: bytes[valueStart..<end]), shape: shape) else { return nil }
        return (name, value, valueStart, end)
    }

    /// Notes `name` as given; false when it was given before on the line.
    private func firstTime(_ name: AttributeName, seen: inout (low: UInt64, high: UInt64)) -> Bool {
        let index = Int(name.rawValue)
        let bit: UInt64 = 1 << UInt64(index & 63)
        if index < 64 {
            if seen.low & bit != 0 { return false }
            seen.low |= bit
        } else {
            if seen.high & bit != 0 { return false }
            seen.high |= bit
        }
        return true
    }

    /// Whether `readAttributes` would refuse the line's `size`: one number where only a
    /// font size may be one, or a pair on a span.
    private func sizeRefused(_ attributes: Attributes) -> Bool {
        guard let size = attributes[.size] else { return false }
        switch size.value {
        case .number: return !Schema.fontSizeKinds.contains(kind)
        case .size: return kind == .span
        default: return false
        }
    }
}
