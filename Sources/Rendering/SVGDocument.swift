import CCairo
import CRsvg  // no C type in the public API
import LayoutEngine
import Synchronization

/// An SVG image, parsed once by librsvg and drawn as vectors wherever a display list puts
/// it, so it is crisp at every scale.
///
/// Parsed from memory with no base file: librsvg then has nothing to resolve a reference
/// to another file against, so `<image href="file:///etc/passwd">` and the like draw
/// nothing and read nothing. The intrinsic size is the root's `width` and `height` (in
/// CSS pixels at 96 per inch), or else its `viewBox`; a document with neither is an error.
/// Thread-safe: a librsvg handle is used by one thread at a time.
public final class SVGDocument: Hashable, Sendable {
    /// The largest SVG file parsed.
    public static let maxBytes = 4 << 20

    /// The size in points (one CSS pixel each).
    public let width: Double
    public let height: Double
    /// The size of the source (what a cache of documents counts).
    public let byteCount: Int
    private let handle: Mutex<Handle>

    private final class Handle: @unchecked Sendable {  // used only under the Mutex
        let pointer: UnsafeMutablePointer<RsvgHandle>
        init(_ pointer: UnsafeMutablePointer<RsvgHandle>) { self.pointer = pointer }
        deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
    }

    /// Parses `data`; the error's text is librsvg's.
    public init(data: [UInt8]) throws(RenderError) {
        guard data.count <= Self.maxBytes else {
            throw .svg("the file is \(data.count) bytes; the limit is \(Self.maxBytes)")
        }
        guard !data.isEmpty else { throw .svg("the file is empty") }
        var error: UnsafeMutablePointer<GError>?
        let created = data.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        guard let created else { throw .svg(Self.message(error)) }
        let handle = Handle(created)
        rsvg_handle_set_dpi(created, 96)
        var w = 0.0, h = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(created, &w, &h) == 0 {
            // Percentages or no width/height: the viewBox's size.
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(created, nil, nil, nil, nil, &hasViewBox, &viewBox)
            guard hasViewBox != 0 else { throw .svg("the root <svg> has neither width and height nor a viewBox") }
            (w, h) = (viewBox.width, viewBox.height)
        }
        guard w.isFinite, h.isFinite, w > 0, h > 0 else { throw .svg("the image is empty (\(w)×\(h))") }
        width = w
        height = h
        byteCount = data.count
        self.handle = Mutex(handle)
    }

    /// Draws the document stretched to `destination` (in the context's user space, points).
    func draw(on cr: OpaquePointer, in destination: Rect) throws(RenderError) {
        let failure: String? = handle.withLock { handle in
            cairo_save(cr)
            defer { cairo_restore(cr) }
            // The document's own size, stretched as a bitmap of that size would be, so
            // every content mode places it as it places pixels.
            cairo_translate(cr, destination.x, destination.y)
            cairo_scale(cr, destination.width / width, destination.height / height)
            var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
            var error: UnsafeMutablePointer<GError>?
            guard rsvg_handle_render_document(handle.pointer, cr, &viewport, &error) != 0 else {
                return Self.message(error)
            }
            return nil
        }
        if let failure { throw .svg(failure) }
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        lr_rsvg_take_message(error, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static func == (a: SVGDocument, b: SVGDocument) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
