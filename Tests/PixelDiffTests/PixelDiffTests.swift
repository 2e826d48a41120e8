import Foundation
import PNGCodec
import XCTest
@testable import PixelDiff

/// Small hand-made images whose expected counts are worked out by hand, as pixelmatch's
/// tests are a table of cases.
final class PixelDiffTests: XCTestCase {
    /// An image from rows of characters: `.` white, `#` black, `g` mid grey, `t` transparent, `r` red.
    private func image(_ rows: [String]) -> (pixels: [UInt8], width: Int, height: Int) {
        var pixels: [UInt8] = []
        for row in rows {
            for c in row {
                switch c {
                case "#": pixels += [0, 0, 0, 255]
                case "g": pixels += [128, 128, 128, 255]
                case "t": pixels += [0, 0, 0, 0]
                case "r": pixels += [255, 0, 0, 255]
                case "w": pixels += [250, 250, 250, 255]
                default: pixels += [255, 255, 255, 255]
                }
            }
        }
        return (pixels, rows[0].count, rows.count)
    }

    private func diff(_ a: [String], _ b: [String], _ configure: (inout DiffOptions) -> Void = { _ in }) throws -> DiffResult {
        var options = DiffOptions()
        configure(&options)
        let (pa, w, h) = image(a), (pb, _, _) = image(b)
        return try diffImages(expected: pa, actual: pb, width: w, height: h, options: options)
    }

    let square = ["......", "......", "..##..", "..##..", "......", "......"]

    func testIdenticalImagesDifferNowhere() throws {
        let r = try diff(square, square)
        XCTAssertEqual(r.differentPixels, 0)
        XCTAssertNil(r.boundingBox)
        XCTAssertEqual(r.ratio, 0)
    }

    func testOnePixelChanged() throws {
        let b = ["......", "......", "..##..", "..##..", "......", ".....#"]
        let r = try diff(square, b)
        XCTAssertEqual(r.differentPixels, 1)
        XCTAssertEqual(r.boundingBox, PixelRect(x: 5, y: 5, width: 1, height: 1))
        XCTAssertEqual(r.ratio, 1.0 / 36)
    }

    func testThresholdIgnoresSmallChanges() throws {
        // White against 250 grey: a YIQ delta of 0.5053 × 25 + tiny I/Q terms ≈ 12.6 < 35215 × 0.1².
        let faint = ["w....."] + Array(square.dropFirst())
        XCTAssertEqual(try diff(square, faint).differentPixels, 0)
        XCTAssertEqual(try diff(square, faint) { $0.threshold = 0 }.differentPixels, 1)
    }

    func testAntialiasedEdgeIsReportedApart() throws {
        // A black bar whose edge pixel changes between white and grey: the grey pixel sits
        // between a darker and a lighter neighbour that are both in flat areas, so it is
        // anti-aliasing, not a change.
        let a = ["...###", "...###", "...###", "...###"]
        let b = ["..g###", "..g###", "..g###", "..g###"]
        let excluded = try diff(a, b)
        XCTAssertEqual(excluded.differentPixels, 0)
        XCTAssertEqual(excluded.antialiasedPixels, 4)
        let included = try diff(a, b) { $0.includeAA = true }
        XCTAssertEqual(included.differentPixels, 4)
        XCTAssertEqual(included.boundingBox, PixelRect(x: 2, y: 0, width: 1, height: 4))
    }

    func testDifferentSizesAreADifferenceNotACrash() throws {
        let (a, _, _) = image(["..", ".."])
        let (b, _, _) = image(["...", "...", "..."])
        let r = try diffImages(expected: a, expectedSize: (2, 2), actual: b, actualSize: (3, 3))
        XCTAssertTrue(r.sizeMismatch)
        XCTAssertEqual(r.differentPixels, 9 - 4) // the shared 2×2 is equal; the other 5 pixels count
        XCTAssertEqual(r.totalPixels, 9)
    }

    func testTransparentIsComparedOverTheBackground() throws {
        // Fully transparent over white is white; over black it is black.
        XCTAssertEqual(try diff(["t"], ["."]).differentPixels, 0)
        XCTAssertEqual(try diff(["t"], ["#"]).differentPixels, 1)
        XCTAssertEqual(try diff(["t"], ["#"]) { $0.background = DiffColor(red: 0, green: 0, blue: 0) }.differentPixels, 0)
    }

    func testIgnoreRegionsAndRegionThresholds() throws {
        let b = ["r.....", "......", "..##..", "..##..", "......", ".....r"]
        XCTAssertEqual(try diff(square, b).differentPixels, 2)
        XCTAssertEqual(try diff(square, b) { $0.ignore = [PixelRect(x: 0, y: 0, width: 2, height: 2)] }.differentPixels, 1)
        XCTAssertEqual(try diff(square, b) { $0.regionThresholds = [RegionThreshold(rect: PixelRect(x: 4, y: 4, width: 2, height: 2), threshold: 1)] }.differentPixels, 1)
    }

    func testCountIsSymmetric() throws {
        let b = ["......", ".#....", "..##..", "..#...", "......", "....##"]
        XCTAssertEqual(try diff(square, b).differentPixels, try diff(b, square).differentPixels)
    }

    func testDiffImageColours() throws {
        let b = ["......", "......", "..##..", "..##..", "......", ".....#"]
        let r = try diff(square, b) { $0.makeDiffImage = true }
        let image = try XCTUnwrap(r.diffImage)
        XCTAssertEqual(Array(image[(5 * 6 + 5) * 4..<(5 * 6 + 5) * 4 + 4]), [255, 0, 0, 255])
        // Unchanged white: 255 + (255 − 255) × 0.1 = 255; unchanged black: 255 + (0 − 255) × 0.1 = 229.5 → 230.
        XCTAssertEqual(Array(image[0..<4]), [255, 255, 255, 255])
        XCTAssertEqual(Array(image[(2 * 6 + 2) * 4..<(2 * 6 + 2) * 4 + 4]), [230, 230, 230, 255])
    }

    func testInputChecks() {
        XCTAssertThrowsError(try diffImages(expected: [0, 0, 0], actual: [0, 0, 0, 0], width: 1, height: 1)) { e in
            XCTAssertEqual(e as? DiffError, .bufferSize(name: "expected", expected: 4, actual: 3))
        }
        var o = DiffOptions()
        o.threshold = 2
        XCTAssertThrowsError(try diffImages(expected: [0, 0, 0, 0], actual: [0, 0, 0, 0], width: 1, height: 1, options: o))
    }

    /// The standard diff workload: pixelmatch (threshold 0.1, anti-aliasing excluded) counts 6,668.
    func testStandardPairMatchesPixelmatch() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let a = try PNGFile.read(path: root.appendingPathComponent("bench/ui_1080_a.png").path)
        let b = try PNGFile.read(path: root.appendingPathComponent("bench/ui_1080_b.png").path)
        let r = try diffImages(expected: a.pixels, actual: b.pixels, width: a.width, height: a.height)
        XCTAssertEqual(r.differentPixels, 6668)
        XCTAssertEqual(try diffImages(expected: b.pixels, actual: a.pixels, width: a.width, height: a.height).differentPixels, 6668)
    }
}
