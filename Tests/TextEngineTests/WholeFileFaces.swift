import CFreeType
@testable import TextEngine

extension FreeTypeFace {
    /// The face at `faceIndex` of the file `file` holds, read whole into memory: what the
    /// tests check the streamed faces against.
    convenience init(file: FontFileBytes, path: String, faceIndex: Int, library: FreeTypeLibrary) throws(TextError) {
        var face: FT_Face?
        let error = FT_New_Memory_Face(library.handle, file.bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self),
                                       FT_Long(file.bytes.count), FT_Long(faceIndex), &face)
        guard error == 0, let face else {
            throw .fontUnreadable(path: path, faceIndex: faceIndex, code: error)
        }
        self.init(adopting: face, source: file, library: library)
    }
}
