import TextShaping

/// The tables of one face of an open font file, read one at a time when the shaper first
/// asks for each (see `FontTableSource`): the face's table directory is read here, each
/// table from the file when HarfBuzz references it. A table reaching past the file's end
/// is cut at it, as HarfBuzz cuts a table of a file in memory; a face whose directory
/// cannot be read has no tables (HarfBuzz then finds no face, as it would in the bytes).
/// A large table is the file's own cached copy (`FontFileHandle.sharedBytes`): the
/// `Font`'s FreeType face and the renderer's read the same one.
final class FontFileTables: FontTableSource, @unchecked Sendable {  // immutable
    let file: FontFileHandle
    let faceIndex: Int
    /// Offset and length of each table of the face, by tag.
    private let directory: [UInt32: (offset: Int, length: Int)]

    init(file: FontFileHandle, faceIndex: Int) {
        self.file = file
        self.faceIndex = faceIndex
        directory = Self.directory(of: file, faceIndex: faceIndex) ?? [:]
    }

    func table(_ tag: UInt32) -> FontTable {
        guard let entry = directory[tag], entry.offset < file.byteCount else { return .absent }
        let length = min(entry.length, file.byteCount - entry.offset)
        guard length > 0 else { return .absent }
        if let shared = file.sharedBytes(at: entry.offset, count: length) {
            return .shared(shared.bytes, owner: shared)
        }
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 16)
        guard file.read(at: entry.offset, count: length, into: memory.baseAddress!) == length else {
            memory.deallocate()
            return .unreadable
        }
        return .bytes(memory)
    }

    /// Runs `body` with table `tag`'s bytes (a large table's are the file's kept copy, not
    /// copied again); nil when the face has no such table, it reaches past the file's end
    /// (FreeType refuses such a table, where `table` cuts it), or it cannot be read.
    func withTable<Result>(_ tag: UInt32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        guard let entry = directory[tag], entry.length <= file.byteCount - entry.offset else { return nil }
        switch table(tag) {
        case .absent, .unreadable:
            return nil
        case .bytes(let memory):
            defer { memory.deallocate() }
            return body(UnsafeRawBufferPointer(memory))
        case .shared(let bytes, let owner):
            return withExtendedLifetime(owner) { body(bytes) }
        }
    }

    /// The table records of face `faceIndex` (of a collection, or 0 of a single face): the
    /// first record of each tag, as HarfBuzz's lookup finds it in a sorted directory.
    private static func directory(of file: FontFileHandle, faceIndex: Int) -> [UInt32: (offset: Int, length: Int)]? {
        let read: SfntDirectory.Read = { offset, count in
            guard count > 0, offset >= 0, offset <= file.byteCount - count else { return count == 0 ? [] : nil }
            var buffer = [UInt8](repeating: 0, count: count)
            let read = buffer.withUnsafeMutableBytes { file.read(at: offset, count: count, into: $0.baseAddress!) }
            return read == count ? buffer : nil
        }
        guard let offsets = SfntDirectory.faceOffsets(read), faceIndex >= 0, faceIndex < offsets.count,
              let records = SfntDirectory.records(ofFaceAt: offsets[faceIndex], read) else { return nil }
        var directory: [UInt32: (offset: Int, length: Int)] = [:]
        for record in records where directory[record.tag] == nil {
            directory[record.tag] = (record.offset, record.length)
        }
        return directory
    }
}
