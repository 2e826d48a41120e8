import Synchronization

/// The working buffers of one layout call, kept for the next call instead of allocated
/// afresh: the text's UTF-16 units, its clusters and its line records (for a megabyte of
/// text, 2 MB, 11 MB and 1 MB that would otherwise be new memory and, in a process that
/// returns freed memory to the kernel, new pages every time).
///
/// A scratch belongs to one call at a time: a call takes it out of its engine's pool
/// (`LayoutScratchPool`) and gives it back when done, so concurrent calls on one engine
/// never share one. Reuse never changes a result: each buffer is emptied before use, and
/// is reused only when nothing else still holds it (arrays copy on write; the UTF-16
/// storage is checked with `isKnownUniquelyReferenced`), else the call allocates as before.
final class LayoutScratch: @unchecked Sendable {  // owned by one call at a time (see above)
    /// The largest text, in UTF-16 units, whose buffers are kept (about 48 MB of clusters):
    /// a bigger one's are let go rather than held between calls.
    static let maxKeptUnits = 1 << 22

    private var utf16: UTF16Storage?
    private var clusters: [Cluster] = []
    private var records: [LineRecord] = []

    /// UTF-16 storage for at least `capacity` units, if the kept one is big enough and free.
    func takeUTF16Storage(capacity: Int) -> UTF16Storage? {
        guard var storage = utf16 else { return nil }
        utf16 = nil
        guard isKnownUniquelyReferenced(&storage), storage.capacity >= capacity else { return nil }
        return storage
    }

    /// Whether the kept buffers are those of a text longer than `LayoutScratchPool.largeUnits`.
    var isLarge: Bool { (utf16?.capacity ?? 0) > LayoutScratchPool.largeUnits }

    /// The kept cluster array, emptied, for `ClusterList` to fill.
    func takeClusters() -> [Cluster] {
        var taken: [Cluster] = []
        swap(&taken, &clusters)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// The kept line records, emptied, for `LineBreaker.lines` to fill.
    func takeRecords() -> [LineRecord] {
        var taken: [LineRecord] = []
        swap(&taken, &records)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// Keeps a finished call's buffers for the next one (what is too big is let go).
    func keep(utf16 storage: UTF16Storage, clusters: [Cluster], records: [LineRecord]) {
        guard storage.capacity <= Self.maxKeptUnits else { return }
        utf16 = storage
        self.clusters = clusters
        self.records = records
    }
}

/// The scratches of one engine that no call is using: at most `maxKept`, and at most one
/// of them large, so a burst of concurrent calls on long texts does not leave that many
/// big sets of buffers behind for the life of the process (about 60 MB each at
/// `LayoutScratch.maxKeptUnits`).
final class LayoutScratchPool: Sendable {
    static let maxKept = 4
    /// Texts longer than this (in UTF-16 units) have large buffers: one set of them is kept.
    static let largeUnits = 1 << 18
    private let spare = Mutex<[LayoutScratch]>([])

    /// How many scratches wait for a call.
    var spareCount: Int { spare.withLock { $0.count } }

    /// Runs `body` with a scratch no other call holds, then keeps it for the next call.
    func withScratch<Result, Failure: Error>(_ body: (LayoutScratch) throws(Failure) -> Result) throws(Failure) -> Result {
        let scratch = spare.withLock { $0.popLast() } ?? LayoutScratch()
        defer {
            spare.withLock { kept in
                guard kept.count < Self.maxKept else { return }
                if scratch.isLarge && kept.contains(where: \.isLarge) { return }
                kept.append(scratch)
            }
        }
        return try body(scratch)
    }
}
