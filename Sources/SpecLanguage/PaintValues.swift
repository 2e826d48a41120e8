/// A gradient background, as CSS `linear-gradient()` and `radial-gradient()` spell it:
/// `linear(90deg, #fff, #4f7cff 60%, #000)`, `radial(circle, #fff, #000)`.
public struct Gradient: Hashable, Sendable {
    public enum Shape: Hashable, Sendable {
        /// The gradient line's direction in degrees: 0 points up, 90 to the right (CSS).
        case linear(angle: Double)
        /// Centred in the frame, reaching its farthest corner (CSS's default); an ellipse
        /// with the frame's proportions, or a circle.
        case radial(circle: Bool)
    }

    public var shape: Shape
    /// At least two, at most `ValueRanges.maxGradientStops`.
    public var stops: [GradientStop]

    public init(shape: Shape, stops: [GradientStop]) {
        self.shape = shape; self.stops = stops
    }

    /// CSS's default direction, `to bottom`.
    public static let defaultAngle = 180.0
}

/// A colour stop: a colour and, when written, its place on the gradient line (a
/// percentage); stops without one are spread out as CSS spreads them.
public struct GradientStop: Hashable, Sendable {
    public var color: Color
    public var position: Double?

    public init(color: Color, position: Double? = nil) {
        self.color = color; self.position = position
    }
}

/// One function of a `transform`, as CSS writes it: `rotate(15deg)`, `scale(1.2)`,
/// `scale(1, -1)`, `translate(10, 5)` (points).
public enum TransformStep: Hashable, Sendable {
    /// Degrees, clockwise on the screen.
    case rotate(Double)
    case scale(x: Double, y: Double)
    case translate(x: Double, y: Double)
}

/// One shadow, as CSS `box-shadow` (`X Y BLUR SPREAD COLOR`) or `text-shadow`
/// (`X Y BLUR COLOR`) writes it; lengths in points.
public struct Shadow: Hashable, Sendable {
    public var x: Double
    public var y: Double
    /// The blur radius: the shadow's edge fades over this distance (a Gaussian whose
    /// standard deviation is half of it, as in CSS).
    public var blur: Double
    /// How far the shadow's shape grows (or, negative, shrinks) past the frame.
    public var spread: Double
    public var color: Color

    public init(x: Double, y: Double, blur: Double = 0, spread: Double = 0, color: Color) {
        self.x = x; self.y = y; self.blur = blur; self.spread = spread; self.color = color
    }
}
