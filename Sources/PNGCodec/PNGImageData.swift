import Glibc  // pthreads: the package targets Linux

/// The zlib stream (RFC 1950) of an image's filtered rows, the data of its IDAT chunks.
///
/// The rows are cut into parts of consecutive rows, each compressed on its own thread
/// into a raw deflate stream that ends with a sync flush (the last with the final
/// block), so the parts joined are one deflate stream. A part's matches cannot reach
/// into the part before it, which costs about 0.1 % in size. Within a part, rows are
/// filtered and compressed a strip at a time, so no buffer the size of the image is
/// allocated.
enum PNGImageData {
    /// Filtered bytes handed to zlib at once.
    static let stripBytes = 64 * 1024
    /// Images with fewer filtered bytes compress on the calling thread only: starting a
    /// thread would cost more than it saves.
    static let parallelThreshold = 512 * 1024
    /// Parts of a large image: the machines this runs on have two cores or more.
    static let defaultParts = 2

    struct Part {
        var deflated: [UInt8]
        var adler: UInt32
        var length: Int
    }

    /// - Parameter parts: how many parts (threads) to use; nil chooses by size.
    static func zlibStream(
        _ image: RGBAImage, opaque: Bool, level: Int32, filter: PNGRowFilter, parts requested: Int?
    ) throws(PNGError) -> [UInt8] {
        let stride = PNGFilteredRows.stride(width: image.width, opaque: opaque)
        let total = stride * image.height  // ≤ pixels.count + height, checked by the caller
        let wanted = requested ?? (total >= parallelThreshold ? defaultParts : 1)
        let count = max(1, min(wanted, image.height, 16))
        let results: [Result<Part, PNGError>] = image.pixels.withUnsafeBytes { pixels in
            let jobs = (0..<count).map { index in
                PartJob(
                    pixels: pixels, width: image.width,
                    rows: (image.height * index / count)..<(image.height * (index + 1) / count),
                    opaque: opaque, filter: filter, level: level, last: index == count - 1)
            }
            var threads: [pthread_t] = []
            for job in jobs.dropFirst() {
                var thread = pthread_t()
                let context = Unmanaged.passRetained(job).toOpaque()
                let status = pthread_create(&thread, nil, { context in
                    Unmanaged<PartJob>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context)
                if status == 0 {
                    threads.append(thread)
                } else {
                    // No thread to be had (resource limits): this part runs here instead.
                    Unmanaged<PartJob>.fromOpaque(context).release()
                    job.run()
                }
            }
            jobs[0].run()
            // Joining cannot fail for a thread created here and not yet joined; the
            // pixels stay borrowed until every part is done either way.
            for thread in threads { pthread_join(thread, nil) }
            return jobs.map(\.result)
        }

        let parts = try results.map { result throws(PNGError) in try result.get() }
        var stream: [UInt8] = []
        stream.reserveCapacity(parts.reduce(6) { $0 + $1.deflated.count })
        // CMF: deflate with a 32 KiB window; FLG: the level class, then check bits that
        // make the pair a multiple of 31 (RFC 1950 2.2).
        let levelClass: UInt16 = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3
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
        _ pixels: UnsafeRawBufferPointer, width: Int, rows: Range<Int>, opaque: Bool, filter: PNGRowFilter,
        level: Int32, last: Bool
    ) throws(PNGError) -> Part {
        let deflater = try RawDeflater(level: level)
        let stride = PNGFilteredRows.stride(width: width, opaque: opaque)
        let stripRows = max(1, stripBytes / stride)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(
            capacity: PNGFilteredRows.bufferRows(stripRows, filter: filter) * stride + PNGFilteredRows.slack)
        defer { buffer.deallocate() }
        var adler: UInt32 = 1
        var y = rows.lowerBound
        repeat {
            let end = min(rows.upperBound, y + stripRows)
            let start = PNGFilteredRows.write(
                pixels, width: width, rows: y..<end, opaque: opaque, filter: filter, to: buffer)
            let strip = UnsafeRawBufferPointer(start: buffer + start, count: (end - y) * stride)
            adler = LibDeflate.adler32(adler, strip)
            try deflater.compress(strip, flush: end < rows.upperBound ? .none : last ? .finish : .sync)
            y = end
        } while y < rows.upperBound
        return Part(deflated: deflater.output, adler: adler, length: rows.count * stride)
    }
}

/// One part's work and result, handed to its thread.
private final class PartJob {
    let pixels: UnsafeRawBufferPointer
    let width: Int
    let rows: Range<Int>
    let opaque: Bool
    let filter: PNGRowFilter
    let level: Int32
    let last: Bool
    var result: Result<PNGImageData.Part, PNGError> = .failure(.encodingFailed("part not compressed"))

    init(
        pixels: UnsafeRawBufferPointer, width: Int, rows: Range<Int>, opaque: Bool, filter: PNGRowFilter,
        level: Int32, last: Bool
    ) {
        self.pixels = pixels
        self.width = width
        self.rows = rows
        self.opaque = opaque
        self.filter = filter
        self.level = level
        self.last = last
    }

    func run() {
        result = Result { () throws(PNGError) -> PNGImageData.Part in
            try PNGImageData.compressPart(
                pixels, width: width, rows: rows, opaque: opaque, filter: filter, level: level, last: last)
        }
    }
}
