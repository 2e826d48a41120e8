import XCTest
@testable import TextEngine

/// Glyph origins and baselines on whole device pixels; sizes exact (advances and line
/// heights added up, as a browser sizes text), at every scale.
final class PixelSnappingTests: XCTestCase {
    func testScaleOne() throws {
        let result = layout("abc", width: nil, try attributes(pixelScale: 1))
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, (cell()).rounded(), (2 * cell()).rounded()])
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 8, 17])
        XCTAssertEqual(result.width, 3 * 1233.0 / 2048 * 14)
        XCTAssertEqual(result.width, 25.2861328125)
        XCTAssertEqual(result.lines[0].baseline, 13)
        XCTAssertEqual(result.height, (1901.0 + 483) / 2048 * 14)
        XCTAssertEqual(result.height, 16.296875)
    }

    func testScaleTwo() throws {
        let result = layout("abc", width: nil, try attributes(pixelScale: 2))
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, (2 * cell()).rounded() / 2, (4 * cell()).rounded() / 2])
        XCTAssertEqual(result.lines[0].glyphs.map(\.x), [0, 8.5, 17])
        XCTAssertEqual(result.lines[0].baseline, (2 * DejaVu.ascender * 14 / 2048).rounded() / 2)
        XCTAssertEqual(result.width, 3 * cell(), "sizes are not rounded to the scale's pixels")
        XCTAssertEqual(result.height, naturalLineHeight())
    }

    func testSizesAreTheSameAtEveryScale() throws {
        for scale in [1.0, 2, 3, 0.5] {
            let result = layout("ab\nabcde", width: nil, try attributes(pixelScale: scale))
            XCTAssertEqual(result.width, 5 * cell(), "scale \(scale)")
            XCTAssertEqual(result.height, 2 * naturalLineHeight(), "scale \(scale)")
        }
    }

    /// A line fits when its exact width is at most the available width plus 1/64 point (a
    /// browser snaps a run's width to its layout unit before it compares), at every scale:
    /// text is drawn at the width it was measured at, not in its frame on the pixel grid.
    func testALineFitsWithinA64thOfAPointOfTheAvailableWidth() throws {
        // 7 cells are 7 × 1233 / 2048 × 14 = 59.0009765625 points, at any scale.
        let seven = 7 * 1233.0 / 2048 * 14
        for scale in [1.0, 2, 8] {
            XCTAssertEqual(layout("abcdefg", width: seven, try attributes(pixelScale: scale)).texts, ["abcdefg"], "scale \(scale)")
            XCTAssertEqual(layout("abcdefg", width: 59, try attributes(pixelScale: scale)).texts, ["abcdefg"], "scale \(scale)")
            XCTAssertEqual(layout("abcdefg", width: seven - 1.0 / 64 - 0.0001, try attributes(pixelScale: scale)).texts,
                           ["abcdef", "g"], "scale \(scale)")
            XCTAssertEqual(layout("abcdefg", width: 58.98, try attributes(pixelScale: scale)).texts, ["abcdef", "g"], "scale \(scale)")
        }
    }

    func testCenterOffsetIsSnapped() throws {
        let result = layout("a", width: 20, try attributes(alignment: .center, pixelScale: 2))
        XCTAssertEqual(result.lines[0].x, snap((20 - cell()) / 2, scale: 2))
        XCTAssertEqual(result.lines[0].x, 6)
    }
}
