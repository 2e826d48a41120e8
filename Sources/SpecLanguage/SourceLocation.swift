/// A place in a spec: 1-based line and column (columns count characters).
/// For the JSON form, `path` also holds the JSON path (`$.root.children[2].gap`); its line
/// and column are where the value starts in the JSON text (0 when not known).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// Line and column in 32 bits each: every attribute and node holds a location, and a
    /// spec's lines and columns are far below 2³¹ (its size is limited to well under that).
    private var storedLine: Int32
    private var storedColumn: Int32
    private var jsonPath: JSONPath?

    /// The JSON path, spelt out (see `JSONPath`).
    public var path: String? {
        get { jsonPath?.text }
        set { jsonPath = newValue.map(JSONPath.init(text:)) }
    }

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line); storedColumn = Int32(clamping: column); jsonPath = nil
    }
    public init(jsonPath: String) {
        storedLine = 0; storedColumn = 0; self.jsonPath = JSONPath(text: jsonPath)
    }
    public init(line: Int, column: Int, jsonPath: String) {
        self.init(line: line, column: column, jsonPath: JSONPath(text: jsonPath))
    }
    public init(line: Int, column: Int, jsonPath: JSONPath) {
        storedLine = Int32(clamping: line); storedColumn = Int32(clamping: column); self.jsonPath = jsonPath
    }

    /// `LINE:COLUMN`, then ` (at PATH)` for a JSON value; the path alone when there is no line.
    public var description: String {
        guard line >= 1 else { return path ?? "\(line):\(column)" }
        return "\(line):\(column)" + (path.map { " (at \($0))" } ?? "")
    }
}

/// A JSON path (`$.children[2].gap`) kept as its steps and spelt out only when read: a big
/// JSON spec has one for every node and attribute, and nearly none is ever printed (only
/// an error message prints one), while spelling each out would copy its parent's path
/// every time. A step shares its parent, so a node's attributes share the node's path.
public final class JSONPath: Hashable, Sendable, CustomStringConvertible {
    private enum Step {
        /// A path given whole (`$`, `$.styles.title`).
        case text(String)
        case key(String)
        case index(Int)
    }
    private let parent: JSONPath?
    private let step: Step

    /// The path `text`, as given.
    public init(text: String) { parent = nil; step = .text(text) }
    private init(parent: JSONPath, step: Step) { self.parent = parent; self.step = step }

    /// `self.key`.
    public func key(_ key: String) -> JSONPath { JSONPath(parent: self, step: .key(key)) }
    /// `self[index]`.
    public func index(_ index: Int) -> JSONPath { JSONPath(parent: self, step: .index(index)) }

    /// The path spelt out.
    public var text: String {
        var steps: [Step] = []
        var node: JSONPath? = self
        while let n = node { steps.append(n.step); node = n.parent }
        var out = ""
        for step in steps.reversed() {
            switch step {
            case .text(let t): out += t
            case .key(let k): out += "." + k
            case .index(let i): out += "[" + String(i) + "]"
            }
        }
        return out
    }

    public var description: String { text }
    public static func == (a: JSONPath, b: JSONPath) -> Bool { a === b || a.text == b.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
