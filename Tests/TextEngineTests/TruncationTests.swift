import XCTest
@testable import TextEngine

/// Truncation of the last visible line, single- and multi-line, in every mode.
final class TruncationTests: XCTestCase {
    let ellipsis: UInt32 = 1839

    func testTailOnOneLine() throws {
        let result = layout("hello world", width: widthFor(cells: 8), try attributes(lines: 1))
        XCTAssertEqual(result.texts, ["hello w…"])
        XCTAssertTrue(result.isTruncated)
        XCTAssertEqual(result.width, 8 * cell())
        XCTAssertEqual(result.lines[0].glyphs.last, PositionedGlyph(glyph: ellipsis, x: snap(7 * cell())))
    }

    func testHeadOnOneLine() throws {
        let result = layout("hello world", width: widthFor(cells: 8), try attributes(lines: 1, truncation: .head))
        XCTAssertEqual(result.texts, ["…o world"])
        XCTAssertEqual(result.lines[0].glyphs.first, PositionedGlyph(glyph: ellipsis, x: 0))
        XCTAssertEqual(result.lines[0].glyphs[1].x, snap(1 * cell()))
        XCTAssertEqual(result.width, 8 * cell())
    }

    func testMiddleOnOneLineKeepsBothEndsBalanced() throws {
        let result = layout("hello world", width: widthFor(cells: 8), try attributes(lines: 1, truncation: .middle))
        XCTAssertEqual(result.texts, ["hell…rld"])
        XCTAssertEqual(result.lines[0].glyphs[4], PositionedGlyph(glyph: ellipsis, x: snap(4 * cell())))
        XCTAssertEqual(result.width, 8 * cell())
    }

    func testClipOnOneLineKeepsWholeClustersWithoutEllipsis() throws {
        let result = layout("hello world", width: widthFor(cells: 8), try attributes(lines: 1, truncation: .clip))
        XCTAssertEqual(result.texts, ["hello wo"])
        XCTAssertTrue(result.isTruncated)
        XCTAssertFalse(result.lines[0].glyphs.contains { $0.glyph == ellipsis })
    }

    func testTextThatFitsIsNotTruncated() throws {
        let result = layout("hello", width: widthFor(cells: 8), try attributes(lines: 1))
        XCTAssertEqual(result.texts, ["hello"])
        XCTAssertFalse(result.isTruncated)
    }

    func testMultiLineTruncatesTheLastLineOnly() throws {
        let text = "one two three four"
        let width = widthFor(cells: 9)
        let expected: [(TextTruncation, String)] = [
            (.tail, "three fo…"), (.head, "…ree four"), (.middle, "thre…four"), (.clip, "three fou"),
        ]
        for (mode, last) in expected {
            let result = layout(text, width: width, try attributes(lines: 2, truncation: mode))
            XCTAssertEqual(result.texts, ["one two ", last], "\(mode)")
            XCTAssertEqual(result.height, 2 * naturalLineHeight(), "\(mode)")
            XCTAssertTrue(result.isTruncated, "\(mode)")
        }
    }

    func testTailMarksHiddenParagraphs() throws {
        let result = layout("ab\ncd", width: nil, try attributes(lines: 1))
        XCTAssertEqual(result.texts, ["ab…"])
        XCTAssertEqual(result.width, 3 * cell())
        XCTAssertTrue(result.isTruncated)
    }

    func testHeadAndMiddleShowAFittingParagraphWhole() throws {
        for mode in [TextTruncation.head, .middle] {
            let result = layout("ab\ncd", width: nil, try attributes(lines: 1, truncation: mode))
            XCTAssertEqual(result.texts, ["ab"], "\(mode)")
            XCTAssertTrue(result.isTruncated, "\(mode)")
        }
    }

    func testSpacesNextToTheEllipsisAreDropped() throws {
        let result = layout("abc defgh", width: widthFor(cells: 5), try attributes(lines: 1))
        XCTAssertEqual(result.texts, ["abc…"])
        XCTAssertEqual(result.width, 4 * cell())
        let head = layout("abcde fgh", width: widthFor(cells: 5), try attributes(lines: 1, truncation: .head))
        XCTAssertEqual(head.texts, ["…fgh"])
    }

    func testWideCharactersAreKeptWholeOrDropped() throws {
        let result = layout("一二三四", width: widthFor(cells: 6), try attributes(lines: 1))
        XCTAssertEqual(result.texts, ["一二…"])
        XCTAssertEqual(result.width, 5 * cell())
    }

    func testTrailingEmptyLineIsNotHiddenText() throws {
        let result = layout("ab\n", width: nil, try attributes(lines: 1))
        XCTAssertEqual(result.texts, ["ab"])
        XCTAssertFalse(result.isTruncated)
    }
}
