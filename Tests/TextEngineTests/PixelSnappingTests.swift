import XCTest
@testable import TextEngine

/// Glyph origins and baselines on whole device pixels; sizes rounded up to whole pixels.
final class PixelSnappingTests: XCTestCase {
    func testScaleOne() throws {
        let result = layout("abc", width: nil, try attributes(pixelScale: 1))
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, (cell()).rounded(), (2 * cell()).rounded()])
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 8, 17])
        XCTAssertEqual(result.width, (3 * cell()).rounded(.up))
        XCTAssertEqual(result.width, 26)
        XCTAssertEqual(result.lines[0].baseline, 13)
        XCTAssertEqual(result.height, 17)
    }

    func testScaleTwo() throws {
        let result = layout("abc", width: nil, try attributes(pixelScale: 2))
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, (2 * cell()).rounded() / 2, (4 * cell()).rounded() / 2])
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 8.5, 17])
        XCTAssertEqual(result.width, (6 * cell()).rounded(.up) / 2)
        XCTAssertEqual(result.width, 25.5)
        XCTAssertEqual(result.lines[0].baseline, (2 * DejaVu.ascender * 14 / 2048).rounded() / 2)
        XCTAssertEqual(result.height, (2 * naturalLineHeight()).rounded(.up) / 2)
        XCTAssertEqual(result.height, 16.5)
    }

    func testAvailableWidthIsComparedAfterRounding() throws {
        // 7 cells are 59.0009 points: they need 60 at scale 1, but 59.5 at scale 2.
        XCTAssertEqual(layout("abcdefg", width: 59.5, try attributes(pixelScale: 1)).texts, ["abcdef", "g"])
        XCTAssertEqual(layout("abcdefg", width: 59.5, try attributes(pixelScale: 2)).texts, ["abcdefg"])
        XCTAssertEqual(layout("abcdefg", width: 60, try attributes(pixelScale: 1)).texts, ["abcdefg"])
    }

    func testCenterOffsetIsSnapped() throws {
        let result = layout("a", width: 20, try attributes(alignment: .center, pixelScale: 2))
        XCTAssertEqual(result.lines[0].x, ((20 - up(cell(), scale: 2)) / 2 * 2).rounded() / 2)
    }
}
