import Foundation

/// Resolves file names written in a spec against one folder, and refuses any that leave it
/// (through `..`, an absolute path, or a symbolic link that points outside).
///
/// The answer never depends on what exists outside the folder: a name is resolved one
/// component at a time, and the moment it would step outside (and not back along the
/// folder's own ancestors), it is "outside" without anything there being looked at. So
/// `link/passwd` and `link/nonexistent`, with `link -> /etc`, get the same answer.
///
/// The kubelet's own entries behind a ConfigMap volume (`..data`, `..2026_11_24_09_00_00.1`)
/// cannot be named (they are missing): what a spec reads of such a folder is what its
/// visible names lead to, the same on every pod, so the service's assets digest can cover
/// exactly that and still agree between replicas. `..logo.png` is an ordinary name.
public struct AssetPaths: Sendable {
    /// The folder, fully resolved (symbolic links followed).
    public let root: String

    public init(root: String) {
        self.root = AssetPaths.realPath(root) ?? URL(fileURLWithPath: root).standardizedFileURL.path
    }

    public enum Failure: Error {
        case outside(String)
        case missing(String)
    }

    /// As many symbolic links as one name may go through (the kernel's own limit, ELOOP).
    static let maxLinks = 40

    /// Whether `component` is one of the kubelet's entries behind a ConfigMap or Secret
    /// volume: `..data`, or a timestamped folder `..YYYY_MM_DD_HH_MM_SS.N`.
    public static func isKubeletEntry<S: StringProtocol>(_ component: S) -> Bool {
        if component == "..data" { return true }
        let bytes = Array(component.utf8)
        guard bytes.count > 7, bytes[0] == UInt8(ascii: "."), bytes[1] == UInt8(ascii: "."),
              bytes[6] == UInt8(ascii: "_") else { return false }
        return bytes[2...5].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The absolute path of `name`, which must exist and lie inside the root.
    public func resolve(_ name: String) throws(Failure) -> String {
        let candidate = name.hasPrefix("/") ? name : root + "/" + name
        let lexical = URL(fileURLWithPath: candidate).standardizedFileURL.path
        guard isInside(lexical) else { throw .outside(name) }
        // The kubelet's entries are not names a spec may write (links may go through them).
        if lexical.dropFirst(root.count).split(separator: "/").contains(where: Self.isKubeletEntry) {
            throw .missing(name)
        }
        // What is left after the root, walked with every link followed.
        var pending = Array(lexical.dropFirst(root == "/" ? 0 : root.count).split(separator: "/").reversed())
        var current = root
        var links = 0
        while let component = pending.popLast() {
            if component == "." { continue }
            if component == ".." {
                current = Self.parent(of: current)
                guard isInside(current) || isAncestorOfRoot(current) else { throw .outside(name) }
                continue
            }
            let next = current == "/" ? "/" + component : current + "/" + component
            // Never look at a file outside: only the folder's ancestors are passed through.
            guard isInside(next) || isAncestorOfRoot(next) else { throw .outside(name) }
            var info = stat()
            guard lstat(next, &info) == 0 else { throw .missing(name) }
            guard (info.st_mode & S_IFMT) == S_IFLNK else {
                current = next
                continue
            }
            links += 1
            guard links <= Self.maxLinks, let target = Self.linkTarget(next) else { throw .missing(name) }
            if target.hasPrefix("/") { current = "/" }
            pending += target.split(separator: "/").reversed()
        }
        guard isInside(current) else { throw .outside(name) }
        return current
    }

    private func isInside(_ path: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }

    /// `/`, `/srv` for the root `/srv/assets`: passed through by `..` and absolute links
    /// on their way back into the folder.
    private func isAncestorOfRoot(_ path: String) -> Bool {
        path == "/" || root.hasPrefix(path + "/")
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
