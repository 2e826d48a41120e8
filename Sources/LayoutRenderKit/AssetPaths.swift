import Foundation

/// Resolves file names written in a spec against one folder, and refuses any that leave it
/// (through `..`, an absolute path, or a symbolic link that points outside).
struct AssetPaths: Sendable {
    /// The folder, fully resolved (symbolic links followed).
    let root: String

    init(root: String) {
        self.root = AssetPaths.realPath(root) ?? URL(fileURLWithPath: root).standardizedFileURL.path
    }

    enum Failure: Error {
        case outside(String)
        case missing(String)
    }

    /// The absolute path of `name`, which must exist and lie inside the root.
    func resolve(_ name: String) throws(Failure) -> String {
        let candidate = name.hasPrefix("/") ? name : root + "/" + name
        let lexical = URL(fileURLWithPath: candidate).standardizedFileURL.path
        guard isInside(lexical) else { throw .outside(name) }
        guard let real = AssetPaths.realPath(lexical) else { throw .missing(name) }
        guard isInside(real) else { throw .outside(name) }
        return real
    }

    private func isInside(_ path: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
