import CCairo

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
    /// A font drawn at more device pixels per em than FreeType and Cairo handle.
    case fontTooLarge(pixelsPerEm: Double, limit: Double)
    /// The render would do more work than its `RenderBudget` allows.
    case overBudget(RenderBudget.Resource, limit: Int)
    /// Transforms nested so that together they stretch or shrink lengths past the limit.
    case transformOutOfRange(stretch: Double, limit: Double)
    /// An SVG image cannot be parsed or drawn; the text is librsvg's or the limit's.
    case svg(String)
    /// A path that shows on the canvas reaches this many device pixels from its origin,
    /// beyond what Cairo's fixed-point coordinates hold.
    case pathOutOfRange(reach: Double, limit: Double)

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
        case .fontTooLarge(let pixels, let limit):
            let shown = pixels.isFinite && pixels < 1e15 ? String(Int(pixels.rounded(.up))) : "beyond counting"
            return "text would be drawn at \(shown) device pixels per em (size × scale); the limit is \(Int(limit))"
        case .overBudget(let resource, let limit):
            return RenderError.overBudgetMessage(resource, limit: limit)
        case .transformOutOfRange(let stretch, let limit):
            let shown = stretch.isFinite && stretch < 1e15 ? String(stretch) : "beyond counting"
            return "nested transforms scale lengths by \(shown); the limit is 1/\(Int(limit)) to \(Int(limit)) times"
        case .svg(let reason):
            return "SVG: \(reason)"
        case .pathOutOfRange(let reach, let limit):
            return "a path reaches \(Self.count(reach)) device pixels from the canvas's corner; the limit is \(Int(limit)) "
                + "(a view box much smaller than the path's coordinates, or a stroke far too wide, scales it beyond it)"
        }
    }
}

extension RenderError {
    /// Whether the failure is the machine's, not the input's: Cairo ran out of memory (or
    /// returned no object, which it does only then). The service answers it 5xx, never 4xx.
    public var isSystemFailure: Bool {
        guard case .cairo(_, let status) = self else { return false }
        return status == describe(CAIRO_STATUS_NO_MEMORY) || status.hasPrefix("no ")
    }

    /// The message for a budget passed, shared with the stages that count before drawing.
    public static func overBudgetMessage(_ resource: RenderBudget.Resource, limit: Int) -> String {
        "the render needs more than \(limit) \(resource.rawValue), its work budget; "
            + (resource == .pathSegments ? "draw fewer or simpler paths, or longer dashes"
                                         : "make the spec smaller (fewer or smaller opacity groups, images or labels)")
    }
}
