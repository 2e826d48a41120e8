internal import CZlib  // no C type in the public API

/// One raw deflate stream (RFC 1951) through zlib, fed a piece at a time: the PNG writer's
/// compressor for the fast, balanced and smallest speeds (levels 1, 6 and 9), and for the
/// fastest speed's small images.
///
/// The PNG writer streams filtered rows through it a strip at a time, so no buffer the
/// size of the image is needed (each fresh page costs a page fault), and ends all but
/// the last part of an image with a sync flush: a byte-aligned, non-final end that the
/// next part's stream can follow, so parts compress on different threads.
final class RawDeflater: Deflater {

    private let stream: UnsafeMutablePointer<z_stream>
    private let scratch: UnsafeMutablePointer<UInt8>
    private static let scratchSize = 64 * 1024
    private var finished = false
    /// The compressed bytes so far.
    private(set) var output: [UInt8] = []

    /// - Throws: `.encodingFailed` when zlib refuses the level or has no memory.
    init(level: Int32) throws(PNGError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = lr_deflate_init_raw(stream, level)
        guard status == Z_OK else {
            stream.deallocate()
            throw .encodingFailed("zlib could not start a deflate stream at level \(level) (status \(status))")
        }
        scratch = .allocate(capacity: Self.scratchSize)
    }

    deinit {
        deflateEnd(stream)  // its status only says whether the stream was finished
        stream.deallocate()
        scratch.deallocate()
    }

    /// Compresses `input`, then flushes as asked.
    ///
    /// - Throws: `.encodingFailed` with zlib's status when deflate fails.
    func compress(_ input: UnsafeRawBufferPointer, flush: DeflateFlush) throws(PNGError) {
        guard !finished else { throw .encodingFailed("deflate stream used after its end") }
        let mode: Int32
        switch flush {
        case .none: mode = Z_NO_FLUSH
        case .sync: mode = Z_SYNC_FLUSH
        case .finish: mode = Z_FINISH
        }
        stream.pointee.next_in = UnsafeMutablePointer(
            mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        // zlib wants to be called again as long as it fills the whole output buffer.
        while true {
            let unread = stream.pointee.avail_in
            stream.pointee.next_out = scratch
            stream.pointee.avail_out = uInt(Self.scratchSize)
            let status = deflate(stream, mode)
            let produced = Self.scratchSize - Int(stream.pointee.avail_out)
            output.append(contentsOf: UnsafeBufferPointer(start: scratch, count: produced))
            if status == Z_STREAM_END {
                finished = true
                return
            }
            // Z_BUF_ERROR only means no progress was possible, which the loop's end covers.
            guard status == Z_OK || status == Z_BUF_ERROR else {
                throw .encodingFailed("zlib deflate failed (status \(status))")
            }
            if stream.pointee.avail_out > 0 && stream.pointee.avail_in == 0 && mode != Z_FINISH { return }
            if produced == 0 && stream.pointee.avail_in == unread {
                throw .encodingFailed("zlib deflate made no progress")
            }
        }
    }

    /// The Adler-32 of two byte sequences joined (zlib's trailer over all parts).
    static func adler32Combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: lr_adler32_combine(UInt(first), UInt(second), Int64(secondLength)))
    }
}
