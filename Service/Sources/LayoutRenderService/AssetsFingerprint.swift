import Foundation
import LayoutRenderKit

/// A digest of the assets folder for cache keys: every file's relative path and a SHA-256
/// of its content. Content, not modification times, so that replicas holding the same
/// assets give the same ETags whatever their files' times (a Kubernetes ConfigMap volume
/// gives every pod its own, and images copied into an image or onto a disk get new ones).
///
/// Symbolic links are followed to the file they name, as the renderer follows them; names
/// that start with `..` are skipped (the kubelet's own folders behind a ConfigMap volume's
/// links, which would otherwise count every file twice). A file is read and hashed again
/// only when its device, inode, size or modification time changed since the last scan, so
/// a rescan costs a `stat` a file. At most `maxFiles` files are looked at (a larger folder
/// is hashed by its first ones in enumeration order), and a file over `maxFileBytes`, or
/// one that cannot be read, is hashed by its size and time only.
final class AssetsFingerprint {
    static let maxFiles = 10_000
    static let maxFileBytes = 256 << 20

    private struct Identity: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
    }
    /// The content hash of each file seen, with the identity it was hashed at.
    private var known: [String: (identity: Identity, hash: String)] = [:]

    func digest(of root: String) -> String {
        let url = URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL
        var entries: [(path: String, hash: String)] = []
        var seen: [String: (identity: Identity, hash: String)] = [:]
        if let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) {
            for case let file as URL in walker {
                guard entries.count < Self.maxFiles else { break }
                if file.lastPathComponent.hasPrefix("..") {
                    walker.skipDescendants()
                    continue
                }
                // stat follows a link to what it names; folders are walked, not hashed.
                var info = stat()
                guard stat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                                        seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
                let relative = String(file.standardizedFileURL.path.dropFirst(url.path.count))
                let hash: String
                if let previous = known[relative], previous.identity == identity {
                    hash = previous.hash
                } else {
                    hash = Self.contentHash(of: file.path, identity: identity)
                }
                seen[relative] = (identity, hash)
                entries.append((relative, hash))
            }
        }
        known = seen
        var total = SHA256()
        for (path, hash) in entries.sorted(by: { $0.path < $1.path }) {
            total.update(field: path)
            total.update(field: hash)
        }
        return SHA256.hex(total.finalize())
    }

    private static func contentHash(of path: String, identity: Identity) -> String {
        guard let bytes = try? RegularFile.read(path: path, maxBytes: maxFileBytes) else {
            return "size \(identity.size) time \(identity.seconds).\(identity.nanoseconds)"
        }
        var hash = SHA256()
        hash.update(bytes)
        return SHA256.hex(hash.finalize())
    }
}
