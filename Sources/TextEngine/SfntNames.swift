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
    /// More faces than a collection may say it has are not read (the catalog opens 256).
    static let maxFaces = SfntDirectory.maxFaces
    /// A `name` table larger than this is not read (the Noto CJK ones are ~10 KB).
    static let maxNameTableBytes = 1 << 20

    /// The lowercased names each face of the file at `fd` (`size` bytes) may have as its
    /// family, one array per face in face order; nil for a face whose names are unknown. An
    /// empty array when the file is not an sfnt or collection this reads: every face unknown.
    static func familyNames(fd: Int32, size: Int) -> [[String]?] {
        let reader = Reader(fd: fd, size: size)
        guard let offsets = SfntDirectory.faceOffsets(reader.bytes) else { return [] }
        return offsets.map { names(ofFaceAt: $0, reader: reader) }
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

    private static func names(ofFaceAt offset: Int, reader: Reader) -> [String]? {
        guard let records = SfntDirectory.records(ofFaceAt: offset, reader.bytes) else { return nil }
        // Every `name` record's (a damaged file may have two; whichever FreeType takes).
        var names: Set<String> = []
        for record in records where record.tag == 0x6E61_6D65 {  // "name"
            guard record.length >= 6, record.length <= maxNameTableBytes, record.offset <= reader.size,
                  let table = reader.bytes(at: record.offset, count: min(record.length, reader.size - record.offset)),
                  table.count >= 6 else { continue }
            names.formUnion(self.names(inNameTable: table))
        }
        return names.isEmpty ? nil : names.sorted()
    }

    /// The names of the family records (IDs 1, 16, 21) of one `name` table, each converted
    /// both ways.
    private static func names(inNameTable table: [UInt8]) -> Set<String> {
        let count = Int(SfntDirectory.bigEndian16(table, at: 2))
        let storage = Int(SfntDirectory.bigEndian16(table, at: 4))
        var names: Set<String> = []
        for index in 0..<count {
            let record = 6 + index * 12
            guard record + 12 <= table.count else { break }
            let nameID = SfntDirectory.bigEndian16(table, at: record + 6)
            guard nameID == 1 || nameID == 16 || nameID == 21 else { continue }
            let length = Int(SfntDirectory.bigEndian16(table, at: record + 8))
            let start = storage + Int(SfntDirectory.bigEndian16(table, at: record + 10))
            guard length > 0, start + length <= table.count else { continue }
            let bytes = table[start..<(start + length)]
            names.insert(asciiFromUTF16(bytes).lowercased())
            names.insert(asciiFromBytes(bytes).lowercased())
        }
        return names
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
    }
}
