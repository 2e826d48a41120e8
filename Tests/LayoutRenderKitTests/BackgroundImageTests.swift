import Foundation
@testable import LayoutRenderKit
import PNGCodec
import Rendering
import XCTest

/// `background-image` and `background-mode`: an image over the background, in the padding
/// box, clipped to the frame and its corners.
final class BackgroundImageTests: XCTestCase {
    var dir: String!

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lr-background-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // A 10 × 10 red square.
        let red = try PNGEncoder.encode(RGBAImage(width: 10, height: 10, filledWith: (255, 0, 0, 255)))
        try PNGFile.writeAtomically(red, to: dir + "/red.png")
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func render(_ spec: String) throws -> Bitmap {
        try LayoutRenderer().render(source: spec, options: RenderOptions(fileName: "t.spec", assetRoot: dir)).bitmap
    }

    private func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * bitmap.width + x) * 4
        return bitmap.pixels[i..<i + 4].map(Int.init)
    }

    func testTheImageFillsThePaddingBoxOverTheBackgroundUnderTheBorder() throws {
        let spec = """
            canvas width=60 height=40 background=#ffffff
            zbox align=start
              vbox size=40x30 background=#0000ff border=5,#00ff00 background-image="red.png"
            """
        let b = try render(spec)
        XCTAssertEqual(pixel(b, 20, 15), [255, 0, 0, 255])   // the image, stretched over the padding box
        XCTAssertEqual(pixel(b, 2, 15), [0, 255, 0, 255])    // the border over it
        XCTAssertEqual(pixel(b, 50, 15), [255, 255, 255, 255])
    }

    func testAModePlacesTheImageAndTheBackgroundShowsAroundIt() throws {
        let spec = """
            canvas width=60 height=40 background=#ffffff
            zbox align=start
              vbox size=40x30 background=#0000ff background-image="red.png" background-mode=center
            """
        let b = try render(spec)
        XCTAssertEqual(pixel(b, 20, 15), [255, 0, 0, 255])   // the 10 × 10 image at the centre
        XCTAssertEqual(pixel(b, 5, 5), [0, 0, 255, 255])     // the background colour around it
    }

    func testTheImageIsClippedToTheCorners() throws {
        let spec = """
            canvas width=40 height=40 background=#ffffff
            zbox align=start
              vbox size=40x40 radius=20 background-image="red.png"
            """
        let b = try render(spec)
        XCTAssertEqual(pixel(b, 20, 20), [255, 0, 0, 255])
        XCTAssertEqual(pixel(b, 1, 1), [255, 255, 255, 255]) // outside the rounded corner
    }

    func testAMissingOrOutsideFileIsAnErrorAtTheNodesLine() throws {
        for (name, words) in [("nope.png", "not found"), ("../red.png", "outside the asset folder")] {
            XCTAssertThrowsError(try render("canvas width=20 height=20\nvbox background-image=\"\(name)\"\n")) { error in
                let message = String(describing: error)
                XCTAssertTrue(message.contains("t.spec:2:"), message)
                XCTAssertTrue(message.contains(words), message)
            }
        }
    }

    func testAnUnknownModeIsAnError() throws {
        XCTAssertThrowsError(try render("canvas width=20 height=20\nvbox background-image=\"red.png\" background-mode=tile\n")) { error in
            XCTAssertTrue(String(describing: error).contains("background-mode"), String(describing: error))
        }
    }
}
