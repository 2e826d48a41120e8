import Foundation
import LayoutRenderKit

/// The `--templates` folder: `GET /render/NAME.png` (or `.jpg`, `.webp`, `.svg`, `.pdf`) renders `NAME.spec` (or `NAME.json`)
/// from it. Names are plain file names (letters, digits, `-`, `_`, `.`; no folder, no
/// leading dot), so a request can name nothing outside the folder; a template that is a
/// link leaving the folder is refused (500: the server's configuration), never read; the
/// file must be a regular file (a FIFO or device there is refused, never opened for a
/// blocking read).
struct TemplateFolder {
    let root: String

    struct Template {
        var source: [UInt8]
        var format: SpecFormat
        /// The picture's format, from the extension asked for (`NAME.pdf`).
        var output: OutputFormat
    }

    /// Reads the template that `NAME.EXT` names (EXT an output format's extension:
    /// `png`, `jpg`/`jpeg`, `webp`, `svg`, `pdf`).
    func read(_ requested: String, maxBytes: Int) throws(ServiceError) -> Template {
        guard let dot = requested.lastIndex(of: "."), dot != requested.startIndex,
              let output = OutputFormat(name: String(requested[requested.index(after: dot)...])) else {
            throw .notFound("a template is asked for as NAME.png (or .jpg, .webp, .svg, .pdf)")
        }
        let name = String(requested[..<dot])
        guard Self.isPlainName(name) else {
            throw .notFound("no template named '\(name)' (names are letters, digits, '-', '_' and '.')")
        }
        for format in [SpecFormat.spec, .json] {
            let file = name + "." + format.rawValue
            let path = root + "/" + file
            // A link out of the folder is refused before its target is looked at: the same
            // answer whether the target exists or not, and none of its lines quoted.
            if let refusal = SpecFolder.refusal(of: file, in: root) {
                throw .badTemplate(name: name, reason: refusal.message)
            }
            do throws(RegularFile.Failure) {
                return Template(source: try RegularFile.read(path: path, maxBytes: maxBytes), format: format, output: output)
            } catch .missing {
                continue
            } catch {
                throw .badTemplate(name: name, reason: error.description)
            }
        }
        throw .notFound("no template named '\(name)'")
    }

    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "."), name.utf8.count <= 128 else { return false }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }
    }
}
