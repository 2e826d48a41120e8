/// Everything that can go wrong while drawing.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bitmap would exceed the pixel-count limit; sizes in device pixels.
    case canvasTooLarge(width: Double, height: Double, limit: Int)
    /// A side of the bitmap would exceed the side limit; sizes in device pixels.
    case canvasSideTooLong(width: Double, height: Double, limit: Int)
    case emptyCanvas(width: Int, height: Int)
    case cairo(operation: String, status: String)
    case fontFile(path: String, reason: String)
    case unbalancedGroups

    private static func count(_ v: Double) -> String {
        v < 1e15 ? String(Int(v.rounded(.up))) : v.isFinite ? String(v) : "beyond counting"
    }

    public var description: String {
        switch self {
        case .canvasTooLarge(let w, let h, let limit):
            return "the canvas is \(Self.count(w))x\(Self.count(h)) pixels (\(Self.count(w * h))); the limit is \(limit) pixels"
        case .canvasSideTooLong(let w, let h, let limit):
            return "the canvas is \(Self.count(w))x\(Self.count(h)) pixels; the limit is \(limit) pixels a side"
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
