/// One token of a spec line: a bare word, a quoted string, or `key=value`.
struct Token: Hashable {
    enum Kind: Hashable {
        case word(String)
        case quoted(String)
        /// `key=value`; `quoted` tells whether the value was a quoted string. `name` is the
        /// key as an attribute name of the language (nil when it is none).
        case attribute(key: String, name: AttributeName?, value: String, quoted: Bool, valueColumn: Int)
    }
    var kind: Kind
    /// 1-based column where the token starts.
    var column: Int
}

/// Splits one line (without its indentation) into tokens. Comments (`#` at the start of a
/// token) end the line; `#` inside a value (`background=#fff`) is part of the value.
///
/// Every delimiter is ASCII, so the line is scanned as UTF-8 bytes; byte offsets become
/// character columns only where a token starts or an error points.
struct LineTokenizer {
    let bytes: [UInt8]
    let isASCII: Bool
    let startColumn: Int
    let line: Int
    let sourceLine: Substring

    init(_ text: Substring, startColumn: Int, line: Int, sourceLine: Substring) {
        self.bytes = text.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(text.utf8)
        self.isASCII = bytes.allSatisfy { $0 < 0x80 }
        self.startColumn = startColumn
        self.line = line
        self.sourceLine = sourceLine
    }

    /// The 1-based column of the character that starts at byte `offset`.
    private func column(_ offset: Int) -> Int {
        isASCII ? startColumn + offset : startColumn + String(decoding: bytes[..<offset], as: UTF8.self).count
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func error(_ message: String, at offset: Int) -> SpecError {
        SpecError(message, at: SourceLocation(line: line, column: column(offset)), sourceLine: sourceLine)
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), hash = UInt8(ascii: "#")
    private static let quote = UInt8(ascii: "\""), equals = UInt8(ascii: "="), backslash = UInt8(ascii: "\\")
    private static let open = UInt8(ascii: "("), close = UInt8(ascii: ")")

    func tokens() throws(SpecError) -> [Token] {
        var tokens: [Token] = []
        try self.tokens(into: &tokens)
        return tokens
    }

    /// The tokens appended to `tokens` (the parser passes one array for every line).
    func tokens(into tokens: inout [Token]) throws(SpecError) {
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c == Self.space { i += 1; continue }
            if c == Self.tab { throw error("a tab separates tokens; use spaces", at: i) }
            if c == Self.hash { break }
            let start = i
            if c == Self.quote {
                let (text, end) = try readQuoted(from: i)
                tokens.append(Token(kind: .quoted(text), column: column(start)))
                i = end
            } else {
                var j = i
                while j < n, bytes[j] != Self.space, bytes[j] != Self.equals, bytes[j] != Self.quote { j += 1 }
                if j < n, bytes[j] == Self.equals {
                    // A key the language knows is looked up by its bytes and spelled with the
                    // name's own string (the same text): no `String` made of it.
                    let name = AttributeName(utf8: bytes[i..<j])
                    let word = name?.spelling ?? text(i..<j)
                    let valueStart = j + 1
                    if valueStart < n, bytes[valueStart] == Self.quote {
                        let (text, end) = try readQuoted(from: valueStart)
                        tokens.append(Token(kind: .attribute(key: word, name: name, value: text, quoted: true,
                                                             valueColumn: column(valueStart)),
                                            column: column(start)))
                        i = end
                    } else {
                        // A bare value ends at a space, except inside parentheses: `min(a, b)`.
                        var k = valueStart
                        var depth = 0
                        while k < n, bytes[k] != Self.space || depth > 0 {
                            switch bytes[k] {
                            case Self.quote: throw error("a quote inside a bare value; quote the whole value", at: k)
                            case Self.open: depth += 1
                            case Self.close: depth -= 1
                            default: break
                            }
                            k += 1
                        }
                        if depth > 0 { throw error("missing ')' in '\(word)'", at: valueStart) }
                        if k == valueStart { throw error("'\(word)=' has no value", at: start) }
                        tokens.append(Token(kind: .attribute(key: word, name: name, value: text(valueStart..<k),
                                                             quoted: false, valueColumn: column(valueStart)),
                                            column: column(start)))
                        i = k
                    }
                } else {
                    let word = text(i..<j)
                    if j < n, bytes[j] == Self.quote {
                        throw error("a quote after '\(word)'; put a space before the string", at: j)
                    }
                    tokens.append(Token(kind: .word(word), column: column(start)))
                    i = j
                }
            }
            if i < n, bytes[i] != Self.space {
                throw error("expected a space after this token", at: i)
            }
        }
    }

    /// Reads a double-quoted string starting at `index` (the opening quote).
    /// Escapes: `\"`, `\\`, `\n`, `\t`, `\u{1F600}`. Returns the text and the index after the closing quote.
    private func readQuoted(from index: Int) throws(SpecError) -> (String, Int) {
        var result = ""
        var i = index + 1
        var run = i  // start of the bytes not yet copied into `result`
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c == Self.quote {
                result += text(run..<i)
                return (result, i + 1)
            }
            if c == Self.backslash {
                result += text(run..<i)
                guard i + 1 < n else { break }
                switch bytes[i + 1] {
                case Self.quote: result.append("\"")
                case Self.backslash: result.append("\\")
                case UInt8(ascii: "n"): result.append("\n")
                case UInt8(ascii: "t"): result.append("\t")
                case UInt8(ascii: "u"):
                    guard i + 2 < n, bytes[i + 2] == UInt8(ascii: "{"),
                          let close = bytes[(i + 3)...].firstIndex(of: UInt8(ascii: "}")) else {
                        throw error("a \\u escape is written \\u{XXXX}", at: i)
                    }
                    let hex = text((i + 3)..<close)
                    guard (1...6).contains(hex.count), let v = UInt32(hex, radix: 16),
                          let scalar = Unicode.Scalar(v) else {
                        throw error("'\\u{\(hex)}' is not a Unicode scalar value", at: i)
                    }
                    result.unicodeScalars.append(scalar)
                    i = close + 1
                    run = i
                    continue
                default:
                    let escaped = String(String(decoding: bytes[(i + 1)...], as: UTF8.self).prefix(1))
                    throw error("unknown escape '\\\(escaped)' (use \\\" \\\\ \\n \\t \\u{…})", at: i)
                }
                i += 2
                run = i
                continue
            }
            i += 1
        }
        throw error("unterminated string: no closing quote on this line", at: index)
    }
}
