/// One token of a spec line: a bare word, a quoted string, or `key=value`.
struct Token: Hashable {
    enum Kind: Hashable {
        case word(String)
        case quoted(String)
        /// `key=value`; `quoted` tells whether the value was a quoted string.
        case attribute(key: String, value: String, quoted: Bool, valueColumn: Int)
    }
    var kind: Kind
    /// 1-based column where the token starts.
    var column: Int
}

/// Splits one line (without its indentation) into tokens. Comments (`#` at the start of a
/// token) end the line; `#` inside a value (`background=#fff`) is part of the value.
struct LineTokenizer {
    let characters: [Character]
    let startColumn: Int
    let line: Int
    let sourceLine: String

    init(_ text: Substring, startColumn: Int, line: Int, sourceLine: String) {
        self.characters = Array(text)
        self.startColumn = startColumn
        self.line = line
        self.sourceLine = sourceLine
    }

    private func error(_ message: String, at index: Int) -> SpecError {
        SpecError(message, at: SourceLocation(line: line, column: startColumn + index), sourceLine: sourceLine)
    }

    func tokens() throws(SpecError) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == " " { i += 1; continue }
            if c == "\t" { throw error("a tab separates tokens; use spaces", at: i) }
            if c == "#" { break }
            let start = i
            if c == "\"" {
                let (text, end) = try readQuoted(from: i)
                tokens.append(Token(kind: .quoted(text), column: startColumn + start))
                i = end
            } else {
                var j = i
                while j < characters.count, characters[j] != " ", characters[j] != "=", characters[j] != "\"" { j += 1 }
                let word = String(characters[i..<j])
                if j < characters.count, characters[j] == "=" {
                    let valueStart = j + 1
                    if valueStart < characters.count, characters[valueStart] == "\"" {
                        let (text, end) = try readQuoted(from: valueStart)
                        tokens.append(Token(kind: .attribute(key: word, value: text, quoted: true,
                                                             valueColumn: startColumn + valueStart),
                                            column: startColumn + start))
                        i = end
                    } else {
                        // A bare value ends at a space, except inside parentheses: `min(a, b)`.
                        var k = valueStart
                        var depth = 0
                        while k < characters.count, characters[k] != " " || depth > 0 {
                            switch characters[k] {
                            case "\"": throw error("a quote inside a bare value; quote the whole value", at: k)
                            case "(": depth += 1
                            case ")": depth -= 1
                            default: break
                            }
                            k += 1
                        }
                        if depth > 0 { throw error("missing ')' in '\(word)'", at: valueStart) }
                        if k == valueStart { throw error("'\(word)=' has no value", at: start) }
                        tokens.append(Token(kind: .attribute(key: word, value: String(characters[valueStart..<k]),
                                                             quoted: false, valueColumn: startColumn + valueStart),
                                            column: startColumn + start))
                        i = k
                    }
                } else {
                    if j < characters.count, characters[j] == "\"" {
                        throw error("a quote after '\(word)'; put a space before the string", at: j)
                    }
                    tokens.append(Token(kind: .word(word), column: startColumn + start))
                    i = j
                }
            }
            if i < characters.count, characters[i] != " " {
                throw error("expected a space after this token", at: i)
            }
        }
        return tokens
    }

    /// Reads a double-quoted string starting at `index` (the opening quote).
    /// Escapes: `\"`, `\\`, `\n`, `\t`, `\u{1F600}`. Returns the text and the index after the closing quote.
    private func readQuoted(from index: Int) throws(SpecError) -> (String, Int) {
        var result = ""
        var i = index + 1
        while i < characters.count {
            let c = characters[i]
            if c == "\"" { return (result, i + 1) }
            if c == "\\" {
                guard i + 1 < characters.count else { break }
                let e = characters[i + 1]
                switch e {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "u":
                    guard i + 2 < characters.count, characters[i + 2] == "{",
                          let close = characters[(i + 3)...].firstIndex(of: "}") else {
                        throw error("a \\u escape is written \\u{XXXX}", at: i)
                    }
                    let hex = String(characters[(i + 3)..<close])
                    guard (1...6).contains(hex.count), let v = UInt32(hex, radix: 16),
                          let scalar = Unicode.Scalar(v) else {
                        throw error("'\\u{\(hex)}' is not a Unicode scalar value", at: i)
                    }
                    result.unicodeScalars.append(scalar)
                    i = close + 1
                    continue
                default:
                    throw error("unknown escape '\\\(e)' (use \\\" \\\\ \\n \\t \\u{…})", at: i)
                }
                i += 2
                continue
            }
            result.append(c)
            i += 1
        }
        throw error("unterminated string: no closing quote on this line", at: index)
    }
}
