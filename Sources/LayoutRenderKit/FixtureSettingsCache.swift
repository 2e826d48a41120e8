import Synchronization

/// Sidecars (`NAME.fixture.json`) read and parsed once, and again only when the sidecar or
/// the data file it names changes (its device, inode, size or modification time): a server
/// that renders a template on every request reads the template's sidecar and data once, not
/// on every request. What is checked before a sidecar is read (a link out of the folder) is
/// checked on every load all the same; a sidecar that fails is not kept.
public final class FixtureSettingsCache: Sendable {
    struct Entry {
        var sidecar: RegularFile.Identity
        var maxDataBytes: Int
        /// The data file's path and its identity as it was before it was read.
        var dataFile: (path: String, identity: RegularFile.Identity?)?
        var settings: FixtureSettings
    }
    private let entries = Mutex<[String: Entry]>([:])

    /// The most sidecars kept; past it the cache starts again (a folder of templates is
    /// far smaller).
    public static let maxEntries = 4_096

    public init() {}

    /// What the sidecar at `path` gave when it had this identity, if its data file (if any)
    /// is the file it was.
    func settings(sidecar path: String, identity: RegularFile.Identity, maxDataBytes: Int) -> FixtureSettings? {
        guard let entry = entries.withLock({ $0[path] }), entry.sidecar == identity, entry.maxDataBytes == maxDataBytes
        else { return nil }
        if let data = entry.dataFile {
            guard let before = data.identity, RegularFile.Identity(path: data.path) == before else { return nil }
        }
        return entry.settings
    }

    func store(_ entry: Entry, sidecar path: String) {
        entries.withLock { entries in
            if entries.count >= Self.maxEntries && entries[path] == nil { entries.removeAll() }
            entries[path] = entry
        }
    }

    /// How many sidecars are kept.
    public var count: Int { entries.withLock { $0.count } }
}
