internal import CFreeType
import Glibc

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

/// A stream FreeType reads a font file through, on demand (`FontFileHandle`), so that
/// opening a face reads the table directory and the tables the face record needs (`head`,
/// `name`, `OS/2`, `hhea`, `cmap`'s header, …) and loading a glyph reads that glyph, not the
/// whole file: a few kilobytes of a 20 MB CJK collection to identify a face. A short read
/// (the file truncated, or gone) is an error FreeType returns. One stream serves one face:
/// FreeType keeps its read position in it. The renderer's Cairo faces read through these
/// too (`FontFileHandle.freeTypeStream()`): the one place FreeType meets a font file.
final class FreeTypeFileStream {
    let record: UnsafeMutablePointer<FT_StreamRec>
    /// The file read (kept open while the stream lives).
    let file: FontFileHandle
    /// Bytes FreeType read so far (the tests check that identifying a face reads little).
    var bytesRead: Int { counter.pointee }
    private let counter: UnsafeMutablePointer<Int>

    convenience init(path: String) throws(TextError) {
        self.init(file: try FontFileHandle(path: path))
    }

    init(file: FontFileHandle) {
        self.file = file
        record = .allocate(capacity: 1)
        record.initialize(to: FT_StreamRec())
        record.pointee.size = UInt(file.byteCount)
        // The stream's spare fields for a custom reader: the file and the counter.
        record.pointee.descriptor.pointer = Unmanaged.passUnretained(file).toOpaque()
        counter = .allocate(capacity: 1)
        counter.initialize(to: 0)
        record.pointee.pathname.pointer = UnsafeMutableRawPointer(counter)
        record.pointee.read = { stream, offset, buffer, count in
            guard let stream else { return 0 }
            // A count of 0 is a seek: 0 for success.
            guard count > 0 else { return offset <= stream.pointee.size ? 0 : 1 }
            guard let buffer, let file = stream.pointee.descriptor.pointer else { return 0 }
            let done = Unmanaged<FontFileHandle>.fromOpaque(file).takeUnretainedValue()
                .read(at: Int(offset), count: Int(count), into: buffer)
            stream.pointee.pathname.pointer?.assumingMemoryBound(to: Int.self).pointee += done
            return UInt(done)
        }
    }

    deinit {
        record.deallocate()
        counter.deallocate()
    }
}

/// Owns an `FT_Face` read through a file stream (or from memory, in the tests), and keeps
/// its source and its library alive (a face must be freed before either).
final class FreeTypeFace {
    let handle: FT_Face
    private let library: FreeTypeLibrary
    private let source: AnyObject

    /// Takes over `face`, read from `source` with `library`.
    init(adopting face: FT_Face, source: AnyObject, library: FreeTypeLibrary) {
        handle = face
        self.library = library
        self.source = source
    }

    /// The face at `faceIndex` of the file `stream` reads.
    convenience init(stream: FreeTypeFileStream, path: String, faceIndex: Int, library: FreeTypeLibrary) throws(TextError) {
        var arguments = FT_Open_Args()
        arguments.flags = FT_UInt(FT_OPEN_STREAM)
        arguments.stream = stream.record
        var face: FT_Face?
        let error = FT_Open_Face(library.handle, &arguments, FT_Long(faceIndex), &face)
        guard error == 0, let face else {
            throw .fontUnreadable(path: path, faceIndex: faceIndex, code: error)
        }
        self.init(adopting: face, source: stream, library: library)
    }

    deinit { FT_Done_Face(handle) }

    /// The face's `head` table, when it has one.
    var head: TT_Header? {
        FT_Get_Sfnt_Table(handle, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self).pointee
    }

    /// How many faces the file holds (more than 1 for a collection).
    var numberOfFaces: Int { Int(handle.pointee.num_faces) }
}

extension FontFileHandle {
    /// A new FreeType stream over this file, for one face made in another module (the
    /// renderer's Cairo faces; the module has FreeType's types of its own): the `FT_Stream`
    /// (an `FT_StreamRec` pointer to hand `FT_Open_Face` in `FT_Open_Args`) and its owner,
    /// to be kept until the face is done.
    public func freeTypeStream() -> (stream: UnsafeMutableRawPointer, owner: AnyObject) {
        let stream = FreeTypeFileStream(file: self)
        return (UnsafeMutableRawPointer(stream.record), stream)
    }
}
