import SpecLanguage
import TextEngine

extension SceneBuilder {
    /// A font file a spec names (`font="…"`, a `font` line): in the spec's folder, else in a
    /// `--font-dir` folder, never outside them (see `AssetPaths`).
    func fontFilePath(_ name: String, at location: SourceLocation) throws(LayoutRenderError) -> String {
        if let path = try? assets.resolve(name) { return path }
        for directory in options.fontDirectories {
            if let path = try? AssetPaths(root: directory).resolve(name) { return path }
        }
        throw resourceError("font file '\(name)' not found in \(assets.root)"
                            + (options.fontDirectories.isEmpty ? "" : " or the --font-dir folders")
                            + " (it must lie inside that folder)", at: location)
    }

    /// Reads the spec's `font` lines and puts their families in front of the font set for
    /// this render only: `fonts` becomes a library made for it (`FontLibrary.declaring`),
    /// and the renderer's own, shared by every render, is not changed.
    ///
    /// Each file is found as a `font=` path is and identified without being loaded: its
    /// faces (every face of a collection), with the weight, italic and width the font set
    /// reads, under the declared name whatever the file's own name table says. A file named
    /// twice in one family (however it is spelled) is an error.
    /// - Returns: each file for the environment fingerprint, as written in the spec (the
    ///   same on every machine) with its size and `head` checksum:
    ///   `Brand: fonts/Brand-Bold.ttf 331536 bytes checksum 0x1a2b3c4d`.
    mutating func declareFonts(_ declarations: [FontDeclaration]) throws(LayoutRenderError) -> [String] {
        var faces: [FontFace] = []
        var fingerprint: [String] = []
        for declaration in declarations {
            var seen: [String: String] = [:]
            for file in declaration.files {
                let path = try fontFilePath(file.path, at: file.location)
                if let first = seen[path] {
                    throw specError("'\(file.path)' is the file '\(first)' names, already in font family '\(declaration.family)'",
                                    at: file.location)
                }
                seen[path] = file.path
                let read: DeclaredFontFile
                do throws(TextError) {
                    read = try FontLibrary.declaredFile(path: path, family: declaration.family)
                } catch {
                    throw resourceError("font family '\(declaration.family)': " + error.message, at: file.location)
                }
                faces += read.faces
                let checksum = String(read.checksum, radix: 16)
                fingerprint.append("\(declaration.family): \(file.path) \(read.byteCount) bytes checksum 0x"
                                   + String(repeating: "0", count: 8 - checksum.count) + checksum)
            }
        }
        fonts = fonts.declaring(faces)
        return fingerprint
    }
}
