/// The line-break opportunities of plain ASCII prose and of runs of CJK ideographs, found
/// without ICU.
///
/// Walking back from an offset, each pair of neighbours is judged by the UAX #14 rules
/// that can apply to it, and the walk stops at the first opportunity:
///
/// - never before a space (LB7), nor before `,` `.` `:` `;` that follow something other
///   than a space (LB15d; after a space, LB15c breaks before " .5");
/// - never between letters and digits (LB23, LB25, LB28: AL × AL, AL × NU, NU × AL,
///   NU × NU), nor between `,` `.` `:` `;` and a letter (LB29: IS × AL);
/// - after a hyphen between two letters, as in "well-known" (LB21 keeps it with the
///   letter before; nothing forbids the break after);
/// - between two CJK ideographs or (not small) hiragana (class ID: LB31);
/// - after spaces, before a letter or digit (LB18), unless the character before the
///   spaces is an opening bracket (LB14: OP SP* ×); LB15–LB17 need OP, NS or B2 after
///   the spaces, which a letter or digit is not.
///
/// Any other pair (non-ASCII text, controls, other punctuation, a digit after a hyphen
/// or after `,` `.` `:` `;`, the start of the text) gives nil, and ICU decides. A
/// property test compares this with ICU on random text.
enum QuickLineBreaks {
    /// The last line-break opportunity at or before `offset` in `text`, or nil when the
    /// text around it is not plain ASCII prose.
    static func boundary(atOrBefore offset: Int, in text: UnsafeMutableBufferPointer<UInt16>) -> Int? {
        guard offset > 0, offset < text.count else { return nil }
        if isIdeograph(text[offset - 1]) && isIdeograph(text[offset]) {
            return offset  // ID ÷ ID (LB31): Chinese and Japanese break between ideographs
        }
        var position = offset
        while position > 0 {
            let before = text[position - 1], at = text[position]
            guard isPrintable(before) else { return nil }
            if at == space || (isInfixSeparator(at) && before != space) {
                position -= 1  // × SP, × IS (but SP ÷ IS NU: LB15c)
                continue
            }
            guard isLetter(at) || isDigit(at) else { return nil }
            if isLetter(before) || isDigit(before) || (isInfixSeparator(before) && isLetter(at)) {
                position -= 1  // AL/NU × AL/NU, IS × AL
                continue
            }
            if before == hyphen {
                // "well-known": a break after the hyphen of a hyphenated word.
                guard isLetter(at), position >= 2, isLetter(text[position - 2]) else { return nil }
                return position
            }
            guard before == space else { return nil }
            var start = position - 1
            while start > 0 && text[start - 1] == space { start -= 1 }
            guard start > 0, isPrintable(text[start - 1]), !isOpening(text[start - 1]) else { return nil }
            return position  // SP ÷ AL/NU
        }
        return nil
    }

    private static let space: UInt16 = 0x20, hyphen: UInt16 = 0x2D

    /// A-Z, a-z and `_` (all UAX #14 class AL).
    @inline(__always) private static func isLetter(_ u: UInt16) -> Bool {
        (0x41...0x5A).contains(u) || (0x61...0x7A).contains(u) || u == 0x5F
    }
    /// CJK Unified Ideographs and the hiragana that are not small (class ID; small kana are CJ).
    @inline(__always) private static func isIdeograph(_ u: UInt16) -> Bool {
        (0x4E00...0x9FFF).contains(u) || ((0x3041...0x3096).contains(u) && !smallKana.contains(u))
    }
    private static let smallKana: Set<UInt16> = [0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085,
                                                   0x3087, 0x308E, 0x3095, 0x3096]
    @inline(__always) private static func isDigit(_ u: UInt16) -> Bool { (0x30...0x39).contains(u) }
    /// `,` `.` `:` `;` (UAX #14 class IS).
    @inline(__always) private static func isInfixSeparator(_ u: UInt16) -> Bool { u == 0x2C || u == 0x2E || u == 0x3A || u == 0x3B }
    /// `(` `[` `{` (class OP).
    @inline(__always) private static func isOpening(_ u: UInt16) -> Bool { u == 0x28 || u == 0x5B || u == 0x7B }
    /// Space to `~`: ASCII without controls.
    @inline(__always) private static func isPrintable(_ u: UInt16) -> Bool { (0x20...0x7E).contains(u) }
}
