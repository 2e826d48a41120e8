import Glibc  // the package targets Linux
import PNGCodec

/// The one place every command writes a file it was told to write (PNGs, frame dumps,
/// diff images, converted specs, test artifacts and reports).
///
/// A regular file, or a name that does not exist yet, is written to a temporary file
/// beside it and renamed into place, so a reader never sees a partial file. Anything else
/// that exists (a terminal, a FIFO, `/dev/null`, `/dev/full`, `/dev/stdout`) is opened and
/// written as it is: renaming over it would replace the device or pipe with a regular file.
/// `-` is standard output.
public enum OutputFile {
    /// The name that means standard output.
    public static let standardOutputName = "-"

    /// Writes `bytes` to `path`.
    ///
    /// - Throws: `.outputUnwritable(path:reason:)` with the system's reason (for `/dev/full`,
    ///   "No space left on device").
    public static func write(_ bytes: [UInt8], to path: String) throws(LayoutRenderError) {
        try write(to: path) { sink in bytes.withUnsafeBytes { sink.write($0) } }
    }

    /// Writes what `produce` hands its sink to `path` as it comes (a frames dump of any
    /// size, without its whole text in memory): to standard output, in place for what is
    /// no regular file (`/dev/null`), and otherwise to a temporary file renamed over
    /// `path` once all of it is written, so no partial file is ever left there.
    ///
    /// - Throws: `.outputUnwritable(path:reason:)` with the first failure's reason.
    public static func write(to path: String, writing produce: (inout FileSink) -> Void) throws(LayoutRenderError) {
        if let descriptor = standardStream(path) {
            var sink = FileSink(descriptor: descriptor)
            produce(&sink)
            if let failure = sink.failure { throw .outputUnwritable(path: path, reason: failure) }
            return
        }
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists && ((info.st_mode & S_IFMT) != S_IFREG || isSystemPath(path)) {
            try writeInPlace(to: path, writing: produce)
            return
        }
        // Through a symbolic link to a regular file: replace the file it names, keep the link.
        let target = exists ? (realPath(path) ?? path) : path
        do {
            try PNGFile.writeAtomically(to: target, writing: produce)
        } catch {
            if case .io(_, let reason) = error { throw .outputUnwritable(path: path, reason: reason) }
            throw .outputUnwritable(path: path, reason: error.description)
        }
    }

    /// Whether two output names reach the same standard stream (`-` and `/dev/stdout`).
    public static func isStandardOutput(_ path: String) -> Bool { standardStream(path) == STDOUT_FILENO }

    /// The descriptor a name stands for without opening anything: `-`, and the names of
    /// this process's own standard streams (opening those anew would truncate a file the
    /// shell opened for appending, or lose the position in it).
    private static func standardStream(_ path: String) -> Int32? {
        switch path {
        case standardOutputName, "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": return STDOUT_FILENO
        case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": return STDERR_FILENO
        default: return nil
        }
    }

    /// `/dev` and `/proc` hold no file that should be replaced, whatever it looks like.
    private static func isSystemPath(_ path: String) -> Bool {
        let resolved = realPath(path) ?? path
        return ["/dev/", "/proc/"].contains { path.hasPrefix($0) || resolved.hasPrefix($0) }
    }

    private static func writeInPlace(to path: String, writing produce: (inout FileSink) -> Void)
        throws(LayoutRenderError)
    {
        var info = stat()
        let isRegular = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        // No O_CREAT: the file exists; if it vanished since, that is an error, not a new file in /dev.
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | (isRegular ? O_TRUNC : 0))
        guard fd >= 0 else { throw .outputUnwritable(path: path, reason: systemError()) }
        var sink = FileSink(descriptor: fd)
        produce(&sink)
        var failure = sink.failure
        if close(fd) != 0, failure == nil { failure = systemError() }
        if let failure { throw .outputUnwritable(path: path, reason: failure) }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func systemError() -> String { String(cString: strerror(errno)) }
}
