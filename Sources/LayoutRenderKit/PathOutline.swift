import Glibc
import LayoutEngine
import Rendering
import SpecLanguage

/// SVG path data resolved into an outline of absolute moves, lines and cubics, as SVG 2
/// §9.3–9.5 and the implementation notes of SVG 1.1 (Appendix F.6) describe it:
/// relative coordinates from the current point, `H`/`V` as lines, `S`/`T` reflecting the
/// previous control point (or, after another kind of command, the current point), `Q`/`T`
/// raised to cubics exactly, and each arc as one to four cubics of at most 90° each.
enum PathOutline {
    static func outline(of data: PathData) -> VectorPath {
        var elements: [PathElement] = []
        elements.reserveCapacity(data.commands.count)
        var current = Point(x: 0, y: 0), start = current
        // The second control point of the last cubic, the control point of the last
        // quadratic: what `S` and `T` reflect.
        var lastCubicControl: Point?, lastQuadraticControl: Point?
        func point(_ relative: Bool, _ x: Double, _ y: Double) -> Point {
            relative ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y)
        }
        func reflected(_ control: Point?) -> Point {
            guard let control else { return current }
            return Point(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
        }
        for command in data.commands {
            var cubicControl: Point?, quadraticControl: Point?
            switch command {
            case .move(let r, let x, let y):
                current = point(r, x, y); start = current
                elements.append(.move(current))
            case .line(let r, let x, let y):
                current = point(r, x, y)
                elements.append(.line(current))
            case .horizontal(let r, let x):
                current = Point(x: r ? current.x + x : x, y: current.y)
                elements.append(.line(current))
            case .vertical(let r, let y):
                current = Point(x: current.x, y: r ? current.y + y : y)
                elements.append(.line(current))
            case .cubic(let r, let x1, let y1, let x2, let y2, let x, let y):
                let c1 = point(r, x1, y1), c2 = point(r, x2, y2), end = point(r, x, y)
                elements.append(.cubic(c1, c2, end))
                cubicControl = c2; current = end
            case .smoothCubic(let r, let x2, let y2, let x, let y):
                let c1 = reflected(lastCubicControl), c2 = point(r, x2, y2), end = point(r, x, y)
                elements.append(.cubic(c1, c2, end))
                cubicControl = c2; current = end
            case .quadratic(let r, let x1, let y1, let x, let y):
                let q = point(r, x1, y1), end = point(r, x, y)
                elements.append(raised(from: current, control: q, to: end))
                quadraticControl = q; current = end
            case .smoothQuadratic(let r, let x, let y):
                let q = reflected(lastQuadraticControl), end = point(r, x, y)
                elements.append(raised(from: current, control: q, to: end))
                quadraticControl = q; current = end
            case .arc(let r, let rx, let ry, let rotation, let large, let sweep, let x, let y):
                let end = point(r, x, y)
                elements.append(contentsOf: arc(from: current, to: end, rx: rx, ry: ry, rotation: rotation,
                                                largeArc: large, sweep: sweep))
                current = end
            case .close:
                elements.append(.close)
                current = start
            }
            lastCubicControl = cubicControl
            lastQuadraticControl = quadraticControl
        }
        return VectorPath(elements)
    }

    /// The cubic that draws the quadratic from `p0` through control `q` to `p`, exactly.
    static func raised(from p0: Point, control q: Point, to p: Point) -> PathElement {
        .cubic(Point(x: p0.x + 2 / 3 * (q.x - p0.x), y: p0.y + 2 / 3 * (q.y - p0.y)),
               Point(x: p.x + 2 / 3 * (q.x - p.x), y: p.y + 2 / 3 * (q.y - p.y)), p)
    }

    /// Radii (after taking their size) below this are zero: the arc is a line, as SVG
    /// draws an arc with a zero radius (F.6.2). Smaller ones would make the scaling of
    /// F.6.6 overflow, for an arc indistinguishable from the line.
    static let smallestRadius = 1e-9

    /// An elliptical arc as cubics (F.6.5, endpoint to centre parameterisation): radii
    /// taken by size, scaled up when too small to reach the end (F.6.6), nothing when the
    /// ends are the same point, a line when a radius is zero (F.6.2). Split into pieces
    /// of at most 90°, each a cubic whose handles are 4/3·tan(θ/4) long.
    static func arc(from p1: Point, to p2: Point, rx: Double, ry: Double, rotation: Double,
                    largeArc: Bool, sweep: Bool) -> [PathElement] {
        if p1 == p2 { return [] }
        var rx = abs(rx), ry = abs(ry)
        guard rx >= smallestRadius, ry >= smallestRadius else { return [.line(p2)] }
        let phi = rotation.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        // Step 1: the start point in the ellipse's axes, from the midpoint.
        let dx = (p1.x - p2.x) / 2, dy = (p1.y - p2.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        // F.6.6: radii too small to reach are scaled up until they just do.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let root = lambda.squareRoot()
            rx *= root; ry *= root
        }
        // Step 2: the centre in the ellipse's axes.
        let rx2 = rx * rx, ry2 = ry * ry, x12 = x1 * x1, y12 = y1 * y1
        let denominator = rx2 * y12 + ry2 * x12
        var coefficient = denominator > 0 ? ((rx2 * ry2 - denominator) / denominator) : 0
        coefficient = max(0, coefficient).squareRoot() * (largeArc == sweep ? -1 : 1)
        let cxp = coefficient * rx * y1 / ry, cyp = -coefficient * ry * x1 / rx
        // Step 3: the centre.
        let cx = cosPhi * cxp - sinPhi * cyp + (p1.x + p2.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p1.y + p2.y) / 2
        // Step 4: the start angle and the sweep.
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cxp) / rx, (y1 - cyp) / ry)
        var delta = angle((x1 - cxp) / rx, (y1 - cyp) / ry, (-x1 - cxp) / rx, (-y1 - cyp) / ry)
        if !sweep && delta > 0 { delta -= 2 * .pi } else if sweep && delta < 0 { delta += 2 * .pi }
        guard [cx, cy, rx, ry, theta1, delta].allSatisfy(\.isFinite) else { return [.line(p2)] }
        // Pieces of at most 90°.
        let pieces = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(pieces)
        let handle = 4.0 / 3.0 * tan(step / 4)
        func onEllipse(_ ux: Double, _ uy: Double) -> Point {
            Point(x: cx + rx * cosPhi * ux - ry * sinPhi * uy, y: cy + rx * sinPhi * ux + ry * cosPhi * uy)
        }
        var result: [PathElement] = []
        result.reserveCapacity(pieces)
        var theta = theta1
        for index in 0..<pieces {
            let a = theta, b = index == pieces - 1 ? theta1 + delta : theta + step
            let c1 = onEllipse(cos(a) - handle * sin(a), sin(a) + handle * cos(a))
            let c2 = onEllipse(cos(b) + handle * sin(b), sin(b) - handle * cos(b))
            let end = index == pieces - 1 ? p2 : onEllipse(cos(b), sin(b))
            result.append(.cubic(c1, c2, end))
            theta = b
        }
        return result
    }
}

/// A `path` node's outline, paint and view box: measured as a replaced element (an
/// image) whose natural size is the view box's (or, without one, the outline's extent
/// from the origin), and drawn into its content box as SVG's `viewBox` with
/// `preserveAspectRatio="xMidYMid meet"` draws: scaled alike on both axes to fit, centred.
final class PathContent: LeafMeasurer, Sendable {
    let path: VectorPath
    let style: PathStyle
    /// In the path's units; nil when the path's units are points.
    let viewBox: Rect?

    init(path: VectorPath, style: PathStyle, viewBox: Rect?) {
        self.path = path; self.style = style; self.viewBox = viewBox
    }

    /// The view box's size, or the extent of the outline's control points right and down
    /// of the origin.
    var intrinsicSize: Size {
        if let viewBox { return Size(width: viewBox.width, height: viewBox.height) }
        guard let bounds = path.controlBounds else { return Size(width: 0, height: 0) }
        return Size(width: max(0, bounds.maxX), height: max(0, bounds.maxY))
    }

    /// The natural size; when one side is fixed by the layout, the other keeps the ratio.
    func measure(knownWidth: Double?, knownHeight: Double?,
                 availableWidth: AvailableSpace, availableHeight: AvailableSpace) -> Size {
        let size = intrinsicSize
        guard size.width > 0, size.height > 0 else { return Size(width: knownWidth ?? size.width, height: knownHeight ?? size.height) }
        switch (knownWidth, knownHeight) {
        case let (w?, h?): return Size(width: w, height: h)
        case let (w?, nil): return Size(width: w, height: w * size.height / size.width)
        case let (nil, h?): return Size(width: h * size.width / size.height, height: h)
        case (nil, nil): return size
        }
    }

    /// From the path's units to points, for a content box `box`.
    func transform(in box: Rect) -> Transform2D {
        guard let viewBox else { return .translation(x: box.x, y: box.y) }
        let s = min(box.width / viewBox.width, box.height / viewBox.height)
        guard s.isFinite, s > 0 else { return Transform2D(a: 0, b: 0, c: 0, d: 0, tx: box.x, ty: box.y) }
        let x = box.x + (box.width - viewBox.width * s) / 2 - viewBox.x * s
        let y = box.y + (box.height - viewBox.height * s) / 2 - viewBox.y * s
        return Transform2D(a: s, b: 0, c: 0, d: s, tx: x, ty: y)
    }
}
