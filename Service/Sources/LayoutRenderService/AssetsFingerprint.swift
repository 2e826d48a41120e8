import Foundation

/// A digest of the assets folder for cache keys: every regular file's relative path, size
/// and modification time (not its content: reading every image on every request would cost
/// more than the render). Replacing a file changes its time or size, and so every ETag.
/// At most `maxFiles` files are looked at; a larger folder is hashed by its first ones in
/// enumeration order, which is documented as a limitation in docs/deploy.md.
enum AssetsFingerprint {
    static let maxFiles = 10_000

    static func digest(of root: String) -> String {
        var hash = SHA256()
        let url = URL(fileURLWithPath: root, isDirectory: true)
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        var files: [(String, Int, Double)] = []
        if let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: keys) {
            for case let file as URL in walker {
                guard files.count < maxFiles else { break }
                guard let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else {
                    continue
                }
                let relative = String(file.path.dropFirst(url.path.count))
                files.append((relative, values.fileSize ?? 0, values.contentModificationDate?.timeIntervalSince1970 ?? 0))
            }
        }
        for (path, size, time) in files.sorted(by: { $0.0 < $1.0 }) {
            hash.update(field: path)
            hash.update(field: "\(size) \(time)")
        }
        return SHA256.hex(hash.finalize())
    }
}
