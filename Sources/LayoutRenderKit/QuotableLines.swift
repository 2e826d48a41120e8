import SpecLanguage
import Synchronization

/// A spec's lines for the messages that quote one, split at the first quote: most renders
/// quote none, and splitting a big spec's text into lines (a 42 MB JSON spec's) costs as
/// much as reading a fifth of it. Shared by a render's scene and its layout's errors.
final class QuotableLines: Sendable {
    private let source: String
    private let lines = Mutex<SourceLines?>(nil)

    init(_ source: String) { self.source = source }

    /// The line `location` is on, as `SourceLines.line(at:)` gives it.
    func line(at location: SourceLocation) -> String? {
        lines.withLock { lines in
            if lines == nil { lines = SourceLines(source) }
            return lines?.line(at: location)
        }
    }
}
