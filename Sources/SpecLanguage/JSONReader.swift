/// A JSON value with where it starts in the text.
///
/// The one reader of JSON in the project: the JSON form of a spec and `--data` files both
/// go through `JSONReader`, which gives every value its line and column, rejects duplicate
/// keys and bounds nesting (Foundation's decoder does neither and reports no position).
public struct JSONValue: Sendable {
    public enum Content: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        /// Members in the order written; keys are unique.
        case object([JSONMember])
    }

    public var content: Content
    /// 1-based line and column of the value's first character (columns count Unicode scalars).
    public var line: Int
    public var column: Int

    /// The member `key` of an object (nil for a missing key or a value that is no object).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = content else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value as spec data (`--data` files). Recursion is bounded by the reader's depth limit.
    public var dataValue: DataValue {
        switch content {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(\.dataValue))
        case .object(let members):
            var object: [String: DataValue] = [:]
            object.reserveCapacity(members.count)
            for m in members { object[m.key] = m.value.dataValue }
            return .object(object)
        }
    }

    /// The location of this value for messages: its line and column, and `path`.
    public func location(_ path: String) -> SourceLocation {
        SourceLocation(line: line, column: column, jsonPath: path)
    }
    public func location(_ path: JSONPath) -> SourceLocation {
        SourceLocation(line: line, column: column, jsonPath: path)
    }
}

/// One `"key": value` of a JSON object, with where its key starts.
public struct JSONMember: Sendable {
    public var key: String
    public var keyLine: Int
    public var keyColumn: Int
    public var value: JSONValue
    /// `key` as an attribute's name, when the reader looked it up from the key's bytes (the
    /// streamed spec reader does: `JSONScanner.key`); nil when it did not, or the key names none.
    var attribute: AttributeName? = nil
}

/// Reads JSON text (RFC 8259) into a `JSONValue`. Errors are `SpecError`s at the line,
/// column and JSON path where the text goes wrong; duplicate keys are an error naming
/// both places; arrays and objects nest at most `maxDepth` deep.
public struct JSONReader {
    public var maxDepth: Int

    public init(maxDepth: Int = ParseLimits.default.maxJSONDepth) { self.maxDepth = maxDepth }

    public func read(_ bytes: [UInt8]) throws(SpecError) -> JSONValue {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw SpecError("the JSON text is not valid UTF-8", at: SourceLocation(line: 1, column: 1, jsonPath: "$"))
        }
        return try bytes.withUnsafeBufferPointer { buffer in Result { () throws(SpecError) in try read(valid: buffer) } }.get()
    }

    /// Reads a `String`'s UTF-8 in place: it is valid UTF-8 already, and a spec of 42 MB
    /// is not copied into an array of bytes (nor checked again) first.
    public func read(_ text: String) throws(SpecError) -> JSONValue {
        var text = text
        text.makeContiguousUTF8()
        let result = text.utf8.withContiguousStorageIfAvailable { buffer in
            Result { () throws(SpecError) in try read(valid: buffer) }
        }
        return try (result ?? Result { () throws(SpecError) in try read(Array(text.utf8)) }).get()
    }

    private func read(valid bytes: UnsafeBufferPointer<UInt8>) throws(SpecError) -> JSONValue {
        var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth)
        scanner.skipSpace()
        let value = try scanner.value()
        scanner.skipSpace()
        guard scanner.i == bytes.count else { throw scanner.error("unexpected text after the JSON value") }
        return value
    }
}

/// The reading state: a byte index, the line and column there, and the path to the value
/// being read (formatted only when an error needs it). Also read from member to member by
/// `JSONSpecReader.streamedDocument`, which converts a spec's nodes as they are scanned.
struct JSONScanner {
    enum Step { case key(String), index(Int) }

    /// The text, borrowed for the read (the scanner does not outlive `JSONReader.read`).
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var i = 0
    var line = 1
    /// The column at byte `markOffset`; columns are counted forward from the last mark,
    /// so reading a long one-line file stays linear.
    var markOffset = 0
    var markColumn = 1
    var path: [Step] = []

    /// Where the scanner is in the text, with what its columns are counted from.
    struct Place { var i, line, markOffset, markColumn: Int }
    var place: Place {
        get { Place(i: i, line: line, markOffset: markOffset, markColumn: markColumn) }
        set { (i, line, markOffset, markColumn) = (newValue.i, newValue.line, newValue.markOffset, newValue.markColumn) }
    }

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) { self.bytes = bytes; self.maxDepth = maxDepth }

    /// The column of byte `offset` on the current line (offsets only move forward).
    mutating func column(at offset: Int) -> Int {
        var c = markColumn
        var k = markOffset
        // Eight bytes at a time (an indented file's columns are mostly its indentation):
        // every byte but a UTF-8 continuation byte (10xxxxxx) starts a scalar.
        while k + 8 <= offset {
            let word = UnsafeRawPointer(bytes.baseAddress! + k).loadUnaligned(as: UInt64.self)
            let continuations = word & ~(word << 1) & 0x8080_8080_8080_8080
            c += 8 - continuations.nonzeroBitCount
            k += 8
        }
        while k < offset {
            if bytes[k] & 0xC0 != 0x80 { c += 1 }
            k += 1
        }
        // An error may point back at the start of the token it is in (same line).
        while k > offset {
            k -= 1
            if bytes[k] & 0xC0 != 0x80 { c -= 1 }
        }
        markOffset = offset
        markColumn = c
        return c
    }

    /// The path for a message; a deep one shows its first and last steps around "…".
    var pathText: String {
        var s = "$"
        let shown = path.count > 16 ? Array(path.prefix(4)) + [nil] + Array(path.suffix(8)).map(Optional.some)
                                    : path.map(Optional.some)
        for step in shown {
            guard let step else { s += "…"; continue }
            switch step {
            case .index(let n): s += "[\(n)]"
            case .key(let k):
                if ValueReader.isIdentifier(k) { s += "." + k } else { s += "[" + SpecWriter.jsonString(k) + "]" }
            }
        }
        return s
    }

    mutating func error(_ message: String, at offset: Int? = nil) -> SpecError {
        let col = column(at: Swift.min(offset ?? i, bytes.count))
        return SpecError(message, at: SourceLocation(line: line, column: col, jsonPath: pathText))
    }

    /// Passes over the space at `i`. Inlined up to its first byte: half the calls (after a
    /// key, before a comma) find none.
    @inline(__always)
    mutating func skipSpace() {
        if i < bytes.count, bytes[i] > UInt8(ascii: " ") { return }
        skipSpaceRun()
    }

    private mutating func skipSpaceRun() {
        var run = i
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "):
                i += 1
                // The rest of an indentation's spaces eight bytes at a time, the spaces that
                // begin the last eight counted at once (the first byte is the lowest of the
                // little-endian word), not one byte a turn of the outer loop.
                while i + 8 <= bytes.count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self))
                    let spaces = (word ^ 0x2020_2020_2020_2020).trailingZeroBitCount >> 3
                    i += spaces
                    if spaces < 8 { break }
                }
            case UInt8(ascii: "\t"), UInt8(ascii: "\r"): i += 1
            case UInt8(ascii: "\n"):
                i += 1
                line += 1
                markOffset = i
                markColumn = 1
                run = i
            default:
                markPast(run)
                return
            }
        }
        markPast(run)
    }

    /// A mark at `run`, the start of the space just skipped, moved past it: each of its
    /// bytes is a column, so the column of what follows an indentation (a key, a value) is
    /// found without counting the indentation again.
    private mutating func markPast(_ run: Int) {
        guard markOffset == run else { return }
        markColumn += i - run
        markOffset = i
    }

    mutating func value() throws(SpecError) -> JSONValue {
        guard i < bytes.count else { throw error("the JSON text ends where a value was expected") }
        let l = line, c = column(at: i)
        func make(_ content: JSONValue.Content) -> JSONValue { JSONValue(content: content, line: l, column: c) }
        switch bytes[i] {
        case UInt8(ascii: "{"): return make(.object(try object()))
        case UInt8(ascii: "["): return make(.array(try array()))
        case UInt8(ascii: "\""): return make(.string(try string()))
        case UInt8(ascii: "t"): try literal("true"); return make(.bool(true))
        case UInt8(ascii: "f"): try literal("false"); return make(.bool(false))
        case UInt8(ascii: "n"): try literal("null"); return make(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return make(.number(try number()))
        default:
            throw error("expected a JSON value (an object, a list, a string, a number, true, false or null)")
        }
    }

    mutating func enter() throws(SpecError) {
        if path.count >= maxDepth { throw error("JSON lists and objects nest at most \(maxDepth) deep") }
    }

    mutating func object() throws(SpecError) -> [JSONMember] {
        try enter()
        i += 1
        var members: [JSONMember] = []
        // Keys seen so far: looked up in `members` while there are a few (no dictionary for
        // every object: a spec's nodes have a handful of keys each), in a dictionary past
        // 16 (a hostile object may hold a million).
        var seen: [String: (line: Int, column: Int)]?
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return members }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw error(i < bytes.count ? "expected a key in double quotes" : "the JSON text ends inside an object")
            }
            let keyLine = line, keyColumn = column(at: i)
            let key = try string()
            let first: (line: Int, column: Int)?
            if let seen {
                first = seen[key]
            } else {
                first = members.first(where: { $0.key == key }).map { (line: $0.keyLine, column: $0.keyColumn) }
            }
            if let first {
                path.append(.key(key))
                throw SpecError("duplicate key '\(key)': it is first at \(first.line):\(first.column)",
                                at: SourceLocation(line: keyLine, column: keyColumn, jsonPath: pathText))
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            i += 1
            skipSpace()
            path.append(.key(key))
            let v = try value()
            path.removeLast()
            members.append(JSONMember(key: key, keyLine: keyLine, keyColumn: keyColumn, value: v))
            if seen != nil {
                seen![key] = (keyLine, keyColumn)
            } else if members.count > 16 {
                seen = Dictionary(members.map { ($0.key, (line: $0.keyLine, column: $0.keyColumn)) }, uniquingKeysWith: { first, _ in first })
            }
            skipSpace()
            guard i < bytes.count else { throw error("the JSON text ends inside an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return members }
            throw error("expected ',' or '}' in the object")
        }
    }

    mutating func array() throws(SpecError) -> [JSONValue] {
        try enter()
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return items }
        while true {
            skipSpace()
            path.append(.index(items.count))
            let v = try value()
            path.removeLast()
            items.append(v)
            skipSpace()
            guard i < bytes.count else { throw error("the JSON text ends inside a list") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return items }
            throw error("expected ',' or ']' in the list")
        }
    }

    mutating func literal(_ word: StaticString) throws(SpecError) {
        let n = word.utf8CodeUnitCount
        let w = UnsafeBufferPointer(start: word.utf8Start, count: n)
        guard i + n <= bytes.count, bytes[i..<i + n].elementsEqual(w) else {
            throw error("expected a JSON value (an object, a list, a string, a number, true, false or null)")
        }
        i += n
    }

    mutating func number() throws(SpecError) -> Double {
        let start = i
        func digits(_ i: inout Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            let s = i
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        let intDigits = digits(&i, bytes)
        guard intDigits > 0 else { throw error("a number needs digits", at: start) }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") { throw error("a number does not start with 0", at: start) }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&i, bytes) > 0 else { throw error("a number needs digits after '.'", at: start) }
        }
        var exponent = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            exponent = true
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&i, bytes) > 0 else { throw error("a number needs digits in its exponent", at: start) }
        }
        // Up to 15 digits without an exponent (most numbers of a spec) are read from the bytes
        // as `strtod` reads them (`ByteValueReader.decimal`), not made into a String and
        // parsed; `-0` stays -0.0.
        if !exponent, let v = ByteValueReader.decimal(UnsafeBufferPointer(rebasing: bytes[start..<i])) { return v }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw error("\(text) is too large a number", at: start) }
        return v
    }

    /// A key of an object, as `string` reads it, and the attribute it names, if any: a key
    /// that is an attribute's name, as nearly every key of a spec is, is looked up by its
    /// bytes and is that name's spelling, no `String` made of them (and checked), and the
    /// name is not looked up again. The attribute is nil only for a key that names none.
    mutating func key() throws(SpecError) -> (key: String, attribute: AttributeName?) {
        var end = i + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\""),
           let name = AttributeName(utf8: UnsafeBufferPointer(rebasing: bytes[i + 1..<end])) {
            i = end + 1
            return (name.spelling, name)
        }
        // Escapes, or no attribute's name: read whole (a name spelt with escapes is one too).
        let key = try string()
        return (key, end < bytes.count && bytes[end] == UInt8(ascii: "\"") ? nil : AttributeName(key))
    }

    mutating func string() throws(SpecError) -> String {
        let open = i
        i += 1
        var result = ""
        var run = i
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                // A string without escapes (nearly every one) is made once, not appended to "".
                let end = i
                i += 1
                if run == open + 1 { return String(decoding: bytes[run..<end], as: UTF8.self) }
                result += String(decoding: bytes[run..<end], as: UTF8.self)
                return result
            }
            if b < 0x20 { throw error(b == UInt8(ascii: "\n") ? "a string does not end on its line (no closing quote)" : "a control character inside a string; write it as an escape") }
            if b == UInt8(ascii: "\\") {
                result += String(decoding: bytes[run..<i], as: UTF8.self)
                guard i + 1 < bytes.count else { break }
                let escape = i
                switch bytes[i + 1] {
                case UInt8(ascii: "\""): result.append("\"")
                case UInt8(ascii: "\\"): result.append("\\")
                case UInt8(ascii: "/"): result.append("/")
                case UInt8(ascii: "b"): result.append("\u{8}")
                case UInt8(ascii: "f"): result.append("\u{C}")
                case UInt8(ascii: "n"): result.append("\n")
                case UInt8(ascii: "r"): result.append("\r")
                case UInt8(ascii: "t"): result.append("\t")
                case UInt8(ascii: "u"):
                    i += 2
                    var scalar = try hex4(escape)
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error("a \\u escape of a high surrogate must be followed by a low one", at: escape)
                        }
                        i += 2
                        let low = try hex4(escape)
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("a \\u escape of a high surrogate must be followed by a low one", at: escape)
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else {
                        throw error("a \\u escape of a lone surrogate is not a character", at: escape)
                    }
                    result.unicodeScalars.append(u)
                    run = i
                    continue
                default:
                    throw error("unknown escape in a string (use \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: escape)
                }
                i += 2
                run = i
                continue
            }
            i += 1
        }
        throw error("the JSON text ends inside a string", at: open)
    }

    /// Four hex digits at `i`.
    mutating func hex4(_ escape: Int) throws(SpecError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits", at: escape) }
        var v: UInt32 = 0
        for k in i..<i + 4 {
            let b = bytes[k]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape needs four hex digits", at: escape)
            }
            v = v << 4 | UInt32(d)
        }
        i += 4
        return v
    }
}
