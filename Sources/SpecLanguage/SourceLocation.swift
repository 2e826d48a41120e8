/// A place in a spec: 1-based line and column (columns count characters).
/// For the JSON form, `path` also holds the JSON path (`$.root.children[2].gap`); its line
/// and column are where the value starts in the JSON text (0 when not known).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// Line and column in 32 bits each: every attribute and node holds a location, and a
    /// spec's lines and columns are far below 2³¹ (its size is limited to well under that).
    private var storedLine: Int32
    private var storedColumn: Int32
    public var path: String?

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line); storedColumn = Int32(clamping: column); path = nil
    }
    public init(jsonPath: String) {
        storedLine = 0; storedColumn = 0; path = jsonPath
    }
    public init(line: Int, column: Int, jsonPath: String) {
        storedLine = Int32(clamping: line); storedColumn = Int32(clamping: column); path = jsonPath
    }

    /// `LINE:COLUMN`, then ` (at PATH)` for a JSON value; the path alone when there is no line.
    public var description: String {
        guard line >= 1 else { return path ?? "\(line):\(column)" }
        return "\(line):\(column)" + (path.map { " (at \($0))" } ?? "")
    }
}
