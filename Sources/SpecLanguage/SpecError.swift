/// Everything that can be wrong with a spec's text, with where it is.
public struct SpecError: Error, Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    /// The source line the error is on, for quoting with a caret under the column.
    public var sourceLine: String?

    public init(_ message: String, at location: SourceLocation, sourceLine: String? = nil) {
        self.message = message; self.location = location; self.sourceLine = sourceLine
    }

    public var description: String { "\(location): \(message)" }
}
