import Glibc  // the package targets Linux

/// Reading and writing PNG files: whole-file reads and atomic writes.
public enum PNGFile {
    /// The bytes of a file, which must be a regular file.
    ///
    /// Opened without blocking (a FIFO's `open` would wait for a writer forever) and
    /// checked to be a regular file before anything is read.
    ///
    /// - Throws: `.io(path:reason:)` with the system's reason, or "not a regular file".
    public static func readBytes(path: String) throws(PNGError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .io(path: path, reason: systemError()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(path: path, reason: systemError()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .io(path: path, reason: "not a regular file") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, reason: systemError())
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Reads and decodes a PNG file.
    ///
    /// - Throws: `.io` when the file cannot be read, or any decoding error.
    public static func read(path: String, limits: PNGLimits = .init()) throws(PNGError) -> RGBAImage {
        try PNGDecoder.decode(readBytes(path: path), limits: limits)
    }

    /// Encodes an image and writes it atomically (see ``writeAtomically(_:to:)``).
    public static func write(
        _ image: RGBAImage, to path: String, text: [(key: String, value: String)] = [],
        speed: PNGEncoder.Speed = .fast
    ) throws(PNGError) {
        try writeAtomically(PNGEncoder.encode(image, text: text, speed: speed), to: path)
    }

    /// Writes `bytes` to `path` so that readers see either the old file or the
    /// whole new one, never a partial file (see ``writeAtomically(to:writing:)``).
    ///
    /// - Throws: `.io(path:reason:)` naming `path`.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(PNGError) {
        try writeAtomically(to: path) { sink in bytes.withUnsafeBytes { sink.write($0) } }
    }

    /// Writes what `produce` hands its sink to `path`, piece by piece as it comes, so that
    /// readers see either the old file or the whole new one, never a partial file.
    ///
    /// The bytes go to a temporary file in the same directory (`.NAME.XXXXXX`),
    /// which is then renamed over `path`; on any failure the temporary file is
    /// removed. The new file gets mode 0644. There is no fsync: the rename is atomic
    /// for concurrent readers, not durable across a power cut, which renders and
    /// diff images do not need.
    ///
    /// - Throws: `.io(path:reason:)` naming `path`, with the first write's failure.
    public static func writeAtomically(to path: String, writing produce: (inout FileSink) -> Void) throws(PNGError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { path[...$0] } ?? ""
        let name = slash.map { path[path.index(after: $0)...] } ?? Substring(path)
        guard !name.isEmpty else { throw .io(path: path, reason: "not a file path") }
        var template = Array("\(directory).\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .io(path: path, reason: "cannot create temporary file: \(systemError())") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var sink = FileSink(descriptor: fd)
        if fchmod(fd, 0o644) != 0 { sink.failure = systemError() }
        produce(&sink)
        var failure = sink.failure
        if close(fd) != 0, failure == nil { failure = systemError() }
        if failure == nil, rename(temporary, path) != 0 { failure = systemError() }
        if let failure {
            unlink(temporary)
            throw .io(path: path, reason: failure)
        }
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
