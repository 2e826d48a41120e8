import CCairo
import Synchronization

/// Cairo font faces made through FreeType from open font files, shared by every render.
///
/// Cairo can leave a font face in an error state for good: when it fails to make a scaled
/// font (FreeType refusing a size, say), `cairo_scaled_font_create` records the error on
/// the *face*, and every later use of that face fails. A face that is shared between
/// renders must therefore never be handed out in an error state: each lookup checks the
/// face's status, and a face in error is dropped and made again from the bytes, so one
/// render's failure cannot reach the next one.
///
/// Each face has its own `FT_Library` and its own stream over the loader's open file
/// (`FontFileReader.freeTypeStream`: FreeType reads what it draws, a glyph at a time), owned by a
/// `FaceResources` that Cairo frees (through user data on the face) when the last
/// reference to the face goes, in Cairo's caches or here. So a face can be dropped from
/// this cache at any time, and no FreeType object is ever shared between two faces (a
/// FreeType library is not thread-safe).
final class FontFaces: Sendable {
    static let shared = FontFaces()

    /// Faces kept; past it the least recently used is dropped (Cairo may keep it a while).
    static let capacity = 32

    private struct Key: Hashable {
        var path: String
        var faceIndex: Int
        var digest: UInt64
        var byteCount: Int
    }
    private struct Entry {
        var face: OpaquePointer
        var lastUse: UInt64
    }
    private struct State: @unchecked Sendable {
        var faces: [Key: Entry] = [:]
        var clock: UInt64 = 0
    }
    private let state = Mutex(State())

    /// A new reference to the Cairo face of `font`; the caller releases it with
    /// `cairo_font_face_destroy` once it has set it on a context (which keeps its own).
    func face(_ font: FontSource) throws(RenderError) -> OpaquePointer {
        let key = Key(path: font.path, faceIndex: font.faceIndex, digest: font.digest, byteCount: font.file.byteCount)
        let result: Result<OpaquePointer, RenderError> = state.withLock { state in
            state.clock += 1
            if let entry = state.faces[key] {
                if cairo_font_face_status(entry.face) == CAIRO_STATUS_SUCCESS {
                    state.faces[key]?.lastUse = state.clock
                    return .success(cairo_font_face_reference(entry.face))
                }
                // Poisoned by an earlier failure: never reuse it.
                state.faces[key] = nil
                cairo_font_face_destroy(entry.face)
            }
            do throws(RenderError) {
                let face = try Self.makeFace(font)
                if state.faces.count >= Self.capacity,
                   let oldest = state.faces.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                    state.faces[oldest.key] = nil
                    cairo_font_face_destroy(oldest.value.face)
                }
                state.faces[key] = Entry(face: face, lastUse: state.clock)
                return .success(cairo_font_face_reference(face))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// How many faces are cached, and how many of them are in an error state (for tests).
    var counts: (faces: Int, inError: Int) {
        state.withLock { state in
            (state.faces.count, state.faces.values.filter { cairo_font_face_status($0.face) != CAIRO_STATUS_SUCCESS }.count)
        }
    }

    private static func makeFace(_ font: FontSource) throws(RenderError) -> OpaquePointer {
        let resources = try FaceResources(font)
        // A colour font (Noto Color Emoji's CBDT bitmaps) draws its glyphs in their colours;
        // Cairo scales a bitmap strike to the size asked for.
        let color = resources.face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        guard let face = cairo_ft_font_face_create_for_ft_face(resources.face, color ? Int32(FT_LOAD_COLOR) : 0) else {
            throw .cairo(operation: "cairo_ft_font_face_create_for_ft_face", status: "no face")
        }
        let status = cairo_font_face_status(face)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(face)
            throw .cairo(operation: "cairo_ft_font_face_create_for_ft_face", status: describe(status))
        }
        // From here Cairo owns the resources: it frees them when the face is freed.
        let owner = Unmanaged.passRetained(resources).toOpaque()
        let attached = cairo_font_face_set_user_data(face, faceResourcesKey, owner) { pointer in
            guard let pointer else { return }
            Unmanaged<FaceResources>.fromOpaque(pointer).release()
        }
        guard attached == CAIRO_STATUS_SUCCESS else {
            Unmanaged<FaceResources>.fromOpaque(owner).release()
            cairo_font_face_destroy(face)
            throw .cairo(operation: "cairo_font_face_set_user_data", status: describe(attached))
        }
        return face
    }
}

/// The address Cairo knows our user data by (any unique address will do).
private nonisolated(unsafe) let faceResourcesKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

/// The FreeType objects behind one Cairo face, and the stream FreeType reads the file by.
private final class FaceResources {
    let library: FT_Library
    let face: FT_Face
    /// The stream FreeType reads the file through; it must outlive the face.
    let stream: AnyObject

    init(_ font: FontSource) throws(RenderError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw .fontFile(path: font.path, reason: "FreeType failed to start (error \(error))")
        }
        let (stream, owner) = font.file.freeTypeStream()
        var arguments = FT_Open_Args()
        arguments.flags = FT_UInt(FT_OPEN_STREAM)
        arguments.stream = stream.assumingMemoryBound(to: FT_StreamRec.self)
        var face: FT_Face?
        let opened = FT_Open_Face(library, &arguments, FT_Long(font.faceIndex), &face)
        guard opened == 0, let face else {
            FT_Done_FreeType(library)
            throw .fontFile(path: font.path, reason: "FreeType error \(opened)")
        }
        self.library = library
        self.face = face
        self.stream = owner
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }
}

func describe(_ status: cairo_status_t) -> String {
    guard let text = cairo_status_to_string(status) else { return "status \(status.rawValue)" }
    return String(cString: text)
}
