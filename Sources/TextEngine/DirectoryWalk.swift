import Glibc  // the package targets Linux

/// The paths under a folder, relative to it, as `FileManager.subpathsOfDirectory(atPath:)`
/// lists them on Linux: every entry, hidden ones too; a symbolic link listed but never
/// followed into; nothing for a path that cannot be opened as a folder. Read with
/// `opendir`/`readdir`: FileManager's listing of the system's three font folders was most
/// of the font set's fingerprint, which every render's PNG carries (about 2 M
/// instructions for 240 files, a tenth of a card's first render).
enum DirectoryWalk {
    /// Folders nested deeper than this are not entered (font folders are two or three deep).
    static let maxDepth = 64

    /// The entries under `directory`, relative to it, in no particular order.
    static func subpaths(of directory: String) -> [String] {
        var found: [String] = []
        walk(directory, prefix: "", depth: 0, into: &found)
        return found
    }

    private static func walk(_ path: String, prefix: String, depth: Int, into found: inout [String]) {
        guard depth < maxDepth, let stream = opendir(path) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(cString: bytes.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            found.append(relative)
            let full = path.hasSuffix("/") ? path + name : path + "/" + name
            var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                // The file system does not say: lstat, so a link is still not followed.
                var info = stat()
                isDirectory = lstat(full, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            if isDirectory { walk(full, prefix: relative, depth: depth + 1, into: &found) }
        }
    }
}
