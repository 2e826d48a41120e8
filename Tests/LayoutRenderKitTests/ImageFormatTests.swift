import Foundation
@testable import LayoutRenderKit
import PNGCodec
import Rendering
import XCTest

/// Images in every supported format, told apart by their bytes, under the render's limits.
final class ImageFormatTests: XCTestCase {
    var dir: String!
    static let jpegFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../JPEGCodecTests/Fixtures").standardized.path

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lr-formats-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func options() -> RenderOptions { RenderOptions(fileName: "t.spec", assetRoot: dir) }

    /// Copies a JPEG fixture into the asset folder under `name`.
    private func copyJPEG(_ fixture: String, as name: String) throws {
        try FileManager.default.copyItem(atPath: Self.jpegFixtures + "/" + fixture, toPath: dir + "/" + name)
    }

    private func failure(_ spec: String, renderer: LayoutRenderer = LayoutRenderer(),
                         options: RenderOptions? = nil) -> LayoutRenderError? {
        do {
            _ = try renderer.render(source: spec, options: options ?? self.options())
            return nil
        } catch {
            return error
        }
    }

    private func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * bitmap.width + x) * 4
        return bitmap.pixels[i..<i + 4].map(Int.init)
    }

    private func assertClose(_ actual: [Int], _ expected: [Int], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssert(zip(actual, expected).allSatisfy { abs($0 - $1) <= 8 }, "\(actual) vs \(expected)", file: file, line: line)
    }

    func testAJPEGIsDrawnUprightAtItsUprightSize() throws {
        // Stored 16 × 24 and turned a quarter by its Exif orientation; named .png to show the
        // bytes decide, not the extension.
        try copyJPEG("oriented-6.jpg", as: "photo.png")
        let spec = "canvas width=40 height=30 background=#ffffff\nzbox align=start\n  image \"photo.png\" id=photo\n"
        let result = try LayoutRenderer().render(source: spec, options: options())
        let frame = try XCTUnwrap(result.frames.nodes.first { $0.id == "photo" })
        XCTAssertEqual([frame.width, frame.height], [24, 16])
        assertClose(pixel(result.bitmap, 6, 4), [255, 0, 0, 255])
        assertClose(pixel(result.bitmap, 18, 4), [0, 255, 0, 255])
        assertClose(pixel(result.bitmap, 6, 12), [0, 0, 255, 255])
        assertClose(pixel(result.bitmap, 18, 12), [255, 255, 0, 255])
        assertClose(pixel(result.bitmap, 30, 20), [255, 255, 255, 255])
    }

    func testAFileInNoSupportedFormatNamesThem() throws {
        try Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8).write(to: URL(fileURLWithPath: dir + "/a.gif"))
        XCTAssertEqual(failure("canvas width=20 height=20\nimage \"a.gif\"\n")?.diagnostic.headline,
                       "t.spec:2:1: error: image 'a.gif': not in a supported image format (PNG, JPEG, WebP, SVG)")
    }

    func testAJPEGBombIsRefusedFromItsHeader() throws {
        try copyJPEG("bomb.jpg", as: "bomb.jpg")
        XCTAssertEqual(failure("canvas width=20 height=20\nimage \"bomb.jpg\"\n")?.diagnostic.headline,
                       "t.spec:2:1: error: image 'bomb.jpg': JPEG is too large: 60000×60000 "
                       + "(limits: 16384 per side, 67108864 pixels)")
    }

    func testATruncatedJPEGIsAnError() throws {
        try copyJPEG("truncated.jpg", as: "t.jpg")
        XCTAssertEqual(failure("canvas width=20 height=20\nimage \"t.jpg\"\n")?.diagnostic.headline,
                       "t.spec:2:1: error: image 't.jpg': JPEG data is truncated")
    }

    func testACachedJPEGIsRefusedAsADecodedOne() throws {
        try copyJPEG("oriented-1.jpg", as: "a.jpg")
        var limited = options()
        limited.renderLimits.maxPixels = 300
        let renderer = LayoutRenderer()
        for _ in 0..<2 {  // the second time from the cache
            XCTAssertEqual(failure("canvas width=20 height=20\nimage \"a.jpg\"\n", renderer: renderer, options: limited)?
                .diagnostic.headline,
                "t.spec:2:1: error: image 'a.jpg': JPEG is too large: 24×16 (limits: 16384 per side, 300 pixels)")
            _ = try renderer.render(source: "canvas width=30 height=20\nimage \"a.jpg\"\n", options: options())
        }
    }

    func testAWebPIsDrawnWithItsAlpha() throws {
        let webp = URL(fileURLWithPath: Self.jpegFixtures + "/../../WebPCodecTests/Fixtures").standardized.path
        try FileManager.default.copyItem(atPath: webp + "/alpha.webp", toPath: dir + "/a.webp")
        try FileManager.default.copyItem(atPath: webp + "/animated.webp", toPath: dir + "/b.webp")
        let bitmap = try LayoutRenderer().render(source: "canvas width=24 height=16 background=#0000ff\nimage \"a.webp\"\n",
                                                 options: options()).bitmap
        assertClose(pixel(bitmap, 2, 2), [255, 0, 0, 255])
        assertClose(pixel(bitmap, 20, 2), [128, 0, 127, 255])  // half red over blue
        XCTAssertEqual(failure("canvas width=20 height=20\nimage \"b.webp\"\n")?.diagnostic.headline,
                       "t.spec:2:1: error: image 'b.webp': animated WebP is not supported; export one frame as a still WebP or PNG")
    }

    func testTheImageBudgetCountsJPEGs() throws {
        try copyJPEG("oriented-1.jpg", as: "a.jpg")
        var limited = options()
        limited.renderLimits.budget.maxImagePixels = 24 * 16 - 1
        XCTAssertEqual(failure("canvas width=30 height=20\nimage \"a.jpg\"\n", options: limited)?.exceededBudget, .imagePixels)
    }
}
