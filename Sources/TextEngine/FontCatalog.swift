internal import CFreeType
import FoundationEssentials

/// One face of a font file, as the catalog knows it before loading it.
public struct FontFace: Hashable, Sendable {
    public var path: String
    public var faceIndex: Int
    /// The family name FreeType reads (`DejaVu Sans`, `Noto Sans CJK JP`).
    public var family: String
    /// The style name (`Bold Oblique`, `Condensed`), for messages.
    public var styleName: String
    /// OS/2 `usWeightClass`, 1…1000 (400 regular, 700 bold); 400 when the font has none.
    public var weight: Int
    /// Italic or oblique (FreeType's style flag).
    public var isItalic: Bool
    /// OS/2 `usWidthClass`, 1…9 (5 normal, below condensed); 5 when the font has none.
    public var widthClass: Int
}

/// The faces of the font files in a fixed list of folders, read once: the font set that
/// families are found in. No fontconfig: the folders are the ones Debian's font packages
/// install into (`systemDirectories`) and those the caller gives (`--font-dir`), so the same
/// spec finds the same files on every machine that has the same packages.
///
/// ## Matching (CSS Fonts 4, §5.2 "Matching font styles")
/// Among the faces of the family (names compared without case), in this order:
/// 1. width: the normal width (class 5) if there is one, else the nearest narrower, else
///    the nearest wider (`font-stretch: normal`);
/// 2. style: italic faces when italic is asked for, else upright ones; if the family has
///    none of that kind, the other kind;
/// 3. weight, for a desired weight `w`: if `w` is 400–500, the faces from `w` up to 500
///    ascending, then below `w` descending, then above 500 ascending; if `w` < 400, at or
///    below `w` descending, then above ascending; if `w` > 500, at or above `w` ascending,
///    then below descending. So a family with any face always gives one: only a family
///    that is not there is an error.
/// Remaining ties (the same face in two folders) go to the first folder, then path order.
struct FontCatalog {
    let faces: [FontFace]

    init(faces: [FontFace]) { self.faces = faces }

    init(directories: [String]) {
        var faces: [FontFace] = []
        guard let library = try? FreeTypeLibrary() else { self.faces = []; return }
        for path in Self.fontFiles(in: directories) {
            faces += Self.faces(inFile: path, library: library)
        }
        self.faces = faces
    }

    /// Whether a face of `family` (compared without case) is in the set.
    func hasFamily(_ family: String) -> Bool {
        let wanted = family.lowercased()
        return faces.contains { $0.family.lowercased() == wanted }
    }

    /// The families present, sorted, once each.
    var families: [String] {
        Array(Set(faces.map(\.family))).sorted()
    }

    /// The face of `family` nearest to `weight` and `italic` by the rule on the type; nil
    /// when the family has no face.
    func match(family: String, weight: Int, italic: Bool) -> FontFace? {
        let wanted = family.lowercased()
        var candidates = faces.filter { $0.family.lowercased() == wanted }
        guard !candidates.isEmpty else { return nil }
        // 1. Width.
        let narrowerOrNormal = candidates.filter { $0.widthClass <= 5 }
        if let best = narrowerOrNormal.map(\.widthClass).max() {
            candidates = candidates.filter { $0.widthClass == best }
        } else if let best = candidates.map(\.widthClass).min() {
            candidates = candidates.filter { $0.widthClass == best }
        }
        // 2. Style.
        let sameStyle = candidates.filter { $0.isItalic == italic }
        if !sameStyle.isEmpty { candidates = sameStyle }
        // 3. Weight.
        let order = candidates.map(\.weight)
        guard let chosen = Self.nearestWeight(weight, among: order) else { return nil }
        return candidates.first { $0.weight == chosen }
    }

    /// CSS's nearest weight (step 3 of the rule on the type).
    static func nearestWeight(_ desired: Int, among weights: [Int]) -> Int? {
        let available = Set(weights)
        if available.contains(desired) { return desired }
        let above = available.filter { $0 > desired }.sorted()
        let below = available.filter { $0 < desired }.sorted(by: >)
        if (400...500).contains(desired) {
            if let up = above.first(where: { $0 <= 500 }) { return up }
            if let down = below.first { return down }
            return above.first
        }
        if desired < 400 { return below.first ?? above.first }
        return above.first ?? below.first
    }

    /// Font files under `directories` (with subfolders), each folder's sorted, in folder order.
    static func fontFiles(in directories: [String]) -> [String] {
        var files: [String] = []
        var seen: Set<String> = []
        for directory in directories {
            for relative in DirectoryWalk.subpaths(of: directory).sorted() {
                let lower = relative.lowercased()
                guard lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") else { continue }
                let path = FontLibrary.join(directory, relative)
                if seen.insert(path).inserted { files.append(path) }
            }
        }
        return files
    }

    /// Every face of the file at `path`; none when FreeType cannot read it (a file that is
    /// not a font is not part of the set; naming it by path reports why). Each face is
    /// opened from a stream (`FreeTypeFileStream`): only the tables identification needs
    /// are read, not the file (the Noto CJK collections alone are 90 MB).
    static func faces(inFile path: String, library: FreeTypeLibrary) -> [FontFace] {
        var bytesRead = 0
        return faces(inFile: path, library: library, bytesRead: &bytesRead)
    }

    /// `faces(inFile:library:)`, adding the bytes read to `bytesRead`.
    static func faces(inFile path: String, library: FreeTypeLibrary, bytesRead: inout Int) -> [FontFace] {
        (try? identify(path: path, library: library, bytesRead: &bytesRead).faces) ?? []
    }

    /// Every face of the file at `path` (a face after the first that FreeType cannot open is
    /// left out), the file's size and its first face's `head` checksum.
    /// - Throws: `.fontNotFound`, `.fontFileRefused` (see `FontFile.open`), or
    ///   `.fontUnreadable` when FreeType cannot open the first face (not a font).
    static func identify(path: String, library: FreeTypeLibrary,
                         bytesRead: inout Int) throws(TextError) -> (faces: [FontFace], byteCount: Int, checksum: UInt32) {
        var streams: [FreeTypeFileStream] = []
        defer { bytesRead += streams.reduce(0) { $0 + $1.bytesRead } }
        func open(_ index: Int) throws(TextError) -> FreeTypeFace {
            let stream = try FreeTypeFileStream(path: path)
            streams.append(stream)
            return try FreeTypeFace(stream: stream, path: path, faceIndex: index, library: library)
        }
        let first = try open(0)
        let count = max(1, min(first.numberOfFaces, 256))
        var result: [FontFace] = []
        for index in 0..<count {
            guard let face = index == 0 ? first : try? open(index) else { continue }
            result.append(Self.face(face, path: path, index: index))
        }
        let head = FT_Get_Sfnt_Table(first.handle, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self).pointee
        return (result, Int(streams[0].record.pointee.size), head.map { UInt32(truncatingIfNeeded: $0.CheckSum_Adjust) } ?? 0)
    }

    /// What the catalog keeps of an open face.
    static func face(_ face: FreeTypeFace, path: String, index: Int) -> FontFace {
        let record = face.handle.pointee
        let os2 = FT_Get_Sfnt_Table(face.handle, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee
        let valid = os2.map { $0.version != 0xFFFF } ?? false
        let weight = valid ? Int(os2!.usWeightClass) : 0
        let width = valid ? Int(os2!.usWidthClass) : 0
        return FontFace(
            path: path, faceIndex: index,
            family: record.family_name.map { String(cString: $0) } ?? "",
            styleName: record.style_name.map { String(cString: $0) } ?? "",
            weight: (1...1000).contains(weight) ? weight : (record.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400),
            isItalic: record.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0,
            widthClass: (1...9).contains(width) ? width : 5)
    }
}
