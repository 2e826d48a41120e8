import Rendering
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
    /// Set when the render was stopped for going over its work budget (`RenderBudget`):
    /// what the spec asks is valid but too much work, which the service answers with 422.
    public var budget: RenderBudget.Resource?

    public init(_ severity: Severity = .error, file: String?, location: SourceLocation?, message: String,
                sourceLine: String? = nil, budget: RenderBudget.Resource? = nil) {
        self.severity = severity; self.file = file; self.location = location
        self.message = message; self.sourceLine = sourceLine; self.budget = budget
    }

    /// `FILE:LINE:COLUMN: error: message` (or `FILE: …` when there is no location).
    public var headline: String {
        var place = file ?? "<spec>"
        if let location {
            if let path = location.path { place += ":\(path)" } else { place += ":\(location.line):\(location.column)" }
        }
        return "\(place): \(severity.rawValue): \(message)"
    }

    /// The headline, then the source line with a caret under the column.
    public var description: String {
        guard let sourceLine, let location, location.path == nil, location.column >= 1 else { return headline }
        let shown = sourceLine.count > 200 ? String(sourceLine.prefix(200)) + "…" : sourceLine
        let caretColumn = min(location.column - 1, shown.count)
        return headline + "\n    " + shown + "\n    " + String(repeating: " ", count: caretColumn) + "^"
    }
}

