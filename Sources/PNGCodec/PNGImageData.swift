import WorkerThreads

/// The zlib stream (RFC 1950) of an image's filtered rows, the data of its IDAT chunks.
///
/// The rows are compressed by zlib, or by ISA-L's igzip for the fastest speed (unless the
/// image is small; see `Compressor`). A large image's rows are cut into parts of
/// about `partBytes` filtered bytes, each compressed into a raw deflate stream that ends
/// with a sync flush (the last with the final block), so the parts joined are one deflate
/// stream. The calling thread and a worker thread share the parts out (`PartQueue`): each
/// takes the next one when it is done with its last, so when the worker starts late or its
/// processor is busy, the calling thread compresses more of them instead of waiting. Where
/// the parts fall depends on the image's size only, so the file is the same whichever
/// thread compressed which part. A part's matches cannot reach into the part before it,
/// which costs a few tenths of a per cent in size. Within a part, rows are filtered and
/// compressed a strip at a time, so no buffer the size of the image is allocated.
enum PNGImageData {
    /// Filtered bytes handed to the compressor at once.
    static let stripBytes = 64 * 1024
    /// The library that compresses an image's rows, and at which level.
    enum Compressor: Equatable {
        /// ISA-L's igzip, level 1: the fastest speed, from `igzipFrom` bytes of rows on.
        case igzip
        /// zlib, at a level from 1 to 9.
        case zlib(level: Int32)
    }

    /// igzip's level 1 makes files up to 19 % larger than zlib's level 1 on small
    /// text-heavy images (the fixtures' CJK render, 153 KB of rows), where zlib takes under
    /// half a millisecond anyway; from 256 KiB of rows on, they stay within 10 % (renders
    /// of text at two to four times the scale: 1.02–1.09; the card: 0.95).
    static let igzipFrom = 256 * 1024

    /// igzip for the fastest speed's larger images (`igzip`), zlib otherwise.
    static func compressor(level: Int32, total: Int, igzip: Bool) -> Compressor {
        igzip && total >= igzipFrom ? .igzip : .zlib(level: level)
    }

    /// Filtered bytes in a part of a larger image: zlib compresses 256 KiB in about 0.5,
    /// 2 and 6 ms at levels 1, 6 and 9, igzip 4 MiB in about 1 ms. An image of fewer than
    /// two parts' bytes is one part, compressed on the calling thread: starting a thread
    /// would cost more than it saves. A part is also the longest the calling thread waits
    /// for the worker's last one.
    static func partBytes(_ compressor: Compressor) -> Int { compressor == .igzip ? 4 << 20 : 256 * 1024 }
    static let maxParts = 64
    /// Zeroed bytes allocated past a strip's rows: RGB packing's last store reaches past
    /// them (`PNGFilteredRows.slack`), and igzip reads up to ISAL_LOOK_AHEAD (288) bytes
    /// past the input it is given (hashing; they never reach the output).
    static let slackPastRows = 512

    struct Part {
        var deflated: [UInt8]
        var adler: UInt32
        var length: Int
    }

    /// The number of parts an image of `height` rows and `total` filtered bytes is cut into.
    static func partCount(total: Int, height: Int, compressor: Compressor) -> Int {
        max(1, min(total / partBytes(compressor), height, maxParts))
    }

    /// - Parameters:
    ///   - parts: how many parts to cut the rows into (nil: by size); one part is
    ///     compressed on the calling thread alone.
    ///   - chosen: the compressor (nil: by level, size and `igzip`; tests compare the two).
    ///   - igzip: whether igzip may compress (the fastest speed), from `igzipFrom` bytes on.
    static func zlibStream(
        _ image: RGBAImage, opaque: Bool, level: Int32, filter: PNGRowFilter, parts requested: Int?,
        compressor chosen: Compressor? = nil, igzip: Bool = false
    ) throws(PNGError) -> [UInt8] {
        try zlibStream(image.pixels, width: image.width, height: image.height, layout: opaque ? .rgb : .rgba,
                       level: level, filter: filter, parts: requested, compressor: chosen, igzip: igzip)
    }

    /// The same for rows of any layout read from `pixels` (`width × height` pixels of
    /// `layout.sourceBytesPerPixel` bytes, checked by the caller).
    static func zlibStream(
        _ samples: [UInt8], width: Int, height: Int, layout: PNGRowLayout, level: Int32, filter: PNGRowFilter,
        parts requested: Int?, compressor chosen: Compressor? = nil, igzip: Bool = false
    ) throws(PNGError) -> [UInt8] {
        let stride = PNGFilteredRows.stride(width: width, layout: layout)
        let total = stride * height  // ≤ samples.count + height, checked by the caller
        let compressor = chosen ?? compressor(level: level, total: total, igzip: igzip)
        let count = max(1, min(requested ?? partCount(total: total, height: height, compressor: compressor),
                               height, maxParts))
        let results: [Result<Part, PNGError>] = samples.withUnsafeBytes { pixels in
            let jobs = (0..<count).map { index in
                PartJob(
                    pixels: pixels, width: width,
                    rows: (height * index / count)..<(height * (index + 1) / count),
                    layout: layout, filter: filter, compressor: compressor, last: index == count - 1)
            }
            let queue = PartQueue(jobs)
            // The worker holds the queue, not the pixels: a part it has not taken when the
            // calling thread has finished the rest is never taken, so once every part is
            // done the pixels are no longer read, whether or not the worker ever ran.
            if count > 1 { _ = WorkerThread.start { queue.compressParts() } }
            queue.compressPartsAndWait()
            return jobs.map(\.result)
        }

        let parts = try results.map { result throws(PNGError) in try result.get() }
        var stream: [UInt8] = []
        stream.reserveCapacity(parts.reduce(6) { $0 + $1.deflated.count })
        // CMF: deflate with a 32 KiB window; FLG: the level class, then check bits that
        // make the pair a multiple of 31 (RFC 1950 2.2).
        let levelClass: UInt16 = switch compressor {
        case .igzip: 0
        case .zlib(let level): level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3
        }
        var header: UInt16 = 0x7800 | levelClass << 6
        header += (31 - header % 31) % 31
        stream += [UInt8(header >> 8), UInt8(header & 0xFF)]
        var adler = parts[0].adler
        for (index, part) in parts.enumerated() {
            stream += part.deflated
            if index > 0 { adler = RawDeflater.adler32Combine(adler, part.adler, secondLength: part.length) }
        }
        withUnsafeBytes(of: adler.bigEndian) { stream.append(contentsOf: $0) }
        return stream
    }

    /// Filters and compresses `rows`, a strip at a time.
    static func compressPart(
        _ pixels: UnsafeRawBufferPointer, width: Int, rows: Range<Int>, layout: PNGRowLayout, filter: PNGRowFilter,
        compressor: Compressor, last: Bool
    ) throws(PNGError) -> Part {
        let deflater: any Deflater = switch compressor {
        case .igzip: try IgzipDeflater(level: 1)
        case .zlib(let level): try RawDeflater(level: level)
        }
        let stride = PNGFilteredRows.stride(width: width, layout: layout)
        let stripRows = max(1, stripBytes / stride)
        let capacity = PNGFilteredRows.bufferRows(stripRows, filter: filter) * stride + Self.slackPastRows
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        buffer.initialize(repeating: 0, count: capacity)
        defer { buffer.deallocate() }
        var adler: UInt32 = 1
        var y = rows.lowerBound
        repeat {
            let end = min(rows.upperBound, y + stripRows)
            let start = PNGFilteredRows.write(
                pixels, width: width, rows: y..<end, layout: layout, filter: filter, to: buffer)
            let strip = UnsafeRawBufferPointer(start: buffer + start, count: (end - y) * stride)
            adler = LibDeflate.adler32(adler, strip)
            try deflater.compress(strip, flush: end < rows.upperBound ? .none : last ? .finish : .sync)
            y = end
        } while y < rows.upperBound
        return Part(deflated: deflater.output, adler: adler, length: rows.count * stride)
    }
}

/// One part's work and result, taken by one of the threads (`PartQueue`).
final class PartJob {
    let pixels: UnsafeRawBufferPointer
    let width: Int
    let rows: Range<Int>
    let layout: PNGRowLayout
    let filter: PNGRowFilter
    let compressor: PNGImageData.Compressor
    let last: Bool
    var result: Result<PNGImageData.Part, PNGError> = .failure(.encodingFailed("part not compressed"))

    init(
        pixels: UnsafeRawBufferPointer, width: Int, rows: Range<Int>, layout: PNGRowLayout, filter: PNGRowFilter,
        compressor: PNGImageData.Compressor, last: Bool
    ) {
        self.pixels = pixels
        self.width = width
        self.rows = rows
        self.layout = layout
        self.filter = filter
        self.compressor = compressor
        self.last = last
    }

    func run() {
        result = Result { () throws(PNGError) -> PNGImageData.Part in
            try PNGImageData.compressPart(
                pixels, width: width, rows: rows, layout: layout, filter: filter, compressor: compressor,
                last: last)
        }
    }
}
