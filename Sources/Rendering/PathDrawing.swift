import CCairo
import LayoutEngine

/// One piece of a vector outline, in absolute coordinates: what SVG path data comes to
/// once relative coordinates are resolved, quadratics raised to cubics and arcs turned
/// into cubics.
public enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    case cubic(Point, Point, Point)
    case close
}

/// A vector outline, drawn filled and stroked by `PathStyle`.
public struct VectorPath: Hashable, Sendable {
    public var elements: [PathElement]
    public init(_ elements: [PathElement] = []) { self.elements = elements }

    /// The smallest box around every point and control point (so around the curves
    /// too); nil for an outline with no point.
    public var controlBounds: Rect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .cubic(let a, let b, let c): add(a); add(b); add(c)
            case .close: break
            }
        }
        guard x0 <= x1, y0 <= y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The length of the control polygon, closing lines included: at least the length of
    /// the outline (a cubic is never longer than its control polygon).
    public var controlLength: Double {
        var length = 0.0
        var current = Point(x: 0, y: 0), start = current
        func to(_ p: Point) { length += ((p.x - current.x) * (p.x - current.x) + (p.y - current.y) * (p.y - current.y)).squareRoot(); current = p }
        for element in elements {
            switch element {
            case .move(let p): current = p; start = p
            case .line(let p): to(p)
            case .cubic(let a, let b, let c): to(a); to(b); to(c)
            case .close: to(start)
            }
        }
        return length
    }
}

/// How a path is painted: SVG's `fill`, `fill-rule`, `stroke`, `stroke-width`,
/// `stroke-linejoin`, `stroke-linecap`, `stroke-dasharray` (and a miter limit of 4, SVG's).
public struct PathStyle: Hashable, Sendable {
    public enum FillRule: String, Hashable, Sendable { case nonzero, evenodd }
    public enum LineJoin: String, Hashable, Sendable { case miter, round, bevel }
    public enum LineCap: String, Hashable, Sendable { case butt, round, square }

    public var fill: RGBAColor?
    public var fillRule: FillRule = .nonzero
    public var stroke: RGBAColor?
    /// In the path's own units (scaled with it, as SVG scales a stroke with the view box).
    public var strokeWidth: Double = 1
    public var lineJoin: LineJoin = .miter
    public var lineCap: LineCap = .butt
    /// Dash and gap lengths in turn, in the path's units; empty for a solid stroke.
    public var dash: [Double] = []

    public init(fill: RGBAColor? = .black, stroke: RGBAColor? = nil) { self.fill = fill; self.stroke = stroke }

    /// SVG's default miter limit (Cairo's is 10).
    static let miterLimit = 4.0

    var strokes: Bool { stroke != nil && strokeWidth > 0 }

    /// How far a stroke may reach past the outline's control points: half the width, a
    /// miter at most `miterLimit` half-widths, a square cap √2.
    var strokeReach: Double { strokes ? strokeWidth / 2 * max(Self.miterLimit, 2.0.squareRoot()) : 0 }
}

/// What drawing one path costs and whether it can be drawn: worked out before anything is
/// drawn, from the outline and the transform it lands under.
struct PathPlan {
    /// Device pixels the fill and stroke can touch, before clipping.
    var deviceBounds: PixelBounds
    /// Elements drawn (once for the fill, once for the stroke) plus dashes.
    var segmentCost: Int
    /// The dash pattern to give Cairo: empty for solid (none, or too fine to show).
    var dash: [Double]

    /// - Parameters:
    ///   - transform: from the path's units to points (the open groups' transforms and
    ///     the view box's together).
    ///   - scale: device pixels per point.
    init?(_ path: VectorPath, style: PathStyle, transform: Transform2D, scale: Double) {
        guard style.fill != nil || style.strokes, let bounds = path.controlBounds else { return nil }
        let reach = style.strokeReach
        let outer = Rect(x: bounds.x - reach, y: bounds.y - reach, width: bounds.width + 2 * reach, height: bounds.height + 2 * reach)
        deviceBounds = PixelBounds(transform.bounds(of: outer), scale: scale)
        let passes = (style.fill != nil ? 1 : 0) + (style.strokes ? 1 : 0)
        var cost = Double(path.elements.count) * Double(passes)
        dash = []
        if style.strokes, !style.dash.isEmpty {
            // An odd list is repeated to make it even, as SVG does.
            let pattern = style.dash.count % 2 == 1 ? style.dash + style.dash : style.dash
            let period = pattern.reduce(0, +)
            // The shortest a period can land on the device: a pattern finer than a device
            // pixel would average into a tone, and costs a dash per pixel or more; it is
            // drawn solid instead (as `BorderDashes` treats a border's).
            let shrink = transform.inverse.map { 1 / $0.stretch } ?? 0
            if period * shrink * scale >= 1 {
                dash = pattern
                cost += (path.controlLength / period).rounded(.up) * Double(pattern.count / 2)
            }
        }
        segmentCost = cost.isFinite && cost < 9e18 ? Int(cost) : Int.max
    }

    /// Whether every device coordinate the drawing can reach stays where Cairo's fixed
    /// point holds it (`FarGeometry.safeExtent`).
    var isSafe: Bool {
        [deviceBounds.x0, deviceBounds.y0, deviceBounds.x1, deviceBounds.y1].allSatisfy {
            $0.isFinite && abs($0) <= FarGeometry.safeExtent
        }
    }
}

extension DrawingContext {
    /// Fills and strokes `path` as `style` says, in the path's units moved by
    /// `pathTransform` (the view box) from the current user space.
    func draw(_ path: VectorPath, style: PathStyle, dash: [Double], pathTransform: Transform2D) throws(RenderError) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        var matrix = cairo_matrix_t(xx: pathTransform.a, yx: pathTransform.b, xy: pathTransform.c,
                                    yy: pathTransform.d, x0: pathTransform.tx, y0: pathTransform.ty)
        cairo_transform(cr, &matrix)
        cairo_new_path(cr)
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .cubic(let a, let b, let c): cairo_curve_to(cr, a.x, a.y, b.x, b.y, c.x, c.y)
            case .close: cairo_close_path(cr)
            }
        }
        if let fill = style.fill {
            setSource(fill)
            cairo_set_fill_rule(cr, style.fillRule == .evenodd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_fill_preserve(cr)
        }
        if let stroke = style.stroke, style.strokes {
            setSource(stroke)
            cairo_set_line_width(cr, style.strokeWidth)
            cairo_set_miter_limit(cr, PathStyle.miterLimit)
            switch style.lineJoin {
            case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
            }
            switch style.lineCap {
            case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
            }
            if !dash.isEmpty { dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) } }
            cairo_stroke_preserve(cr)
        }
        cairo_new_path(cr)
        try check("drawing a path")
    }
}
