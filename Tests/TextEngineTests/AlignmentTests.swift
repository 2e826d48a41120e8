import XCTest
@testable import TextEngine

/// Line placement in the box: left, right, center, natural (LTR/RTL) and justify.
final class AlignmentTests: XCTestCase {
    let box = widthFor(cells: 10)

    func testLeftAndNaturalStartAtZero() throws {
        for alignment in [TextAlignment.left, .natural] {
            let result = layout("abc", width: box, try attributes(alignment: alignment))
            XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 1, 2].map { snap($0 * cell()) })
        }
    }

    func testCenterSplitsTheSpareWidth() throws {
        let result = layout("abc", width: box, try attributes(alignment: .center))
        let offset = snap((box - 3 * cell()) / 2)
        XCTAssertEqual(result.lines[0].x, offset)
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 1, 2].map { snap(offset + $0 * cell()) })
        XCTAssertEqual(result.width, 3 * cell(), "the size is the text's, not the box's")
    }

    func testRightEndsAtTheBoxEdge() throws {
        let result = layout("abc", width: box, try attributes(alignment: .right))
        let offset = snap(box - 3 * cell())
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 1, 2].map { snap(offset + $0 * cell()) })
    }

    func testNaturalIsRightForRightToLeft() throws {
        let result = layout("abc", width: box, try attributes(alignment: .natural, rightToLeft: true))
        XCTAssertEqual(result.lines[0].x, snap(box - 3 * cell()), "the offset is on the pixel grid")
    }

    func testRightAlignmentIgnoresHangingSpaces() throws {
        let result = layout("ab cd", width: widthFor(cells: 3), try attributes(alignment: .right))
        XCTAssertEqual(result.texts, ["ab ", "cd"])
        XCTAssertEqual(result.lines.map(\.x), [snap(widthFor(cells: 3) - 2 * cell()), snap(widthFor(cells: 3) - 2 * cell())])
    }

    func testUnconstrainedCenterUsesTheWidestLine() throws {
        let result = layout("a\nabc", width: nil, try attributes(alignment: .center))
        XCTAssertEqual(result.lines[0].x, snap((3 * cell() - cell()) / 2))
    }

    func testJustifyWidensSpacesOnAllButTheParagraphsLastLine() throws {
        // A whole-pixel box (7 cells, 59.0009765625, fit; 8 do not): justified lines are
        // stretched to the box floored to a device pixel, the box itself here.
        let width = 60.0
        let result = layout("aa bb cc dd\nee ff", width: width, try attributes(alignment: .justify))
        XCTAssertEqual(result.texts, ["aa bb ", "cc dd", "ee ff"])
        let extra = width - 5 * cell()
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 1].map { snap($0 * cell()) } + [3, 4].map { snap($0 * cell() + extra) })
        XCTAssertEqual(result.lines[0].width, width)
        XCTAssertEqual(result.lines[1].glyphs.map(\.x), [0, 1, 3, 4].map { snap($0 * cell()) })
        XCTAssertEqual(result.lines[2].glyphs.map(\.x), [0, 1, 3, 4].map { snap($0 * cell()) })
        XCTAssertEqual(result.width, 5 * cell())
    }

    func testJustifyWithoutSpacesWidensGapsBetweenCharacters() throws {
        // A whole-pixel box, as above: 5 cells (42.1435546875) fit, 6 do not.
        let width = 43.0
        let result = layout("一二三四五", width: width, try attributes(alignment: .justify))
        XCTAssertEqual(result.texts, ["一二", "三四", "五"])
        let extra = width - 4 * cell()
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, snap(2 * cell() + extra)])
        XCTAssertEqual(result.lines[2].glyphs.map(\.x), [0])
    }

    func testJustifyLeavesTruncatedLinesAlone() throws {
        let result = layout("aa bb cc dd", width: widthFor(cells: 7), try attributes(lines: 1, alignment: .justify))
        XCTAssertEqual(result.texts, ["aa bb…"])
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 1, 3, 4, 5].map { snap($0 * cell()) })
    }
}
