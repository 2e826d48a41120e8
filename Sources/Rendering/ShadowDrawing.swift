import CCairo
import LayoutEngine

/// Where a box shadow's pixels come from and go, in device pixels.
struct ShadowPlan {
    /// The shape that casts it (points): the frame moved and grown.
    var shape: Rect
    var radius: CornerRadii
    /// The Gaussian's standard deviation, device pixels.
    var sigma: Double
    /// The coverage image: the pixels that can show (`shows`) and those of the shape
    /// whose blur reaches them, in whole pixels.
    var surface: PixelBounds
    /// The pixels that can show: the shadow's reach within `visible`, in whole pixels.
    var shows: PixelBounds

    /// nil when the shadow has no shape (a spread that shrinks it to nothing) or cannot
    /// show within `visible`.
    init?(_ shadow: BoxShadow, frame: Rect, radius: CornerRadii, scale: Double, visible: PixelBounds) {
        guard let (shape, shapeRadius) = shadow.shape(of: frame, radius: radius) else { return nil }
        self.init(shape: shape, radius: shapeRadius, bounds: PixelBounds(shape, scale: scale),
                  sigma: shadow.sigma(scale: scale), visible: visible)
    }

    /// A text shadow: `ink` is the glyphs' ink in device pixels, already moved by the
    /// shadow's offset.
    init?(textShadow shadow: BoxShadow, ink: PixelBounds, scale: Double, visible: PixelBounds) {
        guard !ink.isEmpty else { return nil }
        self.init(shape: Rect(x: 0, y: 0, width: 0, height: 0), radius: .zero, bounds: ink.outset(2),
                  sigma: shadow.sigma(scale: scale), visible: visible)
    }

    private init?(shape: Rect, radius: CornerRadii, bounds: PixelBounds, sigma: Double, visible: PixelBounds) {
        self.shape = shape
        self.radius = radius
        self.sigma = sigma
        let reach = Double(BoxBlur.reach(sigma: sigma)) + 1
        let cast = bounds.outset(reach)
        // Pixels that show, then the shape within the blur's reach of them.
        shows = cast.intersection(visible).outset(0)
        guard !shows.isEmpty else { return nil }
        surface = shows.outset(reach).intersection(cast)
        guard !surface.isEmpty else { return nil }
    }

    /// A wide blur is computed on a coverage image this many times smaller on each side,
    /// and scaled up (bilinearly) as it is painted: a Gaussian wider than 16 device
    /// pixels has no detail a quarter of its width could show, and its work then stays
    /// that of a blur of 8–16 pixels however wide it is, as Skia and browsers do.
    var reduction: Int { sigma > 16 ? Int((sigma / 8).rounded(.down)) : 1 }

    /// The reduced coverage image, in reduced pixels (whole numbers).
    var reducedSurface: PixelBounds {
        let k = Double(reduction)
        return PixelBounds(x0: (surface.x0 / k).rounded(.down), y0: (surface.y0 / k).rounded(.down),
                           x1: (surface.x1 / k).rounded(.up), y1: (surface.y1 / k).rounded(.up))
    }

    /// The work of drawing it, in painted pixels: the mask painted where it shows, plus
    /// the coverage image, which with a blur counts 16 times (six passes that each read
    /// and write every pixel, with copies in and out: a blurred pixel costs about what 16
    /// filled ones do).
    var cost: Int {
        let painted = shows.area, computed = reducedSurface.area
        guard BoxBlur.boxSize(sigma: sigma) >= 1 else { return painted.addingReportingOverflow(computed).overflow ? Int.max : painted + computed }
        guard computed < Int.max / 32, painted < Int.max / 2 else { return Int.max }
        return painted + computed * 16
    }

    /// The device pixels it can touch.
    var inkBounds: PixelBounds { shows }
}

extension DrawingContext {
    /// Draws a box shadow planned by `plan`: the shape's coverage on an 8-bit surface the
    /// size of `plan.surface`, blurred there once, then painted in the shadow's colour
    /// through it, outside the frame (`frame`, rounded by `radius`) as CSS draws an outer
    /// shadow.
    func drawShadow(_ plan: ShadowPlan, color: RGBAColor, frame: Rect, radius: CornerRadii) throws(RenderError) {
        try drawShadow(plan, color: color, outside: (frame, radius)) { context, origin in
            // The shape in the mask's coordinates: points, with the mask's corner at 0,0.
            let moved = Rect(x: plan.shape.x - origin.x, y: plan.shape.y - origin.y,
                             width: plan.shape.width, height: plan.shape.height)
            context.addRectangle(moved, radii: plan.radius)
            cairo_set_source_rgba(context.cr, 0, 0, 0, 1)
            cairo_fill(context.cr)
        }
    }

    /// Draws a text shadow planned by `plan`: `run`'s glyphs moved by the offset, as the
    /// coverage, blurred and painted in the shadow's colour (under the text too, as CSS
    /// draws it).
    func drawTextShadow(_ plan: ShadowPlan, run: GlyphRun, shadow: BoxShadow) throws(RenderError) {
        try drawShadow(plan, color: shadow.color, outside: nil) { context, origin throws(RenderError) in
            var moved = run
            moved.glyphs = run.glyphs.map { PlacedGlyph(glyph: $0.glyph, x: $0.x + shadow.x - origin.x, y: $0.y + shadow.y - origin.y) }
            moved.color = .black
            context.setFixedFontOptions()
            try context.draw(moved, glyphs: context.visibleGlyphs(moved))
        }
    }

    /// Draws a shadow's coverage with `drawShape` (given a context in points on the mask,
    /// at the reduced scale, and where the mask's corner is in those points), blurs it once
    /// and paints `color` through it where the plan shows, outside `outside` when given.
    private func drawShadow(_ plan: ShadowPlan, color: RGBAColor, outside: (Rect, CornerRadii)?,
                            drawShape: (DrawingContext, (x: Double, y: Double)) throws(RenderError) -> Void) throws(RenderError) {
        let box = plan.surface, reduced = plan.reducedSurface
        let k = Double(plan.reduction)
        let width = Int(reduced.x1 - reduced.x0), height = Int(reduced.y1 - reduced.y0)
        guard width > 0, height > 0, !box.isEmpty else { return }
        let mask = try ImageSurface(alphaWidth: width, height: height)
        defer { mask.finish() }
        do {
            let maskScale = scale / k
            let shapeContext = try DrawingContext(surface: mask, scale: maskScale)
            cairo_scale(shapeContext.cr, maskScale, maskScale)
            try drawShape(shapeContext, (x: reduced.x0 / maskScale, y: reduced.y0 / maskScale))
            try shapeContext.check("drawing a shadow's shape")
        }
        cairo_surface_flush(mask.surface)
        guard let data = cairo_image_surface_get_data(mask.surface) else {
            throw .cairo(operation: "cairo_image_surface_get_data", status: "no data")
        }
        BoxBlur.blur(data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(mask.surface)),
                     sigma: plan.sigma / k)
        cairo_surface_mark_dirty(mask.surface)
        guard let pattern = cairo_pattern_create_for_surface(mask.surface) else {
            throw .cairo(operation: "cairo_pattern_create_for_surface", status: "no pattern")
        }
        defer { cairo_pattern_destroy(pattern) }
        // Device pixels to the mask's pixels.
        var matrix = cairo_matrix_t(xx: 1 / k, yx: 0, xy: 0, yy: 1 / k, x0: -reduced.x0, y0: -reduced.y0)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, plan.reduction > 1 ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_NEAREST)
        cairo_save(cr)
        // Where it can show, and not under the frame: that box less the frame.
        let shows = plan.shows
        cairo_new_path(cr)
        cairo_rectangle(cr, shows.x0 / scale, shows.y0 / scale, (shows.x1 - shows.x0) / scale, (shows.y1 - shows.y0) / scale)
        if let (frame, radius) = outside { addRectangle(frame, radii: radius) }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        setSource(color)
        // The mask's pixels are device pixels where no transform is; under one, pixels of
        // the untransformed space, which the transform then moves.
        if transform.isIdentity { cairo_identity_matrix(cr) } else { cairo_scale(cr, 1 / scale, 1 / scale) }
        cairo_mask(cr, pattern)
        cairo_restore(cr)
        try check("drawing a shadow")
    }
}
