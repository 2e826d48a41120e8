import CCairo
import LayoutEngine

/// Limits on what one render may allocate.
public struct RenderLimits: Hashable, Sendable {
    /// Largest side of the bitmap, in device pixels (Cairo's own limit is 32767).
    public var maxSide: Int = 16_384
    /// Most device pixels in one bitmap (4 bytes each).
    public var maxPixels: Int = 64 << 20
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
        // afterwards: one image-sized allocation per render, not two.
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let drawn: Result<Void, RenderError> = pixels.withUnsafeMutableBytes { buffer in
            do throws(RenderError) {
                let surface = try ImageSurface(drawingInto: buffer, width: width, height: height)
                defer { surface.finish() }
                try draw(list, on: surface)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try drawn.get()
        convertToStraightRGBA(&pixels)
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    private func draw(_ list: DisplayList, on surface: ImageSurface) throws(RenderError) {
        let context = try DrawingContext(surface: surface)
        let cr = context.cr
        cairo_scale(cr, list.scale, list.scale)
        context.setFixedFontOptions()
        if let background = list.background {
            context.setSource(background)
            cairo_paint(cr)
        }
        var groups: [Bool] = []
        for operation in list.operations {
            switch operation {
            case .fill(let rect, let color, let radius):
                context.addRectangle(rect, radius: radius)
                context.setSource(color)
                cairo_fill(cr)
            case .strokeInside(let rect, let width, let color, let radius):
                guard width > 0, rect.width > 0, rect.height > 0 else { continue }
                let w = min(width, rect.width / 2, rect.height / 2)
                let inner = Rect(x: rect.x + w / 2, y: rect.y + w / 2, width: rect.width - w, height: rect.height - w)
                context.addRectangle(inner, radius: max(0, radius - w / 2))
                context.setSource(color)
                cairo_set_line_width(cr, w)
                cairo_stroke(cr)
            case .glyphs(let run):
                try context.draw(run)
            case .image(let bitmap, let destination):
                try context.draw(bitmap, in: destination)
            case .beginGroup(let opacity, let clip, let radius):
                cairo_save(cr)
                if let clip {
                    context.addRectangle(clip, radius: radius)
                    cairo_clip(cr)
                }
                let pushed = opacity < 1
                if pushed {
                    cairo_push_group(cr)
                    context.opacities.append(opacity)
                }
                groups.append(pushed)
            case .endGroup:
                guard let pushed = groups.popLast() else { throw .unbalancedGroups }
                if pushed {
                    cairo_pop_group_to_source(cr)
                    cairo_paint_with_alpha(cr, context.opacities.removeLast())
                }
                cairo_restore(cr)
            }
        }
        guard groups.isEmpty else { throw .unbalancedGroups }
        try context.check("drawing")
    }
}

extension CairoRenderer {
    /// The version of the Cairo library in use, as it reports it.
    public static var cairoVersion: String { String(cString: cairo_version_string()) }
    /// The version of pixman, which does Cairo's rasterising.
    public static var pixmanVersion: String { String(cString: pixman_version_string()) }
}
