internal import _FoundationICU
import Synchronization

/// The few Unicode properties measuring needs, packed in one byte per scalar.
///
/// Read from ICU (Unicode 15 in ICU 72) once: a table for the Basic Multilingual Plane,
/// built on first use, so the hot loop over text is a single array load per UTF-16 unit.
/// Supplementary scalars (emoji, rare CJK) ask ICU each time.
struct ScalarProperties: OptionSet, Sendable {
    let rawValue: UInt8

    /// East Asian Width W or F: two cells.
    static let wide = ScalarProperties(rawValue: 1 << 0)
    /// Takes no cell: combining marks (Mn, Me), format characters (Cf), default-ignorable
    /// characters and controls (Cc) other than tab and line breaks.
    static let zeroWidth = ScalarProperties(rawValue: 1 << 1)
    /// Grapheme_Cluster_Break is Other, Control or LF: a cluster boundary always lies
    /// between two such scalars (UAX #29 GB4, GB5, GB999), so ICU need not be asked.
    static let simpleCluster = ScalarProperties(rawValue: 1 << 2)
    /// Emoji_Presentation=Yes: an emoji shown as an emoji even without U+FE0F.
    static let emojiPresentation = ScalarProperties(rawValue: 1 << 3)
    /// Extended_Pictographic: may start an emoji sequence.
    static let pictographic = ScalarProperties(rawValue: 1 << 4)
    /// White space that hangs at the end of a line (Zs other than no-break spaces, tab).
    static let hangingSpace = ScalarProperties(rawValue: 1 << 5)
    /// A mandatory line break: UAX #14 classes BK, CR, LF and NL (LF, VT, FF, CR, NEL,
    /// LS, PS), the ones ICU's line iterator reports with a status ≥ `UBRK_LINE_HARD`.
    static let hardBreak = ScalarProperties(rawValue: 1 << 6)
    /// A combining mark (Mn, Mc, Me, not default-ignorable): drawn over its base, at the
    /// base's origin.
    static let mark = ScalarProperties(rawValue: 1 << 7)

    static func of(_ value: UInt32) -> ScalarProperties {
        value < 0x1_0000 ? BMPProperties.shared.value(value) : compute(value)
    }

    static func compute(_ value: UInt32) -> ScalarProperties {
        let c = Int32(bitPattern: value)
        var result: ScalarProperties = []
        let eastAsianWidth = lr_u_east_asian_width(c)
        if eastAsianWidth == Int32(U_EA_WIDE.rawValue) || eastAsianWidth == Int32(U_EA_FULLWIDTH.rawValue) {
            result.insert(.wide)
        }
        let category = lr_u_general_category(c)
        let isMark = category == Int32(U_NON_SPACING_MARK.rawValue) || category == Int32(U_ENCLOSING_MARK.rawValue)
            || category == Int32(U_COMBINING_SPACING_MARK.rawValue)
        let ignorable = lr_u_default_ignorable(c) != 0
        // Variation selectors are Mn but select a glyph rather than draw one.
        if isMark && !ignorable { result.insert(.mark) }
        let lineBreak = lr_u_line_break(c)
        let isHardBreak = lineBreak == Int32(U_LB_MANDATORY_BREAK.rawValue) || lineBreak == Int32(U_LB_CARRIAGE_RETURN.rawValue)
            || lineBreak == Int32(U_LB_LINE_FEED.rawValue) || lineBreak == Int32(U_LB_NEXT_LINE.rawValue)
        if isHardBreak { result.insert(.hardBreak) }
        if value == 0x09 || (category == Int32(U_SPACE_SEPARATOR.rawValue) && lineBreak != Int32(U_LB_GLUE.rawValue)) {
            result.insert(.hangingSpace)
        }
        if value != 0x09 && !isHardBreak && (category == Int32(U_NON_SPACING_MARK.rawValue)
            || category == Int32(U_ENCLOSING_MARK.rawValue) || category == Int32(U_FORMAT_CHAR.rawValue)
            || category == Int32(U_CONTROL_CHAR.rawValue) || ignorable) {
            result.insert(.zeroWidth)
        }
        let clusterBreak = lr_u_grapheme_cluster_break(c)
        if clusterBreak == Int32(U_GCB_OTHER.rawValue) || clusterBreak == Int32(U_GCB_CONTROL.rawValue)
            || clusterBreak == Int32(U_GCB_LF.rawValue) {
            result.insert(.simpleCluster)
        }
        if lr_u_emoji_presentation(c) != 0 { result.insert(.emojiPresentation) }
        if lr_u_extended_pictographic(c) != 0 { result.insert(.pictographic) }
        return result
    }
}

/// Properties of the Basic Multilingual Plane, filled in pages of 256 scalars the first time
/// a text uses a page: asking ICU about all 65,536 scalars up front cost more than laying out
/// a whole card (callgrind: 33 M instructions, 11 % of a render), while a text touches a few
/// pages. Hot loops take the whole table's buffer after `prepare(for:)` has filled the pages
/// of their text.
final class BMPProperties: @unchecked Sendable {
    static let shared = BMPProperties()

    /// 65,536 entries, never freed; a page is written once, under `filled`'s lock, before
    /// its flag is set, and only read after a reader has seen the flag under the same lock.
    private let table: UnsafeMutableBufferPointer<ScalarProperties>
    private let filled = Mutex([Bool](repeating: false, count: 256))

    private init() {
        table = .allocate(capacity: 0x1_0000)
        table.initialize(repeating: [])
    }

    /// Fills the pages `text` uses and returns the table, valid for every scalar of `text`.
    func prepare(for text: UnsafeBufferPointer<UInt16>) -> UnsafeBufferPointer<ScalarProperties> {
        var used = [Bool](repeating: false, count: 256)
        for unit in text { used[Int(unit >> 8)] = true }
        filled.withLock { filled in
            for page in 0..<256 where used[page] && !filled[page] {
                fill(page)
                filled[page] = true
            }
        }
        return UnsafeBufferPointer(table)
    }

    func value(_ scalar: UInt32) -> ScalarProperties {
        let page = Int(scalar >> 8)
        return filled.withLock { filled in
            if !filled[page] {
                fill(page)
                filled[page] = true
            }
            return table[Int(scalar)]
        }
    }

    private func fill(_ page: Int) {
        for scalar in page << 8..<(page + 1) << 8 {
            table[scalar] = ScalarProperties.compute(UInt32(scalar))
        }
    }
}
