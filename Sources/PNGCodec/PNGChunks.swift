// The little of the PNG file format PNGCodec reads itself, without libpng: the
// signature, the IHDR chunk (so limits are checked before libpng allocates
// anything) and tEXt chunks (so text can be read without decoding pixels).

/// The eight bytes every PNG starts with.
public let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// One chunk of a PNG file as a range into the file's bytes.
struct PNGChunk {
    var type: String
    var data: Range<Int>
}

enum PNGChunks {
    /// Checks the signature and the IHDR chunk against `limits`.
    ///
    /// - Returns: the declared width and height.
    /// - Throws: `.notPNG`, `.truncated`, `.corrupt` or `.tooLarge`.
    static func checkHeader(_ bytes: UnsafeBufferPointer<UInt8>, limits: PNGLimits) throws(PNGError)
        -> (width: Int, height: Int)
    {
        try checkSignature(bytes)
        // Signature (8) + length (4) + "IHDR" (4) + 13 bytes of data + CRC (4).
        guard bytes.count >= 33 else { throw .truncated }
        guard readUInt32(bytes, at: 8) == 13, chunkType(bytes, at: 12) == "IHDR" else {
            throw .corrupt("first chunk is not a 13-byte IHDR")
        }
        guard crc32(bytes, 12..<29) == readUInt32(bytes, at: 29) else {
            throw .corrupt("IHDR CRC mismatch")
        }
        let width = Int(readUInt32(bytes, at: 16))
        let height = Int(readUInt32(bytes, at: 20))
        guard width > 0, height > 0 else {
            throw .corrupt("image size \(width)×\(height)")
        }
        guard width <= limits.maxDimension, height <= limits.maxDimension,
            width.multipliedReportingOverflow(by: height).partialValue <= limits.maxPixels
        else {
            throw .tooLarge(width: width, height: height, limit: limits)
        }
        return (width, height)
    }

    static func checkSignature(_ bytes: UnsafeBufferPointer<UInt8>) throws(PNGError) {
        let prefix = min(bytes.count, 8)
        for i in 0..<prefix where bytes[i] != pngSignature[i] { throw .notPNG }
        if bytes.isEmpty { throw .notPNG }
        if prefix < 8 { throw .truncated }
    }

    /// Checks that every chunk up to IEND lies inside the data, without reading the chunks.
    ///
    /// libpng allocates (and zeroes) a chunk's declared length before it reads the chunk, and
    /// on reading a too-large ancillary chunk is only a warning: a 441-byte file declaring a
    /// 1.9 GB tEXt chunk cost 1.9 GB and five seconds (found by the `png-decoder` fuzzer).
    /// The whole file is in memory, so a chunk longer than what is left of it is refused here.
    static func checkChunkLengths(_ bytes: UnsafeBufferPointer<UInt8>) throws(PNGError) {
        var offset = 8
        // A chunk's header (length and type) is 8 bytes; its CRC 4 more after the data.
        while bytes.count - offset >= 8 {
            let length = Int(readUInt32(bytes, at: offset))
            guard length <= 0x7FFF_FFFF else { throw .corrupt("chunk length \(length)") }
            guard bytes.count - offset - 12 >= length else { throw .truncated }
            if chunkType(bytes, at: offset + 4) == "IEND" { return }
            offset += 12 + length
        }
    }

    /// Every chunk in file order, stopping after IEND; CRCs are checked.
    static func chunks(_ bytes: UnsafeBufferPointer<UInt8>) throws(PNGError) -> [PNGChunk] {
        try checkSignature(bytes)
        var result: [PNGChunk] = []
        var offset = 8
        while true {
            guard bytes.count - offset >= 12 else { throw .truncated }
            let length = Int(readUInt32(bytes, at: offset))
            guard length <= 0x7FFF_FFFF else { throw .corrupt("chunk length \(length)") }
            let type = chunkType(bytes, at: offset + 4)
            guard bytes.count - offset - 12 >= length else { throw .truncated }
            let dataStart = offset + 8
            let crcOffset = dataStart + length
            guard crc32(bytes, (offset + 4)..<crcOffset) == readUInt32(bytes, at: crcOffset) else {
                throw .corrupt("\(type) chunk CRC mismatch")
            }
            result.append(PNGChunk(type: type, data: dataStart..<crcOffset))
            offset = crcOffset + 4
            if type == "IEND" { return result }
        }
    }

    /// The tEXt chunks of a PNG, decoded from Latin-1.
    static func textChunks(_ bytes: UnsafeBufferPointer<UInt8>) throws(PNGError) -> [PNGTextChunk] {
        try textChunks(bytes, data: chunks(bytes).filter { $0.type == "tEXt" }.map(\.data))
    }

    /// The tEXt chunks whose data are at `ranges` of `bytes` (chunks already walked and
    /// checked), decoded from Latin-1.
    static func textChunks(_ bytes: UnsafeBufferPointer<UInt8>, data ranges: [Range<Int>]) throws(PNGError)
        -> [PNGTextChunk]
    {
        var texts: [PNGTextChunk] = []
        for range in ranges {
            let data = bytes[range]
            guard let zero = data.firstIndex(of: 0) else {
                throw .corrupt("tEXt chunk without keyword separator")
            }
            texts.append(
                PNGTextChunk(key: latin1(data[data.startIndex..<zero]), value: latin1(data[(zero + 1)...])))
        }
        return texts
    }

    static func latin1(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var s = ""
        s.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return s
    }

    static func readUInt32(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
            | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    static func chunkType(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: Unicode.ASCII.self)
    }

    /// CRC-32 (ISO 3309, the one PNG and zlib use) of `bytes[range]`.
    static func crc32(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt32 {
        LibDeflate.crc32(0, UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
    }
}
