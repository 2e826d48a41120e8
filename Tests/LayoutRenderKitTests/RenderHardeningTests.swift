import Foundation
import LayoutEngine
@testable import LayoutRenderKit
import PNGCodec
@testable import Rendering
import XCTest

/// Hostile specs against the drawing stage (security issue 13): shared font state that one
/// render could break for the next, shapes too far for Cairo, and work without a bound.
final class RenderHardeningTests: XCTestCase {
    var dir: String!

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lr-hardening-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func options() -> RenderOptions { RenderOptions(fileName: "t.spec", assetRoot: dir) }

    private func failure(_ spec: String, renderer: LayoutRenderer = LayoutRenderer(),
                         options: RenderOptions? = nil) -> LayoutRenderError? {
        do {
            _ = try renderer.render(source: spec, options: options ?? self.options())
            return nil
        } catch {
            return error
        }
    }

    private func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * bitmap.width + x) * 4
        return Array(bitmap.pixels[i..<i + 4])
    }

    private func writePNG(_ name: String, width: Int, height: Int, rgba: (UInt8, UInt8, UInt8, UInt8)) throws {
        let bytes = try PNGEncoder.encode(RGBAImage(width: width, height: height, filledWith: rgba))
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name))
    }

    // MARK: - Font faces shared between renders

    static let hello = "canvas width=120 height=40 background=#ffffff\nlabel \"Hello\" size=14\n"

    /// The size is within what the language allows (4096 points); the scale makes it too many pixels.
    private func scaled(_ scale: Double) -> RenderOptions {
        var options = options()
        options.scale = scale
        return options
    }

    func testAFontTooLargeInDevicePixelsIsRefusedWhereItBecomesPixels() {
        let error = failure("canvas width=1 height=1\nlabel \"x\" size=4096\n", options: scaled(8))
        XCTAssertEqual(error?.diagnostic.headline,
                       "t.spec:2:16: error: text would be drawn at 32768 device pixels per em (size × scale); the limit is 16384")
        XCTAssertNil(failure("canvas width=1 height=1\nlabel \"x\" size=4096\n", options: scaled(4)))
        // A label without its own size takes the canvas's, and the error points there.
        let inherited = failure("canvas width=1 height=1 size=4096\nlabel \"x\"\n", options: scaled(8))
        XCTAssertEqual(inherited?.diagnostic.location?.line, 1)
    }

    /// Cairo records a failed scaled font on the *face* (`cairo_scaled_font_create` sets the
    /// face's status), so every later render with that face failed; it must be made again.
    func testAFontCairoFailsWithDoesNotBreakLaterRendersOfTheSameRenderer() throws {
        let renderer = LayoutRenderer()
        let before = try renderer.render(source: Self.hello, options: options()).bitmap
        // 4096 points at scale 250: a million pixels per em, which FreeType refuses inside
        // Cairo once the limit is lifted.
        var lifted = scaled(250)
        lifted.renderLimits.maxFontPixelsPerEm = 1e9
        let error = failure("canvas width=1 height=1\nlabel \"x\" size=4096\n", renderer: renderer, options: lifted)
        XCTAssertEqual(error?.diagnostic.message.hasPrefix("cairo failed in"), true, "\(String(describing: error))")
        let after = try renderer.render(source: Self.hello, options: options()).bitmap
        XCTAssertEqual(after, before)
        XCTAssertEqual(try LayoutRenderer().render(source: Self.hello, options: options()).bitmap, after)
        XCTAssertEqual(FontFaces.shared.counts.inError, 0)
    }

    // MARK: - Shapes beyond Cairo's coordinates

    /// Used to spin in `cairo_arc`/the stroker for minutes. The box is 2e20 points square;
    /// its radius makes it a circle centred 1e20 away, which misses the canvas.
    /// The largest radius and border the language takes, at scale 8: 8 million device pixels,
    /// past what Cairo's fixed point draws itself (the language refuses 1e20 at the attribute).
    func testTheLargestRadiusAndBorderDrawWhatShows() throws {
        let spec = "canvas width=200 height=200 scale=8 background=#ffffff\nbox width=100 height=100 radius=1000000 border=1000000\n"
        let bitmap = try LayoutRenderer().render(source: spec, options: options()).bitmap
        XCTAssertEqual(Set(stride(from: 0, to: bitmap.pixels.count, by: 4).map { bitmap.pixels[$0..<$0 + 4] }),
                       [[255, 255, 255, 255]])
    }

    /// The same at the renderer's own boundary, whatever the language lets through: a fill,
    /// a border 1e20 wide and a clip group, on a circle of radius 1e20 that misses the
    /// canvas, and a far rectangle that covers it.
    func testTheRendererDrawsShapesOf1e20() throws {
        let huge = Rect(x: 0, y: 0, width: 2e20, height: 2e20)
        let red = RGBAColor(red: 1, green: 0, blue: 0)
        var list = DisplayList(size: Size(width: 50, height: 50), background: .white)
        list.operations = [
            .fill(huge, red, cornerRadius: 1e20),
            .strokeInside(huge, width: 1e20, color: red, cornerRadius: 1e20),
            .beginGroup(opacity: 0.5, clip: huge, clipRadius: 1e20),
            .fill(huge, red, cornerRadius: 0),
            .endGroup,
        ]
        let missed = try CairoRenderer().render(list)
        XCTAssertEqual(Set(stride(from: 0, to: missed.pixels.count, by: 4).map { missed.pixels[$0..<$0 + 4] }),
                       [[255, 255, 255, 255]])
        list.operations = [.fill(Rect(x: -1e20, y: -1e20, width: 3e20, height: 3e20), red, cornerRadius: 1e19)]
        let covered = try CairoRenderer().render(list)
        XCTAssertEqual(Set(stride(from: 0, to: covered.pixels.count, by: 4).map { covered.pixels[$0..<$0 + 4] }),
                       [[255, 0, 0, 255]])
    }

    /// A box reaching 1e7 points goes to Cairo as a clipped polygon; what shows on the canvas
    /// is the same as for a box of 1e6 points, which Cairo draws itself.
    /// At scale 5, a box a million points wide is 5 million device pixels: past Cairo's own
    /// range, so it is cut to the canvas first; it must look like one Cairo draws itself.
    func testAFarBoxLooksLikeANearOne() throws {
        func render(_ side: String) throws -> Bitmap {
            try LayoutRenderer().render(source: "canvas width=100 height=100 scale=5 background=#ffffff\nzbox\n"
                                        + "  box size=\(side)x\(side) radius=10 background=#ff0000 border=5,#0000ff\n",
                                        options: options()).bitmap
        }
        let far = try render("1e6"), near = try render("1e5")
        for (x, y) in [(0, 250), (24, 250), (25, 250), (250, 0), (250, 24), (250, 25), (250, 250), (499, 499), (0, 0)] {
            XCTAssertEqual(pixel(far, x, y), pixel(near, x, y), "(\(x), \(y))")
        }
        XCTAssertEqual(pixel(far, 0, 250), [0, 0, 255, 255])
        XCTAssertEqual(pixel(far, 25, 250), [255, 0, 0, 255])
        XCTAssertEqual(pixel(far, 0, 0), [255, 255, 255, 255])
        let differing = stride(from: 0, to: far.pixels.count, by: 4).filter { far.pixels[$0..<$0 + 4] != near.pixels[$0..<$0 + 4] }
        XCTAssertLessThanOrEqual(differing.count, 200, "only anti-aliased corner pixels may differ")
    }

    func testFarPolygonIsClippedToTheWindow() {
        let window = Rect(x: 0, y: 0, width: 10, height: 10)
        let polygon = FarGeometry.polygon(Rect(x: -1e20, y: 2, width: 2e20, height: 1e20), radius: 1e20,
                                          window: window, tolerance: 0.05)
        XCTAssertFalse(polygon.isEmpty)
        XCTAssertTrue(polygon.allSatisfy { $0.x >= 0 && $0.x <= 10 && $0.y >= 0 && $0.y <= 10 }, "\(polygon)")
        XCTAssertLessThan(polygon.count, 10_000)
        XCTAssertEqual(FarGeometry.polygon(Rect(x: 20, y: 20, width: 1e20, height: 5), radius: 0, window: window,
                                           tolerance: 0.05), [])
    }

    // MARK: - Opacity groups

    /// A group is as large as what it draws, children overflowing its frame included.
    func testAnOpacityGroupKeepsItsOverflowingChildren() throws {
        let spec = "canvas width=100 height=100 background=#ffffff\nvbox opacity=0.5 size=20x20\n"
            + "  box size=60x60 background=#ff0000 shrink=0\n  label \"Ag\" size=30 shrink=0\n"
        let bitmap = try LayoutRenderer().render(source: spec, options: options()).bitmap
        XCTAssertEqual(pixel(bitmap, 50, 50), [255, 127, 127, 255])
        XCTAssertEqual(pixel(bitmap, 70, 70), [255, 255, 255, 255])
        let halfRed = stride(from: 0, to: bitmap.pixels.count, by: 4).filter { bitmap.pixels[$0..<$0 + 4] == [255, 127, 127, 255] }
        XCTAssertEqual(halfRed.count, 60 * 60)
        // The label, below the box at y 60…95, is drawn too, at half opacity.
        let glyphPixels = (60..<95).flatMap { y in (0..<20).map { x in pixel(bitmap, x, y) } }
        XCTAssertTrue(glyphPixels.contains([127, 127, 127, 255]))
    }

    /// 2,000 small translucent boxes on a 4096² canvas: each group used to be a full-canvas
    /// composite (67 G pixels in all, 30 s of CPU); now each is its box.
    func testManySmallOpacityGroupsStayWithinTheBudget() throws {
        var spec = "canvas width=4096 height=4096 background=#ffffff\nzbox\n"
        for _ in 0..<2000 { spec += "  box size=10x10 opacity=0.5 background=#ff0000\n" }
        let bitmap = try LayoutRenderer().render(source: spec, options: options()).bitmap
        XCTAssertEqual(pixel(bitmap, 5, 5), [255, 0, 0, 255])  // 2,000 halves of red
        XCTAssertEqual(pixel(bitmap, 11, 11), [255, 255, 255, 255])
    }

    func testPaintingMoreThanTheBudgetIsAnError() {
        var limited = options()
        limited.renderLimits.budget.maxPaintedPixels = 35_000
        var spec = "canvas width=100 height=100 background=#ffffff\nzbox\n"
        for _ in 0..<3 { spec += "  box size=100x100 background=#ff0000\n" }
        let error = failure(spec, options: limited)
        XCTAssertEqual(error?.exceededBudget, .paintedPixels)
        XCTAssertEqual(error?.diagnostic.message, RenderError.overBudgetMessage(.paintedPixels, limit: 35_000))
        spec.removeLast("  box size=100x100 background=#ff0000\n".count)
        XCTAssertNil(failure(spec, options: limited))
    }

    // MARK: - Gradients and shadows

    /// The widest blur over the largest canvas: its coverage is computed at a reduced
    /// size (a Gaussian that wide has no finer detail), so it is quick and within the
    /// budget; the work is counted before anything is made, so a budget too small for it
    /// refuses it at once.
    func testAHugeBlurOnAHugeCanvasStaysCheap() throws {
        let spec = "canvas width=8000 height=8000 background=#ffffff\nbox size=4000x8000 shadow=\"0 0 1000 1000 #000\"\n"
        let bitmap = try LayoutRenderer().render(source: spec, options: options()).bitmap
        // 1,000 points right of the frame is the spread shape's edge: half the shadow.
        XCTAssertEqual(Double(pixel(bitmap, 5000, 4000)[0]), 127.5, accuracy: 3)
        XCTAssertEqual(pixel(bitmap, 3999, 4000), [255, 255, 255, 255], "nothing under the frame")
        var limited = options()
        limited.renderLimits.budget.maxPaintedPixels = 8000 * 8000
        XCTAssertEqual(failure(spec, options: limited)?.exceededBudget, .paintedPixels)
    }

    /// Sixteen blurred shadows on each of 2,000 boxes: refused by the budget.
    func testManyShadowsOnManyNodesAreCharged() {
        let shadows = Array(repeating: "3 3 24 8 #0004", count: 16).joined(separator: ", ")
        var spec = "canvas width=4096 height=4096 background=#ffffff\nzbox\n"
        for _ in 0..<2000 { spec += "  box size=100x100 shadow=\"\(shadows)\"\n" }
        XCTAssertEqual(failure(spec)?.exceededBudget, .paintedPixels)
    }

    /// Shapes past Cairo's coordinates, with gradients, radii and blurred shadows: drawn
    /// within the canvas, as the same shapes. The first box is a circle of radius 500,000
    /// whose left edge touches (60, 0); the second ends at x = 50, below y = 60.
    func testGradientsAndShadowsFarBeyondCairosRange() throws {
        let spec = "canvas width=100 height=100 scale=8 background=#ff0000\nzbox\n"
            + "  box position=absolute left=60 top=-500000 size=1000000x1000000 radius=1000000 "
            + "background=linear(33deg, #000 -10000%, #fff 10000%) shadow=\"0 0 100 0 #00f\"\n"
            + "  box size=1000000x1000000 left=-999950 top=60 position=absolute background=radial(circle, #0f0, #0f0)\n"
        let bitmap = try LayoutRenderer().render(source: spec, options: options()).bitmap
        // 10 points left of the circle: its shadow (σ 50 points), about Φ(−0.2) of blue.
        let shadow = pixel(bitmap, 50 * 8, 0)
        XCTAssertEqual(Double(shadow[2]), 255 * 0.42, accuracy: 4)
        XCTAssertEqual(Double(shadow[0]), 255 * 0.58, accuracy: 4)
        // Inside it, the middle of a gradient 200 times the circle's width: grey.
        let grey = pixel(bitmap, 90 * 8, 0)
        XCTAssertEqual(Double(grey[0]), 127, accuracy: 3)
        XCTAssertEqual(grey[0], grey[2])
        XCTAssertEqual(pixel(bitmap, 0, 90 * 8), [0, 255, 0, 255])
    }

    /// Text shadows: the widest blur under a long label, many shadows on many labels, and
    /// a size too large to draw, which is refused where the text is (its shadows too).
    func testTextShadowsAreBoundedAndCharged() throws {
        let words = String(repeating: "shadow ", count: 2_000)
        let wide = "canvas width=2000 height=2000 background=#ffffff\nlabel \"\(words)\" lines=0 size=40 text-shadow=\"0 0 1000 #000\"\n"
        _ = try LayoutRenderer().render(source: wide, options: options())
        let shadows = Array(repeating: "1 1 24 #0004", count: 16).joined(separator: ", ")
        var many = "canvas width=4096 height=4096 background=#ffffff text-shadow=\"\(shadows)\"\nvbox\n"
        for _ in 0..<400 { many += "  label \"\(String(repeating: "w ", count: 200))\" lines=0 size=30\n" }
        XCTAssertEqual(failure(many)?.exceededBudget, .paintedPixels)
        let huge = failure("canvas width=1 height=1\nlabel \"x\" size=4096 text-shadow=\"1 1 4 #000\"\n", options: scaled(8))
        XCTAssertEqual(huge?.diagnostic.message, "text would be drawn at 32768 device pixels per em (size × scale); the limit is 16384")
    }

    /// Frames too thin for a gradient's geometry, and none at all: nothing drawn, no error.
    func testDegenerateFramesDrawNoGradientOrShadow() throws {
        let spec = "canvas width=20 height=20 background=#ffffff\nzbox\n"
            + "  box size=0x0 background=radial(#000, #000) shadow=\"0 0 10 #000\"\n"
            + "  box size=0.000001x20 background=radial(#000, #000)\n"
            + "  box size=20x0.000001 background=linear(1000000deg, #000, #000)\n"
        let bitmap = try LayoutRenderer().render(source: spec, options: options()).bitmap
        XCTAssertEqual(pixel(bitmap, 10, 10), [255, 255, 255, 255])
    }

    // MARK: - Images

    func testEachImageIsDecodedOncePerRenderAndKeptBetweenRenders() throws {
        try writePNG("a.png", width: 50, height: 40, rgba: (0, 255, 0, 255))
        let renderer = LayoutRenderer()
        let spec = "canvas width=60 height=60\nzbox\n" + String(repeating: "  image \"a.png\" size=10x10\n", count: 20)
        var limited = options()
        limited.renderLimits.budget.maxImagePixels = 50 * 40  // twenty decodes would be twenty times this
        let first = try renderer.render(source: spec, options: limited).bitmap
        XCTAssertEqual(pixel(first, 5, 5), [0, 255, 0, 255])
        XCTAssertEqual(renderer.images.counts.images, 1)
        XCTAssertEqual(renderer.images.counts.bytes, 50 * 40 * 4)

        // Rewritten on disk (another size, so another identity even within one mtime tick):
        // read again, never served stale, and the old entry gone.
        try writePNG("a.png", width: 30, height: 40, rgba: (0, 0, 255, 255))
        let second = try renderer.render(source: spec, options: limited).bitmap
        XCTAssertEqual(pixel(second, 5, 5), [0, 0, 255, 255])
        XCTAssertEqual(renderer.images.counts.images, 1)
        XCTAssertEqual(renderer.images.counts.bytes, 30 * 40 * 4)
    }

    func testTheImageBudgetCountsEachFileOnce() throws {
        try writePNG("a.png", width: 50, height: 40, rgba: (0, 255, 0, 255))
        try writePNG("b.png", width: 50, height: 40, rgba: (0, 0, 255, 255))
        var limited = options()
        limited.renderLimits.budget.maxImagePixels = 3000
        let error = failure("canvas width=60 height=60\nzbox\n  image \"a.png\"\n  image \"a.png\"\n  image \"b.png\"\n",
                            options: limited)
        XCTAssertEqual(error?.exceededBudget, .imagePixels)
        XCTAssertEqual(error?.diagnostic.location?.line, 5)
        // Cached or not, the same answer.
        let renderer = LayoutRenderer()
        _ = try renderer.render(source: "canvas width=60 height=60\nimage \"b.png\"\n", options: options())
        XCTAssertEqual(failure("canvas width=60 height=60\nzbox\n  image \"a.png\"\n  image \"b.png\"\n",
                               renderer: renderer, options: limited)?.exceededBudget, .imagePixels)
    }

    func testImagesAreDecodedUnderTheRenderLimits() throws {
        try writePNG("a.png", width: 50, height: 40, rgba: (0, 255, 0, 255))
        var limited = options()
        limited.renderLimits.maxPixels = 1000
        let renderer = LayoutRenderer()
        for _ in 0..<2 {  // the second time from the cache
            let error = failure("canvas width=20 height=20\nimage \"a.png\"\n", renderer: renderer, options: limited)
            XCTAssertEqual(error?.diagnostic.headline, "t.spec:2:1: error: image 'a.png': "
                + "\(PNGError.tooLarge(width: 50, height: 40, limit: PNGLimits(maxPixels: 1000, maxDimension: 16_384)))")
            _ = try renderer.render(source: "canvas width=20 height=20\nimage \"a.png\"\n", options: options())
        }
    }

    // MARK: - Text

    func testLayingOutMoreTextThanTheBudgetIsAnError() {
        var limited = options()
        limited.renderLimits.budget.maxTextCharacters = 100
        let long = failure("canvas width=100\nlabel \"" + String(repeating: "a", count: 101) + "\"\n", options: limited)
        XCTAssertEqual(long?.exceededBudget, .textCharacters)
        XCTAssertEqual(long?.diagnostic.location?.line, 2)
        // Forty characters fit once, but a row measures its label at several widths.
        let measured = failure("canvas width=100\nhbox\n  label \"" + String(repeating: "a ", count: 20) + "\" lines=0\n",
                               options: limited)
        XCTAssertEqual(measured?.exceededBudget, .textCharacters)
        XCTAssertNil(failure("canvas width=100\nlabel \"" + String(repeating: "a", count: 40) + "\"\n", options: limited))
    }

    // MARK: - Reading files

    func testOnlyRegularFilesWithinTheirLimitAreRead() throws {
        let fifo = dir + "/pipe"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Opened without blocking: no writer ever comes.
        XCTAssertThrowsError(try RegularFile.read(path: fifo, maxBytes: 100)) { error in
            XCTAssertEqual(error as? RegularFile.Failure, .notRegular(kind: "a FIFO"))
        }
        XCTAssertThrowsError(try RegularFile.read(path: dir, maxBytes: 100)) { error in
            XCTAssertEqual(error as? RegularFile.Failure, .notRegular(kind: "a folder"))
        }
        XCTAssertThrowsError(try RegularFile.read(path: "/dev/zero", maxBytes: 100)) { error in
            XCTAssertEqual(error as? RegularFile.Failure, .notRegular(kind: "a character device"))
        }
        XCTAssertThrowsError(try RegularFile.read(path: dir + "/none", maxBytes: 100)) { error in
            XCTAssertEqual(error as? RegularFile.Failure, .missing)
        }
        try Data(repeating: 7, count: 101).write(to: URL(fileURLWithPath: dir + "/big"))
        XCTAssertThrowsError(try RegularFile.read(path: dir + "/big", maxBytes: 100)) { error in
            XCTAssertEqual(error as? RegularFile.Failure, .tooLarge(size: 101, limit: 100))
        }
        XCTAssertEqual(try RegularFile.read(path: dir + "/big", maxBytes: 101), [UInt8](repeating: 7, count: 101))
        XCTAssertThrowsError(try RegularFile.readText(path: fifo, maxBytes: 100)) { error in
            XCTAssertEqual(error as? RegularFile.Failure, .notRegular(kind: "a FIFO"))
        }
        XCTAssertThrowsError(try RegularFile.readText(path: dir + "/big", maxBytes: 100)) { error in
            XCTAssertEqual(error as? RegularFile.Failure, .tooLarge(size: 101, limit: 100))
        }
    }

    /// Text is read straight into the string and checked to be UTF-8 (ASCII a word at a
    /// time): every invalid sequence, wherever it falls against the eight-byte words, is
    /// refused, and valid text comes back byte for byte.
    func testTextIsReadAsUTF8OrRefused() throws {
        let valid: [[UInt8]] = [[], Array("canvas".utf8), Array("canvas width=10\n".utf8),
                                Array("label \"café ✓ 🙂\"".utf8), Array("1234567\u{e9}".utf8), Array("12345678\u{e9}".utf8)]
        let invalid: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x9C], [0x80], [0xF4, 0x90, 0x80, 0x80]]
        for (n, bytes) in valid.enumerated() {
            let path = dir + "/valid\(n)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(try RegularFile.readText(path: path, maxBytes: 100).map { Array($0.utf8) }, bytes)
        }
        for (n, sequence) in invalid.enumerated() {
            for before in [0, 3, 7, 8, 15] {
                let bytes = [UInt8](repeating: 0x61, count: before) + sequence + [0x62]
                let path = dir + "/invalid\(n)-\(before)"
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                XCTAssertNil(try RegularFile.readText(path: path, maxBytes: 100), "\(bytes)")
            }
        }
        XCTAssertTrue(RegularFile.isASCII(UnsafeBufferPointer(start: nil, count: 0)))
    }
}
