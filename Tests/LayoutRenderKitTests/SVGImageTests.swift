import Foundation
@testable import LayoutRenderKit
import PNGCodec
@testable import Rendering
import XCTest

/// SVG images: drawn as vectors at the device scale, sized by width/height or viewBox,
/// never reading another file.
final class SVGImageTests: XCTestCase {
    var dir: String!

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lr-svg-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func options(scale: Double = 1) -> RenderOptions {
        var options = RenderOptions(fileName: "t.spec", assetRoot: dir)
        options.scale = scale
        return options
    }

    private func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
    }

    private func render(_ spec: String, scale: Double = 1) throws(LayoutRenderError) -> RenderedImage {
        try LayoutRenderer().render(source: spec, options: options(scale: scale))
    }

    private func failure(_ spec: String) -> String? {
        do {
            _ = try render(spec)
            return nil
        } catch {
            return error.diagnostic.headline
        }
    }

    private func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * bitmap.width + x) * 4
        return Array(bitmap.pixels[i..<i + 4])
    }

    /// Left half red, right half blue, 10 × 10 CSS pixels.
    static let halves = """
        <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
          <rect width="5" height="10" fill="#ff0000"/><rect x="5" width="5" height="10" fill="#0000ff"/>
        </svg>
        """

    func testDrawnAsVectorsAtEveryScale() throws {
        try write("icon.svg", Self.halves)
        for scale in [1.0, 3.0, 8.0] {
            let result = try render("canvas width=10 height=10 background=#ffffff\nimage \"icon.svg\"\n", scale: scale)
            let edge = Int(5 * scale)
            // The edge between the halves falls exactly between two device pixels: no blur,
            // as a bitmap scaled up would show.
            XCTAssertEqual(pixel(result.bitmap, edge - 1, edge), [255, 0, 0, 255], "scale \(scale)")
            XCTAssertEqual(pixel(result.bitmap, edge, edge), [0, 0, 255, 255], "scale \(scale)")
        }
    }

    func testIntrinsicSizeFromWidthAndHeightOrViewBox() throws {
        try write("sized.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20" viewBox="0 0 3 2"/>"#)
        try write("box.svg", #"<?xml version="1.0"?>\#n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10"/>"#)
        let spec = "canvas width=100 height=100\nzbox align=start\n  image \"sized.svg\" id=a\n  image \"box.svg\" id=b\n  image \"box.svg\" id=c width=20\n"
        let frames = try render(spec).frames.nodes
        func size(_ id: String) -> [Double] { frames.first { $0.id == id }.map { [$0.width, $0.height] } ?? [] }
        XCTAssertEqual(size("a"), [30, 20])
        XCTAssertEqual(size("b"), [40, 10])
        XCTAssertEqual(size("c"), [20, 20 * 10 / 40])
    }

    func testContentModesClipAndOpacityApply() throws {
        try write("icon.svg", Self.halves)
        // aspect-fill of a square into a 20 × 10 frame: scaled to 20 × 20, centred, clipped.
        let filled = try render("canvas width=20 height=10 background=#ffffff\nimage \"icon.svg\" size=20x10 mode=aspect-fill\n")
        XCTAssertEqual(pixel(filled.bitmap, 9, 5), [255, 0, 0, 255])
        XCTAssertEqual(pixel(filled.bitmap, 10, 5), [0, 0, 255, 255])
        // A radius clips the corners; opacity composites the group.
        let round = try render("canvas width=20 height=20 background=#ffffff\nimage \"icon.svg\" size=20x20 radius=10 opacity=0.5\n")
        XCTAssertEqual(pixel(round.bitmap, 0, 0), [255, 255, 255, 255])
        let half = pixel(round.bitmap, 5, 10).map(Int.init)
        XCTAssert(zip(half, [255, 128, 128, 255]).allSatisfy { abs($0 - $1) <= 2 }, "\(half)")
    }

    func testNoOtherFileIsRead() throws {
        // A PNG inside the asset folder, which an <image> would draw if librsvg loaded it.
        let red = try PNGEncoder.encode(RGBAImage(width: 10, height: 10, filledWith: (255, 0, 0, 255)))
        try Data(red).write(to: URL(fileURLWithPath: dir + "/red.png"))
        for href in ["file://\(dir!)/red.png", "red.png", "file:///etc/passwd"] {
            try write("leak.svg", """
                <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">
                  <image href="\(href)" width="10" height="10"/><image xlink:href="\(href)" width="10" height="10"/>
                  <rect width="10" height="10" fill="url(\(href)#p)"/>
                </svg>
                """)
            let result = try render("canvas width=10 height=10 background=#ffffff\nimage \"leak.svg\"\n")
            XCTAssertEqual(pixel(result.bitmap, 5, 5), [255, 255, 255, 255], href)
        }
    }

    func testErrorsNameTheImage() throws {
        try write("bad.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\"><rect></svg>")
        let message = try XCTUnwrap(failure("canvas width=10 height=10\nimage \"bad.svg\"\n"))
        XCTAssertTrue(message.hasPrefix("t.spec:2:1: error: image 'bad.svg': SVG: "), message)
        try write("nosize.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        XCTAssertEqual(failure("canvas width=10 height=10\nimage \"nosize.svg\"\n"),
                       "t.spec:2:1: error: image 'nosize.svg': SVG: the root <svg> has neither width and height nor a viewBox")
        let big = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\">" + String(repeating: " ", count: SVGDocument.maxBytes) + "</svg>"
        try write("big.svg", big)
        XCTAssertEqual(failure("canvas width=10 height=10\nimage \"big.svg\"\n"),
                       "t.spec:2:1: error: image 'big.svg': SVG: the file is \(big.utf8.count) bytes; the limit is \(SVGDocument.maxBytes)")
    }

    /// Its destination's pixels and, since issue 37, each of its elements (`SVGSurvey`).
    func testTheDrawingIsChargedItsDestinationPixels() throws {
        try write("icon.svg", Self.halves)
        let elements = try SVGDocument(data: Array(Self.halves.utf8)).drawnElements
        XCTAssertGreaterThan(elements, 1)
        var limited = options()
        limited.renderLimits.budget.maxPaintedPixels = 100 * 100 + elements * SVGDocument.elementCost
        XCTAssertNoThrow(try LayoutRenderer().render(source: "canvas width=100 height=100\nimage \"icon.svg\" size=100x100\n",
                                                     options: limited))
        XCTAssertThrowsError(try LayoutRenderer().render(
            source: "canvas width=100 height=100\nzbox\n  image \"icon.svg\" size=100x100\n  image \"icon.svg\" size=100x100\n",
            options: limited)) { error in
            XCTAssertEqual((error as? LayoutRenderError)?.exceededBudget, .paintedPixels)
        }
    }
}
