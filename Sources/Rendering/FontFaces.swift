import CCairo
import Synchronization

/// Cairo font faces made from font files through FreeType, loaded once per process.
///
/// Faces are never freed: Cairo keeps its own references to faces in its scaled-font
/// caches, so freeing the FreeType face while Cairo may still use it is unsafe. The set
/// of font files a process draws with is small (the default family plus the fonts specs
/// name), so the cache stays small.
final class FontFaces: Sendable {
    static let shared = FontFaces()

    private struct State: @unchecked Sendable {
        var library: FT_Library?
        var faces: [String: OpaquePointer] = [:]
    }
    private let state = Mutex(State())

    /// The Cairo face for `path` (face `index` of the file).
    func face(path: String, index: Int) throws(RenderError) -> OpaquePointer {
        let key = "\(index):\(path)"
        let result: Result<OpaquePointer, RenderError> = state.withLock { state in
            if let face = state.faces[key] { return .success(face) }
            if state.library == nil {
                var library: FT_Library?
                let error = FT_Init_FreeType(&library)
                guard error == 0, let library else {
                    return .failure(.fontFile(path: path, reason: "FreeType failed to start (error \(error))"))
                }
                state.library = library
            }
            var ftFace: FT_Face?
            let error = FT_New_Face(state.library, path, FT_Long(index), &ftFace)
            guard error == 0, let ftFace else {
                return .failure(.fontFile(path: path, reason: "FreeType error \(error)"))
            }
            guard let face = cairo_ft_font_face_create_for_ft_face(ftFace, 0) else {
                FT_Done_Face(ftFace)
                return .failure(.cairo(operation: "cairo_ft_font_face_create_for_ft_face", status: "no face"))
            }
            let status = cairo_font_face_status(face)
            guard status == CAIRO_STATUS_SUCCESS else {
                cairo_font_face_destroy(face)
                FT_Done_Face(ftFace)
                return .failure(.cairo(operation: "cairo_ft_font_face_create_for_ft_face", status: describe(status)))
            }
            state.faces[key] = face
            return .success(face)
        }
        return try result.get()
    }
}

func describe(_ status: cairo_status_t) -> String {
    guard let text = cairo_status_to_string(status) else { return "status \(status.rawValue)" }
    return String(cString: text)
}
