internal import CFreeType
import Synchronization
import TextShaping

/// The four styles of a font family.
public enum FontStyle: String, Sendable, CaseIterable {
    case regular, bold, oblique, boldOblique = "bold-oblique"
}

/// A font face read once through FreeType: names, vertical metrics, the Unicode character
/// map and every glyph's advance, all in design units and unhinted (`FT_LOAD_NO_SCALE`), so
/// measuring never depends on the machine, the size or a rasterizer.
///
/// A `Font` is immutable after `init` and holds no FreeType object (the face is closed once
/// its tables are copied), so it is safe to share between threads. A proportional font also
/// keeps a `ShapingFont` (HarfBuzz, reading the same file, immutable and thread-safe):
/// its text is shaped (kerning, ligatures, marks, complex scripts); a fixed-pitch font keeps
/// the exact cell arithmetic of `ClusterList` (the shaper gives the same advances there, as
/// the tests check). Two fonts are equal when they name the same face of the same file.
///
/// ## Vertical metrics rule
/// `ascender`, `descender` and `lineGap` come from:
/// 1. OS/2 `sTypoAscender`/`sTypoDescender`/`sTypoLineGap` when the font sets OS/2
///    `fsSelection` bit 7 (`USE_TYPO_METRICS`), the font's own request;
/// 2. otherwise hhea `ascender`/`descender`/`lineGap` when they are not both zero
///    (what FreeType, Core Text and most Linux stacks use);
/// 3. otherwise the OS/2 typo values, then `usWinAscent`/`usWinDescent` with no gap.
///
/// The natural line height is `ascender - descender + lineGap`. For DejaVu Sans Mono (no
/// `USE_TYPO_METRICS`) that is hhea 1901 − (−483) + 0 = 2384 units per 2048 em, i.e.
/// 2384 / 2048 × 14 = 16.296875 points at size 14.
public final class Font: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The file the font was read from; the renderer opens the same file.
    public let path: String
    /// The face inside the file (0 except for collections).
    public let faceIndex: Int
    public let familyName: String
    public let styleName: String
    public let unitsPerEm: Int
    public let ascender: Int
    /// Negative: below the baseline.
    public let descender: Int
    public let lineGap: Int
    public let glyphCount: Int
    /// Whether the font says all its glyphs have one advance (post `isFixedPitch`).
    public let isFixedPitch: Bool
    /// A colour bitmap font (Noto Color Emoji's CBDT strikes): no outlines; its advances
    /// are the first strike's, scaled to `unitsPerEm` (see `init`).
    public let isColorBitmap: Bool
    /// Where an underline goes and how thick it is (post `underlinePosition`, the centre of
    /// the stroke, negative below the baseline; `underlineThickness`), design units. A font
    /// without them gets −1/10 em and 1/20 em.
    public let underlinePosition: Int
    public let underlineThickness: Int
    /// Where a strikethrough goes and how thick it is (OS/2 `yStrikeoutPosition`, the top of
    /// the stroke above the baseline; `yStrikeoutSize`), design units. A font without them
    /// gets 1/4 em and the underline's thickness.
    public let strikeoutPosition: Int
    public let strikeoutThickness: Int
    /// The height of a lower-case x, design units, unhinted: OS/2 `sxHeight` (table
    /// version 2 and later), else the top of the glyph of `x`, else half an em. See
    /// `xHeight(atSize:)` for the one a line is laid out with.
    public let xHeight: Int
    /// Whether `xHeight` is the OS/2 table's.
    private let xHeightFromTable: Bool
    /// `xHeight(atSize:)` by size (at most `maxKnownXHeights` sizes), and the FreeType face
    /// they are found with, made when the first is needed.
    private let hintedXHeights = Mutex(HintedXHeights())
    private struct HintedXHeights {
        var bySize: [Double: Double] = [:]
        var face: FreeTypeFace?
    }
    /// Sizes whose hinted x-height is kept; past them, it is found again each time (a spec
    /// sets a few sizes; a generated one could set a size per label).
    static let maxKnownXHeights = 64
    /// Whether FreeType reports the face as bold / italic (oblique).
    public let isBold: Bool
    public let isItalic: Bool

    /// Glyph index per BMP scalar (0 = not covered): one load per character, no hashing.
    private let bmpGlyphs: [UInt16]
    /// Glyph index per supplementary-plane scalar.
    private let supplementaryGlyphs: [UInt32: UInt32]
    /// Advance per glyph index, design units.
    private let advances: [Int32]
    /// The font's revision from its `head` table (DejaVu 2.37 reads "2.37"): part of the
    /// environment fingerprint recorded in every render.
    public let revision: String
    /// The file, held open and read on demand: shaping and the renderer's faces read it
    /// too, rather than opening the path again (which may by then be another file).
    public let file: FontFileHandle
    /// A 64-bit digest of the file's identity (`FontFileHandle.digest`) and of this face's
    /// `head` checksum (the font's own checksum of the whole file, which its tools write):
    /// the renderer finds its face by it. Read without reading the file.
    public let fileDigest: UInt64
    /// The HarfBuzz face text in this font is shaped with; nil for a fixed-pitch font, whose
    /// clusters take their cells (see `ClusterList`).
    public let shaper: ShapingFont?

    /// Reads the face at `faceIndex` of the TrueType/OpenType file at `path`.
    /// - Throws: `TextError.fontNotFound` when there is no file there, `.fontFileRefused`
    ///   when it is not a regular file or is too large (see `FontFile`),
    ///   `.fontUnreadable` when FreeType rejects it, `.notScalable`, `.noUnicodeCharacterMap`.
    public convenience init(path: String, faceIndex: Int = 0) throws(TextError) {
        try self.init(path: path, faceIndex: faceIndex, library: FreeTypeLibrary())
    }

    init(path: String, faceIndex: Int, library: FreeTypeLibrary) throws(TextError) {
        let file = try FontFileHandle(path: path)
        let face = try FreeTypeFace(stream: FreeTypeFileStream(file: file), path: path, faceIndex: faceIndex, library: library)
        self.file = file
        let record = face.handle.pointee
        self.path = path
        self.faceIndex = faceIndex
        familyName = record.family_name.map { String(cString: $0) } ?? ""
        styleName = record.style_name.map { String(cString: $0) } ?? ""
        glyphCount = Int(record.num_glyphs)
        isFixedPitch = record.face_flags & FT_Long(FT_FACE_FLAG_FIXED_WIDTH) != 0
        isBold = record.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
        isItalic = record.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        let head = FT_Get_Sfnt_Table(face.handle, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self)
        let scalable = record.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        let color = record.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        // FreeType gives a bitmap-only face no units per em; a colour one has them in `head`.
        isColorBitmap = !scalable && color && record.num_fixed_sizes > 0
        unitsPerEm = scalable ? Int(record.units_per_EM) : isColorBitmap ? Int(head?.pointee.Units_Per_EM ?? 0) : 0
        guard unitsPerEm > 0 else {
            throw .notScalable(path: path)
        }

        revision = Font.revision(head?.pointee)
        let identity = [file.digest, UInt64(truncatingIfNeeded: head?.pointee.CheckSum_Adjust ?? 0), UInt64(faceIndex)]
        fileDigest = identity.withUnsafeBytes { FontFile.digest($0) }

        let decorations = Font.decorationMetrics(face.handle, unitsPerEm: unitsPerEm)
        (underlinePosition, underlineThickness) = decorations.underline
        (strikeoutPosition, strikeoutThickness) = decorations.strikeout
        (xHeight, xHeightFromTable) = Font.xHeight(face.handle, unitsPerEm: unitsPerEm)

        let metrics = Font.verticalMetrics(face.handle)
        ascender = metrics.ascender
        descender = metrics.descender
        lineGap = metrics.lineGap

        let count = Int(record.num_glyphs)
        // The tables read here and by the shaper, from the file's kept copies.
        let tables = FontFileTables(file: file, faceIndex: faceIndex)
        if isColorBitmap {
            var advances = [FT_Fixed](repeating: 0, count: count)
            // As Chromium (Skia) measures a bitmap font: the strike's advances, scaled. The
            // first strike (Noto Color Emoji has one, 109 ppem); its glyph metrics only, no
            // bitmap decoded. FreeType gives 16.16 pixels at the strike's size.
            let selected = FT_Select_Size(face.handle, 0)
            guard selected == 0, let size = face.handle.pointee.size, size.pointee.metrics.x_ppem > 0 else {
                throw .fontUnreadable(path: path, faceIndex: faceIndex, code: selected)
            }
            let ppem = Double(size.pointee.metrics.x_ppem)
            let error = advances.withUnsafeMutableBufferPointer { buffer in
                FT_Get_Advances(face.handle, 0, FT_UInt(count), FT_Int32(FT_LOAD_COLOR | FT_LOAD_BITMAP_METRICS_ONLY),
                                buffer.baseAddress)
            }
            guard error == 0 else { throw .fontUnreadable(path: path, faceIndex: faceIndex, code: error) }
            let upem = Double(unitsPerEm)
            self.advances = advances.map { Int32((Double($0) / 65536 / ppem * upem).rounded()) }
        } else if let fromTable = Font.tableAdvances(face, count: count, tables: tables) {
            self.advances = fromTable
        } else {
            self.advances = try Font.freeTypeAdvances(face, count: count, path: path, faceIndex: faceIndex)
        }

        guard FT_Select_Charmap(face.handle, FT_ENCODING_UNICODE) == 0 else {
            throw .noUnicodeCharacterMap(path: path)
        }
        (bmpGlyphs, supplementaryGlyphs) = Font.tableCharacterMap(face, tables: tables) ?? Font.freeTypeCharacterMap(face)

        // A colour bitmap font is shaped even at one advance: its emoji sequences (ZWJ,
        // skin tones, flags) are ligatures.
        if isFixedPitch && !isColorBitmap {
            shaper = nil
        } else {
            do {
                shaper = try ShapingFont(tables: tables)
            } catch {
                let reason = if case .libraryUnavailable(let reason) = error { reason } else { "\(error)" }
                throw .shapingUnavailable(path: path, faceIndex: faceIndex, reason: reason)
            }
        }
    }

    /// The glyph the font maps `scalar` to (as `FT_Get_Char_Index`), or nil when not covered.
    @inline(__always)
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        let glyph = glyphOrZero(scalar.value)
        return glyph == 0 ? nil : glyph
    }

    /// The glyph for a scalar value, 0 (.notdef) when not covered.
    @inline(__always)
    func glyphOrZero(_ value: UInt32) -> UInt32 {
        if value < 0x1_0000 { return UInt32(bmpGlyphs[Int(value)]) }
        return supplementaryGlyphs[value] ?? 0
    }

    /// The horizontal advance of a glyph in design units (0 for an index out of range).
    @inline(__always)
    public func advance(ofGlyph glyph: UInt32) -> Int {
        Int(advanceOrZero(glyph))
    }

    @inline(__always)
    func advanceOrZero(_ glyph: UInt32) -> Int32 {
        glyph < UInt32(advances.count) ? advances[Int(glyph)] : 0
    }

    /// Runs `body` with the BMP glyph table and the advance table, for hot loops.
    func withTables<R>(_ body: (UnsafeBufferPointer<UInt16>, UnsafeBufferPointer<Int32>) -> R) -> R {
        bmpGlyphs.withUnsafeBufferPointer { glyphs in
            advances.withUnsafeBufferPointer { advances in body(glyphs, advances) }
        }
    }

    /// `ascender - descender + lineGap`, design units.
    public var naturalLineHeight: Int { ascender - descender + lineGap }

    /// The width of one character cell in design units: the advance of the space glyph
    /// (every glyph's advance in a monospace font), else half an em.
    public var cellAdvance: Int {
        let space = glyphOrZero(0x20)
        let advance = space == 0 ? 0 : advance(ofGlyph: space)
        return advance > 0 ? advance : unitsPerEm / 2
    }

    public var description: String { "\(familyName) \(styleName) (\(path)#\(faceIndex))" }

    public static func == (lhs: Font, rhs: Font) -> Bool {
        lhs === rhs || (lhs.path == rhs.path && lhs.faceIndex == rhs.faceIndex)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(faceIndex)
    }

    /// Every glyph's advance in design units, as FreeType's `FT_Get_Advances` gives them
    /// with `FT_LOAD_NO_SCALE`.
    static func freeTypeAdvances(_ face: FreeTypeFace, count: Int, path: String, faceIndex: Int) throws(TextError) -> [Int32] {
        var advances = [FT_Fixed](repeating: 0, count: count)
        let error = advances.withUnsafeMutableBufferPointer { buffer in
            FT_Get_Advances(face.handle, 0, FT_UInt(count), FT_Int32(FT_LOAD_NO_SCALE), buffer.baseAddress)
        }
        guard error == 0 else { throw .fontUnreadable(path: path, faceIndex: faceIndex, code: error) }
        return advances.map { Int32(truncatingIfNeeded: $0) }
    }

    /// The same advances read straight from the `hmtx` table, as FreeType reads each one
    /// (`tt_face_get_metrics`: glyph `g` below hhea's `numberOfHMetrics` `k` has the advance
    /// of record `g`, any later glyph that of record `k - 1`, and 0 where the table is too
    /// short), without a call per glyph: `FT_Get_Advances` took 16.5 M instructions of the
    /// README card, 65,535 glyphs of a CJK face one by one. Nil, and FreeType asked, for a
    /// face whose advances FreeType would change (variations: `HVAR`, `gvar` phantom
    /// points) or that has no such tables. A test checks both ways agree on every face of
    /// the fonts scripts/setup installs.
    static func tableAdvances(_ face: FreeTypeFace, count: Int, tables: FontFileTables) -> [Int32]? {
        let flags = face.handle.pointee.face_flags
        guard flags & FT_Long(FT_FACE_FLAG_SFNT) != 0, flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) == 0,
              flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0,
              let hhea = FT_Get_Sfnt_Table(face.handle, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        else { return nil }
        let metrics = Int(hhea.number_Of_HMetrics)
        return tables.withTable(0x686D_7478) { bytes -> [Int32]? in  // "hmtx"
            guard bytes.count > 0, bytes.count < 1 << 24 else { return nil }
            guard metrics > 0 else { return [Int32](repeating: 0, count: count) }
            func advance(at offset: Int) -> Int32 { Int32(UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])) }
            // Records wholly in the table; past them (or past `metrics`), the last one's
            // advance when its first two bytes are there, else 0.
            let whole = min(metrics, bytes.count / 4, count)
            let last = 4 * (metrics - 1) + 2 <= bytes.count ? advance(at: 4 * (metrics - 1)) : 0
            return [Int32](unsafeUninitializedCapacity: count) { advances, initialized in
                for glyph in 0..<whole { advances[glyph] = advance(at: 4 * glyph) }
                for glyph in whole..<count { advances[glyph] = glyph < metrics ? 0 : last }
                initialized = count
            }
        } ?? nil
    }

    /// The selected (Unicode) character map as FreeType walks it (`FT_Get_First_Char`,
    /// `FT_Get_Next_Char`): glyph by BMP character, and by supplementary-plane character.
    static func freeTypeCharacterMap(_ face: FreeTypeFace) -> (bmp: [UInt16], supplementary: [UInt32: UInt32]) {
        var bmp = [UInt16](repeating: 0, count: 0x1_0000)
        var supplementary: [UInt32: UInt32] = [:]
        var glyph: FT_UInt = 0
        var code = FT_Get_First_Char(face.handle, &glyph)
        while glyph != 0 {
            if code < 0x1_0000 {
                bmp[Int(code)] = UInt16(truncatingIfNeeded: glyph)
            } else if code <= 0x10_FFFF {
                supplementary[UInt32(code)] = UInt32(glyph)
            }
            code = FT_Get_Next_Char(face.handle, code, &glyph)
        }
        return (bmp, supplementary)
    }

    /// The same map read from the `cmap` table when FreeType selected a format 12 subtable
    /// (the CJK fonts' and most large fonts'), by FreeType's walk of it (`tt_cmap12_next`):
    /// each group's characters in order, a glyph 0 skipped, the rest of a group dropped from
    /// its first glyph at or past the glyph count. `FT_Get_Next_Char` took 7.5 M instructions
    /// of the README card, one call per character of a CJK face. Nil (FreeType walks it)
    /// for any other format, a subtable FreeType's own checks would refuse (groups out of
    /// order or overlapping), or two subtables it could have meant. A test checks both ways
    /// agree on every face of the fonts scripts/setup installs.
    static func tableCharacterMap(_ face: FreeTypeFace, tables: FontFileTables) -> (bmp: [UInt16], supplementary: [UInt32: UInt32])? {
        guard let charmap = face.handle.pointee.charmap, FT_Get_CMap_Format(charmap) == 12 else { return nil }
        let platform = UInt16(charmap.pointee.platform_id), encoding = UInt16(charmap.pointee.encoding_id)
        let glyphCount = UInt64(max(0, face.handle.pointee.num_glyphs))
        return tables.withTable(0x636D_6170) { bytes -> (bmp: [UInt16], supplementary: [UInt32: UInt32])? in  // "cmap"
            guard bytes.count >= 4, bytes.count < 1 << 26 else { return nil }
            func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]) }
            func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) << 16 | UInt32(u16(at + 2)) }
            let records = Int(u16(2))
            guard 4 + 8 * records <= bytes.count else { return nil }
            let matching = (0..<records).map { 4 + 8 * $0 }.filter { u16($0) == platform && u16($0 + 2) == encoding }
            guard matching.count == 1 else { return nil }
            let start = Int(u32(matching[0] + 4))
            guard start + 16 <= bytes.count, u16(start) == 12 else { return nil }
            let groups = Int(u32(start + 12))
            guard groups <= (bytes.count - start - 16) / 12, 16 + 12 * groups <= Int(u32(start + 4)) else { return nil }
            var bmp = [UInt16](repeating: 0, count: 0x1_0000)
            var supplementary: [UInt32: UInt32] = [:]
            var lastEnd: UInt64 = 0
            for group in 0..<groups {
                let at = start + 16 + 12 * group
                let first = UInt64(u32(at)), last = UInt64(u32(at + 4)), firstGlyph = UInt64(u32(at + 8))
                guard first <= last, group == 0 || first > lastEnd, last < 0xFFFF_FFFF else { return nil }
                lastEnd = last
                guard firstGlyph + (last - first) <= 0xFFFF_FFFF else { return nil }  // FreeType skips such a group in part
                for code in first...last {
                    let glyph = firstGlyph + (code - first)
                    if glyph == 0 { continue }
                    if glyph >= glyphCount { break }
                    if code < 0x1_0000 {
                        bmp[Int(code)] = UInt16(truncatingIfNeeded: glyph)
                    } else if code <= 0x10_FFFF {
                        supplementary[UInt32(code)] = UInt32(glyph)
                    }
                }
            }
            return (bmp, supplementary)
        } ?? nil
    }

    /// A `head` table's `fontRevision`, a 16.16 fixed-point number, shown to two decimals
    /// as font revisions are written ("2.37"); "unknown" without the table.
    static func revision(_ head: TT_Header?) -> String {
        guard let head else { return "unknown" }
        let hundredths = Int((Double(head.Font_Revision) / 65536 * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    /// The underline (post) and strikeout (OS/2) positions and thicknesses, with the
    /// defaults documented on the properties for a font that lacks them.
    private static func decorationMetrics(_ face: FT_Face, unitsPerEm: Int)
        -> (underline: (Int, Int), strikeout: (Int, Int)) {
        let record = face.pointee
        let thickness = record.underline_thickness > 0 ? Int(record.underline_thickness) : max(1, unitsPerEm / 20)
        let underline = (record.underline_position != 0 ? Int(record.underline_position) : -unitsPerEm / 10, thickness)
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee
        if let os2, os2.version != 0xFFFF, os2.yStrikeoutSize > 0 {
            return (underline, (Int(os2.yStrikeoutPosition), Int(os2.yStrikeoutSize)))
        }
        return (underline, (unitsPerEm / 4, thickness))
    }

    /// The x-height rule documented on `xHeight`, and whether the OS/2 table gave it.
    private static func xHeight(_ face: FT_Face, unitsPerEm: Int) -> (Int, Bool) {
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee
        if let os2, os2.version != 0xFFFF, os2.version >= 2, os2.sxHeight > 0 { return (Int(os2.sxHeight), true) }
        let glyph = FT_Get_Char_Index(face, 0x78)
        if glyph != 0, FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph {
            let top = Int(slot.pointee.metrics.horiBearingY)
            if top > 0 { return (top, false) }
        }
        return (unitsPerEm / 2, false)
    }

    /// The x-height in points at `size` points per em, as Chromium's fonts on Linux give
    /// it (Skia's FreeType metrics): the OS/2 table's `sxHeight` scaled when it has one,
    /// else the top of the outline of `x` loaded at that size with light hinting (which
    /// puts it on a whole pixel, a little taller at small sizes: DejaVu Sans's is 6 at
    /// 10 pt, where its unhinted 1120/2048 em is 5.47). What CSS `vertical-align: middle`
    /// centres an inline object on. Found once per size (for the first
    /// `maxKnownXHeights` sizes), from the file, with one FreeType face kept for it.
    public func xHeight(atSize size: Double) -> Double {
        let unhinted = Double(xHeight) * size / Double(unitsPerEm)
        guard !xHeightFromTable, !isColorBitmap, size.isFinite, size > 0, size < 100_000 else { return unhinted }
        return hintedXHeights.withLock { known in
            if let height = known.bySize[size] { return height }
            if known.face == nil, let library = try? FreeTypeLibrary() {
                known.face = try? FreeTypeFace(stream: FreeTypeFileStream(file: file), path: path, faceIndex: faceIndex,
                                               library: library)
            }
            var hinted = unhinted
            if let face = known.face, FT_Set_Char_Size(face.handle, 0, FT_F26Dot6((size * 64).rounded()), 72, 72) == 0 {
                let glyph = FT_Get_Char_Index(face.handle, 0x78)
                // FT_LOAD_TARGET_LIGHT (a macro Swift does not import): FT_RENDER_MODE_LIGHT << 16.
                let lightHinting = FT_Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16
                if glyph != 0, FT_Load_Glyph(face.handle, glyph, lightHinting) == 0, let slot = face.handle.pointee.glyph {
                    // The hinted outline's top (26.6 pixels), which light hinting puts on the grid.
                    let top = slot.pointee.metrics.horiBearingY
                    if top > 0 { hinted = Double(top) / 64 }
                }
            }
            if known.bySize.count < Self.maxKnownXHeights { known.bySize[size] = hinted }
            return hinted
        }
    }

    /// Applies the vertical metrics rule documented on the type.
    private static func verticalMetrics(_ face: FT_Face) -> (ascender: Int, descender: Int, lineGap: Int) {
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee
        let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        let useTypoMetrics: FT_UShort = 1 << 7
        if let os2, os2.version != 0xFFFF, os2.fsSelection & useTypoMetrics != 0 {
            return (Int(os2.sTypoAscender), Int(os2.sTypoDescender), Int(os2.sTypoLineGap))
        }
        if let hhea, hhea.Ascender != 0 || hhea.Descender != 0 {
            return (Int(hhea.Ascender), Int(hhea.Descender), Int(hhea.Line_Gap))
        }
        if let os2, os2.version != 0xFFFF {
            if os2.sTypoAscender != 0 || os2.sTypoDescender != 0 {
                return (Int(os2.sTypoAscender), Int(os2.sTypoDescender), Int(os2.sTypoLineGap))
            }
            return (Int(os2.usWinAscent), -Int(os2.usWinDescent), 0)
        }
        // No table to read: FreeType's own synthesized values.
        let record = face.pointee
        return (Int(record.ascender), Int(record.descender), max(0, Int(record.height) - Int(record.ascender) + Int(record.descender)))
    }
}
