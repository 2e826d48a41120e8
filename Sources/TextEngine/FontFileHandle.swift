import Glibc
import Synchronization

/// A font file read on demand with `pread`: FreeType (`FreeTypeFileStream`), HarfBuzz
/// (`FontFileTables`, a table at a time) and the renderer's Cairo faces read the parts of it
/// they use, never the whole file unless they use all of it. The README card's three
/// ideographs read a few megabytes of the 19.5 MB Noto Sans CJK collection
/// (docs/benchmarks.md, "Issue 42, third session").
///
/// The file is opened as `FontFile.open` does (no blocking, a regular file only, at most
/// `FontFile.maxBytes`). It is never mapped: a file truncated under a mapping ends the
/// process with SIGBUS, where a short `pread` is an error FreeType and HarfBuzz report. Its
/// descriptor is one of `FontFileDescriptors`' (closed when too many fonts are open, opened
/// again by path when next read, and then only if the path still leads to the same file
/// with the same contents).
///
/// Reads are not checked one by one (that was an `fstat` beside every `pread`, 1,535 of
/// each for the README card). Instead, whoever uses a font checks it at the edges:
/// `FontLibrary` looks at the path (one `stat`) each time it hands out a loaded font and
/// loads a font whose file changed again, and a render checks each font it drew with once,
/// after drawing (`isUnchanged`), so a file rewritten during a render is an error, never
/// glyphs that vanish or come from other bytes.
///
/// Large reads (whole tables: `cmap`, `hmtx`, the layout tables, a CFF face's charstring
/// offsets) are kept, up to `cacheBytes` a file, and shared by everyone who reads the same
/// range: the `Font`'s FreeType face, its character map and advances, HarfBuzz (which uses
/// the kept bytes themselves, `sharedBytes`) and the renderer's FreeType face read each once.
/// Small reads come from the file's 4 KiB pages, each read once (`pageBytes`). The README
/// card reads 2.6 MB of the CJK collection in 141 `pread`s (was 4.9 MB in 1,535, each with an
/// `fstat`; docs/benchmarks.md, "Issue 42, fourth session").
public final class FontFileHandle: @unchecked Sendable {  // immutable but for the locked cache
    /// The path the file was opened at (opened again there; for messages).
    public let path: String
    /// The file's size when it was opened.
    public let byteCount: Int
    /// A digest of the file's identity when it was opened (device, inode, size, modification
    /// and change times, to the nanosecond): another for a file changed since, or another
    /// file at the same path. Computed without reading the file.
    public let digest: UInt64
    /// The file as it was opened.
    let stamp: FileStamp
    private let descriptors: FontFileDescriptors

    /// Reads of at least this many bytes are kept whole (`sharedBytes`): tables.
    static let cachedReadBytes = 16 << 10
    /// At most this many bytes of tables are kept for a file; past it, the least recently
    /// read go.
    static let cacheBytes = 8 << 20
    /// Smaller reads are served from the file's pages of this size, each read once:
    /// FreeType reads a face's records a field at a time (two bytes, one, sixteen), which
    /// were 1,500 `pread`s for the README card, in 91 such pages.
    static let pageBytes = 4096
    /// At most this many pages are kept for a file; past it, all of them go.
    static let maxPages = 256
    private struct Cache {
        var tables: [FontFileBlock] = []
        var tableBytes = 0
        var pages: [Int: FontFileBlock] = [:]
        var clock: UInt64 = 0
    }
    private let cache = Mutex(Cache())

    /// Opens the file at `path`.
    /// - Throws: `.fontNotFound` when nothing is there, `.fontFileRefused` otherwise (see
    ///   `FontFile.open`).
    public convenience init(path: String) throws(TextError) {
        try self.init(path: path, descriptors: .shared)
    }

    init(path: String, descriptors: FontFileDescriptors) throws(TextError) {
        let (fd, size) = try FontFile.open(path: path)
        guard let stamp = FileStamp(fd: fd) else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .fontFileRefused(path: path, reason: reason)
        }
        self.path = path
        byteCount = size
        self.stamp = stamp
        self.descriptors = descriptors
        digest = stamp.fields.withUnsafeBytes { FontFile.digest($0) }
        descriptors.adopt(fd, for: self)
    }

    deinit { descriptors.release(self) }

    /// Reads `count` bytes at `offset` into `buffer`: how many were read, fewer than
    /// `count` when the file ends first or a read fails, and 0 when the file is gone (see
    /// `FontFileDescriptors`).
    public func read(at offset: Int, count: Int, into buffer: UnsafeMutableRawPointer) -> Int {
        guard offset >= 0, count > 0, offset <= byteCount else { return 0 }
        if count >= Self.cachedReadBytes {
            guard let block = sharedBytes(at: offset, count: count) else {
                return readFromFile(at: offset, count: count, into: buffer)
            }
            let available = min(count, block.offset + block.bytes.count - offset)
            buffer.copyMemory(from: block.bytes.baseAddress! + (offset - block.offset), byteCount: available)
            return available
        }
        // From the pages the range lies in, each read whole once.
        var done = 0
        while done < count, offset + done < byteCount {
            let at = offset + done
            guard let page = page(at: at / Self.pageBytes) else { break }
            let available = min(count - done, page.offset + page.bytes.count - at)
            guard available > 0 else { break }
            (buffer + done).copyMemory(from: page.bytes.baseAddress! + (at - page.offset), byteCount: available)
            done += available
        }
        return done
    }

    /// The file's page `index` (`pageBytes` at `index × pageBytes`, fewer at the end), read
    /// when it is not kept; nil when it cannot be read.
    private func page(at index: Int) -> FontFileBlock? {
        if let page = cache.withLock({ $0.pages[index] }) { return page }
        let start = index * Self.pageBytes
        let length = min(Self.pageBytes, byteCount - start)
        guard length > 0 else { return nil }
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 16)
        let read = readFromFile(at: start, count: length, into: memory.baseAddress!)
        guard read > 0 else {
            memory.deallocate()
            return nil
        }
        let page = FontFileBlock(offset: start, bytes: UnsafeMutableRawBufferPointer(rebasing: memory[..<read]))
        // A short page (the file shrank) is used but not kept.
        guard read == length else { return page }
        cache.withLock { cache in
            if cache.pages.count >= Self.maxPages { cache.pages.removeAll(keepingCapacity: true) }
            cache.pages[index] = page
        }
        return page
    }

    /// The bytes at `offset` (`count` of them, or to the file's end) kept for everyone who
    /// reads them, read from the file if they are not kept yet; nil for a range too small
    /// or too large to keep, or one that cannot be read.
    func sharedBytes(at offset: Int, count: Int) -> FontFileBlock? {
        let wanted = min(count, byteCount - offset)
        guard offset >= 0, wanted >= Self.cachedReadBytes, wanted <= Self.cacheBytes / 2 else { return nil }
        let found = cache.withLock { cache -> FontFileBlock? in
            cache.clock += 1
            guard let block = cache.tables.first(where: { $0.offset <= offset && offset + wanted <= $0.offset + $0.bytes.count })
            else { return nil }
            block.lastUse = cache.clock
            return block
        }
        if let found { return found }
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: wanted, alignment: 16)
        guard readFromFile(at: offset, count: wanted, into: memory.baseAddress!) == wanted else {
            memory.deallocate()
            return nil
        }
        let block = FontFileBlock(offset: offset, bytes: memory)
        cache.withLock { cache in
            cache.clock += 1
            block.lastUse = cache.clock
            cache.tables.append(block)
            cache.tableBytes += wanted
            while cache.tableBytes > Self.cacheBytes, let oldest = cache.tables.indices.min(by: {
                cache.tables[$0].lastUse < cache.tables[$1].lastUse
            }) {
                cache.tableBytes -= cache.tables[oldest].bytes.count
                cache.tables.remove(at: oldest)
            }
        }
        return block
    }

    private func readFromFile(at offset: Int, count: Int, into buffer: UnsafeMutableRawPointer) -> Int {
        descriptors.withDescriptor(self) { fd in
            var done = 0
            while done < count {
                let read = pread(fd, buffer + done, count - done, off_t(offset + done))
                if read < 0 && errno == EINTR { continue }
                if read <= 0 { break }  // an error or the end
                done += read
            }
            return done
        } ?? 0
    }

    /// Whether the file is as it was when it was opened (one `fstat`; see the type): the
    /// same device, inode, size and modification time. Not its change time: `chmod` or
    /// `chown` of an unchanged font moves it, and a font is never refused for that.
    public var isUnchanged: Bool {
        descriptors.withDescriptor(self) { fd in FileStamp(fd: fd)?.hasSameContents(as: stamp) ?? false } ?? false
    }

    /// Whether `path` still leads to this file with the contents it was opened with (one
    /// `stat`): what `FontLibrary` asks before handing a loaded font out again.
    var isCurrent: Bool {
        FileStamp(path: path)?.hasSameContents(as: stamp) ?? false
    }
}

/// Bytes of a font file kept in memory of their own, which neither moves nor changes while
/// this object lives (HarfBuzz keeps it while it uses a table of it).
final class FontFileBlock: @unchecked Sendable {  // the bytes never change; `lastUse` only under the cache's lock
    let offset: Int
    let bytes: UnsafeRawBufferPointer
    var lastUse: UInt64 = 0

    init(offset: Int, bytes: UnsafeMutableRawBufferPointer) {
        self.offset = offset
        self.bytes = UnsafeRawBufferPointer(bytes)
    }

    deinit { bytes.deallocate() }
}
