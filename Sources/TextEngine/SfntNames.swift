import Glibc

/// The family names each face of a font file may have, read from the file's `name` tables
/// with a few `pread`s and no FreeType: what lets a family lookup skip the files that cannot
/// hold the family without opening their faces (`FT_Open_Face` on a CFF collection face
/// costs millions of instructions; this, thousands).
///
/// The names are a superset of the one FreeType reports as `family_name`: FreeType takes it
/// from one record of name ID 21 (WWS family), 16 (typographic family) or 1 (family), chosen
/// by platform and language, and converts it to ASCII, any code below 32 or above 127 made
/// `?` and the string cut at a NUL (`tt_name_ascii_from_utf16`, `tt_name_ascii_from_other`
/// in FreeType's `sfobjs.c`). Here every record of those IDs is converted both ways (as
/// UTF-16 and as bytes), so whichever FreeType picks is among them. A face whose names
/// cannot be read (not an sfnt, a damaged directory, no such record) is `nil`: it may be
/// any family, and is opened as before.
enum SfntNames {
    /// The sfnt signatures read here: TrueType (1.0 and Apple's `true`) and CFF (`OTTO`).
    private static let faceSignatures: Set<UInt32> = [0x0001_0000, 0x7472_7565, 0x4F54_544F]
    private static let collectionSignature: UInt32 = 0x7474_6366  // "ttcf"
    /// More faces than a collection may say it has are not read (the catalog opens 256).
    static let maxFaces = 256
    /// A `name` table larger than this is not read (the Noto CJK ones are ~10 KB).
    static let maxNameTableBytes = 1 << 20

    /// The lowercased names each face of the file at `fd` (`size` bytes) may have as its
    /// family, one array per face in face order; nil for a face whose names are unknown. An
    /// empty array when the file is not an sfnt or collection this reads: every face unknown.
    static func familyNames(fd: Int32, size: Int) -> [[String]?] {
        var reader = Reader(fd: fd, size: size)
        guard let signature = reader.uint32(at: 0) else { return [] }
        if faceSignatures.contains(signature) { return [names(ofFaceAt: 0, reader: &reader)] }
        guard signature == collectionSignature, let count = reader.uint32(at: 8),
              count >= 1, count <= UInt32(maxFaces),
              let offsets = reader.bytes(at: 12, count: Int(count) * 4) else { return [] }
        return (0..<Int(count)).map { index in
            let offset = Int(offsets.loadBigEndian32(at: index * 4))
            return names(ofFaceAt: offset, reader: &reader)
        }
    }

    /// Whether `names` (one face's, from `familyNames`) may be `family`'s: compared as the
    /// catalog compares families (lowercased), and, in case FreeType's string differs from
    /// the record's by white space at either end, trimmed too. Unknown names may be anything.
    static func mayBe(_ family: String, names: [String]?) -> Bool {
        guard let names else { return true }
        let wanted = trimmed(family.lowercased())
        return names.contains { trimmed($0) == wanted }
    }

    private static func trimmed(_ text: String) -> Substring {
        var text = Substring(text)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }

    private static func names(ofFaceAt offset: Int, reader: inout Reader) -> [String]? {
        guard let signature = reader.uint32(at: offset), faceSignatures.contains(signature),
              let tableCount = reader.uint16(at: offset + 4),
              let directory = reader.bytes(at: offset + 12, count: Int(tableCount) * 16) else { return nil }
        var nameTable: (offset: Int, length: Int)?
        for index in 0..<Int(tableCount) where directory.loadBigEndian32(at: index * 16) == 0x6E61_6D65 {  // "name"
            nameTable = (Int(directory.loadBigEndian32(at: index * 16 + 8)), Int(directory.loadBigEndian32(at: index * 16 + 12)))
        }
        guard let nameTable, nameTable.length >= 6, nameTable.length <= maxNameTableBytes,
              let table = reader.bytes(at: nameTable.offset, count: min(nameTable.length, reader.size - nameTable.offset))
        else { return nil }
        let count = Int(table.loadBigEndian16(at: 2))
        let storage = Int(table.loadBigEndian16(at: 4))
        var names: Set<String> = []
        for index in 0..<count {
            let record = 6 + index * 12
            guard record + 12 <= table.count else { break }
            let nameID = table.loadBigEndian16(at: record + 6)
            guard nameID == 1 || nameID == 16 || nameID == 21 else { continue }
            let length = Int(table.loadBigEndian16(at: record + 8))
            let start = storage + Int(table.loadBigEndian16(at: record + 10))
            guard length > 0, start + length <= table.count else { continue }
            let bytes = table[start..<(start + length)]
            names.insert(asciiFromUTF16(bytes).lowercased())
            names.insert(asciiFromBytes(bytes).lowercased())
        }
        return names.isEmpty ? nil : names.sorted()
    }

    /// FreeType's `tt_name_ascii_from_utf16`.
    private static func asciiFromUTF16(_ bytes: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let code = UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
            if code == 0 { break }
            scalars.append(Unicode.Scalar(UInt8(code < 32 || code > 127 ? 63 : code)))
            index += 2
        }
        return String(scalars)
    }

    /// FreeType's `tt_name_ascii_from_other`.
    private static func asciiFromBytes(_ bytes: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for code in bytes {
            if code == 0 { break }
            scalars.append(Unicode.Scalar(code < 32 || code > 127 ? 63 : code))
        }
        return String(scalars)
    }

    /// Reads ranges of an open file with `pread`, never past its end.
    private struct Reader {
        let fd: Int32
        let size: Int

        init(fd: Int32, size: Int) {
            self.fd = fd
            self.size = size
        }

        func bytes(at offset: Int, count: Int) -> [UInt8]? {
            guard offset >= 0, count >= 0, offset <= size, count <= size - offset else { return nil }
            var buffer = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let read = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
                if read < 0 && errno == EINTR { continue }
                if read <= 0 { return nil }
                done += read
            }
            return buffer
        }

        func uint32(at offset: Int) -> UInt32? { bytes(at: offset, count: 4).map { $0.loadBigEndian32(at: 0) } }
        func uint16(at offset: Int) -> UInt16? { bytes(at: offset, count: 2).map { $0.loadBigEndian16(at: 0) } }
    }
}

private extension Array where Element == UInt8 {
    func loadBigEndian32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }

    func loadBigEndian16(at offset: Int) -> UInt16 { UInt16(self[offset]) << 8 | UInt16(self[offset + 1]) }
}
