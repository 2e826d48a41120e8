import CCairo
import LayoutEngine

/// Owns a Cairo ARGB32 image surface.
final class ImageSurface {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    convenience init(width: Int, height: Int) throws(RenderError) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        try self.init(checking: surface, operation: "cairo_image_surface_create", width: width, height: height)
    }

    /// An 8-bit coverage (alpha only) surface, for masks such as a shadow's.
    convenience init(alphaWidth width: Int, height: Int) throws(RenderError) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
        try self.init(checking: surface, operation: "cairo_image_surface_create (A8)", width: width, height: height)
    }

    /// A surface that draws into `pixels` (`width × height × 4` bytes, rows `width × 4`
    /// apart), which must outlive it; call `finish()` before reading them.
    convenience init(drawingInto pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int) throws(RenderError) {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard stride == width * 4, pixels.count == width * height * 4, let base = pixels.baseAddress else {
            throw .cairo(operation: "cairo_image_surface_create_for_data", status: "a \(width)×\(height) buffer")
        }
        let surface = cairo_image_surface_create_for_data(
            base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
        try self.init(checking: surface, operation: "cairo_image_surface_create_for_data", width: width, height: height)
    }

    private init(checking surface: OpaquePointer?, operation: String, width: Int, height: Int) throws(RenderError) {
        guard let surface else { throw .cairo(operation: operation, status: "no surface") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(operation: operation, status: describe(status))
        }
        self.surface = surface
        self.width = width
        self.height = height
    }

    /// Completes drawing: Cairo does not touch the pixels after this.
    func finish() {
        cairo_surface_finish(surface)
    }

    /// Makes a surface holding `bitmap`'s pixels (premultiplied, as Cairo wants them).
    convenience init(bitmap: Bitmap) throws(RenderError) {
        try self.init(width: bitmap.width, height: bitmap.height)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            throw .cairo(operation: "cairo_image_surface_get_data", status: "no data")
        }
        bitmap.pixels.withUnsafeBufferPointer { src in
            for y in 0..<bitmap.height {
                let row = data + y * stride
                for x in 0..<bitmap.width {
                    let s = (y * bitmap.width + x) * 4
                    let a = UInt32(src[s + 3])
                    let r = (UInt32(src[s]) * a + 127) / 255
                    let g = (UInt32(src[s + 1]) * a + 127) / 255
                    let b = (UInt32(src[s + 2]) * a + 127) / 255
                    let value = a << 24 | r << 16 | g << 8 | b
                    (row + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = value }
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    deinit { cairo_surface_destroy(surface) }
}

/// Owns a Cairo context and the drawing helpers that need it.
final class DrawingContext {
    let cr: OpaquePointer
    let surface: any DrawingSurface
    /// Device pixels per point (the context's transformation).
    let scale: Double
    /// The canvas in points, grown by a few device pixels: what can show, in the
    /// coordinates of the current `transform`.
    private(set) var window: Rect
    /// `window` without a transform.
    private let canvasWindow: Rect
    /// The transform of the open groups, together (identity outside any).
    private(set) var transform: Transform2D = .identity
    /// Opacities and blend modes of the open groups that were pushed.
    var opacities: [(Double, BlendMode)] = []
    private let fontOptions: OpaquePointer
    /// Each bitmap's surface, made once per render however often it is drawn (by the
    /// address of its pixels, which the display list keeps alive while it is drawn).
    private var imageSurfaces: [UnsafeRawPointer: ImageSurface] = [:]

    init(surface: any DrawingSurface, scale: Double) throws(RenderError) {
        guard let cr = cairo_create(surface.surface) else {
            throw .cairo(operation: "cairo_create", status: "no context")
        }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            throw .cairo(operation: "cairo_create", status: describe(status))
        }
        guard let options = cairo_font_options_create() else {
            cairo_destroy(cr)
            throw .cairo(operation: "cairo_font_options_create", status: "no options")
        }
        self.cr = cr
        self.surface = surface
        self.scale = scale
        let margin = 4 / scale
        window = Rect(x: -margin, y: -margin, width: Double(surface.width) / scale + 2 * margin,
                      height: Double(surface.height) / scale + 2 * margin)
        canvasWindow = window
        self.fontOptions = options
    }

    deinit {
        cairo_font_options_destroy(fontOptions)
        cairo_destroy(cr)
    }

    /// Sets the transform that drawing is under (the Cairo matrix is the caller's), so
    /// that what can show and what is too far for Cairo are judged where things land.
    func setTransform(_ t: Transform2D) {
        transform = t
        window = t.isIdentity ? canvasWindow : (t.inverse.map { $0.bounds(of: canvasWindow) } ?? canvasWindow)
    }

    /// Whether a rounded rectangle can go to Cairo as it is, where the transform puts it.
    func isSafe(_ rect: Rect, radius: Double) -> Bool {
        guard FarGeometry.isSafe(rect, radius: radius, scale: scale) else { return false }
        guard !transform.isIdentity else { return true }
        return FarGeometry.isSafe(transform.bounds(of: rect), radius: radius * transform.stretch, scale: scale)
    }

    func check(_ operation: String) throws(RenderError) {
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(operation: operation, status: describe(status)) }
    }

    /// Greyscale antialiasing, no hinting, unhinted metrics: the same pixels on every machine.
    func setFixedFontOptions() {
        cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(fontOptions, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        cairo_set_font_options(cr, fontOptions)
    }

    func setSource(_ color: RGBAColor) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    /// Adds a rectangle with rounded corners (the radius at most half of either side, as
    /// CSS clamps it). A shape reaching beyond Cairo's coordinates goes as a polygon cut to
    /// the canvas (`FarGeometry`).
    func addRectangle(_ rect: Rect, radius: Double) {
        guard isSafe(rect, radius: radius) else {
            addPolygon(FarGeometry.polygon(rect, radius: radius, window: window, tolerance: 0.05 / scale))
            return
        }
        let r = min(max(0, radius), rect.width / 2, rect.height / 2)
        guard r > 0 else {
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            return
        }
        let pi = Double.pi
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.y + r, r, -pi / 2, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, pi / 2)
        cairo_arc(cr, rect.x + r, rect.maxY - r, r, pi / 2, pi)
        cairo_arc(cr, rect.x + r, rect.y + r, r, pi, 3 * pi / 2)
        cairo_close_path(cr)
    }

    /// Adds a rectangle whose corners each have their own radius (CSS order), reduced as
    /// CSS reduces radii that would overlap. Four alike go to `addRectangle(_:radius:)`,
    /// so their pixels are what one radius always gave.
    func addRectangle(_ rect: Rect, radii: CornerRadii) {
        if radii.isUniform {
            addRectangle(rect, radius: radii.topLeft)
            return
        }
        let r = radii.fitted(to: rect.size)
        guard isSafe(rect, radius: r.largest) else {
            addPolygon(FarGeometry.polygon(rect, radii: r, window: window, tolerance: 0.05 / scale))
            return
        }
        let pi = Double.pi
        cairo_new_sub_path(cr)
        // Clockwise from the top-right: each corner's arc, or the corner itself.
        let corners: [(x: Double, y: Double, r: Double, start: Double)] = [
            (rect.maxX, rect.minY, r.topRight, -pi / 2), (rect.maxX, rect.maxY, r.bottomRight, 0),
            (rect.minX, rect.maxY, r.bottomLeft, pi / 2), (rect.minX, rect.minY, r.topLeft, pi),
        ]
        let inward: [(Double, Double)] = [(-1, 1), (-1, -1), (1, -1), (1, 1)]
        for (corner, (dx, dy)) in zip(corners, inward) {
            if corner.r > 0 {
                cairo_arc(cr, corner.x + dx * corner.r, corner.y + dy * corner.r, corner.r, corner.start, corner.start + pi / 2)
            } else {
                cairo_line_to(cr, corner.x, corner.y)
            }
        }
        cairo_close_path(cr)
    }

    private func addPolygon(_ points: [Point]) {
        guard let first = points.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        cairo_close_path(cr)
    }

    /// A border `width` wide inside `rect` (at most half of either side).
    func strokeInside(_ rect: Rect, width: Double, radius radii: CornerRadii) {
        guard radii.isUniform else {
            strokeInside(rect, width: width, corners: radii)
            return
        }
        let radius = radii.topLeft
        guard width > 0, rect.width > 0, rect.height > 0 else { return }
        let w = min(width, rect.width / 2, rect.height / 2)
        if isSafe(rect, radius: radius) {
            let inner = Rect(x: rect.x + w / 2, y: rect.y + w / 2, width: rect.width - w, height: rect.height - w)
            addRectangle(inner, radius: max(0, radius - w / 2))
            cairo_set_line_width(cr, w)
            cairo_stroke(cr)
            return
        }
        // The ring between the outer edge and the inner one, filled: no stroker with a
        // width of 1e20 (whose pen Cairo sizes from the width).
        let inner = Rect(x: rect.x + w, y: rect.y + w, width: rect.width - 2 * w, height: rect.height - 2 * w)
        addRectangle(rect, radius: radius)
        if inner.width > 0, inner.height > 0 { addRectangle(inner, radius: max(0, radius - w)) }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }

    /// A uniform border whose corners differ: as `strokeInside` with one radius, each
    /// corner's inner radius its outer one less the width.
    private func strokeInside(_ rect: Rect, width: Double, corners radii: CornerRadii) {
        guard width > 0, rect.width > 0, rect.height > 0 else { return }
        let w = min(width, rect.width / 2, rect.height / 2)
        let outer = radii.fitted(to: rect.size)
        if isSafe(rect, radius: outer.largest) {
            let inner = Rect(x: rect.x + w / 2, y: rect.y + w / 2, width: rect.width - w, height: rect.height - w)
            addRectangle(inner, radii: outer.map { max(0, $0 - w / 2) })
            cairo_set_line_width(cr, w)
            cairo_stroke(cr)
            return
        }
        let inner = Rect(x: rect.x + w, y: rect.y + w, width: rect.width - 2 * w, height: rect.height - 2 * w)
        addRectangle(rect, radii: outer)
        if inner.width > 0, inner.height > 0 { addRectangle(inner, radii: outer.map { max(0, $0 - w) }) }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }

    /// A border whose sides differ (`DrawOperation.strokeSides`): the ring between the
    /// outer rounded rectangle and the inner one (its corners quarter ellipses, as CSS
    /// rounds them), filled once per colour through a clip made
    /// of the wedges of the sides with that colour, so that sides of one colour meet without
    /// a seam.
    func strokeSides(_ rect: Rect, _ sides: BorderSides, radius radii: CornerRadii) {
        guard rect.width > 0, rect.height > 0 else { return }
        // Each side at most half of its axis, as `strokeInside` clamps a uniform border.
        let t = min(max(0, sides.widths.top), rect.height / 2), b = min(max(0, sides.widths.bottom), rect.height / 2)
        let l = min(max(0, sides.widths.left), rect.width / 2), r = min(max(0, sides.widths.right), rect.width / 2)
        let inner = Rect(x: rect.x + l, y: rect.y + t, width: rect.width - l - r, height: rect.height - t - b)
        // Each corner's outer radius: one radius at most half the shorter side, as always;
        // four that differ reduced together as CSS reduces them.
        let R = radii.isUniform ? CornerRadii(min(max(0, radii.topLeft), rect.width / 2, rect.height / 2))
                                : radii.fitted(to: rect.size)
        // The line between two sides runs from the outer corner through the inner one, on to
        // half the shorter side in, past any rounding of the ring.
        let depth = min(rect.width, rect.height) / 2
        func divide(_ corner: Point, _ dx: Double, _ dy: Double) -> Point {
            let longest = max(abs(dx), abs(dy))
            guard longest > 0 else { return corner }
            return Point(x: corner.x + dx / longest * depth, y: corner.y + dy / longest * depth)
        }
        let tl = Point(x: rect.minX, y: rect.minY), tr = Point(x: rect.maxX, y: rect.minY)
        let br = Point(x: rect.maxX, y: rect.maxY), bl = Point(x: rect.minX, y: rect.maxY)
        let dtl = divide(tl, l, t), dtr = divide(tr, -r, t), dbr = divide(br, -r, -b), dbl = divide(bl, l, -b)
        let wedges = [[tl, tr, dtr, dtl], [tr, br, dbr, dtr], [br, bl, dbl, dbr], [bl, tl, dtl, dbl]]
        let far = !isSafe(rect, radius: radii.largest)
        if sides.style != .solid {
            // Dashes or dots: each side's pieces, cut by its wedge and by the ring.
            let widths = [t, r, b, l]
            let cornerRadii = [max(R.topLeft, R.topRight), max(R.topRight, R.bottomRight),
                               max(R.bottomRight, R.bottomLeft), max(R.bottomLeft, R.topLeft)]
            for (index, (side, wedge)) in zip(sides.sides, wedges).enumerated() where widths[index] > 0 {
                cairo_save(cr)
                cairo_new_path(cr)
                addPolygon(far ? FarGeometry.clip(wedge, to: window) : wedge)
                cairo_clip(cr)
                addRing(rect, inner: inner, radii: R, widths: (t, r, b, l), far: far)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                cairo_clip(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                cairo_new_path(cr)
                addBorderPieces(side: index, of: rect, width: widths[index], depth: widths[index] + cornerRadii[index],
                                style: sides.style)
                setSource(side.color)
                cairo_fill(cr)
                cairo_restore(cr)
            }
            return
        }
        var drawn: [RGBAColor] = []
        for side in sides.sides where side.width > 0 && !drawn.contains(side.color) {
            drawn.append(side.color)
            cairo_save(cr)
            cairo_new_path(cr)
            for (other, wedge) in zip(sides.sides, wedges) where other.width > 0 && other.color == side.color {
                addPolygon(far ? FarGeometry.clip(wedge, to: window) : wedge)
            }
            cairo_clip(cr)
            addRing(rect, inner: inner, radii: R, widths: (t, r, b, l), far: far)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            setSource(side.color)
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }

    /// The ring of a border: `rect` rounded by `radii`, and `inner` (the rect less the
    /// widths) rounded as CSS rounds the inside of a border; filled even-odd.
    private func addRing(_ rect: Rect, inner: Rect, radii R: CornerRadii,
                         widths: (t: Double, r: Double, b: Double, l: Double), far: Bool) {
        let (t, r, b, l) = widths
        addRectangle(rect, radii: R)
        guard inner.width > 0, inner.height > 0 else { return }
        if far {
            let widest = max(t, r, b, l)
            addRectangle(inner, radii: R.map { max(0, $0 - widest) })
        } else {
            addRectangle(inner, corners: [(max(0, R.topLeft - l), max(0, R.topLeft - t)),
                                          (max(0, R.topRight - r), max(0, R.topRight - t)),
                                          (max(0, R.bottomRight - r), max(0, R.bottomRight - b)),
                                          (max(0, R.bottomLeft - l), max(0, R.bottomLeft - b))])
        }
    }

    /// A rectangle whose corners are quarter ellipses, each with its own horizontal and
    /// vertical radius (top-left, top-right, bottom-right, bottom-left), as CSS rounds the
    /// inside of a border: the corner's radius less the width of the side on each axis.
    /// For shapes within Cairo's range; radii that touch (rx + rx ≤ width) do not overlap.
    private func addRectangle(_ rect: Rect, corners: [(rx: Double, ry: Double)]) {
        let pi = Double.pi
        let points = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
        // Where each corner's ellipse is centred, as a step in from the corner.
        let inward: [(Double, Double)] = [(1, 1), (-1, 1), (-1, -1), (1, -1)]
        // The quarter each corner draws, clockwise from the top-right.
        let order = [1, 2, 3, 0]
        cairo_new_sub_path(cr)
        for index in order {
            let (x, y) = points[index], (rx, ry) = corners[index], (dx, dy) = inward[index]
            guard rx > 0, ry > 0 else { cairo_line_to(cr, x, y); continue }
            let start = [pi, -pi / 2, 0, pi / 2][index]
            cairo_save(cr)
            cairo_translate(cr, x + dx * rx, y + dy * ry)
            cairo_scale(cr, rx, ry)
            cairo_arc(cr, 0, 0, 1, start, start + pi / 2)
            cairo_restore(cr)
        }
        cairo_close_path(cr)
    }

    /// Font sizes from which glyphs are filled as outlines rather than drawn from Cairo's
    /// glyph images: Cairo caches one image per glyph and size with no bound on their bytes,
    /// and at thousands of pixels per em each image is megabytes.
    static let outlineFromPixelsPerEm = 256.0

    /// The glyphs of `run` that can show on the canvas (a glyph's ink is taken to lie
    /// within 4 em of its origin), for drawing and counting.
    func visibleGlyphs(_ run: GlyphRun) -> [cairo_glyph_t] {
        let reach = 4 * run.size
        return run.glyphs.compactMap { g in
            guard g.x.isFinite, g.y.isFinite, g.x + reach > window.minX, g.x - reach < window.maxX,
                  g.y + reach > window.minY, g.y - reach < window.maxY else { return nil }
            return cairo_glyph_t(index: UInt(g.glyph), x: g.x, y: g.y)
        }
    }

    /// Sets `run`'s face and size on the context.
    func setFont(of run: GlyphRun) throws(RenderError) {
        let face = try FontFaces.shared.face(run.font)
        cairo_set_font_face(cr, face)
        cairo_font_face_destroy(face)  // the context holds its own reference
        cairo_set_font_size(cr, run.size)
        try check("cairo_set_font_face")
    }

    /// The ink bounds of `glyphs` in device pixels, as Cairo will draw them.
    func inkBounds(of glyphs: [cairo_glyph_t], run: GlyphRun) throws(RenderError) -> PixelBounds {
        guard !glyphs.isEmpty else { return .empty }
        try setFont(of: run)
        var extents = cairo_text_extents_t()
        glyphs.withUnsafeBufferPointer { cairo_glyph_extents(cr, $0.baseAddress, Int32($0.count), &extents) }
        try check("cairo_glyph_extents")
        let x = glyphs[0].x + extents.x_bearing, y = glyphs[0].y + extents.y_bearing
        return PixelBounds(Rect(x: x, y: y, width: extents.width, height: extents.height), scale: scale)
    }

    func draw(_ run: GlyphRun, glyphs: [cairo_glyph_t]) throws(RenderError) {
        guard !glyphs.isEmpty else { return }
        try setFont(of: run)
        setSource(run.color)
        var glyphs = glyphs
        // A vector surface keeps glyphs as glyphs (text in a PDF), whatever their size.
        if !surface.isVector && run.size * scale >= Self.outlineFromPixelsPerEm {
            cairo_glyph_path(cr, &glyphs, Int32(glyphs.count))
            cairo_fill(cr)
        } else {
            cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
        }
        try check("cairo_show_glyphs")
    }

    func draw(_ bitmap: Bitmap, in destination: Rect) throws(RenderError) {
        guard bitmap.width > 0, bitmap.height > 0, destination.width > 0, destination.height > 0 else { return }
        let image = try surface(for: bitmap)
        cairo_save(cr)
        if isSafe(destination, radius: 0) {
            cairo_translate(cr, destination.x, destination.y)
            cairo_scale(cr, destination.width / Double(bitmap.width), destination.height / Double(bitmap.height))
            cairo_set_source_surface(cr, image.surface, 0, 0)
            cairo_rectangle(cr, 0, 0, Double(bitmap.width), Double(bitmap.height))
        } else {
            // Far corners: the part on the canvas, with the pattern's matrix written as
            // ratios so that no huge number reaches Cairo.
            let sx = Double(bitmap.width) / destination.width, sy = Double(bitmap.height) / destination.height
            cairo_set_source_surface(cr, image.surface, 0, 0)
            if let pattern = cairo_get_source(cr) {
                var matrix = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: sy, x0: -destination.x * sx, y0: -destination.y * sy)
                cairo_pattern_set_matrix(pattern, &matrix)
            }
            addPolygon(FarGeometry.polygon(destination, radius: 0, window: window, tolerance: 0.05 / scale))
        }
        if let pattern = cairo_get_source(cr) {
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }
        cairo_fill(cr)
        cairo_restore(cr)
        try check("drawing an image")
    }

    private func surface(for bitmap: Bitmap) throws(RenderError) -> ImageSurface {
        guard let key = bitmap.pixels.withUnsafeBytes({ $0.baseAddress }) else { return try ImageSurface(bitmap: bitmap) }
        if let surface = imageSurfaces[key], surface.width == bitmap.width, surface.height == bitmap.height { return surface }
        let surface = try ImageSurface(bitmap: bitmap)
        imageSurfaces[key] = surface
        return surface
    }
}
