/// A spec's lines: split at each LF, with a CR before it dropped (CRLF files read as LF
/// files). What the parser reads and what messages quote.
public struct SourceLines: Sendable {
    public let lines: [Substring]

    public init(_ source: String) {
        // Split the bytes, not the characters: "\r\n" is one Character and would not split.
        lines = source.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { bytes in
            Substring(bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes)
        }
    }

    /// The line at `location` (without its line ending), or nil for a JSON path or a line
    /// outside the source.
    public func line(at location: SourceLocation) -> String? {
        guard location.path == nil, location.line >= 1, location.line <= lines.count else { return nil }
        return String(lines[location.line - 1])
    }
}
