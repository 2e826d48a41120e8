#if canImport(Glibc)
import Glibc
#endif
import CRsvg

/// librsvg's entry points, looked up in `librsvg-2.so.2` the first time an SVG image is
/// parsed (see Sources/CRsvg/shim.h for why it is not linked). A machine without librsvg
/// renders everything but SVG images, which fail with an error that says so.
struct LibRsvg: @unchecked Sendable {  // C function pointers, immutable once looked up
    typealias NewFromData = @convention(c) (UnsafePointer<UInt8>?, Int,
                                            UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> OpaquePointer?
    typealias SetDPI = @convention(c) (OpaquePointer?, Double) -> Void
    typealias IntrinsicSizeInPixels = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?,
                                                      UnsafeMutablePointer<Double>?) -> Int32
    typealias IntrinsicDimensions = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutableRawPointer?,
                                                    UnsafeMutablePointer<Int32>?, UnsafeMutableRawPointer?,
                                                    UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<RsvgRectangle>?) -> Void
    typealias RenderDocument = @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<RsvgRectangle>?,
                                               UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> Int32
    typealias ObjectUnref = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias ErrorFree = @convention(c) (UnsafeMutablePointer<GError>?) -> Void

    /// `rsvg_handle_new_from_data`, `rsvg_handle_set_dpi`, …
    let newFromData: NewFromData
    let setDPI: SetDPI
    let intrinsicSizeInPixels: IntrinsicSizeInPixels
    let intrinsicDimensions: IntrinsicDimensions
    let renderDocument: RenderDocument
    /// GObject's `g_object_unref` and GLib's `g_error_free`, from librsvg's dependencies.
    let objectUnref: ObjectUnref
    let errorFree: ErrorFree

    /// The library, opened once (Swift initializes a static once, thread-safely).
    static let shared: Result<LibRsvg, RenderError> = open()

    /// Opens `file` (librsvg's by default) and looks its functions up.
    static func open(_ file: String = "librsvg-2.so.2") -> Result<LibRsvg, RenderError> {
        guard let library = dlopen(file, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.svg("librsvg, which draws SVG images, cannot be opened (\(lastError(file)))"))
        }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        guard let newFromData = symbol("rsvg_handle_new_from_data", as: NewFromData.self),
              let setDPI = symbol("rsvg_handle_set_dpi", as: SetDPI.self),
              let intrinsicSizeInPixels = symbol("rsvg_handle_get_intrinsic_size_in_pixels", as: IntrinsicSizeInPixels.self),
              let intrinsicDimensions = symbol("rsvg_handle_get_intrinsic_dimensions", as: IntrinsicDimensions.self),
              let renderDocument = symbol("rsvg_handle_render_document", as: RenderDocument.self),
              let objectUnref = symbol("g_object_unref", as: ObjectUnref.self),
              let errorFree = symbol("g_error_free", as: ErrorFree.self)
        else {
            // An older librsvg than 2.52 (no `get_intrinsic_size_in_pixels`).
            return .failure(.svg("the librsvg found (\(file)) lacks a function this program needs (2.52 or later is)"))
        }
        return .success(LibRsvg(newFromData: newFromData, setDPI: setDPI, intrinsicSizeInPixels: intrinsicSizeInPixels,
                                intrinsicDimensions: intrinsicDimensions, renderDocument: renderDocument,
                                objectUnref: objectUnref, errorFree: errorFree))
    }

    private static func lastError(_ file: String) -> String {
        dlerror().map { String(cString: $0) } ?? "\(file) not found"
    }

    /// The GError's message (its first 500 characters), or a fixed text; the error is freed.
    func takeMessage(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "librsvg error" }
        defer { errorFree(error) }
        guard let text = error.pointee.message else { return "librsvg error" }
        return String(String(cString: text).prefix(500))
    }
}
