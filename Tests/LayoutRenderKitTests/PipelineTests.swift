import Foundation
import LayoutEngine
import LayoutRenderKit
import PNGCodec
import XCTest

/// Specs through the whole pipeline: frames as numbers, pixels as exact values.
final class PipelineTests: XCTestCase {
    let renderer = LayoutRenderer()
    var dir: String!

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lr-pipeline-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func options() -> RenderOptions { RenderOptions(fileName: "t.spec", assetRoot: dir) }

    private func frames(_ spec: String) throws -> [String: Rect] {
        framesByID(of: try renderer.layout(source: spec, options: options()))
    }

    private func render(_ spec: String) throws -> RGBAImage {
        let image = try renderer.render(source: spec, options: options())
        return RGBAImage(width: image.bitmap.width, height: image.bitmap.height, pixels: image.bitmap.pixels)
    }

    private func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<i + 4])
    }

    private func error(_ spec: String) -> String {
        do {
            _ = try renderer.render(source: spec, options: options())
            return "no error"
        } catch {
            return error.diagnostic.headline
        }
    }

    // DejaVu Sans Mono: 2048 units per em, every advance 1233, ascender 1901, descender -483.
    static func advance(_ size: Double) -> Double { 1233 * size / 2048 }
    static func lineHeight(_ size: Double) -> Double { (1901 + 483) * size / 2048 }

    func testLabelsMeasureWithTheFontsMetrics() throws {
        let f = try frames("""
            canvas width=300 scale=1
            vbox id=root padding=10 gap=4 align=start
              label "Hello" id=a size=20
              label "Hi" id=b
            """)
        // A label is as big as its text exactly (5 × 1233 / 2048 × 20 = 60.205078125 by
        // 2384 / 2048 × 20 = 23.28125); only the frame edges go to the pixel grid, each
        // rounded to the nearest pixel on its own.
        let aBottom = 10 + Self.lineHeight(20)                 // 33.28125
        let bTop = aBottom + 4                                   // 37.28125
        let bBottom = bTop + Self.lineHeight(14)                 // 53.578125
        XCTAssertEqual(f["a"], Rect(x: 10, y: 10, width: (10 + 5 * Self.advance(20)).rounded() - 10,
                                    height: aBottom.rounded() - 10))
        XCTAssertEqual(f["a"], Rect(x: 10, y: 10, width: 60, height: 23))
        XCTAssertEqual(f["b"], Rect(x: 10, y: bTop.rounded(), width: (10 + 2 * Self.advance(14)).rounded() - 10,
                                    height: bBottom.rounded() - bTop.rounded()))
        XCTAssertEqual(f["b"], Rect(x: 10, y: 37, width: 17, height: 17))
        XCTAssertEqual(f["root"]?.height, (bBottom + 10).rounded())
        XCTAssertEqual(f["root"]?.height, 64)
    }

    func testWrappingLabelHeightFollowsTheWidth() throws {
        // 10 characters of 12 pt fit in 80 pt (10 × 7.22 = 72.2), so "aaaa bbbb cccc" wraps after "bbbb".
        let f = try frames("""
            canvas width=80
            label "aaaa bbbb cccc" id=l size=12 lines=0
            """)
        XCTAssertEqual(f["l"]?.height, (2 * Self.lineHeight(12)).rounded()) // 27.9375 on the pixel grid
        XCTAssertEqual(f["l"]?.width, 80) // stretched by the canvas
    }

    // "alpha beta gamma delta epsilon" at 14 pt is 30 × 8.43 = 252.9 wide on one line;
    // 200 points hold 23 characters ("alpha beta gamma delta"), 100 points 11.

    func testARowThatIsNotStretchedWrapsItsLabelInTheSpace() throws {
        // The row is fit-content: min(253, max(its longest word, 200)) = 200 (docs/reliability.md).
        let f = try frames("""
            canvas width=200
            hbox id=row align-self=start
              label "alpha beta gamma delta epsilon" id=l lines=0
            """)
        XCTAssertEqual(f["row"], Rect(x: 0, y: 0, width: 200, height: (2 * Self.lineHeight(14)).rounded()))
        XCTAssertEqual(f["l"], Rect(x: 0, y: 0, width: 200, height: (2 * Self.lineHeight(14)).rounded()))
    }

    func testABordersSideShrinksWithTheBorder() throws {
        // Border and label share the 200 points of the row equally (both 253 wide at most);
        // the side label fills its 100-point border and wraps as the other label does.
        let f = try frames("""
            canvas width=200
            hbox
              border id=b
                label "alpha beta gamma delta epsilon" id=side region=left lines=0
              label "alpha beta gamma delta epsilon" id=l lines=0
            """)
        let height = (3 * Self.lineHeight(14)).rounded() // "alpha beta", "gamma delta", "epsilon": 48.890625 on the pixel grid
        XCTAssertEqual(f["b"], Rect(x: 0, y: 0, width: 100, height: height))
        XCTAssertEqual(f["side"], Rect(x: 0, y: 0, width: 100, height: height))
        XCTAssertEqual(f["l"], Rect(x: 100, y: 0, width: 100, height: height))
    }

    func testHiddenTakesNoSpace() throws {
        let f = try frames("""
            canvas width=100
            vbox gap=10
              box id=a height=10
              box id=h height=50 hidden
              box id=b height=10
            """)
        XCTAssertEqual(f["b"]?.y, 10 + 10)
        XCTAssertEqual(f["h"]?.height, 0)
    }

    func testBorderIsDrawnInsideTheFrameAndCrisp() throws {
        let image = try render("""
            canvas width=6 height=6 background=#ffffff
            box size=6x6 border=1,#000000
            """)
        XCTAssertEqual(pixel(image, 0, 0), [0, 0, 0, 255])
        XCTAssertEqual(pixel(image, 5, 3), [0, 0, 0, 255])
        XCTAssertEqual(pixel(image, 1, 1), [255, 255, 255, 255])
        XCTAssertEqual(pixel(image, 4, 4), [255, 255, 255, 255])
    }

    func testScaleDoublesPixelsNotPoints() throws {
        let spec = "canvas width=5 height=3 scale=2 background=#ff0000\nbox size=1x1 background=#0000ff\n"
        let image = try render(spec)
        XCTAssertEqual([image.width, image.height], [10, 6])
        XCTAssertEqual(pixel(image, 1, 1), [0, 0, 255, 255])
        XCTAssertEqual(pixel(image, 2, 0), [255, 0, 0, 255])
        XCTAssertEqual(try frames(spec + "box id=x size=2x2\n")["x"], Rect(x: 0, y: 1, width: 2, height: 2))
    }

    func testOpacityCompositesTheSubtreeOnce() throws {
        let image = try render("""
            canvas width=2 height=1 background=#ffffff
            zbox size=2x1 opacity=0.5
              box background=#000000
              box background=#000000
            """)
        // Two opaque black boxes at 50% as a group: 50% grey (255 × 0.5 = 127.5, which Cairo's
        // 8-bit arithmetic truncates), not the 25% (63) that two separate 50% layers would give.
        XCTAssertEqual(pixel(image, 0, 0), [127, 127, 127, 255])
    }

    func testDebugOverlayOutlinesFrames() throws {
        var o = options()
        o.debugOverlay = true
        let plain = try renderer.render(source: "canvas width=20 height=20 background=#ffffff\nbox id=a size=20x20\n", options: options())
        let debug = try renderer.render(source: "canvas width=20 height=20 background=#ffffff\nbox id=a size=20x20\n", options: o)
        XCTAssertEqual(Array(plain.bitmap.pixels[(19 * 20 + 19) * 4..<(19 * 20 + 19) * 4 + 4]), [255, 255, 255, 255])
        XCTAssertEqual(Array(debug.bitmap.pixels[(19 * 20 + 19) * 4..<(19 * 20 + 19) * 4 + 4]), [255, 0, 255, 255])
    }

    /// `--debug` tags sit off the text they label: inside a label's outline, the debug render
    /// is the plain one, pixel for pixel (the tag used to sit on the first letters).
    func testDebugTagsDoNotCoverLabels() throws {
        let spec = "canvas width=120 height=60 background=#ffffff\nvbox padding=0\n  label \"Hello\" id=greeting\n  box id=b height=20\n"
        var o = options()
        o.debugOverlay = true
        let plain = try renderer.render(source: spec, options: options())
        let debug = try renderer.render(source: spec, options: o)
        let label = try frames(spec)["greeting"]!
        var inkInside = 0
        for y in Int(label.y) + 1..<Int(label.maxY) - 1 {
            for x in Int(label.x) + 1..<Int(label.maxX) - 1 {
                let i = (y * 120 + x) * 4
                XCTAssertEqual(Array(debug.bitmap.pixels[i..<i + 4]), Array(plain.bitmap.pixels[i..<i + 4]), "(\(x), \(y))")
                if plain.bitmap.pixels[i] < 128 { inkInside += 1 }
            }
        }
        XCTAssertGreaterThan(inkInside, 10)  // the text is there to be covered
    }

    // MARK: - Images

    private func writePNG(_ name: String, width: Int, height: Int, rgba: (UInt8, UInt8, UInt8, UInt8)) throws {
        let image = RGBAImage(width: width, height: height, filledWith: rgba)
        try PNGFile.writeAtomically(try PNGEncoder.encode(image), to: dir + "/" + name)
    }

    func testImageIntrinsicSizeAndPixels() throws {
        try writePNG("red.png", width: 3, height: 2, rgba: (255, 0, 0, 255))
        let spec = "canvas width=10 height=4 background=#ffffff\nhbox align=start\n  image \"red.png\" id=i\n"
        XCTAssertEqual(try frames(spec)["i"], Rect(x: 0, y: 0, width: 3, height: 2))
        let image = try render(spec)
        XCTAssertEqual(pixel(image, 2, 1), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 3, 1), [255, 255, 255, 255])
    }

    /// An image is measured in its content box, inside its border, and drawn there: a
    /// 3×2 image with a 1-point border is a 5×4 frame with the image whole inside.
    func testAnImageIsDrawnInsideItsBorder() throws {
        try writePNG("red.png", width: 3, height: 2, rgba: (255, 0, 0, 255))
        let spec = "canvas width=10 height=6 background=#ffffff\nhbox align=start\n  image \"red.png\" id=i border=1,#0000ff\n"
        XCTAssertEqual(try frames(spec)["i"], Rect(x: 0, y: 0, width: 1 + 3 + 1, height: 1 + 2 + 1))
        let image = try render(spec)
        XCTAssertEqual(pixel(image, 0, 0), [0, 0, 255, 255])
        XCTAssertEqual(pixel(image, 1, 1), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 3, 2), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 4, 3), [0, 0, 255, 255])
        XCTAssertEqual(pixel(image, 5, 3), [255, 255, 255, 255])
    }

    func testImageAspectFitLeavesBars() throws {
        try writePNG("sq.png", width: 2, height: 2, rgba: (0, 0, 255, 255))
        let image = try render("canvas width=6 height=2 background=#ffffff\nimage \"sq.png\" size=6x2 mode=aspect-fit\n")
        XCTAssertEqual(pixel(image, 0, 0), [255, 255, 255, 255])
        XCTAssertEqual(pixel(image, 3, 1), [0, 0, 255, 255])
        XCTAssertEqual(pixel(image, 5, 0), [255, 255, 255, 255])
    }

    func testImagePathsMayNotLeaveTheAssetFolder() throws {
        XCTAssertTrue(error("canvas width=10\nimage \"../x.png\"\n").hasPrefix("t.spec:2:1: error: image '../x.png' is outside the asset folder"))
        XCTAssertTrue(error("canvas width=10\nimage \"/etc/passwd\"\n").hasPrefix("t.spec:2:1: error: image '/etc/passwd' is outside the asset folder"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "/etc/hostname")
        XCTAssertTrue(error("canvas width=10\nimage \"link.png\"\n").hasPrefix("t.spec:2:1: error: image 'link.png' is outside the asset folder"))
    }

    func testMissingAndCorruptImagesNameTheFileAndLine() throws {
        XCTAssertTrue(error("canvas width=10\n\nimage \"nope.png\"\n").hasPrefix("t.spec:3:1: error: image 'nope.png' not found in "))
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: dir + "/bad.png"))
        XCTAssertTrue(error("canvas width=10\nimage \"bad.png\"\n").hasPrefix("t.spec:2:1: error: image 'bad.png': "), error("canvas width=10\nimage \"bad.png\"\n"))
    }

    func testStrictMakesUncoveredCharactersAnError() throws {
        var o = options()
        o.strict = true
        // Meetei Mayek: in no font of the set.
        XCTAssertThrowsError(try renderer.render(source: "canvas width=100\nlabel \"ꯀ\"\n", options: o)) { e in
            XCTAssertEqual((e as? LayoutRenderError)?.diagnostic.headline,
                           "t.spec:2:1: error: the font and its fallback fonts do not cover 'ꯀ' U+ABC0; it is drawn as the font's replacement glyph")
        }
        let relaxed = try renderer.render(source: "canvas width=100\nlabel \"ꯀ\"\n", options: options())
        XCTAssertEqual(relaxed.warnings.count, 1)
        // CJK comes from the default fallback (Noto Sans CJK), unless fallback=none.
        XCTAssertEqual(try renderer.render(source: "canvas width=100\nlabel \"日\"\n", options: o).warnings, [])
        XCTAssertThrowsError(try renderer.render(source: "canvas width=100\nlabel \"日\" fallback=none\n", options: o)) { e in
            XCTAssertEqual((e as? LayoutRenderError)?.diagnostic.headline,
                           "t.spec:2:1: error: the font and its fallback fonts do not cover '日' U+65E5; it is drawn as the font's replacement glyph")
        }
    }

    func testAFallbackFamilyIsLoadedOnlyWhenACharacterNeedsIt() throws {
        // Nothing is missing from DejaVu Sans Mono: the family that is not there is never looked for.
        XCTAssertEqual(try renderer.render(source: "canvas width=100\nlabel \"abc\" fallback=\"Nope Sans\"\n", options: options()).warnings, [])
        let message = error("canvas width=100\nlabel \"a東\" fallback=\"Noto Sans CJK JP, Nope Sans\"\nlabel \"🚀\" fallback=\"Nope Sans\"\n")
        XCTAssertTrue(message.hasPrefix("t.spec:3:20: error: fallback font family 'Nope Sans' is needed for '🚀' (U+1F680), which the label's font "
                                        + "and the fallbacks before it lack: font family 'Nope Sans' not found in "), message)
        // Inherited from a container, reported where it is set.
        let inherited = error("canvas width=100\nvbox fallback=\"Nope Sans\"\n  label \"東\"\n")
        XCTAssertTrue(inherited.hasPrefix("t.spec:2:15: error: fallback font family 'Nope Sans' is needed for '東' (U+6771)"), inherited)
    }

    func testFallbackFontsWidenTheLabel() throws {
        let source = "canvas width=200\nhbox\n  label \"ab東\" font=\"DejaVu Sans\" size=20 id=l\n"
        let withFallback = try frames(source)["l"]?.width
        let without = try frames(source.replacingOccurrences(of: "id=l", with: "id=l fallback=none"))["l"]?.width
        // 'a' 1255 and 'b' 1300 units of 2048, then one em of Noto Sans CJK (20 pt), or DejaVu
        // Sans's .notdef (1229); frames snap to whole pixels.
        XCTAssertEqual(withFallback, ((1255.0 + 1300) / 2048 * 20 + 20).rounded())
        XCTAssertEqual(without, ((1255.0 + 1300 + 1229) / 2048 * 20).rounded())
    }

    func testAFileThatIsNotAFontIsNamed() throws {
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: dir + "/bad.ttf"))
        XCTAssertEqual(error("canvas width=10\nlabel \"x\" font=\"bad.ttf\"\n"),
                       "t.spec:2:16: error: font file \(dir!)/bad.ttf is not a TrueType or OpenType font")
    }

    func testAFamilyThatIsNotThereIsAnErrorListingTheFamilies() {
        let message = error("canvas width=10\nlabel \"x\" font=\"Helvetica\" weight=bold\n")
        XCTAssertTrue(message.hasPrefix("t.spec:2:16: error: font family 'Helvetica' not found in /usr/share/fonts/truetype/dejavu, "), message)
        // The families of scripts/setup's fonts are among them (a machine may have more).
        let listed = message.components(separatedBy: "the families there are: ").last?
            .components(separatedBy: "; no other font").first?.components(separatedBy: ", ") ?? []
        XCTAssertTrue(Set(listed).isSuperset(of: ["DejaVu Math TeX Gyre", "DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif"]), message)
        XCTAssertTrue(message.hasSuffix("; no other font is substituted"), message)
    }

    func testFamilyWeightAndItalicAreInheritedFromContainers() throws {
        // DejaVu Sans Bold Oblique: A and V are 1585 units each, the pair kerned by −139;
        // at 204.8 pt one unit is 0.1 pt (the frame's edge then goes to the pixel grid).
        let f = try frames("""
            canvas width=400 height=300 font="DejaVu Sans" weight=bold
            vbox italic align=start
              label "AV" size=204.8 id=t
            """)
        XCTAssertEqual(f["t"]?.width, (Double(1585 - 139 + 1585) * 204.8 / 2048).rounded())
        XCTAssertEqual(f["t"]?.width, 303)
    }

    func testTextTransformIsInheritedAndMeasuredAsShown() throws {
        // Unicode's full case mapping: ß is SS, so the label is as wide as "STRASSE" written so.
        let f = try frames("""
            canvas width=400 height=300 font="DejaVu Sans" size=30
            vbox align=start text-transform=uppercase
              label "Straße" id=upper
              label "STRASSE" id=written text-transform=none
              label "STRASSE" id=lower text-transform=lowercase
              label "strasse" id=writtenLower text-transform=none
            """)
        XCTAssertEqual(f["upper"]?.width, f["written"]?.width)
        XCTAssertEqual(f["lower"]?.width, f["writtenLower"]?.width)
        XCTAssertNotEqual(f["upper"]?.width, f["lower"]?.width)
    }

    func testLetterSpacingIsInherited() throws {
        // DejaVu Sans Mono at 204.8 pt: 0.1 pt per unit, cells of 1233 units, 10 pt is 100 units.
        let f = try frames("""
            canvas width=500 height=300
            vbox align=start letter-spacing=10
              label "abc" size=204.8 id=t
            """)
        XCTAssertEqual(f["t"]?.width, (3 * Double(1233 + 100) * 204.8 / 2048).rounded())
        XCTAssertEqual(f["t"]?.width, 400)
    }
}
