/// A place in a spec: 1-based line and column (columns count characters).
/// For the JSON form, `path` holds the JSON path (`$.root.children[2].gap`) instead.
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

    public var description: String { path ?? "\(line):\(column)" }
}
