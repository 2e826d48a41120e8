import Glibc
import LayoutEngine

/// A box in device pixels (may be empty: `x1 <= x0` or `y1 <= y0`).
struct PixelBounds: Equatable {
    var x0: Double, y0: Double, x1: Double, y1: Double

    static let empty = PixelBounds(x0: 0, y0: 0, x1: 0, y1: 0)

    init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    /// `rect` (points) at `scale`; a non-finite rectangle is empty.
    init(_ rect: Rect, scale: Double) {
        let values = [rect.minX * scale, rect.minY * scale, rect.maxX * scale, rect.maxY * scale]
        guard values.allSatisfy(\.isFinite) else { self = .empty; return }
        self.init(x0: values[0], y0: values[1], x1: values[2], y1: values[3])
    }

    var isEmpty: Bool { !(x1 > x0 && y1 > y0) }

    /// Width × height, saturating into an `Int`.
    var area: Int {
        guard !isEmpty else { return 0 }
        let value = (x1 - x0) * (y1 - y0)
        return value < 9e18 ? Int(value.rounded(.up)) : Int.max
    }

    func intersection(_ other: PixelBounds) -> PixelBounds {
        let result = PixelBounds(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
        return result.isEmpty ? .empty : result
    }

    func union(_ other: PixelBounds) -> PixelBounds {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelBounds(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// Grown by `margin` on every side and rounded outwards to whole pixels.
    func outset(_ margin: Double) -> PixelBounds {
        guard !isEmpty else { return .empty }
        return PixelBounds(x0: (x0 - margin).rounded(.down), y0: (y0 - margin).rounded(.down),
                           x1: (x1 + margin).rounded(.up), y1: (y1 + margin).rounded(.up))
    }
}

/// Rounded rectangles as polygons clipped to a window, for shapes whose coordinates lie
/// beyond what Cairo handles.
///
/// Cairo keeps coordinates in 24.8 fixed point: beyond about ±8 million device pixels
/// they wrap, and its arc and stroke code, given a radius of 1e20, loops for as long as
/// the radius is large. Shapes that reach that far are drawn as a polygon in double
/// precision: the arcs flattened to within `tolerance` only where they pass near the
/// window (elsewhere a chord stands for the arc, which changes nothing inside the window),
/// then the polygon clipped to the window. Inside the window the picture is the same
/// shape, to the tolerance.
enum FarGeometry {
    /// Coordinates (device pixels) up to which Cairo is given shapes as they are: half of
    /// its fixed-point range, leaving room for stroke widths and curve control points.
    static let safeExtent = 4_194_304.0

    /// Whether a rounded rectangle can go to Cairo as it is.
    static func isSafe(_ rect: Rect, radius: Double, scale: Double) -> Bool {
        let values = [rect.minX, rect.minY, rect.maxX, rect.maxY, radius]
        return values.allSatisfy { $0.isFinite && abs($0 * scale) <= safeExtent }
    }

    /// The rounded rectangle `rect` (corner radius `radius`, at most half of either side)
    /// as a polygon inside `window`, in the same units; empty when they do not meet.
    static func polygon(_ rect: Rect, radius: Double, window: Rect, tolerance: Double) -> [Point] {
        guard [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy(\.isFinite),
              rect.width > 0, rect.height > 0,
              rect.maxX > window.minX, rect.minX < window.maxX, rect.maxY > window.minY, rect.minY < window.maxY
        else { return [] }
        let r = radius.isFinite ? min(max(0, radius), rect.width / 2, rect.height / 2) : min(rect.width, rect.height) / 2
        var points: [Point] = []
        let pi = Double.pi
        let corners: [(x: Double, y: Double, start: Double)] = [
            (rect.maxX - r, rect.minY + r, -pi / 2), (rect.maxX - r, rect.maxY - r, 0),
            (rect.minX + r, rect.maxY - r, pi / 2), (rect.minX + r, rect.minY + r, pi),
        ]
        for corner in corners {
            if r > 0 {
                appendArc(center: Point(x: corner.x, y: corner.y), radius: r, from: corner.start, to: corner.start + pi / 2,
                          window: window, tolerance: tolerance, into: &points)
            } else {
                points.append(Point(x: corner.x, y: corner.y))
            }
        }
        return clip(points, to: window)
    }

    /// The rectangle `rect` with corners of their own radii (`radii`, already reduced to
    /// fit) as a polygon inside `window`, as `polygon(_:radius:window:tolerance:)`.
    static func polygon(_ rect: Rect, radii: CornerRadii, window: Rect, tolerance: Double) -> [Point] {
        guard [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy(\.isFinite),
              rect.width > 0, rect.height > 0,
              rect.maxX > window.minX, rect.minX < window.maxX, rect.maxY > window.minY, rect.minY < window.maxY
        else { return [] }
        var points: [Point] = []
        let pi = Double.pi
        let corners: [(x: Double, y: Double, r: Double, dx: Double, dy: Double, start: Double)] = [
            (rect.maxX, rect.minY, radii.topRight, -1, 1, -pi / 2), (rect.maxX, rect.maxY, radii.bottomRight, -1, -1, 0),
            (rect.minX, rect.maxY, radii.bottomLeft, 1, -1, pi / 2), (rect.minX, rect.minY, radii.topLeft, 1, 1, pi),
        ]
        for corner in corners {
            if corner.r > 0 {
                appendArc(center: Point(x: corner.x + corner.dx * corner.r, y: corner.y + corner.dy * corner.r), radius: corner.r,
                          from: corner.start, to: corner.start + pi / 2, window: window, tolerance: tolerance, into: &points)
            } else {
                points.append(Point(x: corner.x, y: corner.y))
            }
        }
        return clip(points, to: window)
    }

    private static func appendArc(center: Point, radius: Double, from start: Double, to end: Double,
                                  window: Rect, tolerance: Double, into points: inout [Point]) {
        func point(_ angle: Double) -> Point {
            Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        points.append(point(start))
        // Depth-first, left piece first, so points come out in order.
        var pending: [(a: Double, b: Double, depth: Int)] = [(start, end, 0)]
        while let (a, b, depth) = pending.popLast() {
            let p = point(a), q = point(b)
            let sagitta = radius * (1 - cos((b - a) / 2))
            let near = min(p.x, q.x) - sagitta < window.maxX && max(p.x, q.x) + sagitta > window.minX
                && min(p.y, q.y) - sagitta < window.maxY && max(p.y, q.y) + sagitta > window.minY
            if !near || sagitta <= tolerance || depth >= 60 {
                points.append(q)
            } else {
                let middle = (a + b) / 2
                pending.append((middle, b, depth + 1))
                pending.append((a, middle, depth + 1))
            }
        }
    }

    /// Sutherland–Hodgman: the part of a convex polygon inside `window`.
    static func clip(_ polygon: [Point], to window: Rect) -> [Point] {
        var result = polygon
        let edges: [(inside: (Point) -> Bool, cross: (Point, Point) -> Point)] = [
            ({ $0.x >= window.minX }, { p, q in crossing(p, q, x: window.minX) }),
            ({ $0.x <= window.maxX }, { p, q in crossing(p, q, x: window.maxX) }),
            ({ $0.y >= window.minY }, { p, q in crossing(p, q, y: window.minY) }),
            ({ $0.y <= window.maxY }, { p, q in crossing(p, q, y: window.maxY) }),
        ]
        for edge in edges {
            guard let last = result.last else { return [] }
            var output: [Point] = []
            var previous = last
            for current in result {
                let inCurrent = edge.inside(current), inPrevious = edge.inside(previous)
                if inCurrent {
                    if !inPrevious { output.append(edge.cross(previous, current)) }
                    output.append(current)
                } else if inPrevious {
                    output.append(edge.cross(previous, current))
                }
                previous = current
            }
            result = output
        }
        return result
    }

    private static func crossing(_ p: Point, _ q: Point, x: Double) -> Point {
        let t = (x - p.x) / (q.x - p.x)
        return Point(x: x, y: min(max(p.y + (q.y - p.y) * t, -1e12), 1e12))
    }

    private static func crossing(_ p: Point, _ q: Point, y: Double) -> Point {
        let t = (y - p.y) / (q.y - p.y)
        return Point(x: min(max(p.x + (q.x - p.x) * t, -1e12), 1e12), y: y)
    }
}
