/// A value a spec can use in conditions, interpolations and `for` loops: from the canvas
/// (`width`, `height`, `scale`), from `--var NAME=VALUE`, or from a JSON data file.
public indirect enum DataValue: Hashable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// Text that reads as a number, given as text (`--var v=2.10`, `?v=2.10`): drawn as it
    /// was written (`2.10`, `01234`, `1e3`), and a number in conditions (`if v > 2`).
    case numeral(String)
    case array([DataValue])
    case object([String: DataValue])

    /// How the value reads inside a string: numbers without a needless `.0`.
    public var description: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .string(let s), .numeral(let s): return s
        case .array(let a): return "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .object: return "{…}"
        }
    }

    /// A value given as text (`--var NAME=VALUE`, a template URL's query): a numeral when
    /// it reads as a number (drawn as written, compared as a number), `true`/`false`, else a
    /// string. Never a `.number`: `2.10` made one was drawn "2.1" (`01234` "1234", `1e3` "1000").
    public static func parsing(_ text: String) -> DataValue {
        if let n = Double(text), n.isFinite { return .numeral(text) }
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        return .string(text)
    }

    /// The number a condition sees: a number's value, or a numeral's.
    public var numberValue: Double? {
        switch self {
        case .number(let n): return n
        case .numeral(let text): return Double(text)
        default: return nil
        }
    }
}

/// The names a spec can read while it is expanded.
public struct Environment: Sendable {
    public var values: [String: DataValue]
    public init(values: [String: DataValue] = [:]) { self.values = values }

    /// Follows a dotted path (`post.author.name`) through objects; array elements by number.
    func lookup(_ path: [String]) -> DataValue? {
        guard let first = path.first, var value = values[first] else { return nil }
        for key in path.dropFirst() {
            switch value {
            case .object(let o):
                guard let next = o[key] else { return nil }
                value = next
            case .array(let a):
                guard let i = Int(key), a.indices.contains(i) else { return nil }
                value = a[i]
            default:
                return nil
            }
        }
        return value
    }
}
