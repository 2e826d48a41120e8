internal import CDeflate  // no C type in the public API

// The PNG writer's compression and checksums, through libdeflate (Sources/CDeflate).
// libdeflate compresses a whole buffer at once, faster than zlib at the same level and
// with smaller output on renders (docs/benchmarks.md), which is why the writer builds
// all filtered rows first instead of streaming them through libpng and zlib.

enum LibDeflate {
    /// The zlib stream (RFC 1950) of `input`, at libdeflate `level` 1…12.
    ///
    /// - Throws: `.encodingFailed` when libdeflate cannot allocate a compressor or its
    ///   output does not fit the bound libdeflate itself gave.
    static func zlibCompress(_ input: UnsafeRawBufferPointer, level: Int32) throws(PNGError) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else {
            throw .encodingFailed("libdeflate could not allocate a compressor for level \(level)")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        guard bound >= input.count, bound <= Int.max else {
            throw .encodingFailed("libdeflate gave no output bound for \(input.count) bytes")
        }
        // Only the compressed bytes are written, so only their pages are touched.
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(bound), alignment: 16)
        defer { output.deallocate() }
        let written = libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
        guard written > 0, written <= output.count else {
            throw .encodingFailed("libdeflate's output did not fit in \(output.count) bytes")
        }
        return Array(UnsafeRawBufferPointer(rebasing: output[..<Int(written)]))
    }

    /// CRC-32 (ISO 3309, the one PNG uses) continued from `crc` over `bytes`;
    /// start with 0.
    static func crc32(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        libdeflate_crc32(crc, bytes.baseAddress, bytes.count)
    }
}
