/// The `fallback` attribute: the font families a label's characters come from when its
/// font lacks them, in order, after the font itself (CSS's `font-family` list past its
/// first name, and the browser's fallback after it).
///
/// Written as family names separated by commas (`fallback="Noto Sans CJK JP, Noto Color
/// Emoji"`), or `none` for no fallback. Without the attribute, the default order is
/// `defaultFamilies`: CJK from `fonts-noto-cjk`, then colour emoji from
/// `fonts-noto-color-emoji`, then symbols from `fonts-symbola`, the files Debian installs
/// in known folders (no fontconfig). Symbola comes last, so a character the fonts before
/// it draw is drawn as it always was: it only fills in what would have been a missing glyph.
struct FallbackFamilies: Hashable, Sendable {
    /// The families after the label's own font when no `fallback` is given.
    static let defaultFamilies = ["Noto Sans CJK SC", "Noto Color Emoji", "Symbola"]
    /// The most families one `fallback` may name.
    static let maxFamilies = 16

    let families: [String]

    /// Reads the attribute's value; nil gives the default order.
    /// - Throws: a message when a name is empty or there are more than `maxFamilies`.
    init(_ value: String?) throws(FallbackFamiliesError) {
        guard let value else { families = Self.defaultFamilies; return }
        let trimmed = value.trimmingSpaces
        if trimmed == "none" { families = []; return }
        var names: [String] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part).trimmingSpaces
            guard !name.isEmpty else { throw .emptyName(value) }
            guard names.count < Self.maxFamilies else { throw .tooMany(limit: Self.maxFamilies) }
            names.append(name)
        }
        families = names
    }
}

/// Why a `fallback` value was refused.
enum FallbackFamiliesError: Error, Hashable {
    case emptyName(String)
    case tooMany(limit: Int)

    var message: String {
        switch self {
        case .emptyName:
            "fallback names font families separated by commas (fallback=\"Noto Sans CJK JP, Noto Color Emoji\"), "
                + "or is none; a name is empty"
        case .tooMany(let limit):
            "fallback names at most \(limit) font families"
        }
    }
}

private extension String {
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
