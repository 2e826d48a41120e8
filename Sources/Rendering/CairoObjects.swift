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
    let surface: ImageSurface
    /// Opacities of the open groups that were pushed.
    var opacities: [Double] = []
    private let fontOptions: OpaquePointer

    init(surface: ImageSurface) throws(RenderError) {
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
        self.fontOptions = options
    }

    deinit {
        cairo_font_options_destroy(fontOptions)
        cairo_destroy(cr)
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

    func addRectangle(_ rect: Rect, radius: Double) {
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

    func draw(_ run: GlyphRun) throws(RenderError) {
        guard !run.glyphs.isEmpty else { return }
        let face = try FontFaces.shared.face(path: run.fontPath, index: run.faceIndex)
        cairo_set_font_face(cr, face)
        cairo_set_font_size(cr, run.size)
        setSource(run.color)
        var glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.glyph), x: $0.x, y: $0.y) }
        cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
        try check("cairo_show_glyphs")
    }

    func draw(_ bitmap: Bitmap, in destination: Rect) throws(RenderError) {
        guard bitmap.width > 0, bitmap.height > 0, destination.width > 0, destination.height > 0 else { return }
        let image = try ImageSurface(bitmap: bitmap)
        cairo_save(cr)
        cairo_translate(cr, destination.x, destination.y)
        cairo_scale(cr, destination.width / Double(bitmap.width), destination.height / Double(bitmap.height))
        cairo_set_source_surface(cr, image.surface, 0, 0)
        if let pattern = cairo_get_source(cr) {
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }
        cairo_rectangle(cr, 0, 0, Double(bitmap.width), Double(bitmap.height))
        cairo_fill(cr)
        cairo_restore(cr)
        try check("drawing an image")
    }
}
