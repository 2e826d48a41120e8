internal import CHarfBuzz
import Synchronization

// One owning class per HarfBuzz object; each destroys its object in `deinit`. HarfBuzz
// never returns NULL from its constructors: on failure it returns an inert "empty" object,
// which is what the checks below look for.

/// Owns an `hb_face_t` whose tables HarfBuzz reads from a `FontTableSource` (the same file
/// FreeType reads, so shaping and measuring read the same tables), each when it is first
/// referenced, and keeps while the face lives.
final class HarfBuzzFace {
    let handle: OpaquePointer
    /// The functions this face and everything made from it call.
    let hb: HarfBuzz
    /// Whether a table could not be read: HarfBuzz then took the table as empty, so nothing
    /// shaped with the face since can be trusted (see `ShapingFont.shape`).
    var tableUnreadable: Bool { tables.unreadable.load(ordering: .relaxed) }
    /// Which face of its file this is (`FontTableSource.faceIndex`).
    var faceIndex: Int { tables.source.faceIndex }
    private let tables: TableReader

    init(tables source: FontTableSource) throws(ShapingError) {
        let hb = try HarfBuzzLibrary.shared.get()
        let tables = TableReader(source: source, hb: hb)
        // The face holds a reference to the reader and releases it when it is destroyed
        // (HarfBuzz calls the destroy function even when it could not make the face).
        let face = hb.face_create_for_tables({ _, tag, reader in
            Unmanaged<TableReader>.fromOpaque(reader!).takeUnretainedValue().blob(tag)
        }, Unmanaged.passRetained(tables).toOpaque()) { Unmanaged<TableReader>.fromOpaque($0!).release() }
        guard let face else { throw .allocationFailed(function: "hb_face_create_for_tables") }
        guard hb.face_get_glyph_count(face) > 0, hb.face_get_upem(face) > 0,
              !tables.unreadable.load(ordering: .relaxed) else {
            hb.face_destroy(face)
            throw .faceUnreadable(faceIndex: source.faceIndex)
        }
        hb.face_make_immutable(face)
        handle = face
        self.hb = hb
        self.tables = tables
    }

    deinit { hb.face_destroy(handle) }
}

/// Hands HarfBuzz a face's tables as blobs over memory of their own, and remembers a table
/// that could not be read.
private final class TableReader: @unchecked Sendable {  // immutable but for the atomic flag
    let source: FontTableSource
    let hb: HarfBuzz
    let unreadable = Atomic(false)

    init(source: FontTableSource, hb: HarfBuzz) {
        self.source = source
        self.hb = hb
    }

    /// The blob of table `tag`; nil (HarfBuzz takes an empty table) when there is none or
    /// it could not be read.
    func blob(_ tag: UInt32) -> OpaquePointer? {
        switch source.table(tag) {
        case .absent:
            return nil
        case .unreadable:
            unreadable.store(true, ordering: .relaxed)
            return nil
        case .bytes(let memory):
            guard let base = memory.baseAddress, memory.count <= Int(UInt32.max) else {
                memory.deallocate()
                unreadable.store(true, ordering: .relaxed)
                return nil
            }
            // HarfBuzz frees the memory when it lets go of the blob (or could not make it).
            let blob = hb.blob_create(base.assumingMemoryBound(to: CChar.self), UInt32(memory.count),
                                      HB_MEMORY_MODE_READONLY, base) { $0?.deallocate() }
            if hb.blob_get_length(blob) != UInt32(memory.count) { unreadable.store(true, ordering: .relaxed) }
            return blob
        case .shared(let memory, let owner):
            guard let base = memory.baseAddress, memory.count <= Int(UInt32.max) else {
                unreadable.store(true, ordering: .relaxed)
                return nil
            }
            // HarfBuzz lets go of the owner with the blob (or when it could not make it).
            let blob = hb.blob_create(base.assumingMemoryBound(to: CChar.self), UInt32(memory.count),
                                      HB_MEMORY_MODE_READONLY, Unmanaged.passRetained(owner as AnyObject).toOpaque()) {
                Unmanaged<AnyObject>.fromOpaque($0!).release()
            }
            if hb.blob_get_length(blob) != UInt32(memory.count) { unreadable.store(true, ordering: .relaxed) }
            return blob
        }
    }
}

/// Owns an `hb_font_t` at one unit per design unit (scale = units per em), with HarfBuzz's
/// own OpenType functions: advances from `hmtx`, no hinting, so the numbers are the font
/// file's. Immutable once made, hence safe to shape with from several threads.
final class HarfBuzzFont: @unchecked Sendable {
    let handle: OpaquePointer
    private let face: HarfBuzzFace
    let unitsPerEm: Int
    var hb: HarfBuzz { face.hb }
    /// Whether a table of the face could not be read (see `HarfBuzzFace`).
    var tableUnreadable: Bool { face.tableUnreadable }
    /// Which face of its file this is.
    var faceIndex: Int { face.faceIndex }

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
