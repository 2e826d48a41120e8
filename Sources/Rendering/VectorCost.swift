/// What each drawing operation adds to an SVG or PDF document, in bytes, estimated before
/// anything is drawn so that a spec whose document would pass `RenderBudget.maxVectorBytes`
/// is refused before Cairo builds it in memory (Cairo's SVG surface keeps the whole page
/// until it is finished: a 379 MB document took 1.45 GB).
///
/// The figures are what Cairo's SVG surface writes, rounded down, so that a document
/// within the limit is never refused for its estimate (the bytes written are counted too,
/// exactly, by `VectorSurface`): a glyph is a `<use>` of about 38 bytes, a rectangle a
/// `<path>` of about 120, a gradient its `<linearGradient>` (about 300) and 60 a stop, an image or shadow
/// a PNG of its pixels (counted at 1 byte a pixel, what a flat picture compresses to
/// before base64). A PDF's content is compressed: a quarter of these.
enum VectorCost {
    static let shape = 100
    static let gradient = 300
    /// Each stop of a gradient: a `<stop>` of its own.
    static let gradientStop = 60
    static let glyph = 32
    static let group = 100
    /// A dash or dot of a border: a sub-path of its own.
    static let borderPiece = 40
    /// A shadow's or image's pixels, embedded as a PNG.
    static let embeddedPixel = 1

    /// `bytes` as the document of `format` takes them.
    static func inFormat(_ bytes: Int, _ format: VectorFormat) -> Int {
        switch format {
        case .svg: return bytes
        case .pdf: return bytes / 4
        }
    }
}
