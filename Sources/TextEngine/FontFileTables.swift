import TextShaping

/// The tables of one face of an open font file, read one at a time when the shaper first
/// asks for each (see `FontTableSource`): the face's table directory is read here, each
/// table from the file when HarfBuzz references it. A table reaching past the file's end
/// is cut at it, as HarfBuzz cuts a table of a file in memory; a face whose directory
/// cannot be read has no tables (HarfBuzz then finds no face, as it would in the bytes).
final class FontFileTables: FontTableSource, @unchecked Sendable {  // immutable
    let file: FontFileHandle
    /// Offset and length of each table of the face, by tag.
    private let directory: [UInt32: (offset: Int, length: Int)]

    /// The sfnt signatures read here: TrueType (1.0 and Apple's `true`) and CFF (`OTTO`).
    private static let faceSignatures: Set<UInt32> = [0x0001_0000, 0x7472_7565, 0x4F54_544F]
    private static let collectionSignature: UInt32 = 0x7474_6366  // "ttcf"

    init(file: FontFileHandle, faceIndex: Int) {
        self.file = file
        directory = Self.directory(of: file, faceIndex: faceIndex) ?? [:]
    }

    func table(_ tag: UInt32) -> FontTable {
        guard let entry = directory[tag], entry.offset < file.byteCount else { return .absent }
        let length = min(entry.length, file.byteCount - entry.offset)
        guard length > 0 else { return .absent }
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 16)
        guard file.read(at: entry.offset, count: length, into: memory.baseAddress!) == length else {
            memory.deallocate()
            return .unreadable
        }
        return .bytes(memory)
    }

    /// The table records of face `faceIndex` (of a collection, or 0 of a single face).
    private static func directory(of file: FontFileHandle, faceIndex: Int) -> [UInt32: (offset: Int, length: Int)]? {
        guard let signature = uint32(file, at: 0) else { return nil }
        var offset = 0
        if signature == collectionSignature {
            guard let count = uint32(file, at: 8), faceIndex >= 0, faceIndex < Int(count),
                  let faceOffset = uint32(file, at: 12 + 4 * faceIndex) else { return nil }
            offset = Int(faceOffset)
        } else if faceIndex != 0 {
            return nil
        }
        guard let face = uint32(file, at: offset), faceSignatures.contains(face),
              let records = bytes(file, at: offset + 4, count: 2).map({ Int(UInt16($0[0]) << 8 | UInt16($0[1])) }),
              let table = bytes(file, at: offset + 12, count: 16 * records) else { return nil }
        var directory: [UInt32: (offset: Int, length: Int)] = [:]
        for record in 0..<records {
            func field(_ at: Int) -> UInt32 {
                (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(table[16 * record + at + $1]) }
            }
            // The first record of a tag, as HarfBuzz's lookup finds it in a sorted directory.
            if directory[field(0)] == nil { directory[field(0)] = (Int(field(8)), Int(field(12))) }
        }
        return directory
    }

    private static func bytes(_ file: FontFileHandle, at offset: Int, count: Int) -> [UInt8]? {
        guard count > 0, offset >= 0, offset <= file.byteCount - count else { return count == 0 ? [] : nil }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { file.read(at: offset, count: count, into: $0.baseAddress!) }
        return read == count ? buffer : nil
    }

    private static func uint32(_ file: FontFileHandle, at offset: Int) -> UInt32? {
        bytes(file, at: offset, count: 4).map { $0.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    }
}
