/// The table directories of an sfnt font file (a single face, TrueType or CFF) or of each
/// face of a collection (`ttcf`), read through `read` (a few small reads, no FreeType):
/// what `SfntNames` finds the `name` tables by, and `FontFileTables` every table the shaper
/// asks for.
enum SfntDirectory {
    /// Reads `count` bytes at `offset`, nil when the file has no such range.
    typealias Read = (_ offset: Int, _ count: Int) -> [UInt8]?

    /// One table record: the table's tag, offset and length.
    struct Record {
        var tag: UInt32
        var offset: Int
        var length: Int
    }

    /// The sfnt signatures read here: TrueType (1.0 and Apple's `true`) and CFF (`OTTO`).
    private static let faceSignatures: Set<UInt32> = [0x0001_0000, 0x7472_7565, 0x4F54_544F]
    private static let collectionSignature: UInt32 = 0x7474_6366  // "ttcf"
    /// More faces than a collection may say it has are not read (the catalog opens 256).
    static let maxFaces = 256

    /// Where each face's table directory starts: `[0]` for a single face, the collection's
    /// offsets for a collection (at most `maxFaces`); nil when the file is neither.
    static func faceOffsets(_ read: Read) -> [Int]? {
        guard let signature = read(0, 4).map({ bigEndian32($0, at: 0) }) else { return nil }
        if faceSignatures.contains(signature) { return [0] }
        guard signature == collectionSignature, let count = read(8, 4).map({ bigEndian32($0, at: 0) }),
              count >= 1, count <= UInt32(maxFaces),
              let offsets = read(12, Int(count) * 4) else { return nil }
        return (0..<Int(count)).map { Int(bigEndian32(offsets, at: $0 * 4)) }
    }

    /// The table records of the face whose directory starts at `offset`, in the file's
    /// order; nil when no sfnt face starts there or its directory cannot be read.
    static func records(ofFaceAt offset: Int, _ read: Read) -> [Record]? {
        guard let header = read(offset, 6), faceSignatures.contains(bigEndian32(header, at: 0)) else { return nil }
        let count = Int(bigEndian16(header, at: 4))
        guard let table = read(offset + 12, 16 * count) else { return nil }
        return (0..<count).map { index in
            Record(tag: bigEndian32(table, at: 16 * index), offset: Int(bigEndian32(table, at: 16 * index + 8)),
                   length: Int(bigEndian32(table, at: 16 * index + 12)))
        }
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    static func bigEndian16(_ bytes: [UInt8], at offset: Int) -> UInt16 { UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]) }
}
