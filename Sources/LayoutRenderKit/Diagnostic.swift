import SpecLanguage

/// A message for a person, with where it is about: `FILE:LINE:COLUMN: message`, the line
/// quoted with a caret under the column.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable { case error, warning }
    public var severity: Severity
    public var file: String?
    public var location: SourceLocation?
    public var message: String
    public var sourceLine: String?

    public init(_ severity: Severity = .error, file: String?, location: SourceLocation?, message: String,
                sourceLine: String? = nil) {
        self.severity = severity; self.file = file; self.location = location
        self.message = message; self.sourceLine = sourceLine
    }

    /// `FILE:LINE:COLUMN: error: message` (or `FILE: …` when there is no location).
    public var headline: String {
        var place = file ?? "<spec>"
        var at = ""
        if let location {
            if location.line >= 1 {
                place += ":\(location.line):\(location.column)"
                if let path = location.path { at = " (at \(path))" }
            } else if let path = location.path {
                place += ":\(path)"
            }
        }
        return "\(place): \(severity.rawValue): \(message)\(at)"
    }

    /// The headline, then the source line with a caret under the column.
    public var description: String {
        guard let sourceLine, let location, location.line >= 1, location.column >= 1 else { return headline }
        // A long line (a minified JSON file is one) is quoted around the column.
        let from = location.column > 150 ? location.column - 100 : 0
        let rest = sourceLine.dropFirst(from)
        let window = rest.prefix(200)
        let shown = (from > 0 ? "…" : "") + window + (window.endIndex < rest.endIndex ? "…" : "")
        let caretColumn = min(location.column - 1 - from + (from > 0 ? 1 : 0), shown.count)
        return headline + "\n    " + shown + "\n    " + String(repeating: " ", count: max(0, caretColumn)) + "^"
    }
}

