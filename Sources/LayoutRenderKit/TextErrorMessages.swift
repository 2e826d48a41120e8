import TextEngine

extension TextError {
    /// The text module's errors as a person reads them (the module carries facts only).
    var message: String {
        switch self {
        case .fontNotFound(let path):
            return "font file \(path) not found"
        case .familyNotFound(let family, let style, let searched):
            return "font \(family) (\(style.rawValue)) not found in \(searched.joined(separator: ", ")); "
                + "install it (Debian: fonts-dejavu-core) or give a folder with --font-dir; no other font is substituted"
        case .noSuchFamily(let family, let available, let searched):
            return "font family '\(family)' not found in \(searched.joined(separator: ", ")); "
                + (available.isEmpty ? "no font is installed there" : "the families there are: \(available.joined(separator: ", "))")
                + "; no other font is substituted"
        case .fontFileRefused(let path, let reason):
            return "font file \(path) cannot be read: \(reason)"
        case .freeTypeUnavailable(let code):
            return "FreeType could not start (error \(code))"
        case .fontUnreadable(let path, let faceIndex, let code):
            // FreeType's codes 2 and 3: Unknown_File_Format, Invalid_File_Format; and 0x55,
            // Invalid_Stream_Operation: a font read from memory that ends before its tables.
            if code == 2 || code == 3 || code == 0x55 { return "font file \(path) is not a TrueType or OpenType font" }
            return "font file \(path) (face \(faceIndex)) cannot be read: FreeType error \(code)"
        case .fontChanged(let path, let faceIndex, let expected, let found):
            return "font file \(path) (face \(faceIndex)) changed while it was read: the font set had it as '\(expected)', "
                + "it now reads '\(found)'; no other font is substituted"
        case .shapingUnavailable(let path, let faceIndex, let reason):
            return "font file \(path) (face \(faceIndex)) cannot be shaped: HarfBuzz \(reason)"
        case .notScalable(let path):
            return "font file \(path) has only bitmaps; a scalable TrueType or OpenType font is needed"
        case .noUnicodeCharacterMap(let path):
            return "font file \(path) has no Unicode character map"
        case .icuFailed(let function, let status):
            return "ICU's \(function) failed: \(status)"
        case .textTooLong(let count):
            return "the text is too long (\(count) UTF-16 units)"
        }
    }
}
