import LayoutEngine
@testable import LayoutRenderKit
@testable import Rendering
import XCTest

/// Gradient backgrounds and box shadows: the operations a spec makes, and the pixels they
/// give, worked out from CSS's geometry.
final class GradientAndShadowTests: XCTestCase {
    private func render(_ spec: String, scale: Double = 1) throws -> Bitmap {
        var options = RenderOptions(fileName: "t.spec")
        options.scale = scale
        return try LayoutRenderer().render(source: spec, options: options).bitmap
    }

    private func operations(_ body: String) throws -> [DrawOperation] {
        let spec = try LayoutRenderer().layout(source: "canvas width=200\n" + body, options: RenderOptions(fileName: "t.spec"))
        var builder = DisplayListBuilder(scene: spec.scene, layout: spec.layout, debugLabel: nil)
        return builder.build().operations
    }

    private func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * bitmap.width + x) * 4
        return bitmap.pixels[i..<i + 4].map(Int.init)
    }

    /// The grey level at a pixel of a black-to-white picture, checked within one step.
    private func assertGrey(_ bitmap: Bitmap, _ x: Int, _ y: Int, _ expected: Double,
                            file: StaticString = #filePath, line: UInt = #line) {
        let p = pixel(bitmap, x, y)
        XCTAssertEqual(Double(p[0]), expected, accuracy: 1.01, "pixel (\(x), \(y)) is \(p)", file: file, line: line)
        XCTAssertEqual(p[0], p[1], file: file, line: line)
        XCTAssertEqual(p[3], 255, file: file, line: line)
    }

    // MARK: - Stops

    func testStopsWithoutPositionsAreSpreadAsCSSSpreadsThem() {
        let c = RGBAColor.black
        func offsets(_ positions: [Double?]) -> [Double] {
            GradientFill(shape: .linear(angle: 0), stops: positions.map { (c, $0) }).stops.map(\.offset)
        }
        XCTAssertEqual(offsets([nil, nil, nil, nil, nil]), [0, 0.25, 0.5, 0.75, 1])
        XCTAssertEqual(offsets([nil, 0.6, nil]), [0, 0.6, 1])
        for (a, b) in zip(offsets([0.2, nil, nil, 0.8]), [0.2, 0.4, 0.6, 0.8]) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        // A position before an earlier one moves up to it, and the stops between follow.
        XCTAssertEqual(offsets([nil, 0.6, nil, 0.3, nil]), [0, 0.6, 0.6, 0.6, 1])
        XCTAssertEqual(offsets([-0.5, 1.5]), [-0.5, 1.5])
    }

    // MARK: - Linear

    /// 90deg runs left to right across the width: pixel x's centre is at (x + 0.5) / 100.
    func testLinearGradientAcrossTheCanvas() throws {
        let image = try render("canvas width=100 height=10 background=linear(90deg, #000, #fff)\n")
        for x in [0, 25, 49, 50, 99] { assertGrey(image, x, 5, 255 * (Double(x) + 0.5) / 100) }
        // 0deg points up: black at the bottom.
        let up = try render("canvas width=10 height=100 background=linear(0deg, #000, #fff)\n")
        assertGrey(up, 5, 99, 255 * 0.5 / 100)
        assertGrey(up, 5, 0, 255 * 99.5 / 100)
    }

    /// 45deg points to the top-right. On a 200×100 box the gradient line is
    /// 200 sin 45° + 100 cos 45° long, so the bottom-left corner is black and the top-right
    /// white; the top-left corner is a third of the way along.
    func testLinearGradientLineReachesTheCorners() throws {
        let image = try render("canvas width=200 height=100 background=#ff0000\nbox size=200x100 background=linear(45deg, #000, #fff)\n")
        let d = 0.5.squareRoot(), length = 200 * d + 100 * d
        func expected(_ x: Double, _ y: Double) -> Double { 255 * (0.5 + ((x - 100) * d - (y - 50) * d) / length) }
        assertGrey(image, 0, 99, expected(0.5, 99.5))
        assertGrey(image, 199, 0, expected(199.5, 0.5))
        assertGrey(image, 0, 0, expected(0.5, 0.5))
        XCTAssertEqual(expected(0.5, 0.5), 255.0 / 3, accuracy: 0.5)
        assertGrey(image, 199, 99, expected(199.5, 99.5))
        assertGrey(image, 120, 30, expected(120.5, 30.5))
    }

    /// Stops at 25% and 75%: the ends are flat, the middle a ramp.
    func testPositionedStopsAndFlatEnds() throws {
        let image = try render("canvas width=100 height=4 background=linear(90deg, #000 25%, #fff 75%)\n")
        assertGrey(image, 10, 1, 0)
        assertGrey(image, 90, 1, 255)
        assertGrey(image, 50, 1, 255 * 0.51)
        // Stops beyond the line's ends: the line is lengthened, the colours stay where written.
        let wide = try render("canvas width=100 height=4 background=linear(90deg, #000 -100%, #fff 200%)\n")
        assertGrey(wide, 50, 1, 255 * (1.505 / 3))
    }

    // MARK: - Radial

    /// CSS's default radial gradient: an ellipse with the box's proportions through its
    /// corners, √2 times the half sides.
    func testRadialEllipseReachesTheCorners() throws {
        let image = try render("canvas width=200 height=100\nbox size=200x100 background=radial(#fff, #000)\n")
        func expected(_ x: Double, _ y: Double) -> Double {
            let u = (x - 100) / (100 * 2.0.squareRoot()), v = (y - 50) / (50 * 2.0.squareRoot())
            return 255 * (1 - min(1, (u * u + v * v).squareRoot()))
        }
        for (x, y) in [(100, 50), (199, 50), (100, 99), (0, 0), (199, 99), (150, 75)] {
            assertGrey(image, x, y, expected(Double(x) + 0.5, Double(y) + 0.5))
        }
        let circle = try render("canvas width=200 height=100\nbox size=200x100 background=radial(circle, #fff, #000)\n")
        let r = (100.0 * 100 + 50 * 50).squareRoot()
        assertGrey(circle, 199, 50, 255 * (1 - 99.5 / r))
        assertGrey(circle, 100, 99, 255 * (1 - 49.5 / r))
    }

    /// Colours are interpolated premultiplied, as CSS does: from transparent red to blue
    /// the middle is half blue, never purple.
    func testTransparentStopsInterpolateAsCSS() throws {
        let image = try render("canvas width=100 height=4 background=#ffffff\nbox size=100x4 background=linear(90deg, #ff000000, #0000ff)\n")
        // At x + 0.5 the gradient is blue at alpha t over white: 255 (1 − t) in red and green.
        for x in [10, 25, 50, 75, 90] {
            let t = (Double(x) + 0.5) / 100, p = pixel(image, x, 1)
            XCTAssertEqual(Double(p[0]), 255 * (1 - t), accuracy: 2, "x \(x): \(p)")
            XCTAssertEqual(p[0], p[1], "x \(x): \(p)")
            XCTAssertEqual(p[2], 255, "x \(x): \(p)")
        }
    }

    func testGradientFollowsTheRadius() throws {
        let image = try render("canvas width=40 height=40 background=#ff0000\nbox size=40x40 radius=20 background=linear(#000, #000)\n")
        XCTAssertEqual(pixel(image, 0, 0), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 20, 20), [0, 0, 0, 255])
    }

    func testGradientOperationsReplaceTheFill() throws {
        let ops = try operations("box size=20x10 radius=3 background=linear(90deg, #000, #fff 40%)")
        XCTAssertEqual(ops, [.gradient(Rect(x: 0, y: 0, width: 20, height: 10),
                                       GradientFill(shape: .linear(angle: 90), stops: [
                                           ColorStop(offset: 0, color: .black), ColorStop(offset: 0.4, color: .white),
                                       ]), cornerRadius: 3)])
    }

    // MARK: - Shadows

    func testNoneTakesAStylesShadowsAway() throws {
        let ops = try operations("style card shadow=\"0 1 2 #0004\"\nbox style=card size=10x10 background=#ff0000 shadow=none")
        XCTAssertEqual(ops, [.fill(Rect(x: 0, y: 0, width: 10, height: 10), RGBAColor(red: 1, green: 0, blue: 0), cornerRadius: 0)])
    }

    func testShadowsComeBeforeTheBackgroundTheFirstOnTop() throws {
        let red = RGBAColor(red: 1, green: 0, blue: 0), blue = RGBAColor(red: 0, green: 0, blue: 1)
        let frame = Rect(x: 0, y: 0, width: 20, height: 10)
        let ops = try operations("box size=20x10 radius=4 background=#ff0000 shadow=\"1 2 3 #ff0000, 0 0 1 2 #0000ff\"")
        XCTAssertEqual(ops, [
            .shadow(frame, BoxShadow(x: 0, y: 0, blur: 1, spread: 2, color: blue), cornerRadius: 4),
            .shadow(frame, BoxShadow(x: 1, y: 2, blur: 3, color: red), cornerRadius: 4),
            .fill(frame, red, cornerRadius: 4),
        ])
    }

    /// A clipping node's shadow is outside its clip, in a group of its own that its
    /// opacity applies to.
    func testAClippedNodesShadowIsNotClipped() throws {
        let frame = Rect(x: 0, y: 0, width: 20, height: 10)
        let shadow = BoxShadow(x: 0, y: 4, blur: 0, color: .black)
        let ops = try operations("box size=20x10 clip opacity=0.5 shadow=\"0 4 0 #000\"")
        XCTAssertEqual(ops, [
            .beginGroup(opacity: 0.5, clip: nil, clipRadius: 0),
            .shadow(frame, shadow, cornerRadius: 0),
            .beginGroup(opacity: 1, clip: frame, clipRadius: 0),
            .endGroup, .endGroup,
        ])
        let image = try render("canvas width=40 height=40 background=#ffffff\nbox size=20x20 clip shadow=\"0 0 0 4 #000\"\n")
        XCTAssertEqual(pixel(image, 22, 10), [0, 0, 0, 255])
    }

    /// No blur: the frame grown by the spread, solid, and nothing under the frame itself.
    func testASharpShadowIsTheSpreadRing() throws {
        let image = try render("canvas width=100 height=100 background=#ffffff\nbox size=40x40 left=30 top=30 position=absolute shadow=\"0 0 0 5 #000\"\n")
        XCTAssertEqual(pixel(image, 25, 50), [0, 0, 0, 255])
        XCTAssertEqual(pixel(image, 29, 50), [0, 0, 0, 255])
        XCTAssertEqual(pixel(image, 24, 50), [255, 255, 255, 255])
        XCTAssertEqual(pixel(image, 30, 50), [255, 255, 255, 255], "no shadow under the frame")
        XCTAssertEqual(pixel(image, 50, 50), [255, 255, 255, 255])
        XCTAssertEqual(pixel(image, 74, 74), [0, 0, 0, 255])
        XCTAssertEqual(pixel(image, 75, 75), [255, 255, 255, 255])
    }

    /// blur 8 is a Gaussian of σ 4: half the shadow's strength on its edge, about 2.3% at
    /// two σ out (1 − Φ(2)), none past the blur's reach; symmetric about the shape.
    func testABlurredShadowIsAGaussian() throws {
        let image = try render("canvas width=120 height=100 background=#ffffff\nbox size=40x40 left=30 top=30 position=absolute shadow=\"10 0 8 #000\"\n")
        // The shape is x 40…80, y 30…70; beside it (x > 70) only the shadow shows.
        func darkness(_ x: Int, _ y: Int) -> Double { Double(255 - pixel(image, x, y)[0]) / 255 }
        XCTAssertEqual(darkness(79, 50), 0.5 + 0.0497, accuracy: 0.03)  // centre 79.5: Φ(0.5 / 4)
        XCTAssertEqual(darkness(80, 50), 0.5 - 0.0497, accuracy: 0.03)
        XCTAssertEqual(darkness(87, 50), 1 - 0.9599, accuracy: 0.02)    // centre 87.5: 1.875σ out
        XCTAssertEqual(darkness(75, 50), 0.8697, accuracy: 0.03)        // 4.5 in: Φ(1.125)
        XCTAssertEqual(darkness(100, 50), 0)
        XCTAssertEqual(darkness(50, 50), 0, "no shadow under the frame")
        for x in 70..<100 { XCTAssertEqual(pixel(image, x, 40), pixel(image, x, 59), "x \(x)") }
        XCTAssertEqual(try render("canvas width=120 height=100 background=#ffffff\nbox size=40x40 left=30 top=30 position=absolute shadow=\"10 0 8 #000\"\n").pixels,
                       image.pixels, "the same pixels every run")
    }

    func testShadowFollowsTheRadiusAndSpreadGrowsIt() {
        let shadow = BoxShadow(x: 0, y: 0, blur: 0, spread: 10, color: .black)
        let frame = Rect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertEqual(shadow.shape(of: frame, radius: 20)?.radius, 30)
        XCTAssertEqual(shadow.shape(of: frame, radius: 0)?.radius, 0)
        // A radius below the spread grows by spread × (1 + (r/spread − 1)³).
        XCTAssertEqual(shadow.shape(of: frame, radius: 5)?.radius.topLeft ?? 0, 5 + 10 * (1 - 0.125), accuracy: 1e-12)
        XCTAssertEqual(BoxShadow(x: 0, y: 0, blur: 0, spread: -10, color: .black).shape(of: frame, radius: 5)?.radius, 0)
        XCTAssertNil(BoxShadow(x: 0, y: 0, blur: 0, spread: -50, color: .black).shape(of: frame, radius: 0))
    }

    // MARK: - Blur

    func testBoxSizesAndPassesFollowSVG() {
        XCTAssertEqual(BoxBlur.boxSize(sigma: 4), 8)  // 4 × 1.88 + 0.5 = 8.02
        XCTAssertEqual(BoxBlur.boxSize(sigma: 0.2), 0)
        XCTAssertEqual(BoxBlur.boxSize(sigma: .nan), 0)
        XCTAssertTrue(BoxBlur.passes(boxSize: 3).elementsEqual([(1, 1), (1, 1), (1, 1)], by: ==))
        XCTAssertTrue(BoxBlur.passes(boxSize: 4).elementsEqual([(2, 1), (1, 2), (2, 2)], by: ==))
        XCTAssertEqual(BoxBlur.reach(sigma: 4), 12)
    }

    /// The blur's division by multiplication is the division, for every sum a box of up to
    /// 256 pixels can make.
    func testTheBlursDivisionIsExact() {
        for d in 1...256 {
            let divide = ExactDivision(by: d)
            for n in 0...(255 * d + d / 2) where divide(n) != n / d {
                return XCTFail("\(n) / \(d): \(divide(n)), not \(n / d)")
            }
        }
        XCTAssertEqual(ExactDivision(by: 3)(1 << 20), (1 << 20) / 3)
    }

    func testBlurSpreadsAPointEvenlyAndKeepsItsWeight() {
        var pixels = [UInt8](repeating: 0, count: 41 * 41)
        pixels[20 * 41 + 20] = 255
        // A wide, flat block keeps its level in the middle.
        for y in 0..<41 { for x in 0..<41 where abs(x - 20) < 15 && abs(y - 20) < 15 { pixels[y * 41 + x] = 200 } }
        pixels.withUnsafeMutableBufferPointer { BoxBlur.blur($0.baseAddress!, width: 41, height: 41, stride: 41, sigma: 2) }
        XCTAssertEqual(pixels[20 * 41 + 20], 200)
        for i in 0..<41 {
            XCTAssertEqual(pixels[20 * 41 + i], pixels[20 * 41 + 40 - i], "row symmetric at \(i)")
            XCTAssertEqual(pixels[i * 41 + 20], pixels[(40 - i) * 41 + 20], "column symmetric at \(i)")
        }
        XCTAssertEqual(pixels[0], 0)
    }
}

/// `radius` per corner: fills, gradients, borders (uniform and by side), clips and
/// shadows each follow the four corners, reduced as CSS reduces overlapping radii.
final class CornerRadiiTests: XCTestCase {
    private let white = [255, 255, 255, 255], red = [255, 0, 0, 255], blue = [0, 0, 255, 255]

    private func render(_ body: String, scale: Double = 1) throws -> (Int, Int) -> [Int] {
        var options = RenderOptions(fileName: "t.spec")
        options.scale = scale
        let bitmap = try LayoutRenderer().render(source: "canvas width=40 height=40 background=#ffffff\n" + body, options: options).bitmap
        return { x, y in
            let i = (y * bitmap.width + x) * 4
            return bitmap.pixels[i..<i + 4].map(Int.init)
        }
    }

    func testRadiiShrinkTogetherAsCSSShrinksThem() {
        let size = Size(width: 100, height: 50)
        XCTAssertEqual(CornerRadii(topLeft: 50, topRight: 50, bottomRight: 0, bottomLeft: 0).fitted(to: size),
                       CornerRadii(topLeft: 50, topRight: 50, bottomRight: 0, bottomLeft: 0))
        // The top side would need 200: every radius is halved.
        XCTAssertEqual(CornerRadii(topLeft: 100, topRight: 100, bottomRight: 0, bottomLeft: 0).fitted(to: size),
                       CornerRadii(topLeft: 50, topRight: 50, bottomRight: 0, bottomLeft: 0))
        // The right side would need 110 of 50: the factor is 50 / 110.
        XCTAssertEqual(CornerRadii(topLeft: 0, topRight: 100, bottomRight: 10, bottomLeft: 0).fitted(to: size).bottomRight,
                       10 * 50 / 110, accuracy: 1e-12)
        XCTAssertEqual(CornerRadii(topLeft: -1, topRight: .nan, bottomRight: 0, bottomLeft: 0).fitted(to: size), .zero)
    }

    func testTheOperationsCarryEachCorner() throws {
        let spec = try LayoutRenderer().layout(source: "canvas width=100\nbox size=20x10 radius=1,2,3,4 background=#f00\n",
                                               options: RenderOptions(fileName: "t.spec"))
        var builder = DisplayListBuilder(scene: spec.scene, layout: spec.layout, debugLabel: nil)
        XCTAssertEqual(builder.build().operations, [.fill(Rect(x: 0, y: 0, width: 20, height: 10), RGBAColor(red: 1, green: 0, blue: 0),
                                                          cornerRadius: CornerRadii(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 4))])
    }

    func testFillAndGradientRoundOnlyTheirCorners() throws {
        for background in ["#ff0000", "linear(#ff0000, #ff0000)"] {
            let pixel = try render("box size=40x40 radius=20,0,0,0 background=\(background)\n")
            XCTAssertEqual(pixel(0, 0), white, background)
            XCTAssertEqual(pixel(39, 0), red, background)
            XCTAssertEqual(pixel(39, 39), red, background)
            XCTAssertEqual(pixel(0, 39), red, background)
            XCTAssertEqual(pixel(6, 6), red, background)  // inside the arc: centre (20, 20), 19.8 away
        }
    }

    func testBordersFollowEachCorner() throws {
        let uniform = try render("box size=40x40 radius=0,20,0,0 border=2,#0000ff\n")
        XCTAssertEqual(uniform(0, 0), blue)
        XCTAssertEqual(uniform(39, 0), white)
        XCTAssertEqual(uniform(39, 39), blue)
        XCTAssertEqual(uniform(20, 20), white)
        let sides = try render("box size=40x40 radius=0,0,20,0 border-left=4,#ff0000 border-bottom=2,#0000ff\n")
        XCTAssertEqual(sides(0, 0), red)
        XCTAssertEqual(sides(39, 39), white, "the rounded corner")
        XCTAssertEqual(sides(10, 39), blue)
    }

    func testClipsAndShadowsFollowEachCorner() throws {
        let clipped = try render("box size=40x40 radius=0,0,20,0 clip\n  box size=40x40 background=#ff0000\n")
        XCTAssertEqual(clipped(39, 39), white)
        XCTAssertEqual(clipped(0, 39), red)
        let shadow = try render("box size=30x30 left=5 top=5 position=absolute radius=15,0,0,0 shadow=\"0 0 0 5 #0000ff\"\n")
        XCTAssertEqual(shadow(0, 0), white, "the grown round corner")
        XCTAssertEqual(shadow(39, 0), blue)
        XCTAssertEqual(shadow(2, 20), blue)
    }

    /// Corners far past Cairo's coordinates go through the polygon path.
    func testCornersFarBeyondCairosRange() throws {
        let pixel = try render("zbox\n  box size=1000000x1000000 left=-999960 top=0 position=absolute radius=0,100,0,0 background=#ff0000\n", scale: 8)
        // The top-right corner's circle, centred at (-60, 100), leaves (39.9, 0) outside and
        // (0, 39.9) inside.
        XCTAssertEqual(pixel(319, 0), white)
        XCTAssertEqual(pixel(0, 319), red)
    }
}

/// `text-shadow`: the glyphs' coverage moved, blurred, under the text; inherited.
final class TextShadowTests: XCTestCase {
    private func render(_ spec: String) throws -> Bitmap {
        try LayoutRenderer().render(source: spec, options: RenderOptions(fileName: "t.spec")).bitmap
    }

    private func operations(_ body: String) throws -> [DrawOperation] {
        let spec = try LayoutRenderer().layout(source: "canvas width=200\n" + body, options: RenderOptions(fileName: "t.spec"))
        var builder = DisplayListBuilder(scene: spec.scene, layout: spec.layout, debugLabel: nil)
        return builder.build().operations
    }

    func testShadowsComeBeforeTheGlyphsTheFirstOnTopAndAreInherited() throws {
        let ops = try operations("vbox text-shadow=\"1 2 3 #f00, 0 0 1 #00f\"\n  label \"Hi\"\n  label \"No\" text-shadow=none\n")
        guard ops.count == 4, case .glyphs(let run) = ops[2], case .glyphs = ops[3] else { return XCTFail("\(ops)") }
        XCTAssertEqual(ops[0], .textShadow(run, BoxShadow(x: 0, y: 0, blur: 1, color: RGBAColor(red: 0, green: 0, blue: 1))))
        XCTAssertEqual(ops[1], .textShadow(run, BoxShadow(x: 1, y: 2, blur: 3, color: RGBAColor(red: 1, green: 0, blue: 0))))
    }

    /// A hard shadow 5 points right is the text's coverage moved 5 pixels: where the text
    /// alone leaves white, the shadow's red has the text's coverage from 5 pixels left.
    func testAHardShadowIsTheTextMoved() throws {
        let spec = "canvas width=120 height=30 background=#ffffff\nlabel \"Shadow\" size=20 margin=4"
        let plain = try render(spec + "\n"), shadowed = try render(spec + " text-shadow=\"5 0 0 #ff0000\"\n")
        func px(_ b: Bitmap, _ x: Int, _ y: Int) -> [UInt8] { let i = (y * b.width + x) * 4; return Array(b.pixels[i..<i + 4]) }
        var compared = 0
        for y in 0..<30 {
            for x in 0..<115 where px(plain, x + 5, y) == [255, 255, 255, 255] && px(plain, x, y) != [255, 255, 255, 255] {
                let shadow = px(shadowed, x + 5, y), text = px(plain, x, y)
                XCTAssertEqual(shadow[0], 255, "(\(x + 5), \(y))")
                XCTAssertEqual(shadow[1], text[1], "(\(x + 5), \(y))")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 50)
        // The text itself is drawn over its shadow, unchanged where the shadow is not.
        XCTAssertEqual(px(shadowed, 6, 15), px(plain, 6, 15))
    }

    func testABlurredShadowStaysNearItsText() throws {
        let image = try render("canvas width=200 height=60 background=#ffffff\nlabel \"Blur\" size=20 margin=10 text-shadow=\"0 0 8 #000\"\n")
        func darkness(_ x: Int, _ y: Int) -> Int { 255 - Int(image.pixels[(y * image.width + x) * 4]) }
        XCTAssertEqual(darkness(199, 59), 0)
        XCTAssertEqual(darkness(150, 30), 0)
        XCTAssertGreaterThan(darkness(10, 8), 0, "the blur reaches above the text")
        XCTAssertEqual(try render("canvas width=200 height=60 background=#ffffff\nlabel \"Blur\" size=20 margin=10 text-shadow=\"0 0 8 #000\"\n").pixels,
                       image.pixels, "the same pixels every run")
    }
}

/// `blend`: the node's group composited with Cairo's operator of that name, as CSS
/// `mix-blend-mode` composites it.
final class BlendTests: XCTestCase {
    private func pixel(_ spec: String, _ x: Int, _ y: Int) throws -> [Int] {
        let bitmap = try LayoutRenderer().render(source: spec, options: RenderOptions(fileName: "t.spec")).bitmap
        let i = (y * bitmap.width + x) * 4
        return bitmap.pixels[i..<i + 4].map(Int.init)
    }

    private func over(_ backdrop: String, _ source: String, _ mode: String) throws -> [Int] {
        try pixel("canvas width=20 height=20 background=\(backdrop)\nbox size=20x20 background=\(source) blend=\(mode)\n", 10, 10)
    }

    func testSeparableModesAsCSSDefinesThem() throws {
        XCTAssertEqual(try over("#ff0000", "#0000ff", "multiply"), [0, 0, 0, 255])
        XCTAssertEqual(try over("#ffffff", "#0000ff", "multiply"), [0, 0, 255, 255])
        XCTAssertEqual(try over("#ff0000", "#0000ff", "screen"), [255, 0, 255, 255])
        XCTAssertEqual(try over("#808080", "#808080", "multiply"), [64, 64, 64, 255])
        // Overlay keeps the backdrop's black and white, and lightens or darkens between.
        XCTAssertEqual(try over("#ffffff", "#336699", "overlay"), [255, 255, 255, 255])
        XCTAssertEqual(try over("#000000", "#336699", "overlay"), [0, 0, 0, 255])
        XCTAssertEqual(try over("#ff0000", "#0000ff", "normal"), [0, 0, 255, 255])
    }

    /// The whole subtree is one group (its shadow too), blended once, with its opacity.
    func testTheSubtreeIsBlendedAsOneGroup() throws {
        let spec = "canvas width=40 height=20 background=#ffff00\nhbox blend=multiply opacity=0.5\n"
            + "  box size=20x20 background=#00ffff\n  box size=20x20 background=#ff00ff\n"
        // Yellow × cyan = green, at half strength over yellow (Cairo rounds 127.5 down).
        XCTAssertEqual(try pixel(spec, 5, 10), [127, 255, 0, 255])
        XCTAssertEqual(try pixel(spec, 25, 10), [255, 127, 0, 255])
        let frame = Rect(x: 0, y: 0, width: 20, height: 10)
        let spec2 = try LayoutRenderer().layout(source: "canvas width=100\nbox size=20x10 blend=screen clip shadow=\"0 1 0 #000\"\n",
                                                options: RenderOptions(fileName: "t.spec"))
        var builder = DisplayListBuilder(scene: spec2.scene, layout: spec2.layout, debugLabel: nil)
        XCTAssertEqual(builder.build().operations, [
            .beginGroup(opacity: 1, clip: nil, clipRadius: 0, blend: .screen),
            .shadow(frame, BoxShadow(x: 0, y: 1, blur: 0, color: .black), cornerRadius: 0),
            .beginGroup(opacity: 1, clip: frame, clipRadius: 0),
            .endGroup, .endGroup,
        ])
    }
}

/// `border-style=dashed|dotted`: pieces fitted to each side, cut by the side's wedge and
/// the ring, only where they can show.
final class BorderStyleTests: XCTestCase {
    private let white: [Int] = [255, 255, 255, 255], red: [Int] = [255, 0, 0, 255]

    private func render(_ body: String, width: Int = 100, height: Int = 20, scale: Double = 1) throws -> (Int, Int) -> [Int] {
        var options = RenderOptions(fileName: "t.spec")
        options.scale = scale
        let bitmap = try LayoutRenderer().render(source: "canvas width=\(width) height=\(height) background=#ffffff\n" + body,
                                                 options: options).bitmap
        return { x, y in
            let i = (y * bitmap.width + x) * 4
            return bitmap.pixels[i..<i + 4].map(Int.init)
        }
    }

    /// Dashes 3 widths long with gaps of 2 (2 and 1 from a width of 3), dots a width round
    /// with a width between; gaps stretched so whole pieces end the side.
    func testPatternsFitTheSide() {
        XCTAssertEqual(BorderDashes.pattern(length: 100, width: 2, style: .dashed, minimumPeriod: 1),
                       BorderDashes.Pattern(count: 10, piece: 6, period: (100 - 6) / 9.0))
        XCTAssertEqual(BorderDashes.pattern(length: 100, width: 4, style: .dashed, minimumPeriod: 1),
                       BorderDashes.Pattern(count: 8, piece: 8, period: (100 - 8) / 7.0))
        XCTAssertEqual(BorderDashes.pattern(length: 100, width: 4, style: .dotted, minimumPeriod: 1),
                       BorderDashes.Pattern(count: 13, piece: 4, period: 8))
        XCTAssertNil(BorderDashes.pattern(length: 10, width: 2, style: .dashed, minimumPeriod: 1), "one dash: solid")
        XCTAssertNil(BorderDashes.pattern(length: 100, width: 0.01, style: .dashed, minimumPeriod: 1), "finer than a pixel")
        XCTAssertNil(BorderDashes.pattern(length: .infinity, width: 1, style: .dotted, minimumPeriod: 1))
        let pattern = BorderDashes.Pattern(count: 10, piece: 6, period: 10)
        XCTAssertEqual(pattern.starts(within: 25...41), [20, 30, 40])
        XCTAssertEqual(pattern.starts(within: -1e300...(-5)), [])
        XCTAssertEqual(pattern.starts(within: -1e300...1e300).count, 10)
    }

    func testDashesAlongEachSide() throws {
        let pixel = try render("box size=100x20 border=2,#ff0000 border-style=dashed\n")
        // Dashes of 6 every (100 − 6) / 9 = 10.44: 0…6, 10.44…16.44, …, 94…100.
        XCTAssertEqual(pixel(3, 0), red)
        XCTAssertEqual(pixel(7, 0), white)
        XCTAssertEqual(pixel(12, 1), red)
        XCTAssertEqual(pixel(17, 1), white)
        XCTAssertEqual(pixel(97, 19), red, "whole dashes end the side")
        XCTAssertEqual(pixel(50, 10), white)
        XCTAssertEqual(pixel(0, 3), red)
        XCTAssertEqual(pixel(0, 7), white)
    }

    func testDotsAreRound() throws {
        let pixel = try render("box size=100x20 border=4,#ff0000 border-style=dotted\n")
        XCTAssertEqual(pixel(9, 1), red)       // the second dot, centred at (10, 2)
        XCTAssertEqual(pixel(6, 1), white)     // between the first two
        XCTAssertEqual(pixel(7, 3), white)
        XCTAssertNotEqual(pixel(12, 0), red, "a dot's edge is round, not square")
    }

    func testTheStyleTravelsWithTheBorder() throws {
        let spec = try LayoutRenderer().layout(source: "canvas width=100\nbox size=20x10 border=2,#f00 border-style=dotted\n",
                                               options: RenderOptions(fileName: "t.spec"))
        var builder = DisplayListBuilder(scene: spec.scene, layout: spec.layout, debugLabel: nil)
        XCTAssertEqual(builder.build().operations, [
            .strokeSides(Rect(x: 0, y: 0, width: 20, height: 10),
                         BorderSides(widths: EdgeInsets(all: 2), top: RGBAColor(red: 1, green: 0, blue: 0), right: RGBAColor(red: 1, green: 0, blue: 0),
                                     bottom: RGBAColor(red: 1, green: 0, blue: 0), left: RGBAColor(red: 1, green: 0, blue: 0), style: .dotted),
                         cornerRadius: 0),
        ])
    }

    /// Far sides and borders too fine to dash: only the pieces on the canvas are made.
    func testFarAndFineBorders() throws {
        let far = try render("zbox\n  box size=1000000x1000000 left=-500000 top=2 position=absolute border=4,#ff0000 border-style=dashed radius=0,1000000,0,0\n",
                             scale: 8)
        XCTAssertTrue([red, white].contains(far(400, 20)))
        let fine = try render("box size=100x20 border=0.000001,#ff0000 border-style=dotted\n")
        XCTAssertEqual(fine(50, 10), white)
        XCTAssertEqual(fine(0, 0), white)
        // A border wider than the box fills it (each side at most half of its axis).
        let wide = try render("box size=100x20 border=1000000,#ff0000 border-style=dashed\n")
        XCTAssertEqual(wide(50, 10), red)
    }
}

/// `transform`: the drawing moved about the frame's centre, as CSS `transform` does;
/// layout unchanged.
final class TransformTests: XCTestCase {
    private func render(_ body: String, scale: Double = 1) throws -> (Int, Int) -> [Int] {
        var options = RenderOptions(fileName: "t.spec")
        options.scale = scale
        let bitmap = try LayoutRenderer().render(source: "canvas width=60 height=60 background=#ffffff\n" + body, options: options).bitmap
        return { x, y in
            let i = (y * bitmap.width + x) * 4
            return bitmap.pixels[i..<i + 4].map(Int.init)
        }
    }

    private let white = [255, 255, 255, 255], red = [255, 0, 0, 255]

    func testMatrices() {
        let p = Transform2D.rotation(degrees: 90).apply(Point(x: 1, y: 0))
        XCTAssertEqual(p.x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.y, 1, accuracy: 1e-12, "clockwise on the screen")
        // Concatenating: the right-hand transform moves a point first.
        let moved = Transform2D.translation(x: 10, y: 0).concatenating(.scale(x: 2, y: 2)).apply(Point(x: 1, y: 1))
        XCTAssertEqual(moved, Point(x: 12, y: 2))
        XCTAssertEqual(Transform2D.scale(x: 2, y: 3).stretch, 3, accuracy: 1e-12)
        XCTAssertEqual(Transform2D.rotation(degrees: 30).stretch, 1, accuracy: 1e-12)
        let t = Transform2D.translation(x: 3, y: 4).concatenating(.rotation(degrees: 30)).concatenating(.scale(x: 2, y: 0.5))
        let back = t.inverse!.apply(t.apply(Point(x: 7, y: -2)))
        XCTAssertEqual(back.x, 7, accuracy: 1e-9)
        XCTAssertEqual(back.y, -2, accuracy: 1e-9)
        XCTAssertEqual(Transform2D.rotation(degrees: 90).bounds(of: Rect(x: 0, y: 0, width: 4, height: 2)).width, 2, accuracy: 1e-12)
        XCTAssertNil(Transform2D.scale(x: 0, y: 1).inverse)
    }

    func testTheGroupCarriesTheTransformAboutTheCentre() throws {
        let spec = try LayoutRenderer().layout(source: "canvas width=100\nbox size=20x10 transform=rotate(90deg) background=#f00\n",
                                               options: RenderOptions(fileName: "t.spec"))
        var builder = DisplayListBuilder(scene: spec.scene, layout: spec.layout, debugLabel: nil)
        let ops = builder.build().operations
        guard case .beginGroup(1, nil, _, .normal, let transform)? = ops.first else { return XCTFail("\(ops)") }
        // The centre (10, 5) stays; (0, 0) goes to (15, -5).
        let centre = transform.apply(Point(x: 10, y: 5)), corner = transform.apply(Point(x: 0, y: 0))
        XCTAssertEqual(centre.x, 10, accuracy: 1e-9)
        XCTAssertEqual(centre.y, 5, accuracy: 1e-9)
        XCTAssertEqual(corner.x, 15, accuracy: 1e-9)
        XCTAssertEqual(corner.y, -5, accuracy: 1e-9)
        // Layout is unchanged: the frame is where it was.
        XCTAssertEqual(spec.layout.absoluteFrames[1], Rect(x: 0, y: 0, width: 20, height: 10))
    }

    /// A 40×20 box centred at (30, 30), turned a quarter: 20 wide and 40 tall.
    func testRotateScaleAndTranslateMoveThePixels() throws {
        let box = "box size=40x20 left=10 top=20 position=absolute background=#ff0000"
        let turned = try render("zbox\n  \(box) transform=rotate(90deg)\n")
        XCTAssertEqual(turned(30, 12), red)
        XCTAssertEqual(turned(12, 30), white)
        XCTAssertEqual(turned(30, 47), red)
        let moved = try render("zbox\n  \(box) transform=\"translate(10, 0)\"\n")
        XCTAssertEqual(moved(12, 30), white)
        XCTAssertEqual(moved(55, 30), red)
        let grown = try render("zbox\n  \(box) transform=scale(1.4)\n")
        XCTAssertEqual(grown(3, 30), red)  // 30 − 28 = 2 on the left
        XCTAssertEqual(grown(30, 17), red) // 30 − 14 = 16 on top
        XCTAssertEqual(grown(30, 15), white)
    }

    /// The node's clip, shadow and children move with it.
    func testClipShadowAndChildrenMoveWithTheNode() throws {
        let pixel = try render("zbox\n  box size=40x20 left=10 top=20 position=absolute clip transform=rotate(90deg) shadow=\"0 0 0 2 #0000ff\"\n"
                               + "    box size=80x80 background=#ff0000\n")
        XCTAssertEqual(pixel(30, 30), red)
        XCTAssertEqual(pixel(15, 30), white, "the child is clipped to the turned frame")
        XCTAssertEqual(pixel(30, 9), [0, 0, 255, 255], "the spread shadow turned with it")
    }

    func testNestedTransformsAreBounded() throws {
        var spec = "zbox\n"
        for depth in 0..<3 { spec += String(repeating: "  ", count: depth + 1) + "zbox transform=scale(100)\n" }
        spec += "        box size=1x1 background=#ff0000\n"
        do {
            _ = try render(spec)
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual((error as? LayoutRenderError)?.diagnostic.message,
                           "nested transforms scale lengths by 1000000.0; the limit is 1/10000 to 10000 times")
        }
        // Moved far off and scaled up, at a large scale: drawn (nothing shows), quickly.
        let far = try render("zbox\n  box size=1000000x1000000 radius=1000000 background=linear(#000, #fff) transform=\"translate(1000000, 0) scale(100) rotate(33deg)\" border=3 border-style=dotted shadow=\"0 0 1000 #000\"\n", scale: 8)
        _ = far(0, 0)
    }
}
