import Foundation
import LayoutRenderKit
import SpecLanguage

/// The `--templates` folder: `GET /render/NAME.png` (or `.jpg`, `.webp`, `.svg`, `.pdf`) renders `NAME.spec` (or `NAME.json`)
/// from it. Names are plain file names (letters, digits, `-`, `_`, `.`; no folder, no
/// leading dot), so a request can name nothing outside the folder; a template that is a
/// link leaving the folder is refused (500: the server's configuration), never read; the
/// file must be a regular file (a FIFO or device there is refused, never opened for a
/// blocking read).
///
/// A template's defaults come from its sidecar `NAME.fixture.json`, the file that gives
/// a golden test its names: its `vars` and `data` are the values of names the URL does
/// not give (`?title=…` wins); its `sizes` and `scale` are the test runner's (the URL's
/// `width`, `height` and `scale` choose the service's). A sidecar is read as the test
/// runner reads it (a link out of the folder refused, a data file only from inside), and
/// it is never served as a template itself. A sidecar and its data file are parsed once
/// and kept in `settings` until either changes (its size or modification time). The data
/// file may be as large as a template (`--max-body-bytes`), not a spec file on the command
/// line.
struct TemplateFolder {
    let root: String
    let settings: FixtureSettingsCache

    struct Template {
        var source: [UInt8]
        var format: SpecFormat
        /// The picture's format, from the extension asked for (`NAME.pdf`).
        var output: OutputFormat
        /// The values of names the URL does not give, from `NAME.fixture.json`.
        var defaults: [String: DataValue] = [:]
    }

    /// Reads the template that `NAME.EXT` names (EXT an output format's extension:
    /// `png`, `jpg`/`jpeg`, `webp`, `svg`, `pdf`); it and its data file may each be
    /// `maxBytes` long.
    func read(_ requested: String, maxBytes: Int) throws(ServiceError) -> Template {
        guard let dot = requested.lastIndex(of: "."), dot != requested.startIndex,
              let output = OutputFormat(name: String(requested[requested.index(after: dot)...])) else {
            throw .notFound("a template is asked for as NAME.png (or .jpg, .webp, .svg, .pdf)")
        }
        let name = String(requested[..<dot])
        guard Self.isPlainName(name) else {
            throw .notFound("no template named '\(name)' (names are letters, digits, '-', '_' and '.')")
        }
        // A sidecar or a frame dump (`NAME.fixture.json`, `NAME.frames.json`) is no template.
        guard SpecFolder.isSpecName(name + ".json") else { throw .notFound("no template named '\(name)'") }
        for format in [SpecFormat.spec, .json] {
            let file = name + "." + format.rawValue
            let path = root + "/" + file
            // A link out of the folder is refused before its target is looked at: the same
            // answer whether the target exists or not, and none of its lines quoted.
            if let refusal = SpecFolder.refusal(of: file, in: root) {
                throw .badTemplate(name: name, reason: refusal.message)
            }
            let source: [UInt8]
            do throws(RegularFile.Failure) {
                source = try RegularFile.read(path: path, maxBytes: maxBytes)
            } catch .missing {
                continue
            } catch {
                throw .badTemplate(name: name, reason: error.description)
            }
            return Template(source: source, format: format, output: output, defaults: try defaults(forTemplate: file, maxBytes: maxBytes))
        }
        throw .notFound("no template named '\(name)'")
    }

    /// The names `NAME.fixture.json` gives the template `file`; none without a sidecar.
    /// A sidecar that cannot be read is the server's configuration (500), named by its file
    /// name in the folder, not by the server's path.
    private func defaults(forTemplate file: String, maxBytes: Int) throws(ServiceError) -> [String: DataValue] {
        do throws(LayoutRenderError) {
            return try FixtureSettings.load(forSpec: root + "/" + file, maxDataBytes: maxBytes, cache: settings)?.variables ?? [:]
        } catch {
            var diagnostic = error.diagnostic
            let sidecar = (FixtureSettings.sidecarPath(forSpec: file) as NSString).lastPathComponent
            diagnostic.file = sidecar  // (its lines are not quoted: the headline alone)
            throw .badTemplate(name: (file as NSString).deletingPathExtension, reason: diagnostic.headline)
        }
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
