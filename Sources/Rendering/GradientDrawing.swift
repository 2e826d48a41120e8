import CCairo
import Glibc
import LayoutEngine

/// Owns a Cairo gradient pattern.
final class GradientPattern {
    let pattern: OpaquePointer

    /// The pattern that paints `fill` over `rect` (points), as CSS lays the gradient over a
    /// box of that size; nil when the rect is too thin for a gradient to show.
    init?(_ fill: GradientFill, in rect: Rect) throws(RenderError) {
        guard rect.isFinite, rect.width > 1e-9, rect.height > 1e-9, let first = fill.stops.first,
              let last = fill.stops.last else { return nil }
        let created: OpaquePointer?
        // The stops may lie outside the line's ends; Cairo keeps offsets within 0…1, so
        // the line is lengthened to take them all in and the offsets mapped onto it.
        let low: Double, high: Double
        switch fill.shape {
        case .linear(let degrees):
            low = min(0, first.offset); high = max(1, last.offset)
            let angle = degrees.truncatingRemainder(dividingBy: 360) * Double.pi / 180
            let dx = sin(angle), dy = -cos(angle)
            let length = abs(rect.width * dx) + abs(rect.height * dy)
            let cx = rect.midX, cy = rect.midY
            func point(_ t: Double) -> (Double, Double) {
                (cx + dx * length * (t - 0.5), cy + dy * length * (t - 0.5))
            }
            let (x0, y0) = point(low), (x1, y1) = point(high)
            created = cairo_pattern_create_linear(x0, y0, x1, y1)
        case .radial:
            // A radius cannot be negative: stops before the centre are drawn at it.
            low = 0; high = max(1, last.offset)
            created = cairo_pattern_create_radial(0, 0, 0, 0, 0, high)
        }
        guard let created else { throw .cairo(operation: "cairo_pattern_create", status: "no pattern") }
        pattern = created
        for stop in Self.premultipliedSteps(fill.stops) {
            let offset = high > low ? (min(max(stop.offset, low), high) - low) / (high - low) : 0
            cairo_pattern_add_color_stop_rgba(pattern, offset, stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha)
        }
        if case .radial(let circle) = fill.shape {
            // The unit circle, mapped onto the frame: CSS's farthest-corner ellipse has the
            // proportions of the box and passes through its corners, √2 times the half sides;
            // the circle reaches the corners.
            let halfWidth = rect.width / 2, halfHeight = rect.height / 2
            let corner = (halfWidth * halfWidth + halfHeight * halfHeight).squareRoot()
            let rx = circle ? corner : halfWidth * 2.0.squareRoot()
            let ry = circle ? corner : halfHeight * 2.0.squareRoot()
            var matrix = cairo_matrix_t(xx: 1 / rx, yx: 0, xy: 0, yy: 1 / ry, x0: -rect.midX / rx, y0: -rect.midY / ry)
            cairo_pattern_set_matrix(pattern, &matrix)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        let status = cairo_pattern_status(pattern)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_pattern_destroy(pattern)
            throw .cairo(operation: "making a gradient", status: describe(status))
        }
    }

    deinit { cairo_pattern_destroy(pattern) }

    /// Steps between stops whose alphas differ, per segment.
    static let premultipliedStepCount = 16

    /// The stops with steps between two whose alphas differ, so that Cairo (pixman), which
    /// interpolates colours with straight alpha, draws what interpolating premultiplied
    /// colours gives, as CSS does: from transparent red to blue the middle is half-opaque
    /// blue, not purple. Each step is exact; between steps the error is a 1/16 segment's.
    static func premultipliedSteps(_ stops: [ColorStop]) -> [ColorStop] {
        guard stops.count > 1 else { return stops }
        var result = [stops[0]]
        for (a, b) in zip(stops, stops.dropFirst()) {
            if a.color.alpha != b.color.alpha, b.offset > a.offset {
                let n = premultipliedStepCount
                for i in 1..<n {
                    let t = Double(i) / Double(n)
                    let alpha = a.color.alpha + (b.color.alpha - a.color.alpha) * t
                    func channel(_ x: Double, _ y: Double) -> Double {
                        guard alpha > 0 else { return t < 0.5 ? x : y }
                        return ((1 - t) * a.color.alpha * x + t * b.color.alpha * y) / alpha
                    }
                    let color = RGBAColor(red: channel(a.color.red, b.color.red), green: channel(a.color.green, b.color.green),
                                          blue: channel(a.color.blue, b.color.blue), alpha: alpha)
                    result.append(ColorStop(offset: a.offset + (b.offset - a.offset) * t, color: color))
                }
            }
            result.append(b)
        }
        return result
    }
}

extension DrawingContext {
    /// Fills `rect` (rounded by `radius`) with a gradient laid over it.
    func fill(_ rect: Rect, gradient: GradientFill, radius: CornerRadii) throws(RenderError) {
        guard let pattern = try GradientPattern(gradient, in: rect) else { return }
        addRectangle(rect, radii: radius)
        cairo_set_source(cr, pattern.pattern)
        cairo_fill(cr)
        try check("drawing a gradient")
    }
}
