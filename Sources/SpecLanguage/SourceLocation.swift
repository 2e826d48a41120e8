/// A place in a spec: 1-based line and column (columns count characters).
/// For the JSON form, `path` also holds the JSON path (`$.root.children[2].gap`); its line
/// and column are where the value starts in the JSON text (0 when not known).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var path: String?

    public init(line: Int, column: Int) {
        self.line = line; self.column = column; self.path = nil
    }
    public init(jsonPath: String) {
        self.line = 0; self.column = 0; self.path = jsonPath
    }
    public init(line: Int, column: Int, jsonPath: String) {
        self.line = line; self.column = column; self.path = jsonPath
    }

    /// `LINE:COLUMN`, then ` (at PATH)` for a JSON value; the path alone when there is no line.
    public var description: String {
        guard line >= 1 else { return path ?? "\(line):\(column)" }
        return "\(line):\(column)" + (path.map { " (at \($0))" } ?? "")
    }
}
