import XCTest
@testable import PixelDiff

/// A small image built by hand: `width × height`, every pixel `fill` unless `set` says otherwise.
struct Img {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    init(_ width: Int, _ height: Int, fill: [UInt8] = [255, 255, 255, 255], _ set: (Int, Int) -> [UInt8]? = { _, _ in nil }) {
        self.width = width
        self.height = height
        pixels = []
        for y in 0..<height { for x in 0..<width { pixels += set(x, y) ?? fill } }
    }
}

let white: [UInt8] = [255, 255, 255, 255]
let black: [UInt8] = [0, 0, 0, 255]
func grey(_ v: UInt8) -> [UInt8] { [v, v, v, 255] }

/// 6×6, black left of x = 3 and white from x = 3.
let edge = Img(6, 6) { x, _ in x < 3 ? black : nil }
/// The same edge smoothed: column 3 mid-grey, as a renderer's anti-aliasing would draw it.
let smoothedEdge = Img(6, 6) { x, _ in x < 3 ? black : x == 3 ? grey(128) : nil }
/// 5×5 white with the centre pixel `255 - d` grey: ΔY = d, so delta ≈ 0.5053·d².
func centre(_ d: UInt8) -> Img { Img(5, 5) { x, y in x == 2 && y == 2 ? grey(255 - d) : nil } }

final class PixelDiffTests: XCTestCase {
    struct Case {
        var name: String
        var a: Img
        var b: Img
        var options = DiffOptions()
        var different: Int
        var antialiased = 0
        var box: PixelRect? = nil
    }

    /// Counts worked out by hand (see each comment), checked both ways round.
    func testTable() throws {
        let one = PixelRect(x: 2, y: 2, width: 1, height: 1)
        let cases: [Case] = [
            Case(name: "identical", a: edge, b: edge, different: 0),
            Case(name: "one pixel black on white", a: Img(4, 3), b: Img(4, 3) { x, y in x == 1 && y == 2 ? black : nil },
                 different: 1, box: PixelRect(x: 1, y: 2, width: 1, height: 1)),
            // Column 3: each grey pixel has ≤ 2 equal neighbours, a black and a white
            // neighbour that sit in flat areas: 6 anti-aliased pixels.
            Case(name: "smoothed edge, AA excluded", a: edge, b: smoothedEdge, different: 0, antialiased: 6),
            Case(name: "smoothed edge, AA included", a: edge, b: smoothedEdge, options: DiffOptions(includeAA: true),
                 different: 6, antialiased: 6, box: PixelRect(x: 3, y: 0, width: 1, height: 6)),
            // 0.5053 · 26² = 341.6 ≤ 35215 · 0.1² = 352.15 < 0.5053 · 27² = 368.4
            Case(name: "ΔY 26 under threshold 0.1", a: Img(5, 5), b: centre(26), different: 0),
            Case(name: "ΔY 27 over threshold 0.1", a: Img(5, 5), b: centre(27), different: 1, box: one),
            Case(name: "threshold 0: ΔY 1 counts", a: Img(5, 5), b: centre(1), options: DiffOptions(threshold: 0),
                 different: 1, box: one),
            // black vs white: 0.5053 · 255² ≈ 32857 ≤ 35215
            Case(name: "threshold 1 accepts black", a: Img(5, 5), b: Img(5, 5) { x, y in x == 2 && y == 2 ? black : nil },
                 options: DiffOptions(threshold: 1), different: 0),
            Case(name: "region threshold 0.2 forgives ΔY 27", a: Img(5, 5), b: centre(27),
                 options: DiffOptions(regionThresholds: [RegionThreshold(PixelRect(x: 1, y: 1, width: 3, height: 3), threshold: 0.2)]),
                 different: 0),
            Case(name: "region threshold elsewhere", a: Img(5, 5), b: centre(27),
                 options: DiffOptions(regionThresholds: [RegionThreshold(PixelRect(x: 3, y: 3, width: 2, height: 2), threshold: 0.2)]),
                 different: 1, box: one),
            Case(name: "ignored region", a: Img(5, 5), b: centre(200),
                 options: DiffOptions(ignore: [PixelRect(x: 2, y: 0, width: 1, height: 5)]), different: 0),
            // Past Int.max at either end: no overflow, and the pixels inside are left out.
            Case(name: "ignored region to Int.max", a: Img(5, 5), b: centre(200),
                 options: DiffOptions(ignore: [PixelRect(x: 1, y: 0, width: Int.max, height: Int.max)]), different: 0),
            Case(name: "ignored region from Int.min", a: Img(5, 5), b: centre(200),
                 options: DiffOptions(ignore: [PixelRect(x: Int.min, y: Int.min, width: Int.max, height: Int.max)]),
                 different: 1, box: one),
            // Transparent over the white background is white.
            Case(name: "transparent vs white", a: Img(3, 3, fill: [0, 0, 0, 0]), b: Img(3, 3), different: 0),
            Case(name: "transparent vs black", a: Img(3, 3, fill: [0, 0, 0, 0]), b: Img(3, 3, fill: black), different: 9,
                 box: PixelRect(x: 0, y: 0, width: 3, height: 3)),
            Case(name: "transparent vs black on black", a: Img(3, 3, fill: [9, 9, 9, 0]), b: Img(3, 3, fill: black),
                 options: DiffOptions(background: RGB(0, 0, 0)), different: 0),
            // Half-transparent black over white = 127.5 grey: ΔY 0.5 from grey 127.
            Case(name: "half alpha vs its blend", a: Img(3, 3, fill: [0, 0, 0, 128]), b: Img(3, 3, fill: grey(127)), different: 0),
        ]
        for c in cases {
            for (a, b, order) in [(c.a, c.b, "a→b"), (c.b, c.a, "b→a")] {
                let r = try diffImages(expected: a.pixels, actual: b.pixels, width: a.width, height: a.height, options: c.options)
                XCTAssertEqual(r.differentPixels, c.different, "\(c.name) \(order)")
                XCTAssertEqual(r.antialiasedPixels, c.antialiased, "\(c.name) \(order)")
                XCTAssertEqual(r.boundingBox, c.box, "\(c.name) \(order)")
                XCTAssertEqual(r.totalPixels, a.width * a.height)
                XCTAssertEqual(r.ratio, Double(c.different) / Double(a.width * a.height))
                XCTAssertFalse(r.sizeMismatch)
            }
        }
    }

    /// 4×4 vs 4×5, both white: the overlap matches; the 4 pixels of row 4 differ.
    func testDifferentSizes() throws {
        let a = Img(4, 4), b = Img(4, 5)
        let r = try diffImages(expected: a.pixels, expectedSize: (4, 4), actual: b.pixels, actualSize: (4, 5),
                               options: DiffOptions(makeDiffImage: true))
        XCTAssertTrue(r.sizeMismatch)
        XCTAssertEqual(r.differentPixels, 4)
        XCTAssertEqual(r.totalPixels, 4 * 5)
        XCTAssertEqual(r.boundingBox, PixelRect(x: 0, y: 4, width: 4, height: 1))
        XCTAssertEqual(r.diffImage?.count, 4 * 4 * 4)
        // 5×2 vs 2×5: canvas 5×5, overlap 2×2, the other 25 − 4 = 21 pixels differ.
        let wide = Img(5, 2), tall = Img(2, 5)
        let r2 = try diffImages(expected: wide.pixels, expectedSize: (5, 2), actual: tall.pixels, actualSize: (2, 5))
        XCTAssertEqual(r2.differentPixels, 25 - 2 * 2)
        XCTAssertEqual(r2.boundingBox, PixelRect(x: 0, y: 0, width: 5, height: 5))
    }

    func testDiffImageColours() throws {
        let r = try diffImages(expected: edge.pixels, actual: smoothedEdge.pixels, width: 6, height: 6,
                               options: DiffOptions(makeDiffImage: true))
        let image = try XCTUnwrap(r.diffImage)
        func px(_ x: Int, _ y: Int) -> [UInt8] { Array(image[(y * 6 + x) * 4..<(y * 6 + x) * 4 + 4]) }
        XCTAssertEqual(px(3, 2), [255, 255, 0, 255])  // anti-aliased: yellow
        XCTAssertEqual(px(5, 5), white)  // white faded stays white
        // black faded at alpha 0.1: 255 + (0 − 255) · 0.1 = 229.5 → 229
        XCTAssertEqual(px(0, 0), grey(229))
        let one = try diffImages(expected: Img(2, 2).pixels, actual: Img(2, 2) { x, y in x == 1 && y == 1 ? black : nil }.pixels,
                                 width: 2, height: 2, options: DiffOptions(makeDiffImage: true))
        XCTAssertEqual(one.diffImage.map { Array($0[12..<16]) }, [255, 0, 0, 255])
    }

    /// Indexed, the diff image is the RGBA one expanded through its palette, for every
    /// faded alpha whose greys leave room for the two marks; past that, and for images of
    /// different sizes, it is RGBA.
    func testTheIndexedFormIsTheRGBAOneThroughItsPalette() throws {
        let translucent = Img(6, 6) { x, y in x == 4 && y < 3 ? [10, 200, 90, UInt8(40 * y)] : nil }
        for alpha in [0, 0.1, 0.5, 0.9, 0.98, 0.99, 1] {
            for (expected, actual) in [(edge, smoothedEdge), (translucent, edge), (Img(6, 6), Img(6, 6))] {
                var options = DiffOptions(makeDiffImage: true, diffColor: RGB(1, 2, 3), fadedAlpha: alpha)
                let rgba = try diffImages(expected: expected.pixels, actual: actual.pixels, width: 6, height: 6, options: options)
                options.diffImageForm = .indexed
                let indexed = try diffImages(expected: expected.pixels, actual: actual.pixels, width: 6, height: 6, options: options)
                XCTAssertEqual(indexed.differentPixels, rgba.differentPixels)
                guard let image = indexed.indexedDiffImage else {
                    XCTAssertGreaterThan(alpha, 0.98, "RGBA only when the greys fill the palette")
                    XCTAssertEqual(indexed.diffImage, rgba.diffImage)
                    continue
                }
                XCTAssertLessThanOrEqual(alpha, 0.98)
                XCTAssertLessThanOrEqual(image.palette.count, 256 * 3)
                var expanded: [UInt8] = []
                for index in image.indices { expanded += image.palette[Int(index) * 3..<Int(index) * 3 + 3] + [255] }
                XCTAssertEqual(expanded, rgba.diffImage, "alpha \(alpha)")
            }
        }
        var options = DiffOptions(makeDiffImage: true)
        options.diffImageForm = .indexed
        let sizes = try diffImages(expected: Img(5, 2).pixels, expectedSize: (5, 2), actual: Img(2, 5).pixels,
                                   actualSize: (2, 5), options: options)
        XCTAssertNil(sizes.indexedDiffImage)
        XCTAssertEqual(sizes.diffImage?.count, 5 * 2 * 4)
    }

    func testInputErrors() {
        XCTAssertThrowsError(try diffImages(expected: [0, 0, 0], actual: [], width: 1, height: 1)) {
            XCTAssertEqual($0 as? DiffError, .bufferSizeMismatch(image: "expected", bytes: 3, expectedBytes: 4))
        }
        XCTAssertThrowsError(try diffImages(expected: white, actual: white + white, width: 1, height: 1)) {
            XCTAssertEqual($0 as? DiffError, .bufferSizeMismatch(image: "actual", bytes: 8, expectedBytes: 4))
        }
        XCTAssertThrowsError(try diffImages(expected: white, actual: white, width: 1, height: 1, options: DiffOptions(threshold: 1.5))) {
            XCTAssertEqual($0 as? DiffError, .invalidThreshold(1.5))
        }
        XCTAssertThrowsError(try diffImages(expected: [], actual: [], width: -1, height: 0)) {
            XCTAssertEqual($0 as? DiffError, .invalidSize(image: "expected", width: -1, height: 0))
        }
        XCTAssertEqual(try diffImages(expected: [], actual: [], width: 0, height: 0).differentPixels, 0)
    }
}
