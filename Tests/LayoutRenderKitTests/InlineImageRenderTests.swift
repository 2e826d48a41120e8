import Foundation
import LayoutEngine
import LayoutRenderKit
import XCTest

/// Labels with images in their text through the pipeline: frames from the line boxes the
/// images make, sizes from an em and the aspect ratio. Arithmetic over DejaVu Sans Mono
/// (a cell is 1233 / 2048 em; 1901 and 483 units above and below the baseline).
final class InlineImageRenderTests: XCTestCase {
    let renderer = LayoutRenderer()
    /// The docs' examples' folder, where `assets/check.svg` (24 × 24) is.
    let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/examples").path

    private func frame(_ body: String, _ id: String = "t") throws -> Rect {
        let spec = "canvas width=200 background=#ffffff\nvbox align=start\n" + body
        let laidOut = try renderer.layout(source: spec, options: RenderOptions(fileName: "t.spec", assetRoot: assets))
        let node = try XCTUnwrap(laidOut.frames.nodes.first { $0.id == id })
        return Rect(x: node.x, y: node.y, width: node.width, height: node.height)
    }

    /// "ab" at 14 pt and a 20 × 30 path: 2 cells and 2926 units of 14 / 2048 point wide
    /// (36.859), the line 30 above the baseline (the path) and 3.296875 below (the strut).
    func testALabelIsAsBigAsItsTextAndImages() throws {
        let cell = 1233.0 / 2048
        XCTAssertEqual(try frame("  label \"ab\" id=t\n    path \"M0 0h20v30h-20z\" view-box=\"0 0 20 30\" size=20x30\n"),
                       Rect(x: 0, y: 0, width: (2 * cell * 14 + 2926 * 14 / 2048).rounded(), height: (30 + 3.296875).rounded()))
    }

    /// Without a size, an image is an em of the label's font tall, as wide as its ratio
    /// makes it: check.svg (24 × 24) in a 20-point label is 20 × 20 (2048 units of 20 / 2048
    /// point). The strut at 20 pt reaches 18 above the baseline (its ascent 19, half the
    /// leading −1) and 5.28125 below, so the image (20 above) makes the line 25.28125 tall.
    /// With a height, the width comes from the ratio (a view box of 40 × 20 at height 10: 20).
    func testAnEmTallByDefaultAndTheAspectRatioKept() throws {
        let cell = 1233.0 / 2048
        XCTAssertEqual(try frame("  label \"ab\" id=t size=20\n    image \"assets/check.svg\"\n"),
                       Rect(x: 0, y: 0, width: (2 * cell * 20 + 20).rounded(), height: (20 + 5.28125).rounded()))
        XCTAssertEqual(try frame("  label \"ab\" id=t\n    path \"M0 0h40v20z\" view-box=\"0 0 40 20\" height=10\n"),
                       Rect(x: 0, y: 0, width: (2 * cell * 14 + 2926 * 14 / 2048).rounded(), height: 16))
    }
}
