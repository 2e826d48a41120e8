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

    /// The file's size and identity as `fstat` saw them, for caches keyed on a file.
    struct Identity: Hashable {
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
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .missing : .system(String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegular(kind: kind(of: info.st_mode)) }
        let size = Int(info.st_size)
        guard size <= maxBytes else { throw .tooLarge(size: size, limit: maxBytes) }
        let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: size,
                                modified: Int(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec))
        if let reused = reuse(identity) { return (reused, [], identity) }
        // One byte more than the size, so a file that grew since fstat is noticed. Read
        // straight into the array's storage: only the bytes read are its elements.
        var failure: Failure?
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, filled in
            while filled < buffer.count {
                let count = Glibc.read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = .system(String(cString: strerror(errno)))
                    return
                }
                if count == 0 { break }
                filled += count
            }
        }
        if let failure { throw failure }
        guard bytes.count <= size else { throw .system("the file grew while it was read") }
        return (nil, bytes, identity)
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
