/// Everything that can go wrong in the text module, with the context needed to report it.
///
/// Messages are made at the edges (CLI, HTTP); these cases only carry facts.
public enum TextError: Error, Hashable, Sendable {
    /// No file at this path (a font asked for by path, or a known default font file).
    case fontNotFound(path: String)
    /// No font of this family and style in the searched directories; never substituted.
    case familyNotFound(family: String, style: FontStyle, searched: [String])
    /// No face of this family in the font set (`searched`, in order); `available` lists the
    /// families there are. Never substituted.
    case noSuchFamily(family: String, available: [String], searched: [String])
    /// FreeType could not start (`FT_Init_FreeType` failed with this error code).
    case freeTypeUnavailable(code: Int32)
    /// The font file was not read: not a regular file (a FIFO, a device, a folder), too
    /// large, or the system refused it; `reason` says which.
    case fontFileRefused(path: String, reason: String)
    /// FreeType could not open or read the font file (`FT_New_Face` and friends).
    case fontUnreadable(path: String, faceIndex: Int, code: Int32)
    /// The face the font set named for a family is not of that family once loaded: the file
    /// changed between the two reads, even after the font set read it again. Never used
    /// as a substitute.
    case fontChanged(path: String, faceIndex: Int, expected: String, found: String)
    /// HarfBuzz could not make a face of the font file FreeType read (`reason` says why).
    case shapingUnavailable(path: String, faceIndex: Int, reason: String)
    /// The font has no outlines in design units (a bitmap-only font), so it cannot be measured
    /// independently of a size.
    case notScalable(path: String)
    /// The font has no Unicode character map, so characters cannot be mapped to glyphs.
    case noUnicodeCharacterMap(path: String)
    /// An ICU call failed; `function` names it and `status` is ICU's error name.
    case icuFailed(function: String, status: String)
    /// The text is longer than ICU can index (more than `Int32.max` UTF-16 units).
    case textTooLong(utf16Count: Int)
}
