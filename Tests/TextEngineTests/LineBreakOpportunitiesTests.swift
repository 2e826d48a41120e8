import XCTest
@testable import TextEngine

/// Chromium's line-break opportunities, checked against a plain reading of its rules (a
/// pair table written out character by character, ICU's whole boundary list for the rest),
/// and on the cases a browser shows.
final class LineBreakOpportunitiesTests: XCTestCase {
    /// The opportunities of `text` by the rules read plainly, forward, as Chromium's
    /// `NextBreakablePosition` reads them.
    private func reference(_ text: String) throws -> [Int] {
        let buffer = try UTF16Buffer(text)
        let units = Array(buffer.units)
        var icu: Set<Int> = []
        try BreakIterator(.line, over: buffer).forEachBoundary { offset, _ in icu.insert(offset) }
        let letters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf16)
        let digits = Set("0123456789".utf16)
        let afterHyphen = Set("\"#%&'(*+-<=>@[\\^_`{|~".utf16).union(letters).union([0x7F])
        let afterQuestion = Set("#$%&(*+-<=>@[\\^_`{|~".utf16).union(letters).union(digits)
        let opening = Set("(<[{".utf16)
        let beforeOpening = Set("!\"#%&)*+,.:;=>\\]|}~".utf16)
        func isSpace(_ u: UInt16) -> Bool { u == 0x20 || u == 0x09 || u == 0x0A }
        func isSimple(_ u: UInt16) -> Bool { u <= 0x7F || u == 0xA0 }
        var out: [Int] = []
        for position in 1..<max(1, units.count) {
            let before = units[position - 1], at = units[position]
            let breaks: Bool
            if isSpace(before) || isSpace(at) {
                breaks = isSpace(before) && !isSpace(at)
            } else if before == 0x2D && digits.contains(at) {
                breaks = position >= 2 && (letters.contains(units[position - 2]) || digits.contains(units[position - 2]))
            } else if (0x21...0x7F).contains(before) && (0x21...0x7F).contains(at) {
                breaks = before == 0x2D ? afterHyphen.contains(at)
                    : before == 0x3F ? afterQuestion.contains(at)
                    : beforeOpening.contains(before) && opening.contains(at)
            } else if isSimple(before) && isSimple(at) {
                breaks = false
            } else if let quoted = quotationRule(units, position) {
                breaks = quoted
            } else {
                breaks = icu.contains(position)
            }
            if breaks { out.append(position) }
        }
        if !units.isEmpty { out.append(units.count) }
        return out
    }

    /// LB19 and LB19a of UAX #14 (Unicode 15.1) read plainly, for the quotation marks the
    /// random texts use: false where they forbid a break, nil where they do not.
    private func quotationRule(_ units: [UInt16], _ position: Int) -> Bool? {
        let opening: Set<UInt16> = [0x201C, 0x2018, 0xAB], closing: Set<UInt16> = [0x201D, 0x2019, 0xBB]
        let quotes = opening.union(closing).union([0x22, 0x27])
        func eastAsian(_ u: UInt16?) -> Bool {
            guard let u else { return false }
            return (0x3000...0x30FF).contains(u) || (0x4E00...0x9FFF).contains(u) || (0xFF00...0xFF60).contains(u)
        }
        let before = units[position - 1], at = units[position]
        let beforeBefore = position >= 2 ? units[position - 2] : nil
        let after: UInt16? = position + 1 < units.count ? units[position + 1] : nil
        if quotes.contains(at) && !opening.contains(at) { return false }
        if quotes.contains(before) && !closing.contains(before) { return false }
        if quotes.contains(at) && !(eastAsian(before) && eastAsian(after)) { return false }
        if quotes.contains(before) && !(eastAsian(beforeBefore) && eastAsian(at)) { return false }
        return nil
    }

    func testAgreesWithTheRulesReadPlainlyOnRandomText() throws {
        // Letters, digits and spaces among the characters that change the answer:
        // punctuation, brackets, quotes, hyphens, tabs, newlines, no-break and zero-width
        // spaces, combining marks, CJK, emoji.
        let words = ["a", "Z", "q", "5", "0"]
        let others = ["-", "-", ",", ".", ";", ":", "(", ")", "[", "]", "{", "}", "\"", "'", "!", "?", "%", "$", "/",
                      "#", "&", "*", "+", "=", "<", ">", "@", "\\", "_", "|", "~", "^", "`", "\t", "\n", "\r", "\u{A0}",
                      "\u{200B}", "\u{301}", "日", "本", "é", "🙂", "「", "」", "\u{2060}", "—", "\u{3000}",
                      "の", "は", "ぁ", "っ", "ゃ", "ー", "ア", "ッ", "。", "、", "・", "々", "〜", "（", "）", "！", "中", "文",
                      "汉", "字", "\u{FE0F}", "\u{3099}", "ゝ", "ゞ", "ש", "ل", "\u{7F}", "“", "”", "‘", "’", "«", "»"]
        let cjk = ["日", "本", "の", "は", "中", "文", "汉", "字", "ぁ", "っ", "ゃ", "ー", "ア", "ッ", "。", "、", "・", "々",
                   "〜", "「", "」", "（", "）", "！", "\u{3000}", "\u{3099}", "ゝ", "a", " ", "5", "“", "”", "\""]
        var generator = SplitMix(seed: 0x5EED)
        var asianText = false
        func character() -> String {
            if asianText { return cjk[Int(generator.next() % UInt64(cjk.count))] }
            let roll = generator.next() % 100
            if roll < 55 { return words[Int(generator.next() % UInt64(words.count))] }
            if roll < 80 { return " " }
            return others[Int(generator.next() % UInt64(others.count))]
        }
        var opportunities = 0
        for _ in 0..<3000 {
            asianText = generator.next() % 3 == 0
            let length = Int(generator.next() % 24)
            let text = (0..<length).map { _ in character() }.joined()
            let expected = try reference(text)
            opportunities += expected.count
            let buffer = try UTF16Buffer(text)
            var forward: [Int] = []
            try LineBreakOpportunities(over: buffer).forEachOpportunity { forward.append($0) }
            XCTAssertEqual(forward, expected, text.debugDescription)
            let backward = try LineBreakOpportunities(over: buffer)
            for offset in 0...buffer.count {
                XCTAssertEqual(backward.boundary(atOrBefore: offset), expected.last { $0 <= offset } ?? 0,
                               "offset \(offset) in \(text.debugDescription)")
            }
        }
        XCTAssertGreaterThan(opportunities, 10_000)
    }

    /// Where Chromium 156 breaks these (checked with `scripts/conformance --text`).
    func testTheBrowsersCases() throws {
        func opportunities(_ text: String) throws -> [String] {
            let buffer = try UTF16Buffer(text)
            var cuts: [Int] = []
            try LineBreakOpportunities(over: buffer).forEachOpportunity { cuts.append($0) }
            var pieces: [String] = []
            var start = 0
            for cut in cuts {
                pieces.append(buffer.string(start..<cut))
                start = cut
            }
            return pieces
        }
        XCTAssertEqual(try opportunities("2026-11-25"), ["2026-", "11-", "25"])   // UAX #14 keeps "-1" (HY × NU)
        XCTAssertEqual(try opportunities("a -5 x-1"), ["a ", "-5 ", "x-", "1"])    // a minus sign stays on its number
        XCTAssertEqual(try opportunities("and/or C++ a.b"), ["and/or ", "C++ ", "a.b"])
        XCTAssertEqual(try opportunities("well-known (x) a.(b) why?not"), ["well-", "known ", "(x) ", "a.", "(b) ", "why?", "not"])
        XCTAssertEqual(try opportunities("( a"), ["( ", "a"])                     // UAX #14 keeps "( a" (LB14)
        XCTAssertEqual(try opportunities("日本語の文"), ["日", "本", "語", "の", "文"])
        XCTAssertEqual(try opportunities("a\u{A0}b c"), ["a\u{A0}b ", "c"])
        XCTAssertEqual(try opportunities("可以“smart”it"), ["可", "以“smart”it"])   // UAX #14 LB19a
    }
}

/// SplitMix64: a small seeded generator, so failures can be replayed.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
