/// Everything that can go wrong in the shaping module, with its context.
///
/// Messages are made at the edges (CLI, HTTP); these cases only carry facts.
public enum ShapingError: Error, Hashable, Sendable {
    /// HarfBuzz found no font at `faceIndex` of the file (an empty face: no glyphs, no em),
    /// or a table of it could not be read.
    case faceUnreadable(faceIndex: Int)
    /// The HarfBuzz library could not be opened or lacks a function (`reason` says which).
    case libraryUnavailable(reason: String)
    /// HarfBuzz could not allocate what `function` needed (its objects are then inert).
    case allocationFailed(function: String)
    /// The text to shape is longer than HarfBuzz indexes (more than `Int32.max` UTF-16 units).
    case textTooLong(utf16Count: Int)
}
