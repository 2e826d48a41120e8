/// Where a shaper reads a face's tables from: a font file read a table at a time, when
/// HarfBuzz first asks for the table (`hb_face_create_for_tables`), rather than the whole
/// file read into memory first.
public protocol FontTableSource: AnyObject, Sendable {
    /// Which face of its file this is (for messages).
    var faceIndex: Int { get }
    /// The face's table `tag` (`0x68656164` is `head`).
    func table(_ tag: UInt32) -> FontTable
}

/// One table of a face, as a `FontTableSource` reads it.
public enum FontTable {
    /// The face has no such table (or an empty one).
    case absent
    /// The table's bytes, in memory of their own that the shaper takes over (and frees
    /// with `deallocate()` when HarfBuzz lets go of them).
    case bytes(UnsafeMutableRawBufferPointer)
    /// The table's bytes in memory `owner` keeps (unchanged while it lives): the shaper
    /// keeps `owner` while HarfBuzz uses them, and copies nothing.
    case shared(UnsafeRawBufferPointer, owner: AnyObject & Sendable)
    /// The table could not be read: the file ended early, a read failed, or the file
    /// changed since it was opened. The face then shapes nothing (`ShapingError.faceUnreadable`).
    case unreadable
}
