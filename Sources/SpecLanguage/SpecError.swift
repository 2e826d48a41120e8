/// Everything that can be wrong with a spec's text, with where it is.
public struct SpecError: Error, Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    /// The source line the error is on, for quoting with a caret under the column.
    public var sourceLine: String?

    public init(_ message: String, at location: SourceLocation, sourceLine: String? = nil) {
        self.message = message; self.location = location; self.sourceLine = sourceLine
    }

    /// An error on a line the parser holds as a slice of the source: the line's text is
    /// copied out only here, when an error is made, not for every line read.
    init(_ message: String, at location: SourceLocation, sourceLine: Substring) {
        self.init(message, at: location, sourceLine: String(sourceLine))
    }

    public var description: String { "\(location): \(message)" }
}
