/// A top-level `font "FAMILY" "FILE"…` line (the JSON form's `"fonts": [{"family": …,
/// "files": […]}]`): font files, found as a `font=` path is, whose faces form a family for
/// the render of this spec only. The files are read by the renderer; the parser checks the
/// names, that a family is declared once, and the limit on files (`ParseLimits.maxFontFiles`).
public struct FontDeclaration: Hashable, Sendable {
    /// A file of the family as written (relative to the spec's folder or a `--font-dir`).
    public struct File: Hashable, Sendable {
        public var path: String
        public var location: SourceLocation
        public init(path: String, location: SourceLocation) { self.path = path; self.location = location }
    }

    /// The family name labels ask for with `font="NAME"`, whatever the files' own name tables say.
    public var family: String
    public var files: [File]
    /// Where the family name is written.
    public var location: SourceLocation

    public init(family: String, files: [File], location: SourceLocation) {
        self.family = family; self.files = files; self.location = location
    }

    /// What a declared family name may be: one that `font="NAME"` reads as a family (not a
    /// path: no `/`, no font file ending) and `fallback="NAME, …"` as one name (no comma).
    static func familyNameProblem(_ name: String) -> String? {
        let lower = name.lowercased()
        guard !name.isEmpty, name.count <= ValueRanges.maxFamilyNameLength,
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "/" || $0 == "," }),
              !lower.hasSuffix(".ttf"), !lower.hasSuffix(".otf"), !lower.hasSuffix(".ttc") else {
            return "a declared font family name is 1 to \(ValueRanges.maxFamilyNameLength) characters without control "
                + "characters, '/' or ',', and does not end in .ttf, .otf or .ttc (so font=\"NAME\" and fallback=\"NAME\" name it)"
        }
        return nil
    }

    /// A file name that can be looked for: not empty, no control characters (a NUL would cut it short).
    static func pathProblem(_ path: String) -> String? {
        guard !path.isEmpty, path.utf8.count <= 4096,
              !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return "a font file is a path of 1 to 4096 bytes without control characters"
        }
        return nil
    }

    static let usage = "a font line is: font \"FAMILY\" \"FILE\"… (font \"Brand\" \"fonts/Brand-Regular.ttf\" \"fonts/Brand-Bold.ttf\")"
}

extension ParseState {
    /// Adds a declaration after checking it against those before it: the family name, each
    /// file name, a family declared once (names compared without case, as families are
    /// found), and the limit on files in one spec.
    mutating func declare(_ declaration: FontDeclaration, sourceLine: String?) throws(SpecError) {
        if let problem = FontDeclaration.familyNameProblem(declaration.family) {
            throw SpecError(problem, at: declaration.location, sourceLine: sourceLine)
        }
        guard !declaration.files.isEmpty else {
            throw SpecError("font family '\(declaration.family)' has no files; " + FontDeclaration.usage,
                            at: declaration.location, sourceLine: sourceLine)
        }
        let name = declaration.family.lowercased()
        if let first = fonts.first(where: { $0.family.lowercased() == name }) {
            throw SpecError("font family '\(declaration.family)' is declared twice (first on line \(first.location.line)); "
                            + "give all its files on one line", at: declaration.location, sourceLine: sourceLine)
        }
        for (index, file) in declaration.files.enumerated() {
            if let problem = FontDeclaration.pathProblem(file.path) {
                throw SpecError(problem, at: file.location, sourceLine: sourceLine)
            }
            guard declaredFontFiles + index < limits.maxFontFiles else {
                throw SpecError("more than \(limits.maxFontFiles) font files declared (the limit)", at: file.location,
                                sourceLine: sourceLine)
            }
        }
        declaredFontFiles += declaration.files.count
        fonts.append(declaration)
    }

    /// `font "FAMILY" "FILE"…` of the text form: the family and the files quoted, or bare words.
    mutating func declareFont(_ tokens: ArraySlice<Token>, location: SourceLocation, sourceLine: Substring) throws(SpecError) {
        var words: [(text: String, location: SourceLocation)] = []
        for token in tokens {
            let at = SourceLocation(line: location.line, column: token.column)
            switch token.kind {
            case .quoted(let text), .word(let text): words.append((text, at))
            case .attribute(let key, _, _, _, _):
                throw SpecError("unexpected '\(key)=…'; " + FontDeclaration.usage, at: at, sourceLine: sourceLine)
            }
        }
        guard let family = words.first else {
            throw SpecError(FontDeclaration.usage, at: location, sourceLine: sourceLine)
        }
        let files = words.dropFirst().map { FontDeclaration.File(path: $0.text, location: $0.location) }
        try declare(FontDeclaration(family: family.text, files: files, location: family.location), sourceLine: String(sourceLine))
    }
}
