import Rendering
import SpecLanguage

/// Everything that can stop a render, each with the place it is about.
/// The CLI and the service turn it into text and an exit code or status.
public enum LayoutRenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The spec text is malformed, or a value in it is invalid.
    case spec(Diagnostic)
    /// The layout is wrong (anchors, cycles, sizes), reported at the node's line.
    case layout(Diagnostic)
    /// A font or image could not be loaded.
    case resource(Diagnostic)
    /// The input file could not be read.
    case inputUnreadable(path: String, reason: String)
    /// The output could not be written.
    case outputUnwritable(path: String, reason: String)
    /// Drawing or encoding failed, or a limit was exceeded.
    case render(Diagnostic)

    public var diagnostic: Diagnostic {
        switch self {
        case .spec(let d), .layout(let d), .resource(let d), .render(let d): return d
        case .inputUnreadable(let path, let reason):
            return Diagnostic(file: path, location: nil, message: "cannot read the spec: \(reason)")
        case .outputUnwritable(let path, let reason):
            return Diagnostic(file: path, location: nil, message: "cannot write the output: \(reason)")
        }
    }

    public var description: String { diagnostic.description }

    /// The budget a render went over, when that is what stopped it (always a `.render`
    /// error): the spec is valid but asks for more work than one render may do.
    public var exceededBudget: RenderBudget.Resource? {
        if case .render(let d) = self { return d.budget }
        return nil
    }
}
