/// Encodes ``RGBAImage``s as 8-bit PNGs in memory: filtered rows deflated a strip at a
/// time, by zlib (ISA-L's igzip for the fastest speed), large images in parts shared by
/// two threads, checksums by libdeflate, in a container written here (libpng is used for
/// decoding only).
public enum PNGEncoder {
    /// How hard the encoder works to make the file small.
    ///
    /// Compression alone (filtered rows in memory, best of 40 in one process, so page
    /// faults and the machine's load count little), 2026-11-24, on the card render
    /// (bench/card.spec, 1200×630, written as RGB: 2.27 MB of rows), the 1080p diff image
    /// (`layout-render diff bench/ui_1080_a.png bench/ui_1080_b.png --out`, 6.2 MB) and
    /// a flat white 1080p image; M = million instructions (callgrind):
    ///
    /// | compressor       | filter | card bytes | card ms | card M | diff bytes | diff ms | diff M | white ms |
    /// |------------------|--------|-----------:|--------:|-------:|-----------:|--------:|-------:|---------:|
    /// | zlib 1           | none   | 62,573     | 3.68    | 56.7   | 138,150    | 9.61    | 154.6  | 7.44     |
    /// | zlib 1, 2 threads| none   | 61,922     | 2.42    | –      | 138,125    | 4.62    | –      | –        |
    /// | libdeflate 1     | none   | 52,728     | 2.67    | 31.4   | 105,518    | 15.52   | 84.4   | 15.39    |
    /// | libdeflate 1     | sub    | 59,401     | 5.62    | 31.4   | 111,144    | 15.61   | 83.7   | –        |
    /// | libdeflate 1     | up     | 56,249     | 5.62    | 31.5   | 100,817    | 15.78   | 83.6   | –        |
    /// | libdeflate 2     | none   | 53,156     | 3.94    | 62.9   | 100,035    | 10.56   | 168.9  | 9.42     |
    /// | libdeflate 6     | none   | 45,579     | –       | 67.9   | 93,333     | –       | 183.7  | –        |
    /// | igzip 1 (ISA-L)  | none   | 59,935     | 0.37    | –      | 125,054    | 1.23    | –      | –        |
    ///
    /// (igzip measured 2026-11-28 with `bench/png_compressors.c`, zlib 1 beside it: 4.16
    /// and 11.50 ms on one thread.)
    ///
    /// libdeflate (1.14, Debian 12) compresses in fewer instructions and to smaller
    /// files, but its level 1 takes 2.5 ns a byte on runs of one byte value (white,
    /// grey and black areas, zero rows after filtering: every position of a run goes
    /// into the same hash bucket, one dependent store after another) against 1 ns on
    /// coloured runs, and UI images and diff images are mostly such runs. It also
    /// compresses whole buffers only, so the rows of the whole image have to be in
    /// memory at once: 560 more page faults for the card, 1,430 for a 1080p image, at
    /// 2 µs each here. zlib streams a strip of rows at a time and, with sync flushes,
    /// lets threads compress parts of the image into one stream. So `.fast` is zlib level
    /// 1, unfiltered (filters gain little on UI images: long runs of equal pixels already
    /// compress well unfiltered), in parts shared by two threads for images of 512 KiB of
    /// rows or more. Opaque images (every render with a background) are written as RGB,
    /// a quarter less data through deflate. The checksums, where libdeflate's vector
    /// code is ten to twenty times faster than zlib's, are libdeflate's.
    ///
    /// ISA-L's igzip streams and joins as zlib does and, its matching written in vector
    /// instructions, compresses ten times faster than zlib's level 1 to files of about the
    /// same size (0.91–1.09× on renders; up to 1.19× on small text-heavy images, under
    /// 256 KiB of rows, which stay with zlib). But its output is not a function of its
    /// input alone: compressing the 1,000 cards of `bench/make_card_batch.py` twice in
    /// fresh processes (a C program with every buffer zeroed, stateful and stateless
    /// calls alike) gave different bytes for about two of them each time, the same pixels
    /// always. So it is `.fastest`, asked for by name, and `.fast` stays zlib's, whose
    /// bytes are the same on every run.
    public enum Speed: Sendable, Equatable {
        /// For renders and diff images: zlib level 1, no filter.
        case fast
        /// igzip level 1 (zlib level 1 for images under 256 KiB of rows), no filter: about
        /// ten times faster than `.fast` to files of about its size, for throughput. The
        /// same pixels on every run, but not always the same bytes (see above).
        case fastest
        /// zlib level 6, adaptive filter choice (per row, the smallest sum of
        /// absolute differences, libpng's heuristic).
        case balanced
        /// zlib level 9, adaptive filter choice: for files that are kept. An image of at
        /// most 256 distinct RGBA colours is written as a palette PNG (colour type 3, alpha
        /// in tRNS), losslessly, when that is the smaller file.
        case smallest

        var settings: (level: Int32, filter: PNGRowFilter) {
            switch self {
            case .fast, .fastest: return (1, .none)
            case .balanced: return (6, .adaptive)
            case .smallest: return (9, .adaptive)
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
    ///   - onOneThread: compress on the calling thread only, never in parts on threads of
    ///     their own: for callers that already keep every core busy (a batch of as many jobs
    ///     as cores), where a second thread only competes with another job. The file is
    ///     then one deflate stream without sync flushes: the same pixels, within a few hundred
    ///     bytes of the size.
    /// - Returns: the PNG file.
    /// - Throws: `.invalidImage` for a bad size or buffer, `.invalidText` for a bad
    ///   chunk, `.encodingFailed` if zlib fails.
    public static func encode(
        _ image: RGBAImage, text: [(key: String, value: String)] = [], speed: Speed = .fast, onOneThread: Bool = false
    ) throws(PNGError) -> [UInt8] {
        try encode(image, textChunks: text.map { PNGTextChunk(key: $0.key, value: $0.value) }, speed: speed,
                   onOneThread: onOneThread)
    }

    /// Encodes an image with optional tEXt chunks given as ``PNGTextChunk``s.
    public static func encode(
        _ image: RGBAImage, textChunks: [PNGTextChunk], speed: Speed = .fast, onOneThread: Bool = false
    ) throws(PNGError) -> [UInt8] {
        let settings = speed.settings
        let direct = try encode(image, textChunks: textChunks, level: settings.level, filter: settings.filter,
                                parts: onOneThread ? 1 : nil, compressor: nil, igzip: speed == .fastest)
        guard speed == .smallest,
              let palette = try encodePalette(image, textChunks: textChunks, level: settings.level,
                                              parts: onOneThread ? 1 : nil) else {
            return direct
        }
        return palette.count < direct.count ? palette : direct
    }

    /// The palette form of `image` (see `PNGPalette`), nil when it has more than 256 colours.
    static func encodePalette(_ image: RGBAImage, textChunks: [PNGTextChunk], level: Int32,
                              parts: Int? = nil) throws(PNGError) -> [UInt8]? {
        guard let (colors, indices) = PNGPalette.indexed(image) else { return nil }
        let (plte, trns) = PNGPalette.chunks(colors: colors)
        return try PNGPalette.file(width: image.width, height: image.height, indices: indices, plte: plte, trns: trns,
                                   texts: try textChunks.map(textChunk), level: level, parts: parts, igzip: false)
    }

    /// A tEXt chunk's data: keyword, NUL, value, as Latin-1, checked.
    static func textChunk(_ chunk: PNGTextChunk) throws(PNGError) -> [UInt8] {
        try latin1(chunk.key, key: chunk.key, isKey: true) + [0] + latin1(chunk.value, key: chunk.key, isKey: false)
    }

    /// Encodes with an explicit zlib level (1…9), row filter and number of parts (nil: by
    /// size) (for measurement and tests).
    @_spi(Bench) public static func encode(
        _ image: RGBAImage, textChunks: [PNGTextChunk], level: Int32, filter: PNGRowFilter, parts: Int? = nil
    ) throws(PNGError) -> [UInt8] {
        try encode(image, textChunks: textChunks, level: level, filter: filter, parts: parts, compressor: nil)
    }

    /// The same with the compressor chosen (nil: by level and size, igzip for images large
    /// enough when `igzip`, the fastest speed), for the speeds, tests and the fuzzer.
    static func encode(
        _ image: RGBAImage, textChunks: [PNGTextChunk], level: Int32, filter: PNGRowFilter, parts: Int?,
        compressor: PNGImageData.Compressor?, igzip: Bool = false
    ) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.width <= 0x7FFF_FFFF, image.height <= 0x7FFF_FFFF else {
            throw .invalidImage("size \(image.width)×\(image.height)")
        }
        let (expected, overflow) = image.width.multipliedReportingOverflow(by: image.height * 4)
        guard !overflow, image.pixels.count == expected else {
            throw .invalidImage(
                "\(image.pixels.count) bytes for \(image.width)×\(image.height) RGBA (expected \(expected))")
        }
        let texts = try textChunks.map(textChunk)

        let opaque = isOpaque(image)
        let stream = try PNGImageData.zlibStream(image, opaque: opaque, level: level, filter: filter, parts: parts,
                                                 compressor: compressor, igzip: igzip)

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
