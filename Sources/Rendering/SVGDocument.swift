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
///
/// Before librsvg sees the text, `SVGSurvey` counts the work of drawing it (elements with
/// every `<use>` expanded, filter primitives) and checks the images inside it against the
/// image limits from their headers; past `SVGSurvey`'s limits the document is refused, and
/// within them its drawing is charged for what the survey counted (`paintCost(over:)`).
public final class SVGDocument: Hashable, Sendable {
    /// The largest SVG file parsed.
    public static let maxBytes = 4 << 20

    /// The size in points (one CSS pixel each).
    public let width: Double
    public let height: Double
    /// The size of the source (what a cache of documents counts).
    public let byteCount: Int
    /// Elements drawn, every `<use>` and reference expanded (`SVGSurvey`).
    public let drawnElements: Int
    /// Filter primitives run, every reference expanded (`SVGSurvey`).
    public let filterPrimitives: Int
    /// Pixels of the bitmaps inside the document (`data:` URLs), by their headers: what
    /// librsvg decodes when it draws, for the render's image budget.
    public let embeddedPixels: Int

    /// The largest width or height: the range of lengths in a spec (1,000,000 points,
    /// `ValueRanges.maxPoints`), which the image's frame takes its size from.
    public static let maxSide = 1_000_000.0
    /// What drawing one element costs against the paint budget, besides its destination's
    /// pixels: about a microsecond of librsvg's work, where the budget's pixel is about a
    /// nanosecond.
    static let elementCost = 1_024
    /// What one filter primitive costs for each pixel of the destination (it runs over at
    /// most that; a blur is box passes each way, charged as a shadow's blur is).
    static let primitivePixelCost = 16
    private let handle: Mutex<Handle>

    private final class Handle: @unchecked Sendable {  // used only under the Mutex
        let pointer: OpaquePointer
        let rsvg: LibRsvg
        init(_ pointer: OpaquePointer, _ rsvg: LibRsvg) { self.pointer = pointer; self.rsvg = rsvg }
        deinit { rsvg.objectUnref(UnsafeMutableRawPointer(pointer)) }
    }

    /// Surveys and parses `data`; the error's text is the survey's or librsvg's.
    /// - Parameters:
    ///   - imageMaxSide, imageMaxPixels: the limits of the images inside the document (the
    ///     render's limits for bitmaps).
    public init(data: [UInt8], imageMaxSide: Int = 16_384, imageMaxPixels: Int = 64 << 20) throws(RenderError) {
        guard data.count <= Self.maxBytes else {
            throw .svg("the file is \(data.count) bytes; the limit is \(Self.maxBytes)")
        }
        guard !data.isEmpty else { throw .svg("the file is empty") }
        let survey = try SVGSurvey(data, imageLimits: SVGSurvey.ImageLimits(maxSide: imageMaxSide, maxPixels: imageMaxPixels))
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
            guard hasViewBox != 0 else {
                // librsvg reads no size from a length past the range of its numbers (1e39):
                // say what was written rather than that nothing was.
                if let width = survey.rootWidth, let height = survey.rootHeight {
                    throw .svg("the root <svg>'s width=\"\(width.prefix(40))\" and height=\"\(height.prefix(40))\" are not both "
                               + "lengths from 0 to \(Int(Self.maxSide)) pixels, and it has no viewBox")
                }
                throw .svg("the root <svg> has neither width and height nor a viewBox")
            }
            (w, h) = (viewBox.width, viewBox.height)
        }
        guard w.isFinite, h.isFinite, w > 0, h > 0 else { throw .svg("the image is empty (\(w)×\(h))") }
        guard w <= Self.maxSide, h <= Self.maxSide else {
            func shown(_ v: Double) -> String { v < 1e15 ? String(Int(v.rounded(.up))) : String(v) }
            throw .svg("the image is \(shown(w))x\(shown(h)) pixels; an SVG's size is limited to \(Int(Self.maxSide)) "
                       + "pixels a side, the range of lengths in a spec")
        }
        width = w
        height = h
        byteCount = data.count
        drawnElements = survey.drawnElements
        filterPrimitives = survey.filterPrimitives
        embeddedPixels = survey.embeddedPixels
        self.handle = Mutex(handle)
    }

    /// What drawing the document over `pixels` device pixels costs against the paint
    /// budget: the pixels, each element, and each filter primitive over every pixel
    /// (saturating).
    func paintCost(over pixels: Int) -> Int {
        let perPixel = 1.0 + Double(filterPrimitives) * Double(Self.primitivePixelCost)
        let total = Double(pixels) * perPixel + Double(drawnElements) * Double(Self.elementCost)
        return total < 9e18 ? Int(total) : Int.max
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
