import XCTest
@testable import SpecLanguage

/// The parser's byte-level shortcuts give the answers of the `String` operations they
/// replace: the spelling tables, the eight-bytes-at-a-time line split, whole numbers.
final class ByteLookupTests: XCTestCase {
    func testSpellingTablesFindEveryNameAndNothingElse() {
        for name in AttributeName.allCases {
            XCTAssertEqual(AttributeName(name.spelling), name)
            XCTAssertEqual(AttributeName(utf8: ArraySlice(name.spelling.utf8)), name)
            XCTAssertNil(AttributeName(name.spelling + "x"))
            // (A shorter spelling finds only the name spelled so: `area` of `areas`, `to` of `top`.)
            let shorter = String(name.spelling.dropLast())
            XCTAssertEqual(AttributeName(shorter), AttributeName.allCases.first { $0.spelling == shorter })
            XCTAssertNil(AttributeName(name.spelling.uppercased()))
        }
        for kind in NodeKind.allCases { XCTAssertEqual(NodeKind.named(kind.rawValue), kind) }
        for word in ["", "x", "margin-left-right-top", "paddin\u{0301}g", "vbox\0", "\u{212A}", "background-images"] {
            XCTAssertNil(AttributeName(word), word)
            XCTAssertNil(NodeKind.named(word), word)
        }
    }

    func testLineStartsAtEveryOffsetAroundTheEightByteWords() {
        // Every position of one or two LFs (and CRLFs) in texts of 0 to 40 bytes, with
        // multi-byte characters beside them, split as `split(separator:)` splits.
        // The filler is also a byte that differs from an LF in its top bit only (0x8A, of
        // "ʊ"), or an LF's neighbours (0x0B, 0x09), which the word test must not take for one.
        for filler: [UInt8] in [[UInt8(ascii: "a")], [0xCA, 0x8A], [0x0B], [0x09]] {
            for length in 0...40 {
                for first in 0..<max(length, 1) {
                    for second in [nil, first + 3, first + 8] {
                        var bytes = (0..<length).map { filler[$0 % filler.count] }
                        if first < length { bytes[first] = UInt8(ascii: "\n") }
                        if let second, second < length { bytes[second] = UInt8(ascii: "\n") }
                        if length > 2, bytes[length - 2] != UInt8(ascii: "\n") { bytes[length - 2] = 0xC3; bytes[length - 1] = 0xA9 }
                        let text = String(decoding: bytes, as: UTF8.self)
                        let lines = SourceLines(text)
                        let expected = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                        XCTAssertEqual(lines.count, expected.count, "\(bytes)")
                        for (index, line) in expected.enumerated() where index < lines.count {
                            XCTAssertEqual(Array(lines[index].utf8), Array(line), "\(bytes) line \(index)")
                        }
                    }
                }
            }
        }
    }

    func testWholeNumbersReadAsDoubleReadsThem() throws {
        for text in ["0", "7", "0012", "1920", "999999999999999", "1000000000000000", "12345678901234567", "1e3", "1.5", "-0", "+4",
                     "0.1", "2.675", "1.005", "-12.25", "0.30000000000000004", "-0.0", "123456789012.345", "0.000001",
                     "99999999.9999999", "9007199254740993", "4.35", "0.1234567890123"] {
            XCTAssertEqual(try ValueReader.number(text).bitPattern, Double(text)?.bitPattern, text)
        }
    }

    /// The byte reader's decimals (which `ValueReader.number` and the JSON reader read first
    /// too) are the `Double`s `strtod` makes of them, bit for bit, over 20,000 spellings of up
    /// to 15 digits with a point anywhere (the same ones every run: digits drawn from a
    /// linear congruential sequence).
    func testDecimalsAreTheDoublesStrtodMakes() {
        var state: UInt64 = 18
        func draw(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20_000 {
            let digits = 1 + draw(15)
            var text = String((0..<digits).map { _ in Character(String(draw(10))) })
            if digits > 1, draw(2) == 1 {
                text.insert(".", at: text.index(text.startIndex, offsetBy: 1 + draw(digits - 1)))
            }
            if draw(2) == 1 { text = "-" + text }
            var bytes = text
            XCTAssertEqual(bytes.withUTF8(ByteValueReader.decimal)?.bitPattern, Double(text)?.bitPattern, text)
        }
    }
}
