/// What fills a background: a colour or a gradient (CSS `linear-gradient()`,
/// `radial-gradient()`).
public enum BackgroundFill: Hashable, Sendable {
    case color(Color)
    case gradient(Gradient)

    /// `0x4f7cff`: a colour from a 24-bit number, as `#4f7cff` writes it.
    public static func hex(_ rgb: UInt32, alpha: UInt8 = 255) -> BackgroundFill { .color(Color(hex: rgb, alpha: alpha)) }

    /// `linear(ANGLE, stops…)`: 0 degrees points up, 90 to the right (CSS); by default down.
    public static func linear(angle: Double = Gradient.defaultAngle, _ stops: GradientStop...) -> BackgroundFill {
        .gradient(Gradient(shape: .linear(angle: angle), stops: stops))
    }

    /// `radial(stops…)`, an ellipse with the frame's proportions, or a circle.
    public static func radial(circle: Bool = false, _ stops: GradientStop...) -> BackgroundFill {
        .gradient(Gradient(shape: .radial(circle: circle), stops: stops))
    }

    var value: Value {
        switch self {
        case .color(let c): .color(c)
        case .gradient(let g): .gradient(g)
        }
    }
}

extension GradientStop {
    /// A stop of `color` at `percent` along the gradient line (spread out when nil).
    public static func stop(_ color: Color, at percent: Double? = nil) -> GradientStop {
        GradientStop(color: color, position: percent)
    }
}
