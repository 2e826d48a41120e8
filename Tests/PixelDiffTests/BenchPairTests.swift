#if canImport(PNGCodec) && canImport(CPNG)  // only when PNGCodec is a dependency of this target
import Foundation
import PNGCodec
import PixelDiff
import XCTest

/// The shared benchmark pair (docs: /work/shared/design/benchmarks.md): pixelmatch
/// with threshold 0.1 and anti-aliased pixels excluded counts 6,668. Needs
/// PNGCodec in this test target's dependencies; skipped when the files are absent.
final class BenchPairTests: XCTestCase {
    func testUI1080PairMatchesPixelmatch() throws {
        let dir = "/work/shared/bench-data/"
        guard FileManager.default.fileExists(atPath: dir + "ui_1080_a.png"),
              FileManager.default.fileExists(atPath: dir + "ui_1080_b.png")
        else { throw XCTSkip("benchmark pair not present") }
        let a = try PNGFile.read(path: dir + "ui_1080_a.png")
        let b = try PNGFile.read(path: dir + "ui_1080_b.png")
        let r = try diffImages(expected: a.pixels, actual: b.pixels, width: a.width, height: a.height,
                               options: DiffOptions(threshold: 0.1))
        XCTAssertEqual(r.differentPixels, 6668)
        let swapped = try diffImages(expected: b.pixels, actual: a.pixels, width: a.width, height: a.height)
        XCTAssertEqual(swapped.differentPixels, 6668)
    }
}
#endif
