import LayoutEngine

/// A gradient filling a frame, drawn as CSS draws `linear-gradient()` and
/// `radial-gradient()` for a box of the frame's size.
public struct GradientFill: Hashable, Sendable {
    public enum Shape: Hashable, Sendable {
        /// The gradient line's direction in degrees, clockwise from up (CSS). The line runs
        /// through the frame's centre and is as long as CSS makes it, so the corners get
        /// the end colours: `|w sin a| + |h cos a|`.
        case linear(angle: Double)
        /// From the frame's centre to its farthest corner: an ellipse with the frame's
        /// proportions, or a circle.
        case radial(circle: Bool)
    }

    public var shape: Shape
    /// Offsets along the gradient line (0 at its start, 1 at its end; may lie outside),
    /// never decreasing.
    public var stops: [ColorStop]

    public init(shape: Shape, stops: [ColorStop]) {
        self.shape = shape; self.stops = stops
    }

    /// Stops as written, their positions (fractions of the gradient line) where given,
    /// fixed up as CSS fixes them (CSS Images 3, "color stop fixup"): a missing first
    /// position is 0 and a missing last one 1; a position before an earlier one moves up
    /// to it; stops without a position are spread evenly between their neighbours.
    public init(shape: Shape, stops written: [(color: RGBAColor, position: Double?)]) {
        var positions = written.map(\.position)
        if let first = positions.indices.first, positions[first] == nil { positions[first] = 0 }
        if let last = positions.indices.last, positions[last] == nil { positions[last] = 1 }
        var highest = -Double.infinity
        for i in positions.indices {
            if let p = positions[i] { highest = max(highest, p); positions[i] = highest }
        }
        var i = 0
        while i < positions.count {
            guard positions[i] == nil, i > 0 else { i += 1; continue }
            let start = i - 1
            var end = i
            while positions[end] == nil { end += 1 }
            let from = positions[start]!, to = positions[end]!
            for j in (start + 1)..<end {
                positions[j] = from + (to - from) * Double(j - start) / Double(end - start)
            }
            i = end
        }
        self.init(shape: shape, stops: zip(written, positions).map { ColorStop(offset: $1 ?? 0, color: $0.color) })
    }
}

/// A colour at an offset along a gradient line.
public struct ColorStop: Hashable, Sendable {
    public var offset: Double
    public var color: RGBAColor
    public init(offset: Double, color: RGBAColor) {
        self.offset = offset; self.color = color
    }
}

/// A shadow outside a frame, as CSS `box-shadow` draws one: the frame (with its radius)
/// moved by the offset, grown by the spread, blurred by a Gaussian whose standard
/// deviation is half the blur radius, and not drawn under the frame itself. Points.
public struct BoxShadow: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var blur: Double
    public var spread: Double
    public var color: RGBAColor

    public init(x: Double, y: Double, blur: Double, spread: Double = 0, color: RGBAColor) {
        self.x = x; self.y = y; self.blur = blur; self.spread = spread; self.color = color
    }

    /// The shape that is blurred, for a frame with corner radii `radius`: moved, grown by
    /// the spread, each radius grown with it as CSS grows it (a radius smaller than the
    /// spread grows less, so a square corner stays square); nil when nothing is left.
    public func shape(of frame: Rect, radius: CornerRadii) -> (rect: Rect, radius: CornerRadii)? {
        let rect = Rect(x: frame.x + x - spread, y: frame.y + y - spread,
                        width: frame.width + 2 * spread, height: frame.height + 2 * spread)
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return nil }
        let spread = self.spread
        return (rect, radius.fitted(to: frame.size).map { r in
            if r <= 0 { return 0 }
            if spread < 0 { return max(0, r + spread) }
            let ratio = r / spread
            return ratio < 1 ? r + spread * (1 + (ratio - 1) * (ratio - 1) * (ratio - 1)) : r + spread
        })
    }

    /// The Gaussian's standard deviation in device pixels at `scale`.
    func sigma(scale: Double) -> Double { blur / 2 * scale }
}
