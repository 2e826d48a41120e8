import Glibc
import Synchronization

/// The file descriptors of the open font files (`FontFileHandle`), at most `limit` of them
/// open at once: a `--font-dir` of a thousand fonts, all loaded, would otherwise hold a
/// thousand descriptors and meet the process's limit (1,024 by default). Past the limit,
/// the least recently read file not being read at that moment is closed, and opened again
/// by its path when it is next read: then, if the path no longer leads to the same file with
/// the same contents (`FileStamp.hasSameContents`), the file is *gone*: it reads nothing
/// from then on, and says it changed. Thread-safe; a descriptor is never closed while a
/// read uses it.
final class FontFileDescriptors: Sendable {
    /// The process's descriptors.
    static let shared = FontFileDescriptors(limit: 64)

    /// How many font files may be open at once (more only while all of them are being read).
    let limit: Int

    private struct Entry {
        /// Nil while closed.
        var fd: Int32?
        /// Reads under way.
        var users = 0
        var lastUse: UInt64 = 0
        /// Opened again and found to be another file, or not found: reads nothing.
        var gone = false
    }
    private struct State {
        /// By the handle's address (`key(_:)`).
        var entries: [Int: Entry] = [:]
        var open = 0
        var clock: UInt64 = 0
        /// Descriptors opened again after being closed (for tests).
        var reopened = 0
    }
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes over `fd`, just opened for `file`.
    func adopt(_ fd: Int32, for file: FontFileHandle) {
        let closing = state.withLock { state -> Int32? in
            state.clock += 1
            state.entries[Self.key(file)] = Entry(fd: fd, lastUse: state.clock)
            state.open += 1
            return Self.evict(&state, limit: limit)
        }
        if let closing { close(closing) }
    }

    /// Closes `file`'s descriptor for good (its `deinit`).
    func release(_ file: FontFileHandle) {
        let fd = state.withLock { state -> Int32? in
            guard let entry = state.entries.removeValue(forKey: Self.key(file)) else { return nil }
            if entry.fd != nil { state.open -= 1 }
            return entry.fd
        }
        if let fd { close(fd) }
    }

    /// Runs `body` with `file`'s descriptor, opened again if it was closed; nil (and `body`
    /// not run) when the file is gone.
    func withDescriptor<Result>(_ file: FontFileHandle, _ body: (Int32) -> Result) -> Result? {
        let key = Self.key(file)
        let fd = state.withLock { state -> Int32? in
            guard var entry = state.entries[key], !entry.gone else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            if entry.fd == nil {
                state.reopened += 1
                if let fd = Self.reopen(file) {
                    entry.fd = fd
                    state.open += 1
                } else {
                    entry.gone = true
                }
            }
            if entry.fd != nil { entry.users += 1 }
            state.entries[key] = entry
            return entry.fd
        }
        guard let fd else { return nil }
        let result = body(fd)
        let closing = state.withLock { state -> Int32? in
            state.entries[key]?.users -= 1
            return Self.evict(&state, limit: limit)
        }
        if let closing { close(closing) }
        return result
    }

    /// A handle's key: its address, unique while it lives (it leaves in its `deinit`).
    /// An `Int` key, not an `ObjectIdentifier`: a dictionary of a key type the process has
    /// not hashed before costs a conformance lookup over the whole binary (0.1 M instructions).
    private static func key(_ file: FontFileHandle) -> Int { Int(bitPattern: UInt(bitPattern: ObjectIdentifier(file))) }

    /// How many descriptors are open, and how many times one was opened again (for tests).
    var counts: (open: Int, reopened: Int) { state.withLock { ($0.open, $0.reopened) } }

    /// The least recently used descriptor not in use, taken out of `state` for closing (once
    /// the lock is let go), when more than `limit` are open.
    private static func evict(_ state: inout State, limit: Int) -> Int32? {
        guard state.open > limit,
              let (key, entry) = state.entries.filter({ $0.value.fd != nil && $0.value.users == 0 })
                .min(by: { $0.value.lastUse < $1.value.lastUse }) else { return nil }
        state.entries[key]?.fd = nil
        state.open -= 1
        return entry.fd
    }

    /// `file`'s path opened again, when it still leads to the file with the contents it was
    /// first opened with.
    private static func reopen(_ file: FontFileHandle) -> Int32? {
        let fd = open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard let stamp = FileStamp(fd: fd), stamp.hasSameContents(as: file.stamp) else {
            close(fd)
            return nil
        }
        return fd
    }
}
