import CCairo
import CRsvg  // no C type in the public API; the functions through `LibRsvg`
import LayoutEngine
import Synchronization

/// An SVG image, parsed once by librsvg and drawn as vectors wherever a display list puts
/// it, so it is crisp at every scale.
///
/// Parsed from memory with no base file: librsvg then has nothing to resolve a reference
/// to another file against, so `<image href="file:///etc/passwd">` and the like draw
/// nothing and read nothing. The intrinsic size is the root's `width` and `height` (in
/// CSS pixels at 96 per inch), or else its `viewBox`; a document with neither is an error.
/// Thread-safe: a librsvg handle is used by one thread at a time. librsvg is opened the
/// first time a document is parsed (`LibRsvg`).
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
        let pointer: OpaquePointer
        let rsvg: LibRsvg
        init(_ pointer: OpaquePointer, _ rsvg: LibRsvg) { self.pointer = pointer; self.rsvg = rsvg }
        deinit { rsvg.objectUnref(UnsafeMutableRawPointer(pointer)) }
    }

    /// Parses `data`; the error's text is librsvg's.
    public init(data: [UInt8]) throws(RenderError) {
        guard data.count <= Self.maxBytes else {
            throw .svg("the file is \(data.count) bytes; the limit is \(Self.maxBytes)")
        }
        guard !data.isEmpty else { throw .svg("the file is empty") }
        let rsvg = try LibRsvg.shared.get()
        var error: UnsafeMutablePointer<GError>?
        let created = data.withUnsafeBufferPointer { rsvg.newFromData($0.baseAddress, $0.count, &error) }
        guard let created else { throw .svg(rsvg.takeMessage(error)) }
        let handle = Handle(created, rsvg)
        rsvg.setDPI(created, 96)
        var w = 0.0, h = 0.0
        if rsvg.intrinsicSizeInPixels(created, &w, &h) == 0 {
            // Percentages or no width/height: the viewBox's size.
            var hasViewBox: Int32 = 0
            var viewBox = RsvgRectangle()
            rsvg.intrinsicDimensions(created, nil, nil, nil, nil, &hasViewBox, &viewBox)
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
            guard handle.rsvg.renderDocument(handle.pointer, cr, &viewport, &error) != 0 else {
                return handle.rsvg.takeMessage(error)
            }
            return nil
        }
        if let failure { throw .svg(failure) }
    }

    public static func == (a: SVGDocument, b: SVGDocument) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
