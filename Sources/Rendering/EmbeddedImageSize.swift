/// The pixel size of an image inside an SVG (a `data:` URL), read from its header alone,
/// before anything decodes it: what librsvg's image loaders would allocate.
enum EmbeddedImageSize {
    /// What the bytes are, as far as the size check is concerned.
    enum Kind: Equatable {
        /// A bitmap of this size.
        case bitmap(width: Int, height: Int, format: String)
        /// An SVG document (drawn by librsvg itself; surveyed in turn).
        case svg
        /// Bytes whose format is not read here (and would be left to gdk-pixbuf's sniffing).
        case unknown
    }

    /// Reads the size of a PNG, JPEG, GIF, WebP or BMP, or recognises an SVG.
    static func kind(of bytes: [UInt8]) -> Kind {
        if let size = png(bytes) { return .bitmap(width: size.0, height: size.1, format: "PNG") }
        if let size = jpeg(bytes) { return .bitmap(width: size.0, height: size.1, format: "JPEG") }
        if let size = gif(bytes) { return .bitmap(width: size.0, height: size.1, format: "GIF") }
        if let size = webp(bytes) { return .bitmap(width: size.0, height: size.1, format: "WebP") }
        if let size = bmp(bytes) { return .bitmap(width: size.0, height: size.1, format: "BMP") }
        if looksLikeSVG(bytes) { return .svg }
        return .unknown
    }

    private static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    private static func be32(_ b: [UInt8], _ i: Int) -> Int { be16(b, i) << 16 | be16(b, i + 2) }
    private static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    private static func le24(_ b: [UInt8], _ i: Int) -> Int { le16(b, i) | Int(b[i + 2]) << 16 }
    private static func le32(_ b: [UInt8], _ i: Int) -> Int { le16(b, i) | le16(b, i + 2) << 16 }

    /// The IHDR chunk, which a PNG must start with.
    static func png(_ b: [UInt8]) -> (Int, Int)? {
        guard b.count >= 24, b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              b[12...15].elementsEqual("IHDR".utf8) else { return nil }
        return (be32(b, 16), be32(b, 20))
    }

    /// The first start-of-frame marker, walking the segments from the SOI.
    static func jpeg(_ b: [UInt8]) -> (Int, Int)? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let length = be16(b, i + 2)
            guard length >= 2 else { return nil }
            // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): height, then width.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard i + 9 <= b.count else { return nil }
                return (be16(b, i + 7), be16(b, i + 5))
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // a scan or the end before any frame
            i += 2 + length
        }
        return nil
    }

    /// The logical screen of a GIF (every frame lies within it).
    static func gif(_ b: [UInt8]) -> (Int, Int)? {
        guard b.count >= 10, b.starts(with: Array("GIF8".utf8)) else { return nil }
        return (le16(b, 6), le16(b, 8))
    }

    /// The first chunk of a WebP: VP8 (lossy), VP8L (lossless) or VP8X (extended: canvas size).
    static func webp(_ b: [UInt8]) -> (Int, Int)? {
        guard b.count >= 30, b.starts(with: Array("RIFF".utf8)), b[8...11].elementsEqual("WEBP".utf8) else { return nil }
        let chunk = Array(b[12...15])
        if chunk == Array("VP8 ".utf8) { return (le16(b, 26) & 0x3FFF, le16(b, 28) & 0x3FFF) }
        if chunk == Array("VP8L".utf8) {
            let bits = le32(b, 21)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        }
        if chunk == Array("VP8X".utf8) { return (le24(b, 24) + 1, le24(b, 27) + 1) }
        return nil
    }

    /// A Windows bitmap's info header (the height is negative for top-down rows).
    static func bmp(_ b: [UInt8]) -> (Int, Int)? {
        guard b.count >= 26, b[0] == 0x42, b[1] == 0x4D else { return nil }
        let width = Int(Int32(truncatingIfNeeded: le32(b, 18))), height = Int(Int32(truncatingIfNeeded: le32(b, 22)))
        return (abs(width), abs(height))
    }

    /// Text with an `<svg` in its first 4 KiB, as the image loader tells SVG apart.
    static func looksLikeSVG(_ b: [UInt8]) -> Bool {
        let head = b.prefix(4096)
        let needle = Array("<svg".utf8)
        guard head.count >= needle.count else { return false }
        for i in head.startIndex...(head.endIndex - needle.count) where head[i] == needle[0] {
            if head[i..<(i + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
