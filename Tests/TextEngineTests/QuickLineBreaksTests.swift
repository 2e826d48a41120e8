import XCTest
@testable import TextEngine

/// The shortcut must give ICU's answer wherever it gives one.
final class QuickLineBreaksTests: XCTestCase {
    /// ICU's last line-break opportunity at or before `offset`, from a fresh iterator.
    private func icuBoundary(atOrBefore offset: Int, in buffer: UTF16Buffer) throws -> Int {
        let iterator = try BreakIterator(.line, over: buffer)
        var last = 0
        iterator.forEachBoundary { boundary, _ in if boundary <= offset { last = max(last, boundary) } }
        return last
    }

    func testAgreesWithICUOnRandomText() throws {
        // Letters, digits and spaces (where the shortcut answers) among the characters
        // that change UAX #14's answer: punctuation, brackets, quotes, hyphens, tabs,
        // newlines, no-break and zero-width spaces, combining marks, CJK, emoji.
        let words = ["a", "Z", "q", "5", "0"]
        let others = ["-", "-", ",", ".", ";", ":", "(", ")", "[", "]", "{", "}", "\"", "'", "!", "?", "%", "$", "/",
                      "#", "&", "*", "+", "=", "<", ">", "@", "\\", "_", "|", "~", "^", "`", "\t", "\n", "\r", "\u{A0}",
                      "\u{200B}", "\u{301}", "日", "本", "é", "🙂", "「", "」", "\u{2060}", "—", "\u{3000}",
                      "の", "は", "ぁ", "っ", "ゃ", "ー", "ア", "ッ", "。", "、", "・", "々", "〜", "（", "）", "！", "中", "文",
                      "汉", "字", "\u{FE0F}", "\u{3099}", "ゝ", "ゞ"]
        // Japanese and Chinese text, dense with what changes the answer between ideographs.
        let cjk = ["日", "本", "の", "は", "中", "文", "汉", "字", "ぁ", "っ", "ゃ", "ー", "ア", "ッ", "。", "、", "・", "々",
                   "〜", "「", "」", "（", "）", "！", "\u{3000}", "\u{3099}", "ゝ", "a", " ", "5"]
        var generator = SplitMix(seed: 0x5EED)
        var asianText = false
        func character() -> String {
            if asianText { return cjk[Int(generator.next() % UInt64(cjk.count))] }
            let roll = generator.next() % 100
            if roll < 55 { return words[Int(generator.next() % UInt64(words.count))] }
            if roll < 80 { return " " }
            return others[Int(generator.next() % UInt64(others.count))]
        }
        var answered = 0, compared = 0
        for _ in 0..<3000 {
            asianText = generator.next() % 3 == 0
            let length = Int(generator.next() % 24)
            let text = (0..<length).map { _ in character() }.joined()
            let buffer = try UTF16Buffer(text)
            for offset in 0...buffer.count {
                compared += 1
                guard let shortcut = QuickLineBreaks.boundary(atOrBefore: offset, in: buffer.units) else { continue }
                answered += 1
                XCTAssertEqual(shortcut, try icuBoundary(atOrBefore: offset, in: buffer),
                               "offset \(offset) in \(text.debugDescription)")
            }
        }
        // The shortcut must actually answer a fair share, or this test checks nothing.
        XCTAssertGreaterThan(answered, compared / 10, "\(answered) of \(compared)")
    }

    func testTheCasesItAnswers() throws {
        let buffer = try UTF16Buffer("say hello  world, then go")
        XCTAssertEqual(QuickLineBreaks.boundary(atOrBefore: 6, in: buffer.units), 4)    // inside "hello"
        XCTAssertEqual(QuickLineBreaks.boundary(atOrBefore: 9, in: buffer.units), 4)    // in the spaces after it
        XCTAssertEqual(QuickLineBreaks.boundary(atOrBefore: 11, in: buffer.units), 11)  // at "world"
        XCTAssertEqual(QuickLineBreaks.boundary(atOrBefore: 16, in: buffer.units), 11)  // at the comma
        XCTAssertEqual(QuickLineBreaks.boundary(atOrBefore: 20, in: buffer.units), 18)  // "then" after ", "
        XCTAssertNil(QuickLineBreaks.boundary(atOrBefore: 2, in: buffer.units))         // the first word
        let hyphenated = try UTF16Buffer("a well-known (name) x-1")
        XCTAssertEqual(QuickLineBreaks.boundary(atOrBefore: 10, in: hyphenated.units), 7)  // after "well-"
        XCTAssertNil(QuickLineBreaks.boundary(atOrBefore: 15, in: hyphenated.units))       // after "("
        XCTAssertNil(QuickLineBreaks.boundary(atOrBefore: 22, in: hyphenated.units))       // "x-1"
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
