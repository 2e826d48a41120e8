import XCTest
import LayoutRenderKit
@testable import layout_render

/// A batch whose jobs occupy every core encodes each PNG on its own job's thread
/// (`PNGEncoder.encode(onOneThread:)`); with a core to spare, as a single render does, on two.
final class BatchEncodingTests: XCTestCase {
    func batch(jobs: Int, compression: PNGCompression? = nil) -> BatchRenderer {
        var batch = BatchRenderer(paths: [], outDirectory: "out", options: RenderOptions(), variables: [:], assetRoot: nil)
        batch.jobs = jobs
        batch.picture = PictureSettings(format: .png, compression: compression)
        return batch
    }

    func testOneEncodingThreadWhenTheJobsFillTheCores() {
        // (jobs, specs, cores) → one thread
        let cases: [(Int, Int, Int, Bool)] = [
            (2, 1000, 2, true), (8, 1000, 2, true), (1, 1000, 2, false), (1, 1000, 1, true),
            (2, 1, 2, false),  // one spec: one job runs, the other core is free
            (3, 1000, 4, false), (4, 3, 4, false), (4, 4, 4, true),
        ]
        for (jobs, specs, cores, expected) in cases {
            XCTAssertEqual(batch(jobs: jobs).pictureSettings(specCount: specs, cores: cores).encodesOnOneThread, expected,
                           "jobs \(jobs), specs \(specs), cores \(cores)")
        }
    }

    func testTheOtherSettingsStayAsGiven() {
        let settings = batch(jobs: 2, compression: .smallest).pictureSettings(specCount: 10, cores: 2)
        XCTAssertEqual(settings.format, .png)
        XCTAssertEqual(settings.compression, .smallest)
        XCTAssertNil(settings.quality)
    }
}
