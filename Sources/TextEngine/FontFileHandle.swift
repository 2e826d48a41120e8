import Glibc

/// A font file held open and read on demand with `pread`: FreeType (`FreeTypeFileStream`),
/// HarfBuzz (`FontFileTables`, a table at a time) and the renderer's Cairo faces read the
/// parts of it they use, never the whole file unless they use all of it. The README card's
/// three ideographs read 4.9 MB of the 19.5 MB Noto Sans CJK collection (docs/benchmarks.md,
/// "Issue 42, third session").
///
/// The file is opened as `FontFile.open` does (no blocking, a regular file only, at most
/// `FontFile.maxBytes`). It is never mapped: a file truncated under a mapping ends the
/// process with SIGBUS, where a short `pread` is an error FreeType and HarfBuzz report.
/// Every read checks, after reading, that the file is still as it was opened (its size and
/// modification time, by `fstat` on the descriptor): a file rewritten in place reads as an
/// error from then on, never as other bytes mixed with the first. A file
/// replaced by another (renamed over it, as packages and editors do) is still the first one
/// through this descriptor: one face never mixes two files.
public final class FontFileHandle: @unchecked Sendable {  // immutable; `pread` and `fstat` are thread-safe
    /// The path the file was opened at (for messages).
    public let path: String
    /// The file's size when it was opened.
    public let byteCount: Int
    /// A digest of the file's identity when it was opened (device, inode, size, modification
    /// and change times, to the nanosecond): another for a file changed since, or another
    /// file at the same path. Computed without reading the file.
    public let digest: UInt64
    private let fd: Int32
    private let identity: [Int]

    /// Opens the file at `path`.
    /// - Throws: `.fontNotFound` when nothing is there, `.fontFileRefused` otherwise (see
    ///   `FontFile.open`).
    public init(path: String) throws(TextError) {
        let (fd, size) = try FontFile.open(path: path)
        guard let identity = Self.identity(of: fd) else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .fontFileRefused(path: path, reason: reason)
        }
        self.path = path
        self.fd = fd
        byteCount = size
        self.identity = identity
        digest = identity.withUnsafeBytes { FontFile.digest($0) }
    }

    deinit { close(fd) }

    /// Reads `count` bytes at `offset` into `buffer`: how many were read, fewer than
    /// `count` when the file ends first or a read fails, and 0 when the file changed since
    /// it was opened.
    public func read(at offset: Int, count: Int, into buffer: UnsafeMutableRawPointer) -> Int {
        guard offset >= 0, count > 0, offset <= byteCount else { return 0 }
        var done = 0
        while done < count {
            let read = pread(fd, buffer + done, count - done, off_t(offset + done))
            if read < 0 && errno == EINTR { continue }
            if read <= 0 { break }  // an error or the end
            done += read
        }
        return isUnchanged ? done : 0
    }

    /// Whether the file is as it was when it was opened (see the type): the same device,
    /// inode, size and modification time. Not its change time: `chmod` or `chown` of an
    /// unchanged font moves it, and a face that then read nothing would lose its glyphs
    /// without a word (Cairo ignores FreeType's load errors).
    public var isUnchanged: Bool { Self.identity(of: fd).map { Array($0.prefix(5)) } == Array(identity.prefix(5)) }

    /// The file's device, inode, size, and modification and change times; nil when `fstat` fails.
    private static func identity(of fd: Int32) -> [Int]? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return [Int(info.st_dev), Int(info.st_ino), Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec,
                info.st_ctim.tv_sec, info.st_ctim.tv_nsec]
    }
}
