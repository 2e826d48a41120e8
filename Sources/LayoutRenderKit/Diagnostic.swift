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
    /// Set when the render failed for the machine's sake, not the input's (Cairo out of
    /// memory): the service answers it with a 5xx status, never a 4xx.
    public var systemFailure = false

    public init(_ severity: Severity = .error, file: String?, location: SourceLocation?, message: String,
                sourceLine: String? = nil, budget: RenderBudget.Resource? = nil) {
        self.severity = severity; self.file = file; self.location = location
        self.message = message; self.sourceLine = sourceLine; self.budget = budget
    }

    /// `FILE:LINE:COLUMN: error: message` (or `FILE: …` when there is no location).
    public var headline: String {
        var place = Self.escaped(file ?? "<spec>")
        var at = ""
        if let location {
            if location.line >= 1 {
                place += ":\(location.line):\(location.column)"
                if let path = location.path { at = " (at \(Self.escaped(path)))" }
            } else if let path = location.path {
                place += ":" + Self.escaped(path)
            }
        }
        return "\(place): \(severity.rawValue): \(Self.escaped(message))\(at)"
    }

    /// The headline, then the source line with a caret under the column.
    public var description: String {
        guard let sourceLine, let location, location.line >= 1, location.column >= 1 else { return headline }
        // A long line (a minified JSON file is one) is quoted around the column.
        let from = location.column > 150 ? location.column - 100 : 0
        let rest = sourceLine.dropFirst(from)
        let window = String(rest.prefix(200))
        let shown = (from > 0 ? "…" : "") + Self.escaped(window) + (window.count < rest.count ? "…" : "")
        // The caret sits under the same character however wide its escaped prefix became.
        let before = Self.escaped(String(window.prefix(max(0, location.column - 1 - from))))
        let caretColumn = min((from > 0 ? 1 : 0) + before.count, shown.count)
        return headline + "\n    " + shown + "\n    " + String(repeating: " ", count: caretColumn) + "^"
    }

    /// `text` safe to print on a terminal: control characters (C0 including newline, DEL,
    /// C1) and the bidirectional overrides and isolates, which a spec or a file name can
    /// carry to recolour, rewrite or reorder what a person reads, become `\u{1B}`;
    /// a tab becomes `\t`. Nothing else changes.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                out.append(contentsOf: "\\t".unicodeScalars)
            } else if needsEscape(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
