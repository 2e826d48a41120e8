import Glibc
import Synchronization

/// What is known of one font file: the family names its faces may have (`SfntNames`, read
/// without FreeType) and the faces FreeType identified so far, never more than a lookup
/// needed. Kept for the process by `FontFileIndex` and across processes by
/// `FontCatalogStore`, in both cases only for the file `stamp` describes.
struct FontFileRecord: Equatable, Sendable {
    var stamp: FileStamp
    /// Per face, the names it may have as its family (nil: unknown); empty when the file is
    /// not one `SfntNames` reads (every face unknown).
    var names: [[String]?]
    /// FreeType's count of faces (at most 256) once the first face has been opened; 0 when
    /// it cannot be: then the file has no face, as the catalog has always had it.
    var faceCount: Int?
    /// The faces FreeType identified, by index.
    var faces: [Int: FontFace] = [:]
    /// Faces after the first that FreeType could not open (left out of the set).
    var failed: Set<Int> = []

    /// Whether the face at `index` may be of `family` (lowercased or not).
    func mayHold(_ family: String, faceIndex index: Int) -> Bool {
        index >= names.count || SfntNames.mayBe(family, names: names[index])
    }

    /// Whether any face of the file may be of `family`: if not, the file is not opened.
    func mayHold(_ family: String) -> Bool {
        names.isEmpty || names.indices.contains { mayHold(family, faceIndex: $0) }
            || (faceCount ?? 0) > names.count
    }
}

/// The faces of font files, identified only as far as a lookup needs: a family lookup
/// opens (with FreeType) only the faces whose `name` table may name that family, and each
/// face once per process, or once per change of its file when a `FontCatalogStore` keeps
/// what was found for the next process. Thread-safe.
///
/// ## Determinism
/// The faces a family lookup returns are exactly those of the family that identifying every
/// face of every file would give, in the same order (file order, then face order): a face
/// is left out only when none of the names FreeType could report for it is the family
/// (see `SfntNames`), and a stored record is used only for a file whose size, modification
/// and change times, inode and device are those it was made from.
final class FontFileIndex: Sendable {
    /// The process's index, with the store `FontCatalogStore.configured()` names.
    static let shared = FontFileIndex(store: FontCatalogStore.configured())

    /// What a lookup did, for tests: the files whose `name` tables were read and the faces
    /// FreeType opened (`path#index`), in order.
    struct Statistics: Equatable, Sendable {
        var nameTablesRead: [String] = []
        var facesOpened: [String] = []
    }

    let store: FontCatalogStore?

    private struct State {
        /// By path; nil for a path that is not a regular font-sized file (no faces).
        var records: [String: FontFileRecord?] = [:]
        /// The store's records, read on first need.
        var stored: [String: FontFileRecord]?
        /// Whether `records` holds what the store does not.
        var unsaved = false
        var statistics = Statistics()
    }
    private let state = Mutex(State())

    init(store: FontCatalogStore?) {
        self.store = store
    }

    var statistics: Statistics { state.withLock { $0.statistics } }

    /// The records of the files this index has seen (the store's as they were used).
    var records: [String: FontFileRecord] { state.withLock { $0.records.compactMapValues { $0 } } }

    /// Drops what is known of the file at `path`, here and in the store: the next lookup
    /// reads it again, and the store's record is replaced by the new one.
    func forget(_ path: String) {
        state.withLock { state in
            state.records[path] = nil
            if state.stored == nil { state.stored = store?.load() ?? [:] }
            state.stored?[path] = nil
        }
    }

    /// The faces of `files` (in that order, each file's in face order) that may be of
    /// `family`: every face of the family is among them, identified. Files that are not
    /// fonts have none.
    func faces(ofFamily family: String, in files: [String]) -> [FontFace] {
        collect(files) { record in
            record.mayHold(family) ? { record.mayHold(family, faceIndex: $0) } : nil
        }
    }

    /// Every face of `files`, in order: the whole font set (for the families there are).
    func allFaces(in files: [String]) -> [FontFace] {
        collect(files) { _ in { _ in true } }
    }

    /// The identified faces of `files` that `wanted` selects: for each file's record, nil
    /// (the file is not opened) or which of its faces to identify and return.
    private func collect(_ files: [String], _ wanted: (FontFileRecord) -> ((Int) -> Bool)?) -> [FontFace] {
        let (result, snapshot) = state.withLock { state -> ([FontFace], [String: FontFileRecord]?) in
            var result: [FontFace] = []
            var library: FreeTypeLibrary?
            for path in files {
                guard var record = record(for: path, state: &state), let selects = wanted(record) else { continue }
                if Self.identify(path, &record, selecting: selects, library: &library, statistics: &state.statistics) {
                    state.records[path] = record
                    state.unsaved = true
                }
                for index in 0..<(record.faceCount ?? 0) where selects(index) {
                    if let face = record.faces[index] { result.append(face) }
                }
            }
            guard state.unsaved, store != nil else { return (result, nil) }
            state.unsaved = false
            return (result, state.records.compactMapValues { $0 })
        }
        if let snapshot, let store { store.save(snapshot) }
        return result
    }

    /// The record of the file at `path`: this process's, else the store's if the file is
    /// unchanged, else a new one from the file's `name` tables.
    private func record(for path: String, state: inout State) -> FontFileRecord? {
        if let known = state.records[path] { return known }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= FontFile.maxBytes else {
            // Not a file the catalog reads: no faces (a FIFO is never opened).
            state.records[path] = .some(nil)
            return nil
        }
        if state.stored == nil { state.stored = store?.load() ?? [:] }
        if let stored = state.stored?[path], stored.stamp == FileStamp(info) {
            state.records[path] = stored
            return stored
        }
        guard let (fd, _) = try? FontFile.open(path: path) else {
            state.records[path] = .some(nil)
            return nil
        }
        defer { close(fd) }
        // The stamp of the file opened, which may have changed since the `stat` above.
        guard fstat(fd, &info) == 0 else {
            state.records[path] = .some(nil)
            return nil
        }
        state.statistics.nameTablesRead.append(path)
        let record = FontFileRecord(stamp: FileStamp(info), names: SfntNames.familyNames(fd: fd, size: Int(info.st_size)))
        state.records[path] = record
        state.unsaved = true
        return record
    }

    /// Opens the faces `selects` selects that are not yet identified, and the first face
    /// (which decides whether the file has any and how many). Whether anything was learnt.
    private static func identify(_ path: String, _ record: inout FontFileRecord, selecting selects: (Int) -> Bool,
                                 library: inout FreeTypeLibrary?, statistics: inout Statistics) -> Bool {
        func open(_ index: Int) -> FreeTypeFace? {
            if library == nil { library = try? FreeTypeLibrary() }
            guard let library else { return nil }
            statistics.facesOpened.append("\(path)#\(index)")
            guard let stream = try? FreeTypeFileStream(path: path) else { return nil }
            return try? FreeTypeFace(stream: stream, path: path, faceIndex: index, library: library)
        }
        var learnt = false
        if record.faceCount == nil {
            learnt = true
            guard let first = open(0) else {
                record.faceCount = 0
                return learnt
            }
            record.faceCount = max(1, min(first.numberOfFaces, SfntNames.maxFaces))
            record.faces[0] = FontCatalog.face(first, path: path, index: 0)
        }
        for index in 1..<max(1, record.faceCount ?? 0)
        where selects(index) && record.faces[index] == nil && !record.failed.contains(index) {
            learnt = true
            if let face = open(index) {
                record.faces[index] = FontCatalog.face(face, path: path, index: index)
            } else {
                record.failed.insert(index)
            }
        }
        return learnt
    }
}
