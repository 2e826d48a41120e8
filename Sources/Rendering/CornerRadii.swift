import LayoutEngine

/// The radius of each corner of a rounded rectangle, in CSS order (top-left, top-right,
/// bottom-right, bottom-left), in points. A number stands for all four alike.
public struct CornerRadii: Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var topLeft: Double
    public var topRight: Double
    public var bottomRight: Double
    public var bottomLeft: Double

    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    public init(_ all: Double) { self.init(topLeft: all, topRight: all, bottomRight: all, bottomLeft: all) }
    public init(floatLiteral value: Double) { self.init(value) }
    public init(integerLiteral value: Int) { self.init(Double(value)) }

    public static let zero = CornerRadii(0)

    /// All four alike: drawn as one radius, as `radius` always was.
    public var isUniform: Bool {
        topLeft == topRight && topRight == bottomRight && bottomRight == bottomLeft
    }

    /// Clockwise from the top-left.
    public var corners: [Double] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The largest of the four.
    public var largest: Double { corners.max() ?? 0 }

    /// Each corner changed by `transform`.
    func map(_ transform: (Double) -> Double) -> CornerRadii {
        CornerRadii(topLeft: transform(topLeft), topRight: transform(topRight),
                    bottomRight: transform(bottomRight), bottomLeft: transform(bottomLeft))
    }

    /// The radii a rectangle of `size` draws, as CSS reduces them (CSS Backgrounds 3,
    /// "Overlapping curves"): negative or non-finite ones are 0, and when two corners on
    /// one side would overlap, all four shrink by the same factor until they touch. For
    /// four alike, that is the radius at most half the shorter side.
    func fitted(to size: Size) -> CornerRadii {
        let r = map { $0.isFinite ? max(0, $0) : 0 }
        var factor = 1.0
        for (length, a, b) in [(size.width, r.topLeft, r.topRight), (size.width, r.bottomLeft, r.bottomRight),
                               (size.height, r.topLeft, r.bottomLeft), (size.height, r.topRight, r.bottomRight)]
        where a + b > 0 {
            factor = min(factor, max(0, length) / (a + b))
        }
        return factor < 1 ? r.map { $0 * factor } : r
    }
}
