internal import CFreeType

// One owning class per FreeType object; each frees its object in `deinit`.
// They live only while a `Font` reads its tables: a `Font` keeps plain Swift values.

/// Owns an `FT_Library`.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(TextError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw .freeTypeUnavailable(code: error) }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }

    /// FreeType's version as `major.minor.patch`.
    var version: String {
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(handle, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}

/// Owns a copy of a font file's bytes that FreeType faces read from (a collection's faces
/// share one copy).
final class FreeTypeMemory {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let count: Int

    init(_ source: [UInt8]) {
        bytes = .allocate(capacity: max(1, source.count))
        _ = bytes.initialize(from: source)
        count = source.count
    }

    deinit { bytes.deallocate() }
}

/// Owns an `FT_Face` read from memory, and keeps the memory and its library alive (a face
/// must be freed before either).
final class FreeTypeFace {
    let handle: FT_Face
    private let library: FreeTypeLibrary
    private let memory: FreeTypeMemory

    convenience init(bytes source: [UInt8], path: String, faceIndex: Int, library: FreeTypeLibrary) throws(TextError) {
        try self.init(memory: FreeTypeMemory(source), path: path, faceIndex: faceIndex, library: library)
    }

    init(memory: FreeTypeMemory, path: String, faceIndex: Int, library: FreeTypeLibrary) throws(TextError) {
        var face: FT_Face?
        let error = FT_New_Memory_Face(library.handle, memory.bytes.baseAddress, FT_Long(memory.count), FT_Long(faceIndex), &face)
        guard error == 0, let face else {
            throw .fontUnreadable(path: path, faceIndex: faceIndex, code: error)
        }
        handle = face
        self.library = library
        self.memory = memory
    }

    deinit { FT_Done_Face(handle) }
}
