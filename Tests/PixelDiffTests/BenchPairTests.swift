#if canImport(PNGCodec) && canImport(CPNG)  // only when PNGCodec is a dependency of this target
import Foundation
import PNGCodec
import PixelDiff
import XCTest

/// The benchmark pair of design/benchmarks.md, committed in bench/: pixelmatch with
/// threshold 0.1 and anti-aliased pixels excluded counts 6,668.
final class BenchPairTests: XCTestCase {
    func testUI1080PairMatchesPixelmatch() throws {
        let bench = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../bench").standardized.path
        let a = try PNGFile.read(path: bench + "/ui_1080_a.png")
        let b = try PNGFile.read(path: bench + "/ui_1080_b.png")
        let r = try diffImages(expected: a.pixels, actual: b.pixels, width: a.width, height: a.height,
                               options: DiffOptions(threshold: 0.1))
        XCTAssertEqual(r.differentPixels, 6668)
        XCTAssertEqual(r.antialiasedPixels, 1883)
        XCTAssertEqual(r.boundingBox, PixelRect(x: 111, y: 148, width: 1367, height: 272))
        let swapped = try diffImages(expected: b.pixels, actual: a.pixels, width: a.width, height: a.height)
        XCTAssertEqual(swapped.differentPixels, 6668)
    }

    /// The diff image as palette indices is the RGBA one, colour for colour, and its palette
    /// PNG (written in parts on two threads) reads back as the RGBA image.
    func testTheIndexedDiffImageIsTheRGBAOne() throws {
        let bench = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../bench").standardized.path
        let a = try PNGFile.read(path: bench + "/ui_1080_a.png")
        let b = try PNGFile.read(path: bench + "/ui_1080_b.png")
        var options = DiffOptions(threshold: 0.1, makeDiffImage: true)
        let rgba = try diffImages(expected: a.pixels, actual: b.pixels, width: a.width, height: a.height, options: options)
        options.diffImageForm = .indexed
        let indexed = try diffImages(expected: a.pixels, actual: b.pixels, width: a.width, height: a.height, options: options)
        XCTAssertNil(indexed.diffImage)
        let image = try XCTUnwrap(indexed.indexedDiffImage)
        XCTAssertEqual(indexed.differentPixels, rgba.differentPixels)
        let png = IndexedImage(width: a.width, height: a.height, indices: image.indices, palette: image.palette)
        XCTAssertEqual(png.rgba.pixels, rgba.diffImage)
        XCTAssertEqual(try PNGDecoder.decode(try PNGEncoder.encode(png)).pixels, rgba.diffImage)
        XCTAssertEqual(try PNGDecoder.decode(try PNGEncoder.encode(png, onOneThread: true)).pixels, rgba.diffImage)
    }
}
#endif

import PixelDiff
import XCTest

/// Large images are compared in two halves on two threads; a change across the seam must
/// count as it does anywhere else.
final class SplitComparisonTests: XCTestCase {
    /// A 1024×512 white image with a grey anti-aliased disc of radius 20 at (cx, cy).
    private func disc(cx: Double, cy: Double) -> [UInt8] {
        let width = 1024, height = 512
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                let coverage = max(0, min(1, 20.5 - d))
                guard coverage > 0 else { continue }
                let v = UInt8((255 - 200 * coverage).rounded())
                let i = (y * width + x) * 4
                pixels[i] = v; pixels[i + 1] = v; pixels[i + 2] = v
            }
        }
        return pixels
    }

    func testAChangeAcrossTheSeamCountsAsElsewhere() throws {
        // The seam is row 256. One disc pair straddles it, the other is far above it.
        let acrossA = disc(cx: 300, cy: 256), acrossB = disc(cx: 303, cy: 258)
        let aboveA = disc(cx: 300, cy: 100), aboveB = disc(cx: 303, cy: 102)
        let across = try diffImages(expected: acrossA, actual: acrossB, width: 1024, height: 512)
        let above = try diffImages(expected: aboveA, actual: aboveB, width: 1024, height: 512)
        XCTAssertGreaterThan(above.differentPixels, 100)
        XCTAssertGreaterThan(above.antialiasedPixels, 0)
        XCTAssertEqual(across.differentPixels, above.differentPixels)
        XCTAssertEqual(across.antialiasedPixels, above.antialiasedPixels)
        let box = try XCTUnwrap(above.boundingBox)
        XCTAssertEqual(across.boundingBox, PixelRect(x: box.x, y: box.y + 156, width: box.width, height: box.height))
    }
}
