import Glibc

/// Opens font files for FreeType, which reads them through a stream (`FontFileHandle`,
/// `FreeTypeFileStream`: a loaded `Font`, the catalog's faces), and reads small files
/// whole (the stored font catalogue; the tests' reference faces, whole fonts).
///
/// FreeType's own `FT_New_Face` opens the path with a blocking `open`: a FIFO where a font
/// should be would hold the thread forever, and a device would be read without end. Here
/// the file is opened without blocking, checked to be a regular file of at most
/// `maxBytes`, and only then read.
enum FontFile {
    /// Font files larger than this are refused (the largest CJK collections are ~120 MiB).
    static let maxBytes = 256 << 20

    /// - Throws: `.fontNotFound` when nothing is there, `.fontFileRefused` otherwise.
    static func read(path: String, maxBytes: Int = FontFile.maxBytes) throws(TextError) -> FontFileBytes {
        let (fd, size) = try open(path: path, maxBytes: maxBytes)
        defer { close(fd) }
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, size), alignment: 16)
        var filled = 0
        while filled < size {
            let count = Glibc.read(fd, memory.baseAddress! + filled, size - filled)
            if count < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                memory.deallocate()
                throw .fontFileRefused(path: path, reason: reason)
            }
            if count == 0 { break }  // shrank while being read: take what is there
            filled += count
        }
        return FontFileBytes(memory, count: filled)
    }

    /// Opens `path` for reading without blocking, checked to be a regular file of at most
    /// `maxBytes`: the descriptor (the caller closes it) and the file's size.
    /// - Throws: `.fontNotFound` when nothing is there, `.fontFileRefused` otherwise.
    static func open(path: String, maxBytes: Int = FontFile.maxBytes) throws(TextError) -> (fd: Int32, size: Int) {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .fontNotFound(path: path) }
            throw .fontFileRefused(path: path, reason: String(cString: strerror(code)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .fontFileRefused(path: path, reason: reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            let kind = switch info.st_mode & S_IFMT {
            case S_IFDIR: "a folder"
            case S_IFIFO: "a FIFO"
            case S_IFCHR, S_IFBLK: "a device"
            default: "not a file"
            }
            throw .fontFileRefused(path: path, reason: "it is not a regular file (it is \(kind))")
        }
        guard Int(info.st_size) <= maxBytes else {
            close(fd)
            throw .fontFileRefused(path: path, reason: "it is \(info.st_size) bytes; font files are limited to \(maxBytes)")
        }
        return (fd, Int(info.st_size))
    }

    /// FNV-1a over the bytes taken eight at a time (then the last few one by one): of a
    /// font file's identity and `head` checksum, the key the renderer finds its face by
    /// (`Font.fileDigest`).
    static func digest(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let words = raw.count / 8
        for index in 0..<words {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* 0x100_0000_01b3
        }
        for index in (words * 8)..<raw.count { hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01b3 }
        return hash
    }
}

/// A file's bytes, read once into memory that neither moves nor changes while this object
/// lives (a font is read on demand instead: `FontFileHandle`).
public final class FontFileBytes: @unchecked Sendable {  // immutable once read
    /// The file's bytes.
    public let bytes: UnsafeRawBufferPointer

    /// Takes `memory` over (it is freed with this object); its first `count` bytes are the file's.
    init(_ memory: UnsafeMutableRawBufferPointer, count: Int) {
        bytes = UnsafeRawBufferPointer(rebasing: memory[..<count])
    }

    deinit { bytes.deallocate() }
}
