internal import CPNG  // no C type in the public API

/// Encodes ``RGBAImage``s as 8-bit RGBA PNGs in memory, through libpng.
public enum PNGEncoder {
    /// How hard the encoder works to make the file small.
    ///
    /// Measured on the card scene's render (bench/card.spec, 1200×630, opaque so written
    /// as RGB: flat fills, text, thin borders, what renders look like), release build,
    /// median of 7, 2026-11-21 (machine busy with other builds, so compare rows, not runs):
    ///
    /// | zlib level | filter | strategy     | bytes   | ms   |
    /// |-----------:|--------|--------------|--------:|-----:|
    /// | 1          | NONE   | default      | 62,630  | 6.0  |
    /// | 1          | UP     | default      | 62,257  | 6.9  |
    /// | 1          | SUB    | default      | 69,108  | 7.8  |
    /// | 1          | UP     | Z_RLE        | 144,979 | 7.4  |
    /// | 1          | PAETH  | Z_RLE        | 70,809  | 10.1 |
    /// | 1          | NONE   | Huffman only | 801,399 | 19.3 |
    /// | 3          | NONE   | default      | 54,663  | 5.7  |
    /// | 6          | NONE   | default      | 43,098  | 11.4 |
    ///
    /// On UI images, long runs of equal pixels already compress well unfiltered;
    /// filtering turns them into runs of zero deltas but costs a pass per row and
    /// breaks the runs at every edge. Levels 1 to 3 cost the same within noise (on the
    /// 1080p UI screen too: 16.4, 15.8, 15.9 ms); level 6 doubles the time. So `.fast` is
    /// level 1 with no filter. Opaque images (every render with a background) are written
    /// as RGB, a quarter less data through deflate.
    public enum Speed: Sendable, Equatable {
        /// For renders and diff images: zlib level 1, no filter.
        case fast
        /// zlib level 6, libpng's adaptive filter choice.
        case balanced
        /// zlib level 9, libpng's adaptive filter choice: for files that are kept.
        case smallest

        var settings: (level: Int32, filters: Int32, strategy: Int32) {
            switch self {
            case .fast: return (1, filterNone, 0)
            case .balanced: return (6, allFilters, 0)
            case .smallest: return (9, allFilters, 0)
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
    ///   chunk, `.encodingFailed` if libpng fails.
    public static func encode(
        _ image: RGBAImage, text: [(key: String, value: String)] = [], speed: Speed = .fast
    ) throws(PNGError) -> [UInt8] {
        try encode(image, textChunks: text.map { PNGTextChunk(key: $0.key, value: $0.value) }, speed: speed)
    }

    /// Encodes an image with optional tEXt chunks given as ``PNGTextChunk``s.
    public static func encode(
        _ image: RGBAImage, textChunks: [PNGTextChunk], speed: Speed = .fast
    ) throws(PNGError) -> [UInt8] {
        try encode(image, textChunks: textChunks, settings: speed.settings)
    }

    /// Encodes with explicit zlib level, filter mask and zlib strategy (for measurement).
    @_spi(Bench) public static func encode(
        _ image: RGBAImage, textChunks: [PNGTextChunk], settings: (level: Int32, filters: Int32, strategy: Int32)
    ) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.width <= 0x7FFF_FFFF, image.height <= 0x7FFF_FFFF else {
            throw .invalidImage("size \(image.width)×\(image.height)")
        }
        let (expected, overflow) = image.width.multipliedReportingOverflow(by: image.height * 4)
        guard !overflow, image.pixels.count == expected else {
            throw .invalidImage(
                "\(image.pixels.count) bytes for \(image.width)×\(image.height) RGBA (expected \(expected))")
        }
        var keys: [[CChar]] = []
        var values: [[CChar]] = []
        for chunk in textChunks {
            try keys.append(latin1CString(chunk.key, key: chunk.key, isKey: true))
            try values.append(latin1CString(chunk.value, key: chunk.key, isKey: false))
        }

        let opaque = isOpaque(image)
        let writer = try PNGWriter()
        let sink = PNGSink()
        let rowBytes = image.width * 4
        let status = image.pixels.withUnsafeBufferPointer { buffer -> Int32 in
            let base = UnsafeMutablePointer(mutating: buffer.baseAddress!)
            var rows: [png_bytep?] = (0..<image.height).map { base + $0 * rowBytes }
            return withCStringArray(keys) { keyPointers in
                withCStringArray(values) { valuePointers in
                    rows.withUnsafeMutableBufferPointer { rowPointers in
                        lr_png_write_rgba(
                            writer.png, writer.info, sink.sink,
                            png_uint_32(image.width), png_uint_32(image.height), rowPointers.baseAddress,
                            settings.level, settings.filters, settings.strategy, opaque ? 1 : 0,
                            keyPointers, valuePointers, Int32(keys.count))
                    }
                }
            }
        }
        try writer.check(status)
        return sink.bytes
    }

    /// Whether every pixel's alpha is 255 (the image is then written as RGB).
    static func isOpaque(_ image: RGBAImage) -> Bool {
        image.pixels.withUnsafeBytes { raw in
            // Two pixels at a time: bytes 3 and 7 of a little-endian 8-byte word are alphas.
            let alphas: UInt64 = 0xFF00_0000_FF00_0000
            var all = alphas
            var offset = 0
            while offset + 8 <= raw.count {
                all &= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            if offset + 4 <= raw.count, raw[offset + 3] != 255 { return false }
            return all & alphas == alphas
        }
    }

    // PNG_FILTER_* values (png.h builds PNG_ALL_FILTERS from them in a macro Swift cannot import).
    static let filterNone: Int32 = 0x08
    static let filterSub: Int32 = 0x10
    static let filterUp: Int32 = 0x20
    static let filterAvg: Int32 = 0x40
    static let filterPaeth: Int32 = 0x80
    static let allFilters: Int32 = 0xF8

    /// Encodes one tEXt keyword or value as a NUL-terminated Latin-1 string.
    private static func latin1CString(_ string: String, key: String, isKey: Bool) throws(PNGError) -> [CChar] {
        var bytes: [CChar] = []
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
            bytes.append(CChar(bitPattern: UInt8(v)))
        }
        if isKey {
            guard (1...79).contains(bytes.count) else {
                throw .invalidText(key: key, reason: "keyword must be 1…79 characters")
            }
        }
        bytes.append(0)
        return bytes
    }
}

/// Calls `body` with a C array of pointers to the given NUL-terminated strings.
private func withCStringArray<R>(_ strings: [[CChar]], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
    func nest(_ index: Int, _ pointers: inout [UnsafePointer<CChar>?]) -> R {
        if index == strings.count {
            return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
        }
        return strings[index].withUnsafeBufferPointer { string in
            pointers.append(string.baseAddress)
            return nest(index + 1, &pointers)
        }
    }
    var pointers: [UnsafePointer<CChar>?] = []
    return nest(0, &pointers)
}
