import Glibc

/// A font file as `stat` sees it. Two comparisons:
/// - `==` (all of it): a stored catalogue record of the file is used only while all of
///   these are unchanged, the change time too, which no one can set back, unlike the
///   modification time that `touch -d` or `cp -p` can;
/// - `hasSameContents(as:)`: whether an open font still reads the bytes it was opened
///   with (the same file, size and modification time). Not the change time: `chmod` or
///   `chown` of an unchanged font moves it, and a font is never dropped for that.
struct FileStamp: Hashable, Sendable {
    var size: Int
    var modified: timespec
    var changed: timespec
    var inode: UInt64
    var device: UInt64

    init(size: Int, modified: timespec, changed: timespec, inode: UInt64, device: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
        self.device = device
    }

    init(_ info: stat) {
        self.init(size: Int(info.st_size), modified: info.st_mtim, changed: info.st_ctim,
                  inode: UInt64(info.st_ino), device: UInt64(info.st_dev))
    }

    /// The stamp of the open file `fd` (one `fstat`); nil when it fails.
    init?(fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp of the file `path` leads to now (one `stat`); nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The same file with, as far as `stat` tells, the same bytes: device, inode, size and
    /// modification time to the nanosecond.
    func hasSameContents(as other: FileStamp) -> Bool {
        size == other.size && inode == other.inode && device == other.device
            && modified.tv_sec == other.modified.tv_sec && modified.tv_nsec == other.modified.tv_nsec
    }

    static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
        lhs.hasSameContents(as: rhs) && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(inode)
        hasher.combine(modified.tv_nsec)
    }

    /// Its fields in a fixed order, for a digest of the file's identity (`FontFileHandle`).
    var fields: [Int] {
        [Int(truncatingIfNeeded: device), Int(truncatingIfNeeded: inode), size, modified.tv_sec, modified.tv_nsec,
         changed.tv_sec, changed.tv_nsec]
    }
}
