import FoundationEssentials
import Synchronization
import TextShaping

/// Finds and loads fonts, keeping each loaded face for reuse. Thread-safe.
///
/// The default family, DejaVu Sans Mono, is read from the files Debian's `fonts-dejavu-core`
/// installs; other fonts are read by path, or by family, weight and italic from the font set
/// of `fontDirectories` and `systemFontDirectories` (see `FontCatalog` for the matching
/// rule, CSS's). There is no fontconfig: a font that is not found is an error, never a
/// substitute, so a rendering never silently depends on what else is installed (fallback
/// fonts are families asked for by name too; see `TextAttributes.fallbackFonts`).
public final class FontLibrary: @unchecked Sendable {
    /// The family used when a spec names none.
    public static let defaultFamily = "DejaVu Sans Mono"
    /// Where `fonts-dejavu-core` puts DejaVu Sans Mono on Debian and Ubuntu.
    public static let systemDejaVuDirectory = "/usr/share/fonts/truetype/dejavu"

    /// The folders Debian's font packages install into, searched for families after
    /// `fontDirectories`: `fonts-dejavu-core` and `fonts-dejavu-extra` (DejaVu Sans, Serif,
    /// Sans Mono), `fonts-noto-cjk` (Noto Sans and Serif CJK), `fonts-noto-color-emoji`,
    /// `fonts-symbola` (Symbola, the symbols fallback font: one file in its own folder).
    public static let systemFontDirectories = [
        "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/opentype/noto", "/usr/share/fonts/truetype/noto",
        "/usr/share/fonts/truetype/ancient-scripts",
    ]

    /// Extra directories searched (before the system directories) for families.
    public let fontDirectories: [String]

    /// The font files of `systemFontDirectories`, listed once per process (on first use).
    private static let systemFiles = FontCatalog.fontFiles(in: systemFontDirectories)
    /// The folders searched after `fontDirectories` (`systemFontDirectories`; others in tests).
    private let systemDirectories: [String]
    /// The font files of `fontDirectories` then the system's, listed on first use: the font
    /// set, in search order. Listing reads no file.
    private let files = Mutex<[String]?>(nil)
    /// What is known of each file's faces: a family lookup opens only the faces whose names
    /// may be the family's, and a stored catalogue spares even that (see `FontFileIndex`).
    let index: FontFileIndex
    /// The whole font set, identified only when a message needs the families there are.
    private let catalog = Mutex<FontCatalog?>(nil)

    /// The families one render declares (a spec's `font` lines), in front of `base`'s font
    /// set; nil in a library of the process (see `declaring(_:)`).
    private let declared: FontCatalog?
    private let base: FontLibrary?

    private struct FaceKey: Hashable { var path: String; var faceIndex: Int }
    private struct FamilyKey: Hashable { var family: String; var style: FontStyle }
    private struct FaceRequest: Hashable { var family: String; var weight: Int; var italic: Bool }
    private struct Cache {
        var families: [FamilyKey: Font] = [:]
        var requests: [FaceRequest: Font] = [:]
    }
    private let cache = Mutex(Cache())
    /// Loaded faces by file and index: shared with the libraries `declaring(_:)` makes, so a
    /// file is read once whichever render asks for it by path.
    private final class LoadedFaces: Sendable { let fonts = Mutex<[FaceKey: Font]>([:]) }
    private let loaded: LoadedFaces

    public convenience init(fontDirectories: [String] = []) {
        self.init(fontDirectories: fontDirectories, systemDirectories: Self.systemFontDirectories, index: .shared)
    }

    /// A library over `fontDirectories` then `systemDirectories`, with `index` (tests give
    /// their own folders and an index with its own store and counts).
    init(fontDirectories: [String], systemDirectories: [String], index: FontFileIndex) {
        self.fontDirectories = fontDirectories
        self.systemDirectories = systemDirectories
        self.index = index
        declared = nil
        base = nil
        loaded = LoadedFaces()
    }

    private init(declaring faces: [FontFace], base: FontLibrary) {
        fontDirectories = base.fontDirectories
        systemDirectories = base.systemDirectories
        index = base.index
        declared = FontCatalog(faces: faces)
        self.base = base
        loaded = base.loaded
    }

    /// A library for one render: this one's font set with `faces` (a spec's declared
    /// families, see `declaredFile(path:family:)`) in front. A declared family shadows any
    /// family of the same name (compared without case), the default family too: only its
    /// declared faces are matched, by the same rule. Other families, and the caches of this
    /// library, are this library's: nothing declared here is visible to another render.
    public func declaring(_ faces: [FontFace]) -> FontLibrary {
        guard !faces.isEmpty else { return self }
        return FontLibrary(declaring: faces, base: base ?? self)
    }

    /// The faces of the font file at `path` (every face of a collection) as a declared
    /// family named `family` (whatever the file's own name table says), with the file's size
    /// and its `head` checksum for the environment fingerprint. Reads only the tables that
    /// identify the faces, not the file.
    /// - Throws: `.fontNotFound`, `.fontFileRefused` (not a regular file, too large), or
    ///   `.fontUnreadable` when the file is not a font FreeType reads.
    public static func declaredFile(path: String, family: String) throws(TextError) -> DeclaredFontFile {
        let library = try FreeTypeLibrary()
        var bytesRead = 0
        let (faces, byteCount, checksum) = try FontCatalog.identify(path: path, library: library, bytesRead: &bytesRead)
        return DeclaredFontFile(faces: faces.map { face in
            var renamed = face
            renamed.family = family
            return renamed
        }, byteCount: byteCount, checksum: checksum)
    }

    /// The process's library without extra directories: whoever needs only the default
    /// family shares it, so each font file is opened and read once.
    public static let standard = FontLibrary()

    /// The FreeType library's version (`2.12.1`), for the environment fingerprint.
    public static var freeTypeVersion: String {
        (try? FreeTypeLibrary().version) ?? "unknown"
    }

    /// The default family's regular face as the environment fingerprint names it, its family
    /// and revision ("DejaVu Sans Mono 2.37", as its `Font` says them); nil when it is not
    /// there. Read from the face's tables through a stream, not by loading the font: that
    /// (the whole file, every advance, the character map) was a quarter of what an empty
    /// canvas cost, for two words of text.
    public var defaultFontDescription: String? {
        let file = Self.dejaVuSansMonoFileName(.regular)
        guard let path = searchDirectories.lazy.map({ Self.join($0, file) })
            .first(where: { FileManager.default.isReadableFile(atPath: $0) }) else { return nil }
        if let font = loaded.fonts.withLock({ $0[FaceKey(path: path, faceIndex: 0)] }), font.file.isCurrent {
            return "\(font.familyName) \(font.revision)"
        }
        guard let library = try? FreeTypeLibrary(), let stream = try? FreeTypeFileStream(path: path),
              let face = try? FreeTypeFace(stream: stream, path: path, faceIndex: 0, library: library) else { return nil }
        let family = face.handle.pointee.family_name.map { String(cString: $0) } ?? ""
        return "\(family) \(Font.revision(face.head))"
    }

    /// HarfBuzz's version (`6.0.0`), for the environment fingerprint.
    public static var harfBuzzVersion: String { ShapingFont.version }

    /// The font of `family` in `style`.
    ///
    /// For DejaVu Sans Mono the files are looked up by their known names
    /// (`DejaVuSansMono.ttf`, `-Bold`, `-Oblique`, `-BoldOblique`) in `fontDirectories`, then in
    /// `systemDejaVuDirectory`. Any other family is looked for in the `.ttf`/`.otf`/`.ttc`
    /// files of `fontDirectories` (with subdirectories) by the family name and bold/italic
    /// flags FreeType reads from each file.
    /// - Throws: `TextError.familyNotFound` (never a substitute), or a loading error.
    public func font(family: String, style: FontStyle) throws(TextError) -> Font {
        if let declared, declared.hasFamily(family) {
            return try font(family: family, weight: style == .bold || style == .boldOblique ? 700 : 400,
                            italic: style == .oblique || style == .boldOblique)
        }
        if let base { return try base.font(family: family, style: style) }
        let key = FamilyKey(family: family, style: style)
        if let font = cache.withLock({ $0.families[key] }), font.file.isCurrent { return font }
        let font = try findFamily(family, style: style)
        cache.withLock { $0.families[key] = font }
        return font
    }

    /// The face of `family` nearest to `weight` (1…1000; 400 regular, 700 bold) and
    /// `italic`, from the font set, by CSS's rule (see `FontCatalog`).
    /// - Throws: `TextError.noSuchFamily` with the families there are (never a
    ///   substitute), or a loading error.
    public func font(family: String, weight: Int, italic: Bool) throws(TextError) -> Font {
        let request = FaceRequest(family: family.lowercased(), weight: weight, italic: italic)
        if let font = cache.withLock({ $0.requests[request] }) {
            if font.file.isCurrent { return font }
            // The file changed since: what the font set says of it is read again.
            index.forget(font.path)
            catalog.withLock { $0 = nil }
        }
        if let base, declared?.hasFamily(family) != true {
            do {
                return try base.font(family: family, weight: weight, italic: italic)
            } catch {
                // The declared families are among those there are.
                guard case .noSuchFamily(let family, let available, let searched) = error else { throw error }
                throw .noSuchFamily(family: family, available: Array(Set(available + (declared?.families ?? []))).sorted(),
                                    searched: searched)
            }
        }
        // Only the faces that may be the family's are identified; the whole set only for
        // the message that lists the families there are.
        func matched() throws(TextError) -> FontFace {
            let catalog = declared ?? FontCatalog(faces: index.faces(ofFamily: family, in: fontFiles))
            guard let face = catalog.match(family: family, weight: weight, italic: italic) else {
                throw .noSuchFamily(family: family, available: (declared ?? fontSet).families,
                                    searched: fontDirectories + systemDirectories)
            }
            return face
        }
        var face = try matched()
        var font = try font(path: face.path, faceIndex: face.faceIndex)
        if declared == nil && font.familyName != face.family {
            // The file is not what the font set (or a stored catalogue) said: read it again,
            // and match again; still different is an error, never the other family.
            index.forget(face.path)
            catalog.withLock { $0 = nil }
            face = try matched()
            font = try self.font(path: face.path, faceIndex: face.faceIndex)
            guard font.familyName == face.family else {
                throw .fontChanged(path: face.path, faceIndex: face.faceIndex, expected: face.family, found: font.familyName)
            }
        }
        cache.withLock { $0.requests[request] = font }
        return font
    }

    /// The font files of `systemFontDirectories`, in search order (a listing: no file is read).
    public static var systemFontFiles: [String] { systemFiles }

    /// Every face of the font set, in search order: `fontDirectories`, then the system's.
    public var availableFaces: [FontFace] { (declared?.faces ?? []) + (base ?? self).fontSet.faces }

    private var fontSet: FontCatalog {
        if let catalog = catalog.withLock({ $0 }) { return catalog }
        let made = FontCatalog(faces: index.allFaces(in: fontFiles))
        catalog.withLock { $0 = made }
        return made
    }

    /// The font files of `fontDirectories` then of the system folders, in search order (a
    /// file in both is in both places, as the faces of two folders always were).
    private var fontFiles: [String] {
        if let files = files.withLock({ $0 }) { return files }
        let system = systemDirectories == Self.systemFontDirectories ? Self.systemFiles
            : FontCatalog.fontFiles(in: systemDirectories)
        let made = FontCatalog.fontFiles(in: fontDirectories) + system
        files.withLock { $0 = made }
        return made
    }

    /// The font in the file at `path` (face 0 unless `faceIndex` is given).
    /// - Throws: `TextError.fontNotFound(path:)` when no file is there, `.fontFileRefused`
    ///   when it is not a regular file (a FIFO is refused without blocking) or too large.
    ///
    /// A font loaded before is handed out again while its path leads to the same file with
    /// the same contents (one `stat`, `FontFileHandle.isCurrent`); a file changed since
    /// (rewritten, touched, replaced, removed) is loaded again, or is the error it now is.
    public func font(path: String, faceIndex: Int = 0) throws(TextError) -> Font {
        let key = FaceKey(path: path, faceIndex: faceIndex)
        let known = loaded.fonts.withLock { $0[key] }
        if let known, known.file.isCurrent { return known }
        let font = try Font(path: path, faceIndex: faceIndex)
        return loaded.fonts.withLock { faces in
            // Another thread may have loaded it meanwhile: keep one instance per face.
            if let existing = faces[key], existing !== known { return existing }
            faces[key] = font
            return font
        }
    }

    private var searchDirectories: [String] { fontDirectories + [Self.systemDejaVuDirectory] }

    private func findFamily(_ family: String, style: FontStyle) throws(TextError) -> Font {
        if family.lowercased() == Self.defaultFamily.lowercased() {
            let file = Self.dejaVuSansMonoFileName(style)
            for directory in searchDirectories {
                let path = Self.join(directory, file)
                if FileManager.default.isReadableFile(atPath: path) { return try font(path: path) }
            }
            throw .familyNotFound(family: family, style: style, searched: searchDirectories)
        }
        for path in fontFiles(in: fontDirectories) {
            // A file FreeType cannot read is not a candidate; it is not an error here.
            guard let candidate = try? font(path: path) else { continue }
            guard candidate.familyName.lowercased() == family.lowercased() else { continue }
            let wantsBold = style == .bold || style == .boldOblique
            let wantsItalic = style == .oblique || style == .boldOblique
            if candidate.isBold == wantsBold && candidate.isItalic == wantsItalic { return candidate }
        }
        throw .familyNotFound(family: family, style: style, searched: fontDirectories)
    }

    static func dejaVuSansMonoFileName(_ style: FontStyle) -> String {
        switch style {
        case .regular: "DejaVuSansMono.ttf"
        case .bold: "DejaVuSansMono-Bold.ttf"
        case .oblique: "DejaVuSansMono-Oblique.ttf"
        case .boldOblique: "DejaVuSansMono-BoldOblique.ttf"
        }
    }

    /// Font files under `directories` (`FontCatalog.fontFiles`: each path once), sorted as
    /// paths across all the folders so the choice between duplicate faces is stable.
    private func fontFiles(in directories: [String]) -> [String] {
        FontCatalog.fontFiles(in: directories).sorted()
    }
}

extension FontLibrary {
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

/// A font file a spec declares, identified without being loaded (see
/// `FontLibrary.declaredFile(path:family:)`).
public struct DeclaredFontFile: Sendable {
    /// Its faces, under the declared family name.
    public var faces: [FontFace]
    public var byteCount: Int
    /// The first face's `head` table `checkSumAdjustment`: the font's own checksum of the
    /// whole file, which its tools write, so a changed file says so without being read.
    public var checksum: UInt32
}
