import Glibc

/// Reads a font file's bytes for FreeType, which then reads them from memory.
///
/// FreeType's own `FT_New_Face` opens the path with a blocking `open`: a FIFO where a font
/// should be would hold the thread forever, and a device would be read without end. Here
/// the file is opened without blocking, checked to be a regular file of at most
/// `maxBytes`, and only then read.
enum FontFile {
    /// Font files larger than this are refused (the largest CJK collections are ~120 MiB).
    static let maxBytes = 256 << 20

    /// - Throws: `.fontNotFound` when nothing is there, `.fontFileRefused` otherwise.
    static func read(path: String, maxBytes: Int = FontFile.maxBytes) throws(TextError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .fontNotFound(path: path) }
            throw .fontFileRefused(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw .fontFileRefused(path: path, reason: String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind = switch info.st_mode & S_IFMT {
            case S_IFDIR: "a folder"
            case S_IFIFO: "a FIFO"
            case S_IFCHR, S_IFBLK: "a device"
            default: "not a file"
            }
            throw .fontFileRefused(path: path, reason: "it is not a regular file (it is \(kind))")
        }
        guard Int(info.st_size) <= maxBytes else {
            throw .fontFileRefused(path: path, reason: "it is \(info.st_size) bytes; font files are limited to \(maxBytes)")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .fontFileRefused(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }  // shrank while being read: take what is there
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// FNV-1a over the bytes: the key the renderer finds a file's face by.
    static func digest(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
