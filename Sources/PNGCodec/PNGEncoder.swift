/// Encodes ``RGBAImage``s as 8-bit PNGs in memory: filtered rows compressed by
/// libdeflate, in a container written here (libpng, which can only use zlib, is
/// used for decoding).
public enum PNGEncoder {
    /// How hard the encoder works to make the file small.
    ///
    /// Measured on the card scene's render (bench/card.spec, 1200×630, opaque so written
    /// as RGB: flat fills, text, thin borders, what renders look like) and on the 1080p
    /// diff image (`layout-render diff bench/ui_1080_a.png bench/ui_1080_b.png --out`),
    /// instructions of filtering + compression counted by callgrind (load-independent),
    /// 2026-11-24; zlib level 1 unfiltered through libpng was the encoder before:
    ///
    /// | compressor    | filter   | card bytes | card M instr. | diff bytes | diff M instr. |
    /// |---------------|----------|-----------:|--------------:|-----------:|--------------:|
    /// | zlib 1        | none     | 62,573     | 56.7          | 138,150    | 154.6         |
    /// | libdeflate 1  | none     | 52,728     | 31.4          | 105,518    | 84.4          |
    /// | libdeflate 1  | up       | 56,249     | 31.5          | 100,817    | 83.6          |
    /// | libdeflate 1  | paeth    | 53,513     | 31.2          | 99,807     | 83.5          |
    /// | libdeflate 1  | adaptive | 51,865     | 31.2          | 97,597     | 83.4          |
    /// | libdeflate 2  | none     | 53,156     | 62.9          | 100,035    | 168.9         |
    /// | libdeflate 4  | none     | 50,336     | 63.4          | 99,284     | 171.8         |
    /// | libdeflate 6  | none     | 45,579     | 67.9          | 93,333     | 183.7         |
    ///
    /// (compression only; filtering adds little unfiltered and a pass per candidate
    /// filter when adaptive.) libdeflate's level 1 is both faster and smaller than zlib's,
    /// levels 2 and up cost twice as much for a few per cent, and on UI images filters
    /// gain little: long runs of equal pixels already compress well unfiltered. So
    /// `.fast` is level 1 with no filter. Opaque images (every render with a background)
    /// are written as RGB, a quarter less data through deflate.
    public enum Speed: Sendable, Equatable {
        /// For renders and diff images: libdeflate level 1, no filter.
        case fast
        /// libdeflate level 6, adaptive filter choice.
        case balanced
        /// libdeflate level 12 (its slowest, near-optimal parse), adaptive filter choice:
        /// for files that are kept.
        case smallest

        var settings: (level: Int32, filter: PNGRowFilter) {
            switch self {
            case .fast: return (1, .none)
            case .balanced: return (6, .adaptive)
            case .smallest: return (12, .adaptive)
            }
        }
    }

    /// Encodes an image with optional tEXt chunks.
    ///
    /// - Parameters:
    ///   - image: `width × height × 4` bytes of straight-alpha RGBA.
    ///   - text: tEXt chunks written before the image data, in order. Keys are
    ///     1…79 printable Latin-1 characters; values any Latin-1 text without NUL.
    ///   - speed: the size/time trade-off; `.fast` by default.
    /// - Returns: the PNG file.
    /// - Throws: `.invalidImage` for a bad size or buffer, `.invalidText` for a bad
    ///   chunk, `.encodingFailed` if libdeflate fails.
    public static func encode(
        _ image: RGBAImage, text: [(key: String, value: String)] = [], speed: Speed = .fast
    ) throws(PNGError) -> [UInt8] {
        try encode(image, textChunks: text.map { PNGTextChunk(key: $0.key, value: $0.value) }, speed: speed)
    }

    /// Encodes an image with optional tEXt chunks given as ``PNGTextChunk``s.
    public static func encode(
        _ image: RGBAImage, textChunks: [PNGTextChunk], speed: Speed = .fast
    ) throws(PNGError) -> [UInt8] {
        let settings = speed.settings
        return try encode(image, textChunks: textChunks, level: settings.level, filter: settings.filter)
    }

    /// Encodes with an explicit libdeflate level (1…12) and row filter (for measurement).
    @_spi(Bench) public static func encode(
        _ image: RGBAImage, textChunks: [PNGTextChunk], level: Int32, filter: PNGRowFilter
    ) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.width <= 0x7FFF_FFFF, image.height <= 0x7FFF_FFFF else {
            throw .invalidImage("size \(image.width)×\(image.height)")
        }
        let (expected, overflow) = image.width.multipliedReportingOverflow(by: image.height * 4)
        guard !overflow, image.pixels.count == expected else {
            throw .invalidImage(
                "\(image.pixels.count) bytes for \(image.width)×\(image.height) RGBA (expected \(expected))")
        }
        var texts: [[UInt8]] = []
        for chunk in textChunks {
            let key = try latin1(chunk.key, key: chunk.key, isKey: true)
            let value = try latin1(chunk.value, key: chunk.key, isKey: false)
            texts.append(key + [0] + value)
        }

        let opaque = isOpaque(image)
        let rowsCount = PNGFilteredRows.byteCount(width: image.width, height: image.height, opaque: opaque)
        // Every byte is written before it is read, so the buffer is not zeroed.
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: rowsCount + PNGFilteredRows.slack)
        defer { rows.deallocate() }
        image.pixels.withUnsafeBytes { pixels in
            PNGFilteredRows.write(
                pixels, width: image.width, height: image.height, opaque: opaque, filter: filter, to: rows)
        }
        let stream = try LibDeflate.zlibCompress(UnsafeRawBufferPointer(start: rows, count: rowsCount), level: level)

        let chunkCount = 3 + texts.count + stream.count / PNGChunkWriter.maxIDATLength
        var png = PNGChunkWriter(
            capacity: 8 + 12 * chunkCount + 13 + texts.reduce(0) { $0 + $1.count } + stream.count)
        var header: [UInt8] = []
        for side in [image.width, image.height] {
            withUnsafeBytes(of: UInt32(side).bigEndian) { header.append(contentsOf: $0) }
        }
        // 8 bits per sample, RGB (2) or RGBA (6), deflate, filter method 0, no interlace.
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        png.append("IHDR", header)
        for text in texts { png.append("tEXt", text) }
        png.appendImageData(stream)
        png.append("IEND", [])
        return png.bytes
    }

    /// Whether every pixel's alpha is 255 (the image is then written as RGB).
    static func isOpaque(_ image: RGBAImage) -> Bool {
        image.pixels.withUnsafeBytes { raw in
            // Two pixels at a time: bytes 3 and 7 of a little-endian 8-byte word are alphas.
            let alphas: UInt64 = 0xFF00_0000_FF00_0000
            var all = alphas
            var offset = 0
            while offset + 8 <= raw.count {
                all &= UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            if offset + 4 <= raw.count, raw[offset + 3] != 255 { return false }
            return all & alphas == alphas
        }
    }

    /// One tEXt keyword or value as Latin-1 bytes, checked.
    private static func latin1(_ string: String, key: String, isKey: Bool) throws(PNGError) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in string.unicodeScalars {
            let v = scalar.value
            if isKey {
                guard (32...126).contains(v) || (161...255).contains(v) else {
                    throw .invalidText(key: key, reason: "keyword character U+\(String(v, radix: 16, uppercase: true))")
                }
            } else {
                guard v != 0, v <= 255 else {
                    throw .invalidText(key: key, reason: "text character U+\(String(v, radix: 16, uppercase: true)) is not Latin-1")
                }
            }
            bytes.append(UInt8(v))
        }
        if isKey {
            guard (1...79).contains(bytes.count) else {
                throw .invalidText(key: key, reason: "keyword must be 1…79 characters")
            }
        } else {
            // A chunk's length is at most 2³¹ − 1, keyword and separator included.
            guard bytes.count <= 0x7FFF_FFFF - 80 else {
                throw .invalidText(key: key, reason: "text of \(bytes.count) bytes is too long for a chunk")
            }
        }
        return bytes
    }
}
