internal import CHarfBuzz

// One owning class per HarfBuzz object; each destroys its object in `deinit`. HarfBuzz
// never returns NULL from its constructors: on failure it returns an inert "empty" object,
// which is what the checks below look for.

/// Owns an `hb_face_t` made from a font file's bytes (the same bytes FreeType reads, so
/// shaping and measuring read the same tables), which HarfBuzz reads in place: the blob
/// keeps their owner alive until the face lets go of it.
final class HarfBuzzFace {
    let handle: OpaquePointer
    /// The functions this face and everything made from it call.
    let hb: HarfBuzz

    /// `bytes` must not change while `owner` lives.
    init(bytes: UnsafeRawBufferPointer, owner: AnyObject, faceIndex: Int) throws(ShapingError) {
        let hb = try HarfBuzzLibrary.shared.get()
        guard let base = bytes.baseAddress, !bytes.isEmpty, bytes.count <= Int(UInt32.max), faceIndex >= 0,
              faceIndex <= Int(UInt32.max) else {
            throw .faceUnreadable(faceIndex: faceIndex)
        }
        // The blob holds a reference to the owner and releases it when the face lets go of it
        // (HarfBuzz calls the destroy function even when it could not make the blob).
        let blob = hb.blob_create(base.assumingMemoryBound(to: CChar.self), UInt32(bytes.count), HB_MEMORY_MODE_READONLY,
                                  Unmanaged.passRetained(owner).toOpaque()) { Unmanaged<AnyObject>.fromOpaque($0!).release() }
        defer { hb.blob_destroy(blob) }
        guard hb.blob_get_length(blob) == UInt32(bytes.count) else {
            throw .allocationFailed(function: "hb_blob_create")
        }
        guard let face = hb.face_create(blob, UInt32(faceIndex)) else { throw .allocationFailed(function: "hb_face_create") }
        guard hb.face_get_glyph_count(face) > 0, hb.face_get_upem(face) > 0 else {
            hb.face_destroy(face)
            throw .faceUnreadable(faceIndex: faceIndex)
        }
        hb.face_make_immutable(face)
        handle = face
        self.hb = hb
    }

    deinit { hb.face_destroy(handle) }
}

/// Owns an `hb_font_t` at one unit per design unit (scale = units per em), with HarfBuzz's
/// own OpenType functions: advances from `hmtx`, no hinting, so the numbers are the font
/// file's. Immutable once made, hence safe to shape with from several threads.
final class HarfBuzzFont: @unchecked Sendable {
    let handle: OpaquePointer
    private let face: HarfBuzzFace
    let unitsPerEm: Int
    var hb: HarfBuzz { face.hb }

    init(face: HarfBuzzFace) throws(ShapingError) {
        let hb = face.hb
        guard let font = hb.font_create(face.handle), font != hb.font_get_empty() else {
            throw .allocationFailed(function: "hb_font_create")
        }
        let upem = hb.face_get_upem(face.handle)
        hb.ot_font_set_funcs(font)
        hb.font_set_scale(font, Int32(upem), Int32(upem))
        hb.font_make_immutable(font)
        handle = font
        self.face = face
        unitsPerEm = Int(upem)
    }

    deinit { hb.font_destroy(handle) }
}

/// Owns an `hb_buffer_t`, one per shaping call (buffers are not thread-safe).
final class HarfBuzzBuffer {
    let handle: OpaquePointer
    private let hb: HarfBuzz

    init(_ hb: HarfBuzz) throws(ShapingError) {
        guard let buffer = hb.buffer_create(), hb.buffer_allocation_successful(buffer) != 0 else {
            throw .allocationFailed(function: "hb_buffer_create")
        }
        handle = buffer
        self.hb = hb
    }

    deinit { hb.buffer_destroy(handle) }
}
