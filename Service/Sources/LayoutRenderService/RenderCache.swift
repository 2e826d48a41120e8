import Synchronization

/// A bounded in-memory LRU cache of responses, by key: at most `maxEntries` entries and
/// `maxBytes` bytes of bodies. Eviction scans for the least recently used entry, which is
/// cheap at the few hundred entries it is meant for.
final class RenderCache: Sendable {
    struct Entry: Sendable {
        var body: [UInt8]
        var contentType: String
        /// The render's warnings, sent in a header with every answer from this entry.
        var warnings: [String] = []
    }

    private struct State {
        var entries: [String: (entry: Entry, lastUse: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    let maxEntries: Int
    let maxBytes: Int
    private let state = Mutex(State())

    init(maxEntries: Int, maxBytes: Int) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    func get(_ key: String) -> Entry? {
        state.withLock { state in
            guard let found = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key]?.lastUse = state.clock
            return found.entry
        }
    }

    /// Stores an entry unless it alone is larger than the byte limit.
    func put(_ key: String, _ entry: Entry) {
        guard maxEntries > 0, entry.body.count <= maxBytes else { return }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.entry.body.count }
            while !state.entries.isEmpty
                && (state.entries.count >= maxEntries || state.bytes + entry.body.count > maxBytes)
            {
                let oldest = state.entries.min { $0.value.lastUse < $1.value.lastUse }!.key
                state.bytes -= state.entries.removeValue(forKey: oldest)!.entry.body.count
            }
            state.clock += 1
            state.entries[key] = (entry, state.clock)
            state.bytes += entry.body.count
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
    var bytes: Int { state.withLock { $0.bytes } }
}
