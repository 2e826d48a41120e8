internal import CDeflate  // no C type in the public API

// The common case of PNG decoding without libpng: a non-interlaced 8-bit greyscale, grey +
// alpha, RGB or RGBA image without tRNS or PLTE, every chunk well-formed. The concatenated
// IDAT data is inflated by libdeflate in one call into a buffer of exactly the size the
// header gives (height × (1 + rowBytes)), and the rows are unfiltered and widened to RGBA
// here, one row at a time while it is in the cache. libpng's unfiltering and RGB → RGBA
// filler were about 60% of a 1080p decode (docs/benchmarks.md).
//
// Anything else, and anything this path does not like (a CRC mismatch, a chunk out of place,
// an unknown critical chunk, a zlib stream that is not exactly the image data, a bad filter
// type), gives nil, and the caller decodes with libpng, which then reports its own error:
// so errors and messages are libpng's as before, and this path only ever returns images
// libpng would decode to the same pixels (PNGFastDecoderTests compare the two).

enum PNGFastDecoder {
    /// The decoded image and the data ranges of its tEXt chunks (found in the same walk over
    /// the chunks, whose CRCs it checks), or nil when libpng must decode this file.
    ///
    /// `declared` is the IHDR size already checked against the limits
    /// (``PNGChunks/checkHeader(_:limits:)``).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, declared: (width: Int, height: Int))
        -> (image: RGBAImage, text: [Range<Int>])?
    {
        // IHDR: bit depth, colour type, compression, filter method, interlace (bytes 24–28).
        guard bytes.count >= 33, bytes[24] == 8, bytes[26] == 0, bytes[27] == 0, bytes[28] == 0 else {
            return nil
        }
        let channels: Int
        switch bytes[25] {
        case 0: channels = 1  // grey
        case 2: channels = 3  // RGB
        case 4: channels = 2  // grey + alpha
        case 6: channels = 4  // RGBA
        default: return nil  // palette, or invalid
        }
        let (width, height) = declared
        let rowBytes = width * channels
        let stride = rowBytes + 1
        guard let (idat, text) = imageDataChunks(bytes, idatLimit: idatLimit(stride: stride, height: height)) else {
            return nil
        }
        let (rawCount, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow else { return nil }
        // Deflate expands at most 1032:1 (a 258-byte match in two bits): a file declaring
        // more rows than its data can hold goes to libpng, which refuses it, before the
        // image's buffer is allocated here.
        let compressed = idat.reduce(0) { $0 + $1.count }
        guard rawCount <= compressed * 1032 + 258 else { return nil }

        // The filtered rows are inflated into the image's own buffer, at its end (offset so
        // that writing RGBA row y never reaches filtered row y + 1: an RGBA row is never
        // shorter than a filtered one minus the offset's share), and each row is copied into
        // one of two small row buffers, unfiltered there against the other and widened to its
        // place in the image. No second image-sized buffer: its page faults (about 1,500 for
        // a 1080p image) cost more than the copy.
        let outBytes = width * height * 4
        let offset = max(0, outBytes - rawCount)
        var ok = true
        let pixels = [UInt8](unsafeUninitializedCapacity: offset + rawCount) { buffer, initialized in
            initialized = 0
            let out = buffer.baseAddress!
            let raw = UnsafeMutableBufferPointer(start: out + offset, count: rawCount)
            guard inflate(bytes, idat, total: compressed, into: raw) else {
                ok = false
                return
            }
            // Slack after each row buffer: the pixel loops read up to four bytes past a row.
            let rowBuffer = stride + slack
            let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowBuffer)
            defer { rows.deallocate() }
            rows.initialize(repeating: 0, count: 2 * rowBuffer)
            var current = rows
            var prior = rows + rowBuffer
            for y in 0..<height {
                current.update(from: raw.baseAddress! + y * stride, count: stride)
                guard
                    unfilter(
                        type: current[0], row: current + 1, prior: y == 0 ? nil : prior + 1, count: rowBytes,
                        bpp: channels)
                else {
                    ok = false
                    return
                }
                widen(current + 1, channels: channels, width: width, to: out + y * width * 4)
                swap(&current, &prior)
            }
            initialized = outBytes
        }
        guard ok else { return nil }
        return (RGBAImage(width: width, height: height, pixels: pixels), text)
    }

    /// The largest IDAT chunk libpng accepts for the image (`png_check_chunk_length`: the
    /// image data plus zlib and deflate overheads, at most 2^31 - 1); other chunks it
    /// refuses above 8,000,000 bytes (PNG_USER_CHUNK_MALLOC_MAX). Longer chunks go to
    /// libpng, which refuses them.
    private static func idatLimit(stride: Int, height: Int) -> Int {
        let maximum = 0x7FFF_FFFF
        guard height <= Int(UInt32.max) / stride else { return maximum }
        var limit = height * stride
        let factor = min(stride, 32566)
        limit += 6 + 5 * (limit / factor + 1)
        return min(limit, maximum)
    }

    private static let otherChunkLimit = 8_000_000

    /// The data ranges of the IDAT chunks and of the tEXt chunks, or nil when the chunk
    /// sequence is one libpng might treat differently: every chunk's CRC must match; the
    /// only critical chunks are IHDR first, one run of consecutive IDATs, and an empty IEND;
    /// no PLTE or tRNS (they change the pixels, or libpng checks them); the file may not
    /// end before IEND.
    private static func imageDataChunks(_ bytes: UnsafeBufferPointer<UInt8>, idatLimit: Int)
        -> (idat: [Range<Int>], text: [Range<Int>])?
    {
        var offset = 33  // after the signature and IHDR, checked by PNGChunks.checkHeader
        var idat: [Range<Int>] = []
        var text: [Range<Int>] = []
        var idatEnded = false
        while true {
            guard bytes.count - offset >= 12 else { return nil }
            let length = Int(PNGChunks.readUInt32(bytes, at: offset))
            guard length <= 0x7FFF_FFFF, bytes.count - offset - 12 >= length else { return nil }
            let t0 = bytes[offset + 4], t1 = bytes[offset + 5], t2 = bytes[offset + 6], t3 = bytes[offset + 7]
            // Chunk type bytes are ASCII letters.
            @inline(__always) func letter(_ t: UInt8) -> Bool { (65...90).contains(t) || (97...122).contains(t) }
            guard letter(t0), letter(t1), letter(t2), letter(t3) else { return nil }
            let dataStart = offset + 8
            let crcOffset = dataStart + length
            guard PNGChunks.crc32(bytes, (offset + 4)..<crcOffset) == PNGChunks.readUInt32(bytes, at: crcOffset)
            else { return nil }
            let isIDAT = t0 == 73 && t1 == 68 && t2 == 65 && t3 == 84  // "IDAT"
            let isIEND = t0 == 73 && t1 == 69 && t2 == 78 && t3 == 68  // "IEND"
            let isTRNS = t0 == 116 && t1 == 82 && t2 == 78 && t3 == 83  // "tRNS"
            let isTEXT = t0 == 116 && t1 == 69 && t2 == 88 && t3 == 116  // "tEXt"
            guard length <= (isIDAT ? idatLimit : otherChunkLimit) else { return nil }
            if isIDAT {
                guard !idatEnded else { return nil }
                idat.append(dataStart..<crcOffset)
            } else if isIEND {
                guard length == 0, !idat.isEmpty else { return nil }
                return (idat, text)
            } else {
                // Bit 5 of the first byte clear: critical (IHDR again, PLTE or unknown).
                guard t0 & 0x20 != 0, !isTRNS else { return nil }
                if isTEXT { text.append(dataStart..<crcOffset) }
                if !idat.isEmpty { idatEnded = true }
            }
            offset = crcOffset + 4
        }
    }

    /// Inflates the zlib stream of the IDAT chunks (`total` bytes) into `raw`, which it must
    /// fill exactly, using all of the IDAT data. False on any failure.
    private static func inflate(
        _ bytes: UnsafeBufferPointer<UInt8>, _ idat: [Range<Int>], total: Int, into raw: UnsafeMutableBufferPointer<UInt8>
    ) -> Bool {
        // zlib's header: deflate with a 32 KiB window (CINFO 7). A smaller declared window
        // makes zlib (libpng) refuse distances libdeflate would accept, so that goes to libpng.
        guard total >= 2, let first = idat.first(where: { !$0.isEmpty }), bytes[first.lowerBound] == 0x78 else {
            return false
        }
        guard let decompressor = libdeflate_alloc_decompressor() else { return false }
        defer { libdeflate_free_decompressor(decompressor) }
        var used = 0
        let result: libdeflate_result
        if idat.count == 1 {
            let start = bytes.baseAddress! + idat[0].lowerBound
            result = libdeflate_zlib_decompress_ex(
                decompressor, start, total, raw.baseAddress, raw.count, &used, nil)
        } else {
            let joined = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: total)
            defer { joined.deallocate() }
            var at = 0
            for range in idat {
                (joined.baseAddress! + at).update(from: bytes.baseAddress! + range.lowerBound, count: range.count)
                at += range.count
            }
            result = libdeflate_zlib_decompress_ex(
                decompressor, joined.baseAddress, total, raw.baseAddress, raw.count, &used, nil)
        }
        return result == LIBDEFLATE_SUCCESS && used == total
    }

    private static let slack = 8

    /// Reverses PNG filter `type` on one row in place. False for a type that is not 0–4.
    /// The row and the one above may be read up to four bytes past their ends (their
    /// buffers' slack).
    @inline(__always)
    private static func unfilter(
        type: UInt8, row: UnsafeMutablePointer<UInt8>, prior: UnsafeMutablePointer<UInt8>?, count: Int, bpp: Int
    ) -> Bool {
        if type == 1 || type >= 3 && type <= 4 && prior != nil, bpp == 3 || bpp == 4 {
            if bpp == 3 {
                unfilterPixels(type: type, row: row, prior: prior, count: count, bpp: 3)
            } else {
                unfilterPixels(type: type, row: row, prior: prior, count: count, bpp: 4)
            }
            return true
        }
        switch type {
        case 0:
            return true
        case 1:  // Sub
            var i = bpp
            while i < count {
                row[i] = row[i] &+ row[i &- bpp]
                i &+= 1
            }
        case 2:  // Up
            guard let prior else { return true }  // the row above the first is zeros
            var i = 0
            while i &+ 16 <= count {
                let sum = UnsafeRawPointer(row + i).loadUnaligned(as: SIMD16<UInt8>.self)
                    &+ UnsafeRawPointer(prior + i).loadUnaligned(as: SIMD16<UInt8>.self)
                UnsafeMutableRawPointer(row + i).storeBytes(of: sum, as: SIMD16<UInt8>.self)
                i &+= 16
            }
            while i < count {
                row[i] = row[i] &+ prior[i]
                i &+= 1
            }
        case 3:  // Average
            if let prior {
                for i in 0..<min(bpp, count) { row[i] = row[i] &+ (prior[i] >> 1) }
                var i = bpp
                while i < count {
                    row[i] = row[i] &+ UInt8(truncatingIfNeeded: (UInt16(row[i &- bpp]) &+ UInt16(prior[i])) >> 1)
                    i &+= 1
                }
            } else {
                var i = bpp
                while i < count {
                    row[i] = row[i] &+ (row[i &- bpp] >> 1)
                    i &+= 1
                }
            }
        case 4:  // Paeth
            if let prior {
                for i in 0..<min(bpp, count) { row[i] = row[i] &+ prior[i] }
                var i = bpp
                while i < count {
                    row[i] = row[i] &+ paethPredictor(row[i &- bpp], prior[i], prior[i &- bpp])
                    i &+= 1
                }
            } else {
                // With a row of zeros above, Paeth predicts from the left: Sub.
                var i = bpp
                while i < count {
                    row[i] = row[i] &+ row[i &- bpp]
                    i &+= 1
                }
            }
        default:
            return false
        }
        return true
    }

    /// Sub, Average (with a row above) and Paeth (with a row above) for three or four samples
    /// a pixel: a pixel at a time, its samples in the lanes of a vector, the left pixel kept
    /// in a register instead of read back from the row just written.
    @inline(__always)
    private static func unfilterPixels(
        type: UInt8, row: UnsafeMutablePointer<UInt8>, prior: UnsafeMutablePointer<UInt8>?, count: Int, bpp: Int
    ) {
        typealias Lanes = SIMD4<Int16>
        @inline(__always) func load(_ p: UnsafeMutablePointer<UInt8>) -> Lanes {
            Lanes(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self))
        }
        // With three samples a pixel, the fourth byte stored is the one the load found there
        // (the next pixel's, not yet unfiltered, or the next row's filter type). The next
        // pixel is loaded before this one is stored: a load overlapping the store just made
        // waits for it (store forwarding fails), which made this loop twice as slow. That
        // load reads up to four bytes past the row (into its buffer's slack).
        let keepFourth = Lanes(0, 0, 0, bpp == 3 ? -1 : 0) .!= 0
        @inline(__always) func store(_ v: Lanes, _ loaded: Lanes, _ p: UnsafeMutablePointer<UInt8>) {
            let bytes = SIMD4<UInt8>(truncatingIfNeeded: v.replacing(with: loaded, where: keepFourth))
            UnsafeMutableRawPointer(p).storeBytes(of: bytes, as: SIMD4<UInt8>.self)
        }
        @inline(__always) func abs(_ v: Lanes) -> Lanes { v.replacing(with: 0 &- v, where: v .< 0) }
        var a = Lanes(repeating: 0)  // the pixel to the left, unfiltered
        var c = Lanes(repeating: 0)  // the pixel above that
        var x = 0
        switch type {
        case 1:
            var r = load(row)
            while x < count {
                let next = load(row + (x &+ bpp))
                a = (r &+ a) & 0xFF
                store(a, r, row + x)
                r = next
                x &+= bpp
            }
        case 3:
            let prior = prior!
            var r = load(row)
            while x < count {
                let next = load(row + (x &+ bpp))
                a = (r &+ ((a &+ load(prior + x)) &>> 1)) & 0xFF
                store(a, r, row + x)
                r = next
                x &+= bpp
            }
        default:
            let prior = prior!
            var r = load(row)
            while x < count {
                let next = load(row + (x &+ bpp))
                let b = load(prior + x)
                let da = b &- c  // p - a
                let db = a &- c  // p - b
                let pa = abs(da)
                let pb = abs(db)
                let pc = abs(da &+ db)
                var predicted = c
                predicted.replace(with: b, where: pb .<= pc)
                predicted.replace(with: a, where: pa .<= pointwiseMin(pb, pc))
                a = (r &+ predicted) & 0xFF
                store(a, r, row + x)
                r = next
                c = b
                x &+= bpp
            }
        }
    }

    /// One unfiltered row of `channels` samples a pixel as RGBA: grey to R, G and B,
    /// alpha 255 when the image has none.
    @inline(__always)
    private static func widen(
        _ row: UnsafeMutablePointer<UInt8>, channels: Int, width: Int, to out: UnsafeMutablePointer<UInt8>
    ) {
        switch channels {
        case 4:
            out.update(from: row, count: width * 4)
        case 3:
            // Four bytes read (the fourth is the next pixel's, or past the row: the slack),
            // the fourth replaced by alpha; little-endian.
            let source = UnsafeRawPointer(row)
            let destination = UnsafeMutableRawPointer(out)
            for x in 0..<width {
                let v = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: x &* 3, as: UInt32.self))
                destination.storeBytes(of: (v | 0xFF00_0000).littleEndian, toByteOffset: x &* 4, as: UInt32.self)
            }
        case 2:
            for x in 0..<width {
                let g = row[x &* 2]
                let d = out + x &* 4
                d[0] = g
                d[1] = g
                d[2] = g
                d[3] = row[x &* 2 &+ 1]
            }
        default:
            for x in 0..<width {
                let g = row[x]
                let d = out + x &* 4
                d[0] = g
                d[1] = g
                d[2] = g
                d[3] = 255
            }
        }
    }
}
