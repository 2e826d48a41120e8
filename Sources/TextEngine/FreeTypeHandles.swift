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

/// Owns an `FT_Face` read from memory, and the memory (and keeps its library alive, since
/// a face must be freed first).
final class FreeTypeFace {
    let handle: FT_Face
    private let library: FreeTypeLibrary
    private let bytes: UnsafeMutableBufferPointer<UInt8>

    init(bytes source: [UInt8], path: String, faceIndex: Int, library: FreeTypeLibrary) throws(TextError) {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, source.count))
        _ = bytes.initialize(from: source)
        var face: FT_Face?
        let error = FT_New_Memory_Face(library.handle, bytes.baseAddress, FT_Long(source.count), FT_Long(faceIndex), &face)
        guard error == 0, let face else {
            bytes.deallocate()
            throw .fontUnreadable(path: path, faceIndex: faceIndex, code: error)
        }
        handle = face
        self.library = library
        self.bytes = bytes
    }

    deinit {
        FT_Done_Face(handle)
        bytes.deallocate()
    }
}
