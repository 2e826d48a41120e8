import CCairo
import CPixman
import ImageMemory
import LayoutEngine

/// Limits on what one render may allocate.
public struct RenderLimits: Hashable, Sendable {
    /// Largest side of the bitmap, in device pixels (Cairo's own limit is 32767).
    public var maxSide: Int = 16_384
    /// Most device pixels in one bitmap (4 bytes each).
    public var maxPixels: Int = 64 << 20
    /// Largest font size drawn, in device pixels per em (the label's size × the scale).
    /// FreeType keeps pixels per em in 16 bits and Cairo's glyph code misbehaves well
    /// before that; a glyph larger than the largest canvas shows nothing more.
    public var maxFontPixelsPerEm: Double = 16_384
    /// The work one render may do.
    public var budget = RenderBudget()
    public init() {}
}

/// Draws a `DisplayList` with Cairo into straight-alpha RGBA pixels.
///
/// Text is drawn glyph by glyph at the positions the text module computed
/// (`cairo_show_glyphs`, never `show_text`), with every font option fixed (greyscale
/// antialiasing, no hinting, no hinted metrics) so output does not depend on the
/// machine's font configuration.
public struct CairoRenderer: Sendable {
    public var limits: RenderLimits

    public init(limits: RenderLimits = RenderLimits()) { self.limits = limits }

    /// Checks that a display list's bitmap fits the limits, before anything is allocated.
    public func checkSize(of list: DisplayList) throws(RenderError) {
        let w = list.size.width * list.scale, h = list.size.height * list.scale
        guard w.isFinite, h.isFinite, w >= 1, h >= 1 else {
            throw .emptyCanvas(width: w.isFinite ? Int(w) : -1, height: h.isFinite ? Int(h) : -1)
        }
        guard w <= Double(limits.maxSide), h <= Double(limits.maxSide) else {
            throw .canvasSideTooLong(width: w, height: h, limit: limits.maxSide)
        }
        guard w * h <= Double(limits.maxPixels) else {
            throw .canvasTooLarge(width: w, height: h, limit: limits.maxPixels)
        }
    }

    public func render(_ list: DisplayList) throws(RenderError) -> Bitmap {
        try checkSize(of: list)
        let width = list.pixelWidth, height = list.pixelHeight
        // Cairo draws into the bitmap's own buffer, converted to straight RGBA in place
        // afterwards: one image-sized allocation per render. The whole list is first counted
        // against the paint budget on the same surface, which that pass never draws on, so
        // a render over the budget is refused before the bitmap's pages are mapped. They
        // are then zeroed unless the first thing drawn paints over every pixel.
        var pixels = ImageBuffer.uninitialized(count: width * height * 4)
        let drawn: Result<Void, RenderError> = pixels.withUnsafeMutableBytes { buffer in
            do throws(RenderError) {
                let surface = try ImageSurface(drawingInto: buffer, width: width, height: height)
                defer { surface.finish() }
                try draw(list, on: surface, painting: false)
                ImageBuffer.mapPages(buffer, zeroed: !list.firstPaintCoversEveryPixel)
                try draw(list, on: surface, painting: true)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try drawn.get()
        convertToStraightRGBA(&pixels)
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Draws a display list as an SVG or PDF document, `pixelWidth × pixelHeight` points
    /// (the canvas's points × its scale, so the document at 72 dpi is the PNG's size):
    /// the same drawing as `render`, with the same limits and paint budget, on Cairo's
    /// vector surface. Glyphs stay glyphs (the fonts are embedded, subset; text in a PDF
    /// can be selected); shadows and images are embedded as images.
    public func renderVector(_ list: DisplayList, as format: VectorFormat) throws(RenderError) -> [UInt8] {
        try checkSize(of: list)
        let width = list.pixelWidth, height = list.pixelHeight
        do {
            let probe = try ImageSurface(width: width, height: height)
            defer { probe.finish() }
            try draw(list, on: probe, painting: false, estimating: format)
        }
        let surface = try VectorSurface(format, width: width, height: height, maxBytes: limits.budget.maxVectorBytes)
        try draw(list, on: surface, painting: true)
        return try surface.finish()
    }

    /// Checks that every glyph run's size can be drawn (before anything is drawn).
    public func checkFontSizes(of list: DisplayList) throws(RenderError) {
        if let oversized = oversizedGlyphRun(in: list) {
            throw .fontTooLarge(pixelsPerEm: oversized.pixelsPerEm, limit: limits.maxFontPixelsPerEm)
        }
    }

    /// The first glyph run drawn at more device pixels per em than `maxFontPixelsPerEm`:
    /// its operation's index and its size. The size is the run's, times the scale, times
    /// what the open groups' transforms together stretch a length by (composed: a
    /// `scale(100,0.01)` inside a `scale(0.01,100)` is the identity, not 100 × 100).
    public func oversizedGlyphRun(in list: DisplayList) -> (operation: Int, pixelsPerEm: Double)? {
        var transforms: [Transform2D] = []
        for (index, operation) in list.operations.enumerated() {
            let run: GlyphRun
            switch operation {
            case .glyphs(let r), .textShadow(let r, _): run = r
            case .beginGroup(_, _, _, _, let transform):
                transforms.append((transforms.last ?? .identity).concatenating(transform))
                continue
            case .endGroup:
                _ = transforms.popLast()
                continue
            default: continue
            }
            guard !run.glyphs.isEmpty else { continue }
            let together = transforms.last ?? .identity
            let pixels = run.size * list.scale * (together.isIdentity ? 1 : together.stretch)
            guard pixels.isFinite, pixels <= limits.maxFontPixelsPerEm else { return (index, pixels) }
        }
        return nil
    }

    /// Counts the list against the paint budget and, when `painting`, draws it.
    /// `estimating`: the vector format whose document's size is also charged (`VectorCost`).
    private func draw(_ list: DisplayList, on surface: any DrawingSurface, painting: Bool,
                      estimating format: VectorFormat? = nil) throws(RenderError) {
        try checkFontSizes(of: list)
        let context = try DrawingContext(surface: surface, scale: list.scale)
        cairo_scale(context.cr, list.scale, list.scale)
        context.setFixedFontOptions()
        let groupBounds = try inkBoundsOfGroups(list, context: context)
        let vectorBytes = format.map { _ in WorkMeter(.vectorBytes, limit: limits.budget.maxVectorBytes) }
        try walk(list, context: context, groupBounds: groupBounds, painting: painting, vectorBytes: vectorBytes.map { ($0, format!) })
        try context.check("drawing")
        if painting { try checkFontFiles(of: list) }
    }

    /// Checks, once each, that the font files the list draws with are as they were opened:
    /// Cairo draws a glyph FreeType could not read as nothing, without a word, and a file
    /// rewritten under a render would read other bytes. Such a render is an error, never an
    /// image with glyphs missing (the next render loads the new file).
    func checkFontFiles(of list: DisplayList) throws(RenderError) {
        var checked: [ObjectIdentifier] = []  // a render draws with a few files
        for operation in list.operations {
            let run: GlyphRun
            switch operation {
            case .glyphs(let r), .textShadow(let r, _): run = r
            default: continue
            }
            let file = ObjectIdentifier(run.font.file)
            guard !checked.contains(file) else { continue }
            checked.append(file)
            guard run.font.file.isUnchanged else {
                throw .fontFile(path: run.font.path, reason: "the file changed while the text was drawn (rewritten, "
                                + "truncated or removed since it was loaded); render again to use the file as it is now")
            }
        }
    }

    /// Goes through the display list, charging each operation's device pixels to the paint
    /// budget, and, when `painting`, drawing it.
    private func walk(_ list: DisplayList, context: DrawingContext, groupBounds: [Int: PixelBounds],
                      painting: Bool, vectorBytes: (meter: WorkMeter, format: VectorFormat)? = nil) throws(RenderError) {
        let cr = context.cr
        /// Charges the estimated bytes of a vector document (when one is being estimated).
        func vectorDocument(_ bytes: Int) throws(RenderError) {
            guard let vectorBytes else { return }
            try vectorBytes.meter.charge(VectorCost.inFormat(bytes, vectorBytes.format))
        }
        let canvas = PixelBounds(x0: 0, y0: 0, x1: Double(context.surface.width), y1: Double(context.surface.height))
        let painted = WorkMeter(.paintedPixels, limit: limits.budget.maxPaintedPixels)
        let segments = WorkMeter(.pathSegments, limit: limits.budget.maxPathSegments)
        if let background = list.background {
            try painted.charge(canvas.area)
            if painting {
                context.setSource(background)
                cairo_paint(cr)
            }
        }
        // What each open group lets through (its clip, within the canvas).
        var visible: [PixelBounds] = [canvas]
        var groups: [Bool] = []
        // The open groups' transforms, together (device pixels of a rect: `device(_:)`).
        var transforms: [Transform2D] = []
        defer { context.setTransform(.identity) }
        for (index, operation) in list.operations.enumerated() {
            let area = visible.last ?? canvas
            let transform = transforms.last ?? .identity
            func device(_ rect: Rect) -> PixelBounds {
                PixelBounds(transform.isIdentity ? rect : transform.bounds(of: rect), scale: list.scale)
            }
            // The visible area in the untransformed space of the open groups, where
            // shadows are computed, and how much larger their pixels are where they land.
            let local = transform.isIdentity ? area : PixelBounds(
                (transform.inverse ?? .identity).bounds(of: Rect(x: area.x0 / list.scale, y: area.y0 / list.scale,
                                                                 width: (area.x1 - area.x0) / list.scale,
                                                                 height: (area.y1 - area.y0) / list.scale)),
                scale: list.scale)
            let areaFactor = transform.isIdentity ? 1 : max(1, transform.stretch * transform.stretch)
            switch operation {
            case .fill(let rect, let color, let radius):
                let bounds = device(rect).intersection(area)
                guard !bounds.isEmpty else { continue }
                try painted.charge(bounds.area)
                try vectorDocument(VectorCost.shape)
                guard painting else { continue }
                context.addRectangle(rect, radii: radius)
                context.setSource(color)
                cairo_fill(cr)
            case .gradient(let rect, let fill, let radius):
                let bounds = device(rect).intersection(area)
                guard !bounds.isEmpty else { continue }
                try painted.charge(bounds.area)
                try vectorDocument(VectorCost.gradient + fill.stops.count * VectorCost.gradientStop)
                guard painting else { continue }
                try context.fill(rect, gradient: fill, radius: radius)
            case .shadow(let frame, let shadow, let radius):
                guard let plan = ShadowPlan(shadow, frame: frame, radius: radius, scale: list.scale, visible: local) else { continue }
                try painted.charge(Self.scaled(plan.cost, by: areaFactor))
                try vectorDocument(VectorCost.shape + plan.inkBounds.intersection(local).area * VectorCost.embeddedPixel)
                guard painting else { continue }
                try context.drawShadow(plan, color: shadow.color, frame: frame, radius: radius)
            case .strokeInside(let rect, let width, let color, let radius):
                let bounds = device(rect).intersection(area)
                guard !bounds.isEmpty else { continue }
                try painted.charge(bounds.area)
                try vectorDocument(VectorCost.shape)
                guard painting else { continue }
                context.setSource(color)
                context.strokeInside(rect, width: width, radius: radius)
            case .strokeSides(let rect, let sides, let radius):
                let bounds = device(rect).intersection(area)
                guard !bounds.isEmpty else { continue }
                try painted.charge(bounds.area)
                // Each dash or dot is work of its own, however few pixels it covers.
                let pieces = context.borderPieceCount(rect, sides)
                try painted.charge(pieces.multipliedReportingOverflow(by: BorderDashes.pieceCost).overflow
                                   ? Int.max : pieces * BorderDashes.pieceCost)
                try vectorDocument(VectorCost.shape * 4 + min(pieces, Int.max / VectorCost.borderPiece) * VectorCost.borderPiece)
                guard painting else { continue }
                context.strokeSides(rect, sides, radius: radius)
            case .textShadow(let run, let shadow):
                guard run.size * list.scale >= 0.01 else { continue }
                let ink = try context.inkBounds(of: context.visibleGlyphs(run), run: run)
                let moved = PixelBounds(x0: ink.x0 + shadow.x * list.scale, y0: ink.y0 + shadow.y * list.scale,
                                        x1: ink.x1 + shadow.x * list.scale, y1: ink.y1 + shadow.y * list.scale)
                guard let plan = ShadowPlan(textShadow: shadow, ink: moved, scale: list.scale, visible: local) else { continue }
                try painted.charge(Self.scaled(plan.cost, by: areaFactor))
                try vectorDocument(VectorCost.shape + plan.inkBounds.intersection(local).area * VectorCost.embeddedPixel)
                guard painting else { continue }
                try context.drawTextShadow(plan, run: run, shadow: shadow)
            case .glyphs(let run):
                let glyphs = context.visibleGlyphs(run)
                guard !glyphs.isEmpty, run.size * list.scale >= 0.01 else { continue }
                let em = run.size * list.scale * (transform.isIdentity ? 1 : transform.stretch)
                let box = min(Double(area.area), em * em)
                try painted.charge(glyphs.count &* max(1, Int(box.rounded(.up))))
                try vectorDocument(VectorCost.group + glyphs.count * VectorCost.glyph)
                guard painting else { continue }
                try context.draw(run, glyphs: glyphs)
            case .image(let bitmap, let destination):
                let bounds = device(destination).intersection(area)
                guard !bounds.isEmpty else { continue }
                try painted.charge(bounds.area)
                try vectorDocument(VectorCost.shape + bitmap.width * bitmap.height * VectorCost.embeddedPixel)
                guard painting else { continue }
                try context.draw(bitmap, in: destination)
            case .vector(let document, let destination):
                // Charged its destination's pixels, its elements and its filters over those
                // pixels (`SVGSurvey`); beyond Cairo's safe coordinates nothing is drawn (no
                // SVG is that large on a canvas).
                let bounds = device(destination).intersection(area)
                guard !bounds.isEmpty else { continue }
                try painted.charge(document.paintCost(over: bounds.area))
                try vectorDocument(VectorCost.shape + document.byteCount
                                   + min(document.drawnElements, Int.max / VectorCost.shape) * VectorCost.shape)
                guard painting, destination.width > 0, destination.height > 0,
                      context.isSafe(destination, radius: 0) else { continue }
                try document.draw(on: cr, in: destination)
            case .path(let path, let style, let pathTransform):
                let together = transform.concatenating(pathTransform)
                guard let plan = PathPlan(path, style: style, transform: together, scale: list.scale) else { continue }
                let bounds = plan.deviceBounds.intersection(area)
                guard !bounds.isEmpty else { continue }
                guard plan.isSafe else {
                    let reach = [plan.deviceBounds.x0, plan.deviceBounds.y0, plan.deviceBounds.x1, plan.deviceBounds.y1]
                        .map { $0.isFinite ? abs($0) : .infinity }.max() ?? .infinity
                    throw .pathOutOfRange(reach: reach, limit: FarGeometry.safeExtent)
                }
                try segments.charge(plan.segmentCost)
                try painted.charge(bounds.area * ((style.fill != nil ? 1 : 0) + (style.strokes ? 1 : 0)))
                guard painting else { continue }
                try context.draw(path, style: style, dash: plan.dash, pathTransform: pathTransform)
            case .beginGroup(let opacity, let clip, let radius, let blend, let groupTransform):
                if painting { cairo_save(cr) }
                let together = transform.concatenating(groupTransform)
                if !groupTransform.isIdentity {
                    try Self.checkStretch(together)
                    if painting {
                        var matrix = cairo_matrix_t(xx: groupTransform.a, yx: groupTransform.b, xy: groupTransform.c,
                                                    yy: groupTransform.d, x0: groupTransform.tx, y0: groupTransform.ty)
                        cairo_transform(cr, &matrix)
                    }
                    context.setTransform(together)
                }
                transforms.append(together)
                var inside = area
                if let clip {
                    if painting {
                        context.addRectangle(clip, radii: radius)
                        cairo_clip(cr)
                    }
                    inside = inside.intersection(PixelBounds(together.isIdentity ? clip : together.bounds(of: clip), scale: list.scale))
                }
                try vectorDocument(VectorCost.group)
                let pushed = opacity < 1 || blend != .normal
                if pushed {
                    // The group is only as large as what it draws: Cairo makes the group's
                    // surface the size of the clip, which is otherwise the whole canvas.
                    let ink = (groupBounds[index] ?? .empty).outset(2).intersection(inside)
                    inside = ink
                    try painted.charge(2 * ink.area)
                    if painting {
                        clipToPixels(context, box: ink)
                        cairo_push_group(cr)
                        context.opacities.append((opacity, blend))
                    }
                }
                visible.append(inside)
                groups.append(pushed)
            case .endGroup:
                guard let pushed = groups.popLast() else { throw .unbalancedGroups }
                visible.removeLast()
                transforms.removeLast()
                context.setTransform(transforms.last ?? .identity)
                guard painting else { continue }
                if pushed {
                    cairo_pop_group_to_source(cr)
                    let (opacity, blend) = context.opacities.removeLast()
                    // Restored with the state after this group's `cairo_restore`.
                    cairo_set_operator(cr, blend.cairoOperator)
                    cairo_paint_with_alpha(cr, opacity)
                }
                cairo_restore(cr)
            }
        }
        guard groups.isEmpty else { throw .unbalancedGroups }
    }

    /// Transforms together may stretch or shrink lengths at most this many times.
    static let maxStretch = 10_000.0

    static func checkStretch(_ t: Transform2D) throws(RenderError) {
        let stretch = t.stretch, shrink = t.inverse?.stretch ?? .infinity
        guard t.isFinite, stretch <= maxStretch, shrink <= maxStretch else {
            throw .transformOutOfRange(stretch: stretch > maxStretch || !stretch.isFinite ? stretch : 1 / shrink, limit: maxStretch)
        }
    }

    /// `cost` times `factor`, saturating.
    static func scaled(_ cost: Int, by factor: Double) -> Int {
        let value = Double(cost) * factor
        return value.isFinite && value < 9e18 ? Int(value.rounded(.up)) : Int.max
    }

    /// Clips to a box given in device pixels (whole pixels, so Cairo keeps it as a region).
    private func clipToPixels(_ context: DrawingContext, box: PixelBounds) {
        let cr = context.cr
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        if !box.isEmpty { cairo_rectangle(cr, box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0) }
        cairo_set_matrix(cr, &matrix)
        cairo_clip(cr)
    }

    /// For each group drawn with an opacity (by the index of its `beginGroup`), the device
    /// pixels its operations can touch: the union of their bounds, within the group's clip.
    private func inkBoundsOfGroups(_ list: DisplayList, context: DrawingContext) throws(RenderError) -> [Int: PixelBounds] {
        var result: [Int: PixelBounds] = [:]
        var open: [(index: Int, clip: PixelBounds?, ink: PixelBounds, pushed: Bool)] = []
        var pushedDepth = 0
        var transforms: [Transform2D] = []
        defer { context.setTransform(.identity) }
        let everywhere = PixelBounds(x0: -.greatestFiniteMagnitude, y0: -.greatestFiniteMagnitude,
                                     x1: .greatestFiniteMagnitude, y1: .greatestFiniteMagnitude)
        for (index, operation) in list.operations.enumerated() {
            let transform = transforms.last ?? .identity
            // Bounds in the open groups' untransformed space, in device pixels where they land.
            func landed(_ local: PixelBounds) -> PixelBounds {
                guard !transform.isIdentity, !local.isEmpty else { return local }
                let rect = Rect(x: local.x0 / list.scale, y: local.y0 / list.scale,
                                width: (local.x1 - local.x0) / list.scale, height: (local.y1 - local.y0) / list.scale)
                return PixelBounds(transform.bounds(of: rect), scale: list.scale)
            }
            var bounds = PixelBounds.empty
            switch operation {
            case .beginGroup(let opacity, let clip, _, let blend, let groupTransform):
                let together = transform.concatenating(groupTransform)
                if !groupTransform.isIdentity {
                    try Self.checkStretch(together)
                    context.setTransform(together)
                }
                transforms.append(together)
                let pushed = opacity < 1 || blend != .normal
                if pushed { pushedDepth += 1 }
                open.append((index, clip.map { PixelBounds(together.isIdentity ? $0 : together.bounds(of: $0), scale: list.scale) },
                             .empty, pushed))
                continue
            case .endGroup:
                guard let group = open.popLast() else { throw .unbalancedGroups }
                transforms.removeLast()
                context.setTransform(transforms.last ?? .identity)
                if group.pushed { pushedDepth -= 1 }
                let ink = group.clip.map { group.ink.intersection($0) } ?? group.ink
                if group.pushed { result[group.index] = ink }
                bounds = ink
            case _ where pushedDepth == 0:
                continue  // nothing to bound
            case .fill(let rect, _, _), .strokeInside(let rect, _, _, _), .strokeSides(let rect, _, _),
                 .gradient(let rect, _, _):
                bounds = landed(PixelBounds(rect, scale: list.scale))
            case .shadow(let frame, let shadow, let radius):
                bounds = landed(ShadowPlan(shadow, frame: frame, radius: radius, scale: list.scale, visible: everywhere)?.inkBounds ?? .empty)
            case .image(_, let destination), .vector(_, let destination):
                bounds = landed(PixelBounds(destination, scale: list.scale))
            case .path(let path, let style, let pathTransform):
                let together = transform.concatenating(pathTransform)
                bounds = PathPlan(path, style: style, transform: together, scale: list.scale)?.deviceBounds ?? .empty
            case .glyphs(let run):
                guard run.size * list.scale >= 0.01 else { continue }
                bounds = landed(try context.inkBounds(of: context.visibleGlyphs(run), run: run))
            case .textShadow(let run, let shadow):
                guard run.size * list.scale >= 0.01 else { continue }
                let ink = try context.inkBounds(of: context.visibleGlyphs(run), run: run)
                let moved = PixelBounds(x0: ink.x0 + shadow.x * list.scale, y0: ink.y0 + shadow.y * list.scale,
                                        x1: ink.x1 + shadow.x * list.scale, y1: ink.y1 + shadow.y * list.scale)
                bounds = landed(ShadowPlan(textShadow: shadow, ink: moved, scale: list.scale, visible: everywhere)?.inkBounds ?? .empty)
            }
            if !open.isEmpty { open[open.count - 1].ink = open[open.count - 1].ink.union(bounds) }
        }
        return result
    }
}

extension BlendMode {
    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal: return CAIRO_OPERATOR_OVER
        case .multiply: return CAIRO_OPERATOR_MULTIPLY
        case .screen: return CAIRO_OPERATOR_SCREEN
        case .overlay: return CAIRO_OPERATOR_OVERLAY
        }
    }
}

extension CairoRenderer {
    /// The version of the Cairo library in use, as it reports it.
    public static var cairoVersion: String { String(cString: cairo_version_string()) }
    /// The version of pixman, which does Cairo's rasterising.
    public static var pixmanVersion: String { String(cString: pixman_version_string()) }
}

extension DisplayList {
    /// Whether the first thing `walk` draws paints every pixel of the bitmap with an opaque
    /// colour, so that nothing the bitmap's memory held shows: an opaque background, or,
    /// without a background, a first operation that fills a square-cornered rectangle over
    /// the whole canvas with one (a root box with a background, as most specs begin). Such a
    /// rectangle covers each pixel whole, and an opaque colour over a pixel is that colour.
    var firstPaintCoversEveryPixel: Bool {
        if let background { return background.alpha >= 1 }
        guard case .fill(let rect, let color, let radius)? = operations.first, color.alpha >= 1, radius == .zero,
              FarGeometry.isSafe(rect, radius: 0, scale: scale) else { return false }
        return rect.minX * scale <= 0 && rect.minY * scale <= 0
            && rect.maxX * scale >= Double(pixelWidth) && rect.maxY * scale >= Double(pixelHeight)
    }
}
