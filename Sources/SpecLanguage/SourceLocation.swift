/// A place in a spec: 1-based line and column (columns count characters).
/// For the JSON form, `path` also holds the JSON path (`$.root.children[2].gap`); its line
/// and column are where the value starts in the JSON text (0 when not known).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// Line and column in 32 bits each: every attribute and node holds a location, and a
    /// spec's lines and columns are far below 2³¹ (its size is limited to well under that).
    /// The column of a location with a JSON path is never negative (one given below 0 is 0),
    /// so its top bit is free to say that the location is of a member (see `member`); one
    /// without a path (the text form's) is stored as given, as it always was.
    private var storedLine: Int32
    private var storedColumn: Int32
    /// The JSON path; for a member's location, the path of the object the member is in.
    private var jsonPath: JSONPath?

    /// The top bit of `storedColumn`: set for a member's location, whose attribute name is
    /// in the next seven bits and whose column is in the low 24. (A name whose raw value
    /// needs eight bits, which none has yet, is made a step of `jsonPath` as a wide column is.)
    private static let memberFlag = Int32.min
    private static let memberColumnMask: Int32 = 0xFF_FFFF

    /// The attribute named by the last step of the path, for the location of an object's
    /// member whose key is an attribute's name (`$.children[2].gap`): the JSON form gives
    /// one to every attribute, so the key is kept as the attribute name in the column's
    /// top byte, not as a `JSONPath` step allocated for each (and retained and freed with
    /// the document), and is spelt out with the rest of the path only when read. A column
    /// of 2²⁴ or more leaves no room: such a member is made a step of `jsonPath` instead.
    private var member: AttributeName? {
        guard storedColumn < 0, jsonPath != nil else { return nil }
        return AttributeName(rawValue: UInt8(truncatingIfNeeded: storedColumn >> 24) & 0x7F)
    }

    /// The JSON path, spelt out (see `JSONPath`).
    public var path: String? {
        get {
            guard let jsonPath else { return nil }
            guard let member else { return jsonPath.text }
            return jsonPath.text + "." + member.spelling
        }
        set {
            let column = self.column
            jsonPath = newValue.map(JSONPath.init(text:))
            storedColumn = jsonPath == nil ? Int32(column) : Self.jsonColumn(column)
        }
    }

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(member == nil ? storedColumn : storedColumn & Self.memberColumnMask) }
        set {
            guard let jsonPath else { storedColumn = Int32(clamping: newValue); return }
            let column = Self.jsonColumn(newValue)
            guard let member else { storedColumn = column; return }
            if column <= Self.memberColumnMask {
                storedColumn = Self.memberFlag | Int32(member.rawValue) << 24 | column
            } else {
                self.jsonPath = jsonPath.key(member.spelling)
                storedColumn = column
            }
        }
    }

    /// The column of a location with a JSON path as stored: clamped to 0...Int32.max.
    private static func jsonColumn(_ column: Int) -> Int32 { Int32(clamping: max(0, column)) }

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
        storedLine = Int32(clamping: line); storedColumn = Self.jsonColumn(column); self.jsonPath = jsonPath
    }
    /// The location of the member `member` of the object at `jsonPath`: the path
    /// `jsonPath.key(member.spelling)`, without a step allocated for it (see `member`).
    public init(line: Int, column: Int, jsonPath: JSONPath, member: AttributeName) {
        let stored = Self.jsonColumn(column)
        if stored <= Self.memberColumnMask, member.rawValue < 0x80 {
            self.init(line: line, column: column, jsonPath: jsonPath)
            storedColumn = Self.memberFlag | Int32(member.rawValue) << 24 | stored
        } else {
            self.init(line: line, column: column, jsonPath: jsonPath.key(member.spelling))
        }
    }

    /// `LINE:COLUMN`, then ` (at PATH)` for a JSON value; the path alone when there is no line.
    public var description: String {
        guard line >= 1 else { return path ?? "\(line):\(column)" }
        return "\(line):\(column)" + (path.map { " (at \($0))" } ?? "")
    }

    /// Equal when line, column and path read the same, however the path is kept (a member
    /// or a step of `jsonPath`, steps or a path given whole).
    public static func == (a: SourceLocation, b: SourceLocation) -> Bool {
        guard a.storedLine == b.storedLine, a.column == b.column else { return false }
        if a.storedColumn == b.storedColumn && a.jsonPath === b.jsonPath { return true }
        return a.path == b.path
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storedLine)
        hasher.combine(column)
        hasher.combine(path)
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
