import XCTest
@testable import TextEngine

/// UAX #14 line breaking through ICU, with hanging spaces and the cluster fallback.
final class LineBreakingTests: XCTestCase {
    func testBreaksAfterSpacesAndSpacesHang() throws {
        let result = layout("hello world", width: widthFor(cells: 8), try attributes())
        XCTAssertEqual(result.texts, ["hello ", "world"])
        XCTAssertEqual(result.lines.map(\.width), [5 * cell(), 5 * cell()])
        XCTAssertEqual(result.width, 5 * cell())
        XCTAssertEqual(result.height, 2 * naturalLineHeight())
    }

    func testTrailingSpacesNeverWrap() throws {
        let result = layout("abc     def", width: widthFor(cells: 4), try attributes())
        XCTAssertEqual(result.texts, ["abc     ", "def"])
        XCTAssertEqual(result.lines[0].width, 3 * cell())
    }

    func testBreaksAfterHyphens() throws {
        let result = layout("well-known words", width: widthFor(cells: 7), try attributes())
        XCTAssertEqual(result.texts, ["well-", "known ", "words"])
    }

    func testNoBreakBeforeClosingPunctuation() throws {
        let result = layout("hello world!", width: widthFor(cells: 11), try attributes())
        XCTAssertEqual(result.texts, ["hello ", "world!"])
        let parenthesis = layout("call (x)", width: widthFor(cells: 7), try attributes())
        XCTAssertEqual(parenthesis.texts, ["call ", "(x)"])
    }

    func testBreaksBetweenIdeographs() throws {
        let result = layout("一二三四五六七", width: widthFor(cells: 6), try attributes())
        XCTAssertEqual(result.texts, ["一二三", "四五六", "七"])
        XCTAssertEqual(result.width, 6 * cell())
    }

    func testNewlinesAreHardBreaks() throws {
        let attributes = try attributes()
        XCTAssertEqual(layout("ab\ncd", width: nil, attributes).texts, ["ab", "cd"])
        XCTAssertEqual(layout("ab\r\ncd\rx", width: nil, attributes).texts, ["ab", "cd", "x"])
        XCTAssertEqual(layout("ab\u{2028}cd\u{2029}x\u{85}y", width: nil, attributes).texts, ["ab", "cd", "x", "y"])
        XCTAssertEqual(layout("a\n\nb", width: nil, attributes).texts, ["a", "", "b"])
    }

    func testATrailingNewlineOpensAnEmptyLine() throws {
        let result = layout("ab\n", width: nil, try attributes())
        XCTAssertEqual(result.texts, ["ab", ""])
        XCTAssertEqual(result.height, 2 * naturalLineHeight())
    }

    func testEmptyTextHasNoLinesAndNoSize() throws {
        let result = layout("", width: 100, try attributes())
        XCTAssertEqual(result.lines.count, 0)
        XCTAssertEqual(result.width, 0)
        XCTAssertEqual(result.height, 0)
    }

    func testAWordWiderThanTheLineBreaksBetweenClusters() throws {
        let result = layout("hello wonderful", width: widthFor(cells: 6), try attributes())
        XCTAssertEqual(result.texts, ["hello ", "wonder", "ful"])
        let accented = layout("e\u{301}e\u{301}e\u{301}", width: widthFor(cells: 2), try attributes())
        XCTAssertEqual(accented.texts, ["e\u{301}e\u{301}", "e\u{301}"])
    }

    func testALineHoldsAtLeastOneCluster() throws {
        let result = layout("一a", width: widthFor(cells: 1), try attributes())
        XCTAssertEqual(result.texts, ["一", "a"])
        XCTAssertEqual(result.width, 2 * cell())
    }

    func testCharWrapBreaksBetweenAnyClusters() throws {
        let result = layout("hello world", width: widthFor(cells: 4), try attributes(wrap: .char))
        XCTAssertEqual(result.texts, ["hell", "o wo", "rld"])
    }

    func testUnconstrainedWidthKeepsParagraphsOnOneLine() throws {
        let result = layout("a long line\nb", width: nil, try attributes())
        XCTAssertEqual(result.texts, ["a long line", "b"])
        XCTAssertEqual(result.width, 11 * cell())
    }

    func testWidthAtTheMeasuredWidthKeepsTheSameLines() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let attributes = try attributes()
        let measured = layout(text, width: widthFor(cells: 17), attributes)
        let again = layout(text, width: measured.width, attributes)
        XCTAssertEqual(measured.texts, again.texts)
        XCTAssertEqual(measured.texts, ["The quick brown ", "fox jumps over ", "the lazy dog"])
    }

    func testTabsAreBreakOpportunitiesAndStopsCountFromTheLinesStart() throws {
        // "ab" ends at 9 cells, the tab after it hangs (to 16) and "c" wraps. When "ab\tc"
        // starts a line, its tab goes from 2 cells to the stop at 8.
        let result = layout("xxxxxx ab\tc", width: widthFor(cells: 9), try attributes())
        XCTAssertEqual(result.texts, ["xxxxxx ab\t", "c"])
        let next = layout("xxxxxxx ab\tc", width: widthFor(cells: 9), try attributes())
        XCTAssertEqual(next.texts, ["xxxxxxx ", "ab\tc"])
        XCTAssertEqual(next.lines[1].glyphs.map(\.x), [0, 1, 8].map { snap($0 * cell()) })
        XCTAssertEqual(next.lines[1].width, 9 * cell())
    }
}
