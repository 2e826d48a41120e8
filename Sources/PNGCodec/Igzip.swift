internal import CIsal  // no C type in the public API

/// One raw deflate stream (RFC 1951) through ISA-L's igzip, fed a piece at a time: the PNG
/// writer's compressor for the fastest speed (its output is not always the same bytes for
/// the same input: see `PNGEncoder.Speed`).
///
/// igzip's level 1 compressed the card's rows in 0.37 ms where zlib's level 1 took 4.3 on
/// one thread (2.2 on two), and 1080p in 1.3 ms against 12.0, to files 5 % smaller and 4 %
/// larger (`bench/png_compressors.c`): its matching is written in vector instructions for
/// each processor generation, and picked for the processor it runs on.
final class IgzipDeflater: Deflater {
    private let stream: UnsafeMutablePointer<isal_zstream>
    private let levelBuffer: UnsafeMutablePointer<UInt8>
    private let scratch: UnsafeMutablePointer<UInt8>
    private static let scratchSize = 64 * 1024
    private var finished = false
    /// The compressed bytes so far.
    private(set) var output: [UInt8] = []

    /// - Throws: `.encodingFailed` for a level igzip does not have (it has 0 to 3).
    init(level: Int32) throws(PNGError) {
        let size = lr_isal_level_buffer_size(level)
        guard size > 0 else { throw .encodingFailed("ISA-L has no deflate level \(level)") }
        // Zeroed, so that igzip reads no memory it has not written (its hash table, its
        // history), as zlib's state is.
        stream = .allocate(capacity: 1)
        stream.initialize(to: isal_zstream())
        levelBuffer = .allocate(capacity: Int(size))
        levelBuffer.initialize(repeating: 0, count: Int(size))
        scratch = .allocate(capacity: Self.scratchSize)
        lr_isal_start_raw(stream, level, levelBuffer, size)
    }

    deinit {
        stream.deallocate()
        levelBuffer.deallocate()
        scratch.deallocate()
    }

    func compress(_ input: UnsafeRawBufferPointer, flush: DeflateFlush) throws(PNGError) {
        guard !finished else { throw .encodingFailed("deflate stream used after its end") }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(input.count)
        stream.pointee.end_of_stream = flush == .finish ? 1 : 0
        stream.pointee.flush = UInt16(flush == .sync ? SYNC_FLUSH : NO_FLUSH)
        // igzip returns when the input is used up or the output buffer is full; a flush or
        // the end is written once all input is in, as long as there is room for it.
        while true {
            let unread = stream.pointee.avail_in
            stream.pointee.next_out = scratch
            stream.pointee.avail_out = UInt32(Self.scratchSize)
            let status = isal_deflate(stream)
            guard status == COMP_OK else { throw .encodingFailed("ISA-L deflate failed (status \(status))") }
            let produced = Self.scratchSize - Int(stream.pointee.avail_out)
            output.append(contentsOf: UnsafeBufferPointer(start: scratch, count: produced))
            if flush == .finish && lr_isal_finished(stream) != 0 {
                finished = true
                return
            }
            if stream.pointee.avail_out > 0 && stream.pointee.avail_in == 0 && flush != .finish { return }
            if produced == 0 && stream.pointee.avail_in == unread {
                throw .encodingFailed("ISA-L deflate made no progress")
            }
        }
    }
}
