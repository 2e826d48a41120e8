internal import CICU

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

    /// Properties of every BMP scalar. Hot loops take its buffer once rather than calling
    /// `of`, which pays for the lazy global's initialization check on each call.
    static let bmpTable: [ScalarProperties] = (0..<0x1_0000).map { compute(UInt32($0)) }

    static func of(_ value: UInt32) -> ScalarProperties {
        value < 0x1_0000 ? bmpTable[Int(value)] : compute(value)
    }

    static func compute(_ value: UInt32) -> ScalarProperties {
        let c = Int32(bitPattern: value)
        var result: ScalarProperties = []
        let eastAsianWidth = lr_u_east_asian_width(c)
        if eastAsianWidth == LR_U_EA_WIDE || eastAsianWidth == LR_U_EA_FULLWIDTH {
            result.insert(.wide)
        }
        let category = lr_u_general_category(c)
        let isMark = category == LR_U_NON_SPACING_MARK || category == LR_U_ENCLOSING_MARK
            || category == LR_U_COMBINING_SPACING_MARK
        let ignorable = lr_u_default_ignorable(c) != 0
        // Variation selectors are Mn but select a glyph rather than draw one.
        if isMark && !ignorable { result.insert(.mark) }
        let lineBreak = lr_u_line_break(c)
        let isHardBreak = lineBreak == LR_U_LB_MANDATORY_BREAK || lineBreak == LR_U_LB_CARRIAGE_RETURN
            || lineBreak == LR_U_LB_LINE_FEED || lineBreak == LR_U_LB_NEXT_LINE
        if isHardBreak { result.insert(.hardBreak) }
        if value == 0x09 || (category == LR_U_SPACE_SEPARATOR && lineBreak != LR_U_LB_GLUE) {
            result.insert(.hangingSpace)
        }
        if value != 0x09 && !isHardBreak && (category == LR_U_NON_SPACING_MARK
            || category == LR_U_ENCLOSING_MARK || category == LR_U_FORMAT_CHAR
            || category == LR_U_CONTROL_CHAR || ignorable) {
            result.insert(.zeroWidth)
        }
        let clusterBreak = lr_u_grapheme_cluster_break(c)
        if clusterBreak == LR_U_GCB_OTHER || clusterBreak == LR_U_GCB_CONTROL
            || clusterBreak == LR_U_GCB_LF {
            result.insert(.simpleCluster)
        }
        if lr_u_emoji_presentation(c) != 0 { result.insert(.emojiPresentation) }
        if lr_u_extended_pictographic(c) != 0 { result.insert(.pictographic) }
        return result
    }
}
