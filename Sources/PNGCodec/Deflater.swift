/// A raw deflate stream (RFC 1951) fed a piece at a time: zlib's (`RawDeflater`), or ISA-L's
/// (`IgzipDeflater`) for the fastest speed. The PNG writer frames it as a zlib
/// stream (header and Adler-32 trailer) itself, and joins parts of an image compressed on
/// different threads, each ended by a sync flush.
protocol Deflater: AnyObject {
    /// Compresses `input`, then flushes as asked.
    /// - Throws: `.encodingFailed` with the library's status when it fails.
    func compress(_ input: UnsafeRawBufferPointer, flush: DeflateFlush) throws(PNGError)
    /// The compressed bytes so far.
    var output: [UInt8] { get }
}

/// How a piece of input ends: more to come, a byte-aligned non-final end that another
/// stream can follow (a sync flush), or the final block.
enum DeflateFlush { case none, sync, finish }
