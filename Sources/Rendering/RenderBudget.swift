import Synchronization

/// How much work one render may do, whatever the size of its spec: what keeps a small
/// request from holding a worker for minutes or the process's memory. Each is checked as
/// the work is counted, so going over is an error (`RenderError.overBudget`) at once,
/// never a long stall.
public struct RenderBudget: Hashable, Sendable {
    /// Device pixels painted: every fill, gradient, border, image and glyph, and each
    /// opacity or blend group twice (the group is cleared, then composited), each over its
    /// bounds clipped to the canvas and to the clips around it; a shadow the pixels it
    /// shows plus 16 for each pixel of the coverage image it blurs (`ShadowPlan.cost`). 1 Gi pixels by default: 16 times the largest
    /// canvas, a second or two of drawing.
    public var maxPaintedPixels: Int = 1 << 30
    /// Pixels of the images a spec draws (width × height of each file, counted once per
    /// render however often it is used). 64 Mi pixels by default (256 MiB decoded).
    public var maxImagePixels: Int = 64 << 20
    /// Characters laid out: each label's length, counted every time it is laid out or
    /// measured (a layout may measure a label at several widths). 8 Mi by default: a
    /// megabyte label measured eight times; drawing one costs ~250 bytes a character.
    public var maxTextCharacters: Int = 8 << 20
    /// Pieces of vector paths drawn: each element of an outline (a move, line, cubic or
    /// close; an arc is one to four cubics) once for its fill and once for its stroke,
    /// and each dash of a dashed stroke. 4 Mi by default: forty paths of the most commands
    /// a path may have, or a dashed stroke four million dashes long.
    public var maxPathSegments: Int = 4 << 20
    /// Bytes of an SVG or PDF document (`CairoRenderer.renderVector`). Estimated for each
    /// operation before anything is drawn (`VectorCost`: so much a shape, a glyph, a dash,
    /// an image's pixel), so a document far too large is refused before Cairo holds it in
    /// memory, and counted again as Cairo writes, so no document is ever longer. 64 MiB by
    /// default: a page of a few hundred thousand glyphs or shapes.
    public var maxVectorBytes: Int = 64 << 20

    public init() {}

    /// What a budget counts, for messages.
    public enum Resource: String, Hashable, Sendable {
        case paintedPixels = "painted pixels"
        case imagePixels = "image pixels"
        case textCharacters = "characters laid out"
        case pathSegments = "path segments drawn"
        case vectorBytes = "bytes of SVG or PDF output"
    }
}

/// Counts one kind of work against its limit; shared by the parts of one render.
public final class WorkMeter: Sendable {
    public let resource: RenderBudget.Resource
    public let limit: Int
    private let used = Mutex<Int>(0)

    public init(_ resource: RenderBudget.Resource, limit: Int) {
        self.resource = resource
        self.limit = limit
    }

    /// What has been counted so far.
    public var count: Int { used.withLock { $0 } }

    /// Whether the limit has been passed.
    public var isExhausted: Bool { count > limit }

    /// Counts `amount` more; throws once the total passes the limit.
    public func charge(_ amount: Int) throws(RenderError) {
        guard tryCharge(amount) else { throw .overBudget(resource, limit: limit) }
    }

    /// Counts `amount` more (saturating); false once the total passes the limit.
    @discardableResult
    public func tryCharge(_ amount: Int) -> Bool {
        let amount = max(0, amount)
        let total = used.withLock { used in
            let (sum, overflow) = used.addingReportingOverflow(amount)
            used = overflow ? Int.max : sum
            return used
        }
        return total <= limit
    }
}
