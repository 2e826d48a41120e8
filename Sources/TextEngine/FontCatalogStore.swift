import Glibc

/// The font catalogue kept between processes, as fontconfig keeps its cache: one file of
/// `FontFileRecord`s by path, each used only while its file's `stat` is unchanged, so a
/// render after the first opens no font file but the ones it draws with.
///
/// ## Where
/// `$LAYOUT_RENDER_FONT_CACHE` when set (a file path; `off` for none), else
/// `$XDG_CACHE_HOME/layout-render/font-catalogue-1`, else `~/.cache/layout-render/…`.
///
/// ## Safety
/// - It is written to a temporary file beside it and renamed over it, so a reader sees the
///   old file or the new one, never half of one; two processes writing at once leave one of
///   their two (each whole). What the other found is found again by the next lookup.
/// - It ends with a checksum of everything before it: a file that does not parse, or whose
///   checksum differs (cut short, damaged, another version), is ignored as if absent, and
///   rewritten by the next lookup that learns anything.
/// - It cannot cause a failure: a store that cannot be read is empty, one that cannot be
///   written is not written.
struct FontCatalogStore: Sendable {
    /// The file.
    let path: String

    static let header = "layout-render font catalogue 1"
    /// A larger file is not read (a record is ~100 bytes a face).
    static let maxBytes = 16 << 20

    init(path: String) { self.path = path }

    /// The store the environment names (see the type's documentation); nil when turned off
    /// or when there is no home folder to put it in.
    static func configured() -> FontCatalogStore? {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        if let chosen = variable("LAYOUT_RENDER_FONT_CACHE") {
            let lowered = chosen.lowercased()
            if chosen.isEmpty || ["off", "none", "0", "no", "false"].contains(lowered) { return nil }
            return FontCatalogStore(path: chosen)
        }
        let base: String
        if let xdg = variable("XDG_CACHE_HOME"), xdg.hasPrefix("/") {
            base = xdg
        } else if let home = variable("HOME"), home.hasPrefix("/") {
            base = FontLibrary.join(home, ".cache")
        } else {
            return nil
        }
        return FontCatalogStore(path: FontLibrary.join(base, "layout-render/font-catalogue-1"))
    }

    /// The stored records; none when the file is missing, unreadable or damaged.
    func load() -> [String: FontFileRecord] {
        guard let bytes = try? FontFile.read(path: path, maxBytes: Self.maxBytes) else { return [:] }
        return Self.decode(bytes.bytes) ?? [:]
    }

    /// Writes `records` with what the file holds of other paths (written meanwhile by
    /// another process, or for other folders) that still exist. Never fails: a folder that
    /// cannot be made or a file that cannot be written leaves the store as it was.
    func save(_ records: [String: FontFileRecord]) {
        var merged = load().filter { path, _ in
            var info = stat()
            return records[path] == nil && stat(path, &info) == 0
        }
        merged.merge(records) { _, ours in ours }
        let text = Self.encode(merged)
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !folder.isEmpty { Self.makeFolders(folder) }
        var template = Array((path + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        let complete = text.withContiguousStorageIfAvailable { bytes -> Bool in
            while written < bytes.count {
                let count = write(fd, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                written += count
            }
            return true
        } ?? false
        _ = fchmod(fd, 0o644)  // mkostemp's is 0600: other users' renders may read it
        let closed = close(fd) == 0
        if !(complete && closed && rename(temporary, path) == 0) { unlink(temporary) }
    }

    private static func makeFolders(_ folder: String) {
        var prefix = ""
        for part in folder.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + part
            if access(prefix, F_OK) != 0 { mkdir(prefix, 0o755) }
        }
    }

    // MARK: - The file's text

    // One line per fact, fields separated by tabs, text fields escaped (`\\`, `\t`, `\n`):
    //   file  PATH SIZE MTIME-S MTIME-NS CTIME-S CTIME-NS INODE DEVICE FACECOUNT|-
    //   names INDEX - | NAME…          (one line per face SfntNames read, in order)
    //   face  INDEX FAMILY STYLE WEIGHT ITALIC(0|1) WIDTH
    //   failed INDEX
    // and last `end CHECKSUM`, FNV-1a (64-bit, hex) of every byte before that line.

    static func encode(_ records: [String: FontFileRecord]) -> [UInt8] {
        var text = header + "\n"
        for path in records.keys.sorted() {
            let record = records[path]!
            let stamp = record.stamp
            text += ["file", escape(path), "\(stamp.size)", "\(stamp.modified.tv_sec)", "\(stamp.modified.tv_nsec)",
                     "\(stamp.changed.tv_sec)", "\(stamp.changed.tv_nsec)", "\(stamp.inode)", "\(stamp.device)",
                     record.faceCount.map { "\($0)" } ?? "-"].joined(separator: "\t") + "\n"
            for (index, names) in record.names.enumerated() {
                text += (["names", "\(index)"] + (names.map { $0.map(escape) } ?? ["-"])).joined(separator: "\t") + "\n"
            }
            for index in record.faces.keys.sorted() {
                let face = record.faces[index]!
                text += ["face", "\(index)", escape(face.family), escape(face.styleName), "\(face.weight)",
                         face.isItalic ? "1" : "0", "\(face.widthClass)"].joined(separator: "\t") + "\n"
            }
            for index in record.failed.sorted() { text += "failed\t\(index)\n" }
        }
        var bytes = Array(text.utf8)
        bytes += Array("end\t\(String(checksum(bytes[...]), radix: 16))\n".utf8)
        return bytes
    }

    /// The records of a store file's bytes; nil when they are not one, whole and intact.
    /// Read as bytes, field by field: a store is read by every render that looks up a
    /// family, and splitting it as strings cost more than the lookups it saves.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> [String: FontFileRecord]? {
        let all = bytes.bindMemory(to: UInt8.self)
        // The last line is the checksum of all before it.
        guard all.last == 10, let endStart = all[..<(all.count - 1)].lastIndex(of: 10).map({ $0 + 1 }) else { return nil }
        guard Array(all[endStart..<(all.count - 1)]) == Array("end\t\(String(checksum(all[..<endStart]), radix: 16))".utf8)
        else { return nil }
        var lines = LineFields(all[..<endStart])
        guard let first = lines.next(), first.count == 1, first[0].elementsEqual(header.utf8) else { return nil }
        var records: [String: FontFileRecord] = [:]
        var current: (path: String, record: FontFileRecord)?
        func finish() { if let current { records[current.path] = current.record } }
        while let fields = lines.next() {
            switch Kind(fields[0]) {
            case .file:
                guard fields.count == 10, let size = integer(fields[2]), let mtime = integer(fields[3]),
                      let mtimeNs = integer(fields[4]), let ctime = integer(fields[5]), let ctimeNs = integer(fields[6]),
                      let inode = integer(fields[7]), let device = integer(fields[8]) else { return nil }
                let faceCount: Int?
                if fields[9].elementsEqual([UInt8(ascii: "-")]) { faceCount = nil } else {
                    guard let count = integer(fields[9]), count <= SfntNames.maxFaces else { return nil }
                    faceCount = count
                }
                finish()
                let stamp = FileStamp(size: size, modified: timespec(tv_sec: mtime, tv_nsec: mtimeNs),
                                      changed: timespec(tv_sec: ctime, tv_nsec: ctimeNs), inode: UInt64(inode),
                                      device: UInt64(device))
                current = (text(fields[1]), FontFileRecord(stamp: stamp, names: [], faceCount: faceCount))
            case .names:
                guard current != nil, fields.count >= 3, integer(fields[1]) == current!.record.names.count else { return nil }
                current!.record.names.append(fields.count == 3 && fields[2].elementsEqual([UInt8(ascii: "-")])
                    ? nil : fields[2...].map(text))
            case .face:
                guard let path = current?.path, fields.count == 7, let index = integer(fields[1]),
                      index < (current!.record.faceCount ?? 0), let weight = integer(fields[4]),
                      let italic = integer(fields[5]), italic <= 1, let width = integer(fields[6])
                else { return nil }
                current!.record.faces[index] = FontFace(path: path, faceIndex: index, family: text(fields[2]),
                                                        styleName: text(fields[3]), weight: weight,
                                                        isItalic: italic == 1, widthClass: width)
            case .failed:
                guard current != nil, fields.count == 2, let index = integer(fields[1]) else { return nil }
                current!.record.failed.insert(index)
            case nil:
                return nil
            }
        }
        finish()
        return records
    }

    private enum Kind {
        case file, names, face, failed

        init?(_ word: Slice<UnsafeBufferPointer<UInt8>>) {
            switch word.count {
            case 4 where word.elementsEqual("file".utf8): self = .file
            case 4 where word.elementsEqual("face".utf8): self = .face
            case 5 where word.elementsEqual("names".utf8): self = .names
            case 6 where word.elementsEqual("failed".utf8): self = .failed
            default: return nil
            }
        }
    }

    /// The lines of the text, each as its tab-separated fields.
    private struct LineFields {
        var rest: Slice<UnsafeBufferPointer<UInt8>>
        init(_ text: Slice<UnsafeBufferPointer<UInt8>>) { rest = text }

        mutating func next() -> [Slice<UnsafeBufferPointer<UInt8>>]? {
            guard let end = rest.firstIndex(of: 10) else { return nil }
            var fields: [Slice<UnsafeBufferPointer<UInt8>>] = []
            var start = rest.startIndex
            for index in rest.startIndex..<end where rest[index] == 9 {
                fields.append(rest[start..<index])
                start = index + 1
            }
            fields.append(rest[start..<end])
            rest = rest[(end + 1)...]
            return fields
        }
    }

    /// A decimal of at most 18 digits, no sign; nil otherwise.
    private static func integer(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= 48 && digit <= 57 else { return nil }
            value = value * 10 + Int(digit - 48)
        }
        return value
    }

    /// A text field, unescaped.
    private static func text(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        guard field.contains(92) else { return String(decoding: field, as: UTF8.self) }
        var out: [UInt8] = []
        var escaped = false
        for byte in field {
            if escaped {
                out.append(byte == UInt8(ascii: "t") ? 9 : byte == UInt8(ascii: "n") ? 10 : byte)
                escaped = false
            } else if byte == 92 {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func checksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    private static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 9 || $0 == 10 || $0 == 92 }) else { return text }
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
