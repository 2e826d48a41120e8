import CCairo

/// A surface a `DrawingContext` draws on: an image surface (pixels) or a vector one
/// (SVG or PDF), `width × height` device pixels, which for a vector surface are points.
protocol DrawingSurface: AnyObject {
    var surface: OpaquePointer { get }
    var width: Int { get }
    var height: Int { get }
    /// Whether the surface records shapes and glyphs rather than pixels.
    var isVector: Bool { get }
}

extension ImageSurface: DrawingSurface {
    var isVector: Bool { false }
}

/// The vector formats Cairo writes itself.
public enum VectorFormat: String, Sendable, CaseIterable {
    case svg, pdf
}

/// Owns a Cairo SVG or PDF surface writing into memory: `finish()` completes the
/// document and returns its bytes.
final class VectorSurface: DrawingSurface {
    let surface: OpaquePointer
    let width: Int
    let height: Int
    var isVector: Bool { true }
    private let sink: Sink
    private let format: VectorFormat

    /// What Cairo's write callback appends to. Owned by the surface, which Cairo writes
    /// through only while it lives.
    private final class Sink {
        var bytes: [UInt8] = []
        let maxBytes: Int
        /// Set when Cairo wrote more than `maxBytes`: the write failed and the document is cut.
        var overflowed = false
        init(maxBytes: Int) { self.maxBytes = maxBytes }
    }

    /// A `format` document of `width × height` points, of at most `maxBytes` bytes: a write
    /// past them fails, and `finish()` reports the budget passed.
    init(_ format: VectorFormat, width: Int, height: Int, maxBytes: Int = Int.max) throws(RenderError) {
        let sink = Sink(maxBytes: maxBytes)
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
            guard !sink.overflowed, Int(length) <= sink.maxBytes - sink.bytes.count else {
                sink.overflowed = true
                return CAIRO_STATUS_WRITE_ERROR
            }
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        let created: OpaquePointer?
        let operation: String
        switch format {
        case .svg:
            created = cairo_svg_surface_create_for_stream(write, closure, Double(width), Double(height))
            operation = "cairo_svg_surface_create_for_stream"
        case .pdf:
            created = cairo_pdf_surface_create_for_stream(write, closure, Double(width), Double(height))
            operation = "cairo_pdf_surface_create_for_stream"
        }
        guard let created else { throw .cairo(operation: operation, status: "no surface") }
        let status = cairo_surface_status(created)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(created)
            throw .cairo(operation: operation, status: describe(status))
        }
        surface = created
        self.width = width
        self.height = height
        self.sink = sink
        self.format = format
        switch format {
        case .svg:
            // Lengths in points, as the surface's size is given (not the default "pt" suffix
            // that some viewers scale by 4/3): one unit per device pixel of the PNG.
            cairo_svg_surface_set_document_unit(created, CAIRO_SVG_UNIT_PX)
        case .pdf:
            // The same bytes for the same spec: a fixed creation date and producer's tool
            // instead of anything taken from the clock.
            cairo_pdf_surface_set_metadata(created, CAIRO_PDF_METADATA_CREATOR, "layout-render")
            cairo_pdf_surface_set_metadata(created, CAIRO_PDF_METADATA_CREATE_DATE, Self.fixedDate)
            cairo_pdf_surface_set_metadata(created, CAIRO_PDF_METADATA_MOD_DATE, Self.fixedDate)
        }
    }

    /// The date written into every PDF (the metadata's format, ISO 8601).
    static let fixedDate = "2000-01-01T00:00:00Z"

    /// Completes the document and returns it.
    func finish() throws(RenderError) -> [UInt8] {
        cairo_surface_finish(surface)
        if sink.overflowed { throw .overBudget(.vectorBytes, limit: sink.maxBytes) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(operation: "cairo_surface_finish", status: describe(status)) }
        return format == .svg ? SVGIdentifiers.renumbered(sink.bytes) : sink.bytes
    }

    deinit { cairo_surface_destroy(surface) }
}
