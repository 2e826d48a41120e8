/// The zlib stream (RFC 1950) of an image's filtered rows, the data of its IDAT chunks.
///
/// A large image's rows are cut into parts of about `partBytes` filtered bytes, each
/// compressed into a raw deflate stream that ends with a sync flush (the last with the
/// final block), so the parts joined are one deflate stream. The calling thread and a
/// worker thread share the parts out (`PartQueue`): each takes the next one when it is done
/// with its last, so when the worker starts late or its processor is busy, the calling
/// thread compresses more of them instead of waiting. Where the parts fall depends on the
/// image's size only, so the file is the same whichever thread compressed which part. A
/// part's matches cannot reach into the part before it, which costs a few tenths of a per
/// cent in size. Within a part, rows are filtered and compressed a strip at a time, so no
/// buffer the size of the image is allocated.
enum PNGImageData {
    /// Filtered bytes handed to zlib at once.
    static let stripBytes = 64 * 1024
    /// Images with fewer filtered bytes are one part, compressed on the calling thread:
    /// starting a thread would cost more than it saves.
    static let parallelThreshold = 512 * 1024
    /// Filtered bytes in a part of a larger image: about a quarter of a millisecond of
    /// zlib level 1, the longest the calling thread waits for the worker's last part.
    static let partBytes = 256 * 1024
    static let maxParts = 64

    struct Part {
        var deflated: [UInt8]
        var adler: UInt32
        var length: Int
    }

    /// The number of parts an image of `height` rows and `total` filtered bytes is cut into.
    static func partCount(total: Int, height: Int) -> Int {
        guard total >= parallelThreshold else { return 1 }
        return max(1, min(total / partBytes, height, maxParts))
    }

    /// - Parameter parts: how many parts to cut the rows into (nil: by size); one part is
    ///   compressed on the calling thread alone.
    static func zlibStream(
        _ image: RGBAImage, opaque: Bool, level: Int32, filter: PNGRowFilter, parts requested: Int?
    ) throws(PNGError) -> [UInt8] {
        let stride = PNGFilteredRows.stride(width: image.width, opaque: opaque)
        let total = stride * image.height  // ≤ pixels.count + height, checked by the caller
        let count = max(1, min(requested ?? partCount(total: total, height: image.height), image.height, maxParts))
        let results: [Result<Part, PNGError>] = image.pixels.withUnsafeBytes { pixels in
            let jobs = (0..<count).map { index in
                PartJob(
                    pixels: pixels, width: image.width,
                    rows: (image.height * index / count)..<(image.height * (index + 1) / count),
                    opaque: opaque, filter: filter, level: level, last: index == count - 1)
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

/// One part's work and result, taken by one of the threads (`PartQueue`).
final class PartJob {
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
