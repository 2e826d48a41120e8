/// A condition of an `if` line: comparisons of names, numbers and strings with
/// `< <= > >= == !=`, combined with `and`, `or`, `not` and parentheses.
public indirect enum Condition: Hashable, Sendable {
    case value(Operand)
    case compare(Operand, Comparison, Operand)
    case and(Condition, Condition)
    case or(Condition, Condition)
    case not(Condition)

    public enum Comparison: String, Hashable, Sendable { case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">=", equal = "==", notEqual = "!=" }

    public enum Operand: Hashable, Sendable {
        case number(Double)
        case string(String)
        case bool(Bool)
        /// A dotted path: `width`, `post.title`.
        case name([String])
    }
}

/// Reads a condition: `width < 500 and (theme == "dark" or not compact)`.
struct ConditionParser {
    private let chars: [Character]
    private var i = 0
    typealias Failure = ValueReader.Failure

    init(_ text: String) { chars = Array(text) }

    mutating func parse() throws(Failure) -> Condition {
        let c = try orExpression()
        skipSpaces()
        guard i == chars.count else { throw Failure(message: "unexpected '\(String(chars[i...]))' in the condition", offset: i) }
        return c
    }

    private mutating func skipSpaces() { while i < chars.count, chars[i] == " " { i += 1 } }

    private mutating func keyword(_ word: String) -> Bool {
        skipSpaces()
        let w = Array(word)
        guard i + w.count <= chars.count, Array(chars[i..<i + w.count]) == w else { return false }
        let after = i + w.count
        if after < chars.count, chars[after].isLetter || chars[after].isNumber || chars[after] == "_" { return false }
        i = after
        return true
    }

    private mutating func orExpression() throws(Failure) -> Condition {
        var left = try andExpression()
        while keyword("or") { left = .or(left, try andExpression()) }
        return left
    }

    private mutating func andExpression() throws(Failure) -> Condition {
        var left = try unary()
        while keyword("and") { left = .and(left, try unary()) }
        return left
    }

    private mutating func unary() throws(Failure) -> Condition {
        if keyword("not") { return .not(try unary()) }
        skipSpaces()
        if i < chars.count, chars[i] == "(" {
            i += 1
            let inner = try orExpression()
            skipSpaces()
            guard i < chars.count, chars[i] == ")" else { throw Failure(message: "missing ')' in the condition", offset: i) }
            i += 1
            return inner
        }
        let left = try operand()
        skipSpaces()
        for op in ["<=", ">=", "==", "!=", "<", ">"] where hasPrefix(op) {
            i += op.count
            return .compare(left, Condition.Comparison(rawValue: op)!, try operand())
        }
        return .value(left)
    }

    private func hasPrefix(_ s: String) -> Bool {
        let p = Array(s)
        return i + p.count <= chars.count && Array(chars[i..<i + p.count]) == p
    }

    private mutating func operand() throws(Failure) -> Condition.Operand {
        skipSpaces()
        guard i < chars.count else { throw Failure(message: "the condition ends where a value was expected", offset: i) }
        let start = i
        let c = chars[i]
        if c == "\"" {
            i += 1
            var text = ""
            while i < chars.count, chars[i] != "\"" {
                if chars[i] == "\\", i + 1 < chars.count { i += 1 }
                text.append(chars[i])
                i += 1
            }
            guard i < chars.count else { throw Failure(message: "unterminated string in the condition", offset: start) }
            i += 1
            return .string(text)
        }
        if c.isNumber || c == "-" || c == "." {
            i += 1
            while i < chars.count, chars[i].isNumber || chars[i] == "." { i += 1 }
            guard let v = Double(String(chars[start..<i])) else {
                throw Failure(message: "'\(String(chars[start..<i]))' is not a number", offset: start)
            }
            return .number(v)
        }
        var path: [String] = []
        repeat {
            if !path.isEmpty { i += 1 }
            let s = i
            while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" || chars[i] == "-" { i += 1 }
            guard i > s else { throw Failure(message: "expected a name, a number or a quoted string", offset: s) }
            path.append(String(chars[s..<i]))
        } while i < chars.count && chars[i] == "."
        if path == ["true"] { return .bool(true) }
        if path == ["false"] { return .bool(false) }
        return .name(path)
    }
}
