/// Where a line may break, as Chromium decides it (Blink's `LazyLineBreakIterator`,
/// third_party/blink/renderer/platform/text/text_break_iterator.cc), so labels wrap where
/// a browser wraps the same text:
///
/// 1. after a run of spaces, tabs or newlines, always; never before one;
/// 2. between two printable ASCII characters, by Chromium's own table (not UAX #14):
///    after `-` before a letter, most symbols, or a digit when a letter or digit comes
///    before the `-` (`2026-11`, `ABCD-1234`, not the minus of ` -5`); after `?` before a
///    letter, a digit or most symbols; before `(` `<` `[` `{` after `!` `"` `#` `%` `&` `)`
///    `*` `+` `,` `.` `:` `;` `=` `>` `\` `]` `|` `}` `~`; nowhere else (none after `/`, so
///    `and/or` stays whole; none inside `C++`);
/// 3. between two characters that are ASCII or U+00A0, nowhere else;
/// 4. beside a quotation mark (UAX #14 class QU) where one neighbour is not ASCII, by
///    LB19 and LB19a of Unicode 15.1, which Chromium's ICU has and the ICU linked here does
///    not apply: never before a quotation mark that is not an opening one (Pi), never after
///    one that is not a closing one (Pf), and on either side only between East Asian
///    characters (`以“smart”` keeps together);
/// 5. before and after U+FFFC, the character an inline object (an image in the text,
///    `InlineObject`) stands for, whatever is beside it but a space: browsers break around
///    an atomic inline as CSS Text 3 §5.1 asks for web compatibility (Chromium puts `<img>`
///    and `)` on two lines where UAX #14 would keep U+FFFC and `)` together);
/// 6. anywhere else, where UAX #14 allows it (ICU's line iterator), answered without ICU
///    between two CJK ideographs or (not small) hiragana (ID ÷ ID, LB31).
final class LineBreakOpportunities {
    private let text: UTF16Buffer
    private let icu: BreakIterator

    init(over text: UTF16Buffer) throws(TextError) {
        self.text = text
        icu = try BreakIterator(.line, over: text)
    }

    /// The last opportunity at or before `offset` and after `floor`, or `floor` when there
    /// is none (0 and 0: the last after the start, or 0).
    /// Walks back over the text from `offset`, never past `floor`: a caller that needs only
    /// the opportunities within a line passes the line's start, so breaking one long word
    /// into many lines reads each part of it once (without the floor, every line walked back
    /// to the word's start: quadratic in the word). ICU is asked only where rule 4 applies,
    /// and then once for every position back to its answer or the floor.
    func boundary(atOrBefore offset: Int, floor: Int = 0) -> Int {
        let units = text.units
        let floor = max(0, floor)
        var position = min(offset, units.count)
        while position > floor {
            if position == units.count { return position }
            if let decided = Self.decided(at: position, in: units) {
                if decided { return position }
                position -= 1
                continue
            }
            // ICU's last boundary at or before here: rule 4's positions between it and here
            // are not opportunities; the others are decided by rules 1 to 3 and 5.
            let icuBoundary = icu.boundary(atOrBefore: position)
            var candidate = position - 1
            while candidate > max(icuBoundary, floor) {
                if Self.decided(at: candidate, in: units) == true { return candidate }
                candidate -= 1
            }
            guard icuBoundary > floor else { return floor }
            if let decided = Self.decided(at: icuBoundary, in: units) {
                if decided { return icuBoundary }
                position = icuBoundary - 1
                continue
            }
            return icuBoundary
        }
        return floor
    }

    /// Every opportunity after the start, in order, then the text's end. Not to be mixed
    /// with `boundary(atOrBefore:)` on one instance.
    func forEachOpportunity(_ body: (_ offset: Int) -> Void) {
        let units = text.units
        var icuNext = 0
        var position = 1
        while position < units.count {
            if let decided = Self.decided(at: position, in: units) {
                if decided { body(position) }
            } else {
                if icuNext < position { icuNext = icu.boundary(after: position - 1) }
                if icuNext == position { body(position) }
            }
            position += 1
        }
        if units.count > 0 { body(units.count) }
    }

    /// Rules 1 to 5 at `position` (between `units[position - 1]` and `units[position]`), or nil
    /// when UAX #14 decides (rule 6).
    @inline(__always)
    static func decided(at position: Int, in units: UnsafeMutableBufferPointer<UInt16>) -> Bool? {
        let before = units[position - 1], at = units[position]
        if isBreakableSpace(before) { return !isBreakableSpace(at) }
        if isBreakableSpace(at) { return false }
        if before == objectReplacement || at == objectReplacement { return true }
        if before == hyphen && isDigit(at) {
            return position >= 2 && isLetterOrDigit(units[position - 2])
        }
        if before >= 0x21 && before <= 0x7F && at >= 0x21 && at <= 0x7F {
            return asciiTable[Int(before - 0x21)] & (1 << UInt128(at - 0x21)) != 0
        }
        if (before <= 0x7F || before == noBreakSpace) && (at <= 0x7F || at == noBreakSpace) { return false }
        if forbidsBreakBesideQuote(at: position, in: units) { return false }
        if isIdeograph(before) && isIdeograph(at) { return true }
        return nil
    }

    /// Rule 4: whether LB19 or LB19a forbids a break beside a quotation mark (where they do
    /// not, the later rules decide).
    @inline(__always)
    private static func forbidsBreakBesideQuote(at position: Int, in units: UnsafeMutableBufferPointer<UInt16>) -> Bool {
        let before = units[position - 1], at = units[position]
        if let quote = quotation(at) {
            if quote != .opening { return true }                                  // × [QU - Pi]
            guard let left = isEastAsian(before) else { return false }
            if !left { return true }                                              // [^EA] × QU
            guard position + 1 < units.count else { return true }                 // × QU eot
            guard let right = isEastAsian(units[position + 1]) else { return false }
            if !right { return true }                                             // × QU [^EA]
        }
        if let quote = quotation(before) {
            if quote != .closing { return true }                                  // [QU - Pf] ×
            guard let right = isEastAsian(at) else { return false }
            if !right { return true }                                             // QU × [^EA]
            guard position >= 2 else { return true }                              // sot QU ×
            guard let left = isEastAsian(units[position - 2]) else { return false }
            if !left { return true }                                              // [^EA] QU ×
        }
        return false
    }

    private enum Quotation { case opening, closing, neither }

    /// The quotation marks of UAX #14 class QU in the Basic Multilingual Plane, by their
    /// general category: opening (Pi), closing (Pf), or neither.
    @inline(__always) private static func quotation(_ u: UInt16) -> Quotation? {
        switch u {
        case 0x00AB, 0x2018, 0x201B, 0x201C, 0x201F, 0x2039, 0x2E02, 0x2E04, 0x2E09, 0x2E0C, 0x2E1C, 0x2E20:
            return .opening
        case 0x00BB, 0x2019, 0x201D, 0x203A, 0x2E03, 0x2E05, 0x2E0A, 0x2E0D, 0x2E1D, 0x2E21:
            return .closing
        case 0x0022, 0x0027, 0x275B...0x275E, 0x2E00, 0x2E01, 0x2E06...0x2E08, 0x2E0B:
            return .neither
        default:
            return nil
        }
    }

    /// Whether `u` is East Asian for LB19a (East_Asian_Width F, W or H); nil for a surrogate,
    /// whose character is not known from one unit (ICU decides then).
    @inline(__always) private static func isEastAsian(_ u: UInt16) -> Bool? {
        switch u {
        case 0xD800...0xDFFF: return nil
        case 0x1100...0x115F, 0x231A...0x231B, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFFDC, 0xFFE0...0xFFE6:
            return true
        default:
            return false
        }
    }

    private static let hyphen: UInt16 = 0x2D, noBreakSpace: UInt16 = 0xA0, objectReplacement: UInt16 = 0xFFFC

    /// Chromium's `IsBreakableSpace`: space, tab, newline.
    @inline(__always) private static func isBreakableSpace(_ u: UInt16) -> Bool { u == 0x20 || u == 0x09 || u == 0x0A }
    @inline(__always) private static func isDigit(_ u: UInt16) -> Bool { (0x30...0x39).contains(u) }
    @inline(__always) private static func isLetterOrDigit(_ u: UInt16) -> Bool {
        isDigit(u) || (0x41...0x5A).contains(u) || (0x61...0x7A).contains(u)
    }
    /// CJK Unified Ideographs and the hiragana that are not small (class ID; small kana are CJ).
    @inline(__always) private static func isIdeograph(_ u: UInt16) -> Bool {
        (0x4E00...0x9FFF).contains(u) || ((0x3041...0x3096).contains(u) && !smallKana.contains(u))
    }
    private static let smallKana: Set<UInt16> = [0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085,
                                                   0x3087, 0x308E, 0x3095, 0x3096]

    /// Rule 2's table: for each character from `!` to DEL, the bit of each character from
    /// `!` to DEL a line may break before after it (bit `c - 0x21`). Digits after `-` are
    /// decided before the table, as in Chromium.
    private static let asciiTable: [UInt128] = {
        func bits(_ characters: String) -> UInt128 {
            characters.unicodeScalars.reduce(0) { $0 | (1 << UInt128($1.value - 0x21)) }
        }
        let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        var table = [UInt128](repeating: 0, count: 0x7F - 0x21 + 1)
        for character in "!\"#%&)*+,.:;=>\\]|}~".unicodeScalars { table[Int(character.value - 0x21)] = bits("(<[{") }
        table[Int(hyphen - 0x21)] = bits("\"#%&'(*+-<=>@[\\^_`{|~" + letters) | (1 << UInt128(0x7F - 0x21))
        table[0x3F - 0x21] = bits("#$%&(*+-0123456789<=>@[\\^_`{|~" + letters)
        return table
    }()
}
