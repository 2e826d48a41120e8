import Glibc
import LayoutEngine

/// An affine transformation of the plane, in points: `x' = a x + c y + tx`,
/// `y' = b x + d y + ty` (Cairo's `xx yx xy yy x0 y0`).
public struct Transform2D: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static func translation(x: Double, y: Double) -> Transform2D { Transform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    public static func scale(x: Double, y: Double) -> Transform2D { Transform2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }
    /// Clockwise on the screen (y down), as CSS `rotate()`.
    public static func rotation(degrees: Double) -> Transform2D {
        let radians = degrees.truncatingRemainder(dividingBy: 360) * Double.pi / 180
        let cs = cos(radians), sn = sin(radians)
        return Transform2D(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// `self` after `other`: a point is moved by `other` first (as CSS applies the
    /// functions of a transform list, the last one first).
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(a: a * other.a + c * other.b, b: b * other.a + d * other.b,
                    c: a * other.c + c * other.d, d: b * other.c + d * other.d,
                    tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
    }

    public func apply(_ p: Point) -> Point { Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty) }

    public var isIdentity: Bool { self == .identity }

    public var isFinite: Bool { [a, b, c, d, tx, ty].allSatisfy(\.isFinite) }

    /// The most it stretches a length (its largest singular value).
    public var stretch: Double {
        let p = a * a + b * b + c * c + d * d, q = a * d - b * c
        return ((p + (max(0, p * p - 4 * q * q)).squareRoot()) / 2).squareRoot()
    }

    public var inverse: Transform2D? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let inv = Transform2D(a: d / det, b: -b / det, c: -c / det, d: a / det,
                              tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        return inv.isFinite ? inv : nil
    }

    /// The smallest upright rect holding `rect` moved by this transform.
    public func bounds(of rect: Rect) -> Rect {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)].map(apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }
}
