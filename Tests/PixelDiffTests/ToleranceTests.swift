import XCTest
@testable import PixelDiff

/// `DiffResult.withinTolerance`, the one reading of `--max-diff-pixels` and
/// `--max-diff-ratio` that `diff`, `test`, `assertRender` and the snapshot strategy share.
final class ToleranceTests: XCTestCase {
    /// 4 of 100 pixels differ: a ratio of 0.04.
    private func fourOfAHundred() throws -> DiffResult {
        let expected = Img(10, 10)
        let actual = Img(10, 10) { x, y in x >= 6 && x < 8 && y >= 6 && y < 8 ? [255, 0, 0, 255] : nil }
        let result = try diffImages(expected: expected.pixels, actual: actual.pixels, width: 10, height: 10)
        XCTAssertEqual(result.differentPixels, 4)
        XCTAssertEqual(result.ratio, 0.04)
        return result
    }

    func testNeitherLimitMeansNoPixelMayDiffer() throws {
        XCTAssertFalse(try fourOfAHundred().withinTolerance(maxDiffPixels: nil, maxDiffRatio: nil))
        let same = try diffImages(expected: Img(3, 3).pixels, actual: Img(3, 3).pixels, width: 3, height: 3)
        XCTAssertTrue(same.withinTolerance(maxDiffPixels: nil, maxDiffRatio: nil))
    }

    func testAPixelCountAloneLimits() throws {
        let result = try fourOfAHundred()
        XCTAssertTrue(result.withinTolerance(maxDiffPixels: 4, maxDiffRatio: nil))
        XCTAssertFalse(result.withinTolerance(maxDiffPixels: 3, maxDiffRatio: nil))
    }

    func testARatioAloneLimits() throws {
        let result = try fourOfAHundred()
        XCTAssertTrue(result.withinTolerance(maxDiffPixels: nil, maxDiffRatio: 0.04))
        XCTAssertFalse(result.withinTolerance(maxDiffPixels: nil, maxDiffRatio: 0.039))
    }

    func testWithBothBothMustHold() throws {
        let result = try fourOfAHundred()
        XCTAssertTrue(result.withinTolerance(maxDiffPixels: 4, maxDiffRatio: 0.04))
        XCTAssertFalse(result.withinTolerance(maxDiffPixels: 3, maxDiffRatio: 0.5))
        XCTAssertFalse(result.withinTolerance(maxDiffPixels: 100, maxDiffRatio: 0.03))
        XCTAssertFalse(result.withinTolerance(maxDiffPixels: 0, maxDiffRatio: 0.5), "an explicit 0 is a limit")
    }
}
