import Rendering
import TextEngine

/// The versions of what decides the pixels, recorded in every PNG (a `layout-render` text
/// chunk) so a failing comparison can tell a changed machine from a changed layout.
public struct Fingerprint: Hashable, Sendable {
    public var tool: String
    public var cairo: String
    public var pixman: String
    public var freeType: String
    /// The default font's revision (DejaVu Sans Mono's `head` table).
    public var font: String
    /// HarfBuzz's version: proportional text is shaped with it.
    public var harfBuzz: String = FontLibrary.harfBuzzVersion
    /// The files of the system font set that families are found in (their names, in
    /// search order), so a golden image made with another set of fonts says so.
    public var fontFiles: [String] = FontLibrary.systemFontFiles.map { String($0.split(separator: "/").last ?? "") }
    /// The files a spec's `font` lines declare, one render's (`Brand: fonts/Brand.ttf 331536
    /// bytes checksum 0x1a2b3c4d`, see `SceneBuilder.declareFonts`); none for the process.
    public var declaredFonts: [String] = []

    public static let toolVersion = "0.1.0"

    /// The fingerprint of this process, computed once.
    public static let current: Fingerprint = {
        let font = FontLibrary.standard.defaultFontDescription ?? "none"
        return Fingerprint(tool: toolVersion, cairo: CairoRenderer.cairoVersion, pixman: CairoRenderer.pixmanVersion,
                           freeType: FontLibrary.freeTypeVersion, font: font)
    }()

    public var text: String {
        "layout-render \(tool); cairo \(cairo); pixman \(pixman); freetype \(freeType); harfbuzz \(harfBuzz); font \(font); "
            + "font set \(fontFiles.isEmpty ? "none" : fontFiles.joined(separator: " "))"
            + (declaredFonts.isEmpty ? "" : "; declared fonts " + Self.latin1(declaredFonts.joined(separator: ", ")))
    }

    /// `text` with what a PNG text chunk cannot hold (beyond Latin-1, controls) as `\u{…}`:
    /// declared family names and file names are the spec's.
    static func latin1(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if (0x20...0x7E).contains(scalar.value) || (0xA0...0xFF).contains(scalar.value) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return out
    }
}
