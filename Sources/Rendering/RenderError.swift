/// Everything that can go wrong while drawing.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bitmap would exceed the limits; sizes in device pixels.
    case canvasTooLarge(width: Double, height: Double, limit: Int)
    case emptyCanvas(width: Int, height: Int)
    case cairo(operation: String, status: String)
    case fontFile(path: String, reason: String)
    case unbalancedGroups

    public var description: String {
        switch self {
        case .canvasTooLarge(let w, let h, let limit):
            func count(_ v: Double) -> String { v < 1e15 ? String(Int(v.rounded(.up))) : v.isFinite ? String(v) : "beyond counting" }
            return "the canvas is \(count(w))x\(count(h)) pixels (\(count(w * h))); the limit is \(limit) pixels"
        case .emptyCanvas(let w, let h):
            return "the canvas is \(w)x\(h) pixels; both sides must be at least 1 pixel (an empty layout with height=auto has no height)"
        case .cairo(let operation, let status):
            return "cairo failed in \(operation): \(status)"
        case .fontFile(let path, let reason):
            return "cannot load font \(path) for drawing: \(reason)"
        case .unbalancedGroups:
            return "internal error: unbalanced drawing groups"
        }
    }
}
