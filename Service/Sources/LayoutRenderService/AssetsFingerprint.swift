import Foundation
import LayoutRenderKit

/// A digest of the assets folder for cache keys, covering exactly what a spec can read
/// from it: every name a spec can write that leads to a regular file (`AssetPaths` resolves
/// it: through links, never out of the folder), with a SHA-256 of that file's content.
/// Content, not modification times, so that replicas holding the same assets give the
/// same ETags whatever their files' times (a Kubernetes ConfigMap volume gives every pod its
/// own, and images copied into an image or onto a disk get new ones).
///
/// The walk lists each folder's names and resolves each as a spec would: a link is followed
/// to what it leads to (a link into a sub-folder is walked under the link's name, as a spec
/// can name `link/x.png`); a name that leads out of the folder or nowhere is not readable
/// and not counted. The kubelet's own entries behind a ConfigMap volume (`..data`,
/// `..2026_11_24_09_00_00.1`), which `AssetPaths` does not let a spec name, are not
/// counted, so two pods' volumes of the same content agree; every other name counts,
/// `..logo.png` too (it was skipped with them, and a replaced `..logo.png` kept its ETag and
/// its old picture).
///
/// A file is read and hashed again only when its device, inode, size or modification time
/// changed since the last scan (a file reached by two names is read once), so a rescan
/// costs a few `lstat`s a name. At most `maxFiles` files are hashed by content; past that,
/// and for a file over `maxFileBytes` or one that cannot be read, a file counts by its
/// identity (device, inode, size, time), which still changes when it is replaced. At most
/// `maxEntries` names and `maxDepth` levels are walked; a larger folder (or links that loop
/// into one) gets a digest that never repeats, so no answer is served from the cache under
/// a stale key.
final class AssetsFingerprint {
    static let maxFiles = 10_000
    static let maxEntries = 200_000
    static let maxFileBytes = 256 << 20
    static let maxDepth = 32

    private struct Identity: Hashable {
        var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
    }
    /// The content hash of each file seen, by its identity.
    private var known: [Identity: String] = [:]
    private var scans = 0

    func digest(of root: String) -> String {
        scans += 1
        var walk = Walk(assets: AssetPaths(root: root), previous: known)
        walk.folder(walk.assets.root, relative: "", depth: 0)
        known = walk.seen
        var total = SHA256()
        if walk.truncated {
            // Not a complete picture of what specs can read: a key that never repeats.
            total.update(field: "truncated scan \(scans) \(ProcessInfo.processInfo.processIdentifier) \(Date().timeIntervalSince1970)")
        }
        for (path, hash) in walk.entries.sorted(by: { $0.path < $1.path }) {
            total.update(field: path)
            total.update(field: hash)
        }
        return SHA256.hex(total.finalize())
    }

    private struct Walk {
        let assets: AssetPaths
        let previous: [Identity: String]
        var seen: [Identity: String] = [:]
        var entries: [(path: String, hash: String)] = []
        var truncated = false

        init(assets: AssetPaths, previous: [Identity: String]) {
            self.assets = assets
            self.previous = previous
        }

        /// Walks the folder at `path`, which a spec names `relative`.
        mutating func folder(_ path: String, relative: String, depth: Int) {
            guard depth < AssetsFingerprint.maxDepth else { truncated = true; return }
            guard let stream = opendir(path) else { return }
            var names: [String] = []
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(cString: bytes.baseAddress!.assumingMemoryBound(to: CChar.self))
                }
                if name != "." && name != ".." && !AssetPaths.isKubeletEntry(name) { names.append(name) }
            }
            closedir(stream)
            for name in names {
                guard entries.count < AssetsFingerprint.maxEntries else { truncated = true; return }
                let child = relative.isEmpty ? name : relative + "/" + name
                // Where a spec naming `child` is led, or nothing it can read.
                guard let real = try? assets.resolve(child) else { continue }
                var info = stat()
                guard stat(real, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    folder(real, relative: child, depth: depth + 1)
                case S_IFREG:
                    let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                                            seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
                    let hash: String
                    if let known = seen[identity] ?? previous[identity] {
                        hash = known
                    } else if seen.count < AssetsFingerprint.maxFiles {
                        hash = AssetsFingerprint.contentHash(of: real, identity: identity)
                    } else {
                        hash = AssetsFingerprint.identityHash(identity)
                    }
                    seen[identity] = hash
                    entries.append(("/" + child, hash))
                default:
                    // A FIFO, socket or device: no spec reads one (RegularFile refuses it).
                    continue
                }
            }
        }
    }

    private static func contentHash(of path: String, identity: Identity) -> String {
        guard let bytes = try? RegularFile.read(path: path, maxBytes: maxFileBytes) else { return identityHash(identity) }
        var hash = SHA256()
        hash.update(bytes)
        return SHA256.hex(hash.finalize())
    }

    private static func identityHash(_ identity: Identity) -> String {
        "file \(identity.device):\(identity.inode) size \(identity.size) time \(identity.seconds).\(identity.nanoseconds)"
    }
}
