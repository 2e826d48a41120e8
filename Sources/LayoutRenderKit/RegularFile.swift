import Glibc

/// Reads whole files that a spec or the command line names: specs, `--data` files, images
/// (and the service's templates).
///
/// The file is opened without blocking (a FIFO would otherwise hold `open` until a writer
/// comes, forever), checked with `fstat` to be a regular file (not a FIFO, device, socket
/// or folder) of at most `maxBytes`, and only then read.
public enum RegularFile {
    /// Why a file was not read; `description` completes "cannot read FILE: …".
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case missing
        case notRegular(kind: String)
        case tooLarge(size: Int, limit: Int)
        case system(String)

        public var description: String {
            switch self {
            case .missing: return "no such file"
            case .notRegular(let kind): return "it is not a regular file (it is \(kind))"
            case .tooLarge(let size, let limit): return "the file is \(size) bytes; the limit is \(limit)"
            case .system(let reason): return reason
            }
        }
    }

    /// The file's size and identity as `fstat` (or `stat`) saw them: the file a name leads
    /// to (device and inode, so a file saved by writing a new one and renaming it over the
    /// old is another), its size and its modification time to the nanosecond. For caches
    /// keyed on a file, and for `watch`, which tells a changed file by it.
    public struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modified: Int
        var modifiedNanoseconds: Int
    }

    /// The bytes of the regular file at `path`, at most `maxBytes` of them.
    public static func read(path: String, maxBytes: Int) throws(Failure) -> [UInt8] {
        try read(path: path, maxBytes: maxBytes) { (_: Identity) -> Never? in nil }.bytes
    }

    /// Opens `path` as `read(path:maxBytes:)` does, then asks `reuse` for what the caller
    /// already has from the file with that identity; reads the file only when it has nothing
    /// (`bytes` is empty when `reused` is not nil).
    static func read<Reused>(path: String, maxBytes: Int, reuse: (Identity) -> Reused?) throws(Failure)
        -> (reused: Reused?, bytes: [UInt8], identity: Identity)
    {
        let (fd, identity) = try open(path: path, maxBytes: maxBytes)
        defer { close(fd) }
        if let reused = reuse(identity) { return (reused, [], identity) }
        // One byte more than the size, so a file that grew since fstat is noticed. Read
        // straight into the array's storage: only the bytes read are its elements.
        var failure: Failure?
        let bytes = [UInt8](unsafeUninitializedCapacity: identity.size + 1) { buffer, filled in
            do throws(Failure) { filled = try fill(buffer, from: fd) } catch { failure = error }
        }
        if let failure { throw failure }
        guard bytes.count <= identity.size else { throw .system("the file grew while it was read") }
        return (nil, bytes, identity)
    }

    /// The text of the regular file at `path`, at most `maxBytes` of it, or nil when it is
    /// not UTF-8. Read straight into the string's storage: read into an array first, a
    /// 42 MB spec was in memory twice and copied once more (`String(validating:)`).
    public static func readText(path: String, maxBytes: Int) throws(Failure) -> String? {
        let (fd, identity) = try open(path: path, maxBytes: maxBytes)
        defer { close(fd) }
        var failure: Failure?
        var isUTF8 = true
        let text = String(unsafeUninitializedCapacity: identity.size + 1) { buffer in
            let filled: Int
            do throws(Failure) { filled = try fill(buffer, from: fd) } catch { failure = error; return 0 }
            guard filled <= identity.size else { failure = .system("the file grew while it was read"); return 0 }
            // The string's initializer would repair what is not UTF-8 without a word:
            // checked first (ASCII a word at a time; other text by the standard library's
            // transcoder, which makes nothing: `String(validating:)` made a second copy).
            let bytes = UnsafeBufferPointer(rebasing: buffer[..<filled])
            isUTF8 = isASCII(bytes)
                || !transcode(bytes.makeIterator(), from: UTF8.self, to: UTF8.self, stoppingOnError: true) { _ in }
            return isUTF8 ? filled : 0
        }
        if let failure { throw failure }
        return isUTF8 ? text : nil
    }

    /// `path` opened without blocking and checked to be a regular file of at most `maxBytes`.
    private static func open(path: String, maxBytes: Int) throws(Failure) -> (fd: Int32, identity: Identity) {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .missing : .system(String(cString: strerror(code)))
        }
        var info = stat()
        let problem: Failure?
        if fstat(fd, &info) != 0 {
            problem = .system(String(cString: strerror(errno)))
        } else if info.st_mode & S_IFMT != S_IFREG {
            problem = .notRegular(kind: kind(of: info.st_mode))
        } else if Int(info.st_size) > maxBytes {
            problem = .tooLarge(size: Int(info.st_size), limit: maxBytes)
        } else {
            problem = nil
        }
        if let problem { close(fd); throw problem }
        return (fd, Identity(info))
    }

    /// Reads from `fd` into `buffer` until the file ends or the buffer is full; how many
    /// bytes were read.
    private static func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, from fd: Int32) throws(Failure) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = Glibc.read(fd, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// Whether every byte is below 0x80, eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var high: UInt64 = 0
        var offset = 0
        while offset + 8 <= raw.count {
            high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < raw.count { high |= UInt64(raw[offset]); offset += 1 }
        return high & 0x8080_8080_8080_8080 == 0
    }

    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a file"
        }
    }
}

extension RegularFile.Identity {
    init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
                  modified: Int(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec))
    }

    /// What `path` leads to now (one `stat`, links followed); nil when it leads to nothing
    /// or cannot be looked at.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }
}
