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

    /// The kind of a line this reader may read: its first word a kind that is no
    /// `if`/`else`/`for` (so the line is not blank and not a comment); nil for any other line.
    /// A `path` line is always read the general way, where its data is checked.
    static func kind(of start: LineStart) -> NodeKind? {
        guard let kind = start.firstWordKind, !kind.isControl, kind != .path else { return nil }
        return kind
    }

    /// Reads the line of these bytes (without its line ending), line `number` of the spec,
    /// whose first word (`start`) spells `kind`, a node kind that is no `if`/`else`/`for`.
    static func read(_ bytes: Bytes, start: LineStart, kind: NodeKind, number: Int) -> Line? {
        PlainLineReader(bytes: bytes, kind: kind, number: number).read(from: start.indent + start.wordLength)
    }

    /// The line from `offset` (just after the kind), or nil to read it the general way.
    private func read(from offset: Int) -> Line? {
        // ASCII only: a byte offset is then a column, and every text compares as its bytes.
        let (isASCII, equalSigns) = asciiAndEqualSigns()
        guard isASCII else { return nil }
        var line = Line(argument: nil, attributes: Attributes())
        // Room for an attribute an `=` (a flag may grow it): grown one at a time, the
        // array was allocated three or four times a node.
        line.attributes.reserveCapacity(equalSigns)
        var i = skipSpaces(from: offset)
        if Self.takesText(kind) {
            guard i < bytes.count, bytes[i] == Self.quote, let (text, end) = quoted(from: i),
                  !(kind == .span && text.isEmpty) else { return nil }
            line.argument = .string(text)
            i = end
        }
        // The names given so far: a second one is an error, for the general path.
        var seen = AttributeNameSet()
        while true {
            i = skipSpaces(from: i)
            if i == bytes.count || bytes[i] == Self.hash { break }
            guard let found = attribute(at: i), seen.insert(found.attribute.key) else { return nil }
            // A shorthand replaces the attributes it sets that came before it; when none of
            // them is on the line (there is no style), there is nothing to look for.
            if Schema.isShorthand(found.attribute.key),
               Schema.longhands(of: found.attribute).contains(where: { seen.contains($0) }) {
                line.attributes.cascade(found.attribute)
            } else {
                line.attributes.set(found.attribute)
            }
            i = found.end
        }
        // (A `size` that `readAttributes` refuses: its message comes from there.)
        if seen.contains(.size), let size = line.attributes[.size], Schema.sizeProblem(size.value, on: kind) != nil {
            return nil
        }
        return line
    }

    /// The kinds whose line has a quoted text right after the kind (an image's file too).
    private static func takesText(_ kind: NodeKind) -> Bool { kind == .label || kind == .span || kind == .image }

    /// Whether the line is ASCII, and how many `=` it holds, in one pass.
    private func asciiAndEqualSigns() -> (Bool, Int) {
        var any: UInt8 = 0
        var count = 0
        for byte in bytes {
            any |= byte
            count &+= byte == Self.equals ? 1 : 0
        }
        return (any < 0x80, count)
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

    /// An attribute read, and where its token ends.
    private struct Found {
        var attribute: Attribute
        var end: Int
    }

    /// The attribute whose token starts at `offset`: `key=value` with a bare value, or a
    /// flag (`clip`), read for this kind, located at its value (a flag at its name).
    private func attribute(at offset: Int) -> Found? {
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
            return Found(attribute: Attribute(name, value: .bool(true), location: location(offset)), end: j)
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
        return Found(attribute: Attribute(name, value: value, location: location(valueStart)), end: end)
    }

    /// Where byte `offset` of the line is (an ASCII line: the column is the offset plus one).
    private func location(_ offset: Int) -> SourceLocation { SourceLocation(line: number, column: offset + 1) }
}
