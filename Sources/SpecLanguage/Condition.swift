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
///
/// Both the reading (which recurses at `(` and `not`) and the tree it builds (which the
/// expander, the writer and `Hashable` walk recursively) are bounded by `maxDepth`: the
/// nesting of parentheses and `not`, and the depth of the `and`/`or`/`not` tree.
struct ConditionParser {
    /// The text as Unicode scalars: reading it as `Character`s cost a grapheme break per
    /// character (12 ms for a 240 KB hostile line); offsets become character offsets only
    /// in a failure.
    private let chars: [Unicode.Scalar]
    private var i = 0
    private let maxDepth: Int
    /// Parentheses and `not`s open around the current position.
    private var nesting = 0
    typealias Failure = ValueReader.Failure

    init(_ text: String, maxDepth: Int = ParseLimits.default.maxExpressionDepth) {
        chars = Array(scalarsOf: text)
        self.maxDepth = maxDepth
    }

    /// A condition with the depth of its tree: the operators on its longest path (a
    /// comparison or a value is 0).
    private typealias Parsed = (condition: Condition, depth: Int)

    mutating func parse() throws(Failure) -> Condition {
        do throws(Failure) {
            let c = try orExpression()
            skipSpaces()
            guard i == chars.count else { throw Failure(message: "unexpected '\(chars.text(i..<chars.count))' in the condition", offset: i) }
            return c.condition
        } catch {
            throw Failure(message: error.message, offset: chars.characterOffset(error.offset))
        }
    }

    private func tooDeep(at offset: Int) -> Failure {
        Failure(message: "conditions nest at most \(maxDepth) deep (parentheses, not, and, or)", offset: offset)
    }

    private mutating func skipSpaces() { while i < chars.count, chars[i] == " " { i += 1 } }

    private mutating func keyword(_ word: String) -> Bool {
        skipSpaces()
        let w = word.unicodeScalars
        guard i + w.count <= chars.count, chars[i..<i + w.count].elementsEqual(w) else { return false }
        let after = i + w.count
        if after < chars.count, chars[after].isLetter || chars[after].isNumber || chars[after] == "_" { return false }
        i = after
        return true
    }

    private mutating func orExpression() throws(Failure) -> Parsed {
        var left = try andExpression()
        while true {
            skipSpaces()
            let at = i
            guard keyword("or") else { break }
            let right = try andExpression()
            left = (.or(left.condition, right.condition), Swift.max(left.depth, right.depth) + 1)
            if left.depth > maxDepth { throw tooDeep(at: at) }
        }
        return left
    }

    private mutating func andExpression() throws(Failure) -> Parsed {
        var left = try unary()
        while true {
            skipSpaces()
            let at = i
            guard keyword("and") else { break }
            let right = try unary()
            left = (.and(left.condition, right.condition), Swift.max(left.depth, right.depth) + 1)
            if left.depth > maxDepth { throw tooDeep(at: at) }
        }
        return left
    }

    private mutating func unary() throws(Failure) -> Parsed {
        skipSpaces()
        let at = i
        if keyword("not") {
            nesting += 1
            defer { nesting -= 1 }
            if nesting > maxDepth { throw tooDeep(at: at) }
            let inner = try unary()
            if inner.depth + 1 > maxDepth { throw tooDeep(at: at) }
            return (.not(inner.condition), inner.depth + 1)
        }
        if i < chars.count, chars[i] == "(" {
            nesting += 1
            defer { nesting -= 1 }
            if nesting > maxDepth { throw tooDeep(at: at) }
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
            return (.compare(left, Condition.Comparison(rawValue: op)!, try operand()), 0)
        }
        return (.value(left), 0)
    }

    private func hasPrefix(_ s: String) -> Bool {
        let p = s.unicodeScalars
        return i + p.count <= chars.count && chars[i..<i + p.count].elementsEqual(p)
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
                text.unicodeScalars.append(chars[i])
                i += 1
            }
            guard i < chars.count else { throw Failure(message: "unterminated string in the condition", offset: start) }
            i += 1
            return .string(text)
        }
        if c.isNumber || c == "-" || c == "." {
            i += 1
            while i < chars.count, chars[i].isNumber || chars[i] == "." { i += 1 }
            guard let v = Double(chars.text(start..<i)), v.isFinite else {
                throw Failure(message: "'\(chars.text(start..<i))' is not a number", offset: start)
            }
            return .number(v)
        }
        var path: [String] = []
        repeat {
            if !path.isEmpty { i += 1 }
            let s = i
            while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" || chars[i] == "-" { i += 1 }
            guard i > s else { throw Failure(message: "expected a name, a number or a quoted string", offset: s) }
            path.append(chars.text(s..<i))
        } while i < chars.count && chars[i] == "."
        if path == ["true"] { return .bool(true) }
        if path == ["false"] { return .bool(false) }
        return .name(path)
    }
}

/// What the expression readers (conditions, anchors) ask of the scalars they read.
extension Unicode.Scalar {
    /// As `Character.isLetter` asks of a character's first scalar. ASCII is decided
    /// without the property tables (the only alphabetic ASCII scalars are A–Z and a–z):
    /// nearly every scalar of a spec is ASCII.
    var isLetter: Bool {
        isASCII ? (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A : properties.isAlphabetic
    }
    /// As `Character.isNumber` asks of a character's first scalar; ASCII without the
    /// property tables (its only scalars with a numeric type are 0–9).
    var isNumber: Bool { isASCII ? value >= 0x30 && value <= 0x39 : properties.numericType != nil }
}

extension Array where Element == Unicode.Scalar {
    /// The scalars of `text`, decoded in one pass (`Array(text.unicodeScalars)` counts them
    /// first, then decodes them again).
    init(scalarsOf text: String) {
        self.init()
        reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { append(scalar) }
    }

    /// The scalars in `range` as a string. ASCII (nearly every number and name of a spec)
    /// is copied as bytes: appending scalars to a `UnicodeScalarView` one by one cost
    /// about 5,000 instructions for a number like `136`.
    func text(_ range: Range<Int>) -> String {
        if self[range].allSatisfy(\.isASCII) {
            return String(unsafeUninitializedCapacity: range.count) { bytes in
                for (offset, scalar) in self[range].enumerated() { bytes[offset] = UInt8(truncatingIfNeeded: scalar.value) }
                return range.count
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: self[range])
        return String(view)
    }

    /// The number of characters in the first `scalars` scalars: columns count characters.
    func characterOffset(_ scalars: Int) -> Int {
        let end = Swift.min(Swift.max(scalars, 0), count)
        return self[..<end].allSatisfy(\.isASCII) ? end : text(0..<end).count
    }
}
