internal import CDeflate  // no C type in the public API

// The PNG writer's and reader's checksums, through libdeflate (Sources/CDeflate): its
// CRC-32 and Adler-32 use the CPU's vector instructions. Over the 6 MB of a 1080p
// image's rows, zlib's Adler-32 takes 22 M instructions, libdeflate's about 1 M.
enum LibDeflate {
    /// CRC-32 (ISO 3309, the one PNG uses) continued from `crc` over `bytes`; start with 0.
    static func crc32(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        libdeflate_crc32(crc, bytes.baseAddress, bytes.count)
    }

    /// Adler-32 (the zlib stream's trailer) continued from `adler` over `bytes`; start with 1.
    static func adler32(_ adler: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        libdeflate_adler32(adler, bytes.baseAddress, bytes.count)
    }
}
