/// A PNG file built chunk by chunk: the signature, then each chunk as length, type,
/// data and the CRC-32 of type and data.
struct PNGChunkWriter {
    private(set) var bytes: [UInt8]

    /// The largest IDAT chunk written; longer image data is split over several.
    /// (The format allows 2³¹ − 1 bytes; a megabyte keeps each CRC's span modest.)
    static let maxIDATLength = 1 << 20

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
        bytes.append(contentsOf: pngSignature)
    }

    mutating func append(_ type: StaticString, _ data: UnsafeRawBufferPointer) {
        precondition(type.utf8CodeUnitCount == 4 && data.count <= 0x7FFF_FFFF)
        appendUInt32(UInt32(data.count))
        let typeBytes = UnsafeRawBufferPointer(start: type.utf8Start, count: 4)
        bytes.append(contentsOf: typeBytes)
        bytes.append(contentsOf: data)
        appendUInt32(LibDeflate.crc32(LibDeflate.crc32(0, typeBytes), data))
    }

    mutating func append(_ type: StaticString, _ data: [UInt8]) {
        data.withUnsafeBytes { append(type, $0) }
    }

    /// The zlib stream as IDAT chunks of at most ``maxIDATLength`` bytes.
    mutating func appendImageData(_ stream: [UInt8]) {
        stream.withUnsafeBytes { all in
            var start = 0
            repeat {
                let end = min(all.count, start + Self.maxIDATLength)
                append("IDAT", UnsafeRawBufferPointer(rebasing: all[start..<end]))
                start = end
            } while start < all.count
        }
    }

    private mutating func appendUInt32(_ value: UInt32) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }
}
