import Foundation
import LayoutEngine
@testable import LayoutRenderKit
@testable import Rendering
import SpecLanguage
import XCTest

/// `path` nodes: the outline SVG path data comes to, the view box, the frames, the
/// pixels, the vector output and the limits.
final class PathTests: XCTestCase {
    private func options() -> RenderOptions { RenderOptions(fileName: "t.spec", assetRoot: NSTemporaryDirectory()) }

    private func outline(_ data: String) throws -> [PathElement] { PathOutline.outline(of: try PathData.parse(data)).elements }

    private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    private func assertClose(_ a: Point, _ b: Point, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: accuracy, file: file, line: line)
    }

    private func end(_ element: PathElement) -> Point? {
        switch element {
        case .move(let p), .line(let p), .cubic(_, _, let p): return p
        case .close: return nil
        }
    }

    private func bitmap(_ spec: String) throws -> Bitmap { try LayoutRenderer().render(source: spec, options: options()).bitmap }

    private func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * bitmap.width + x) * 4
        return Array(bitmap.pixels[i..<i + 4])
    }

    private func failure(_ spec: String, options: RenderOptions? = nil) -> LayoutRenderError? {
        do {
            _ = try LayoutRenderer().render(source: spec, options: options ?? self.options())
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Outline

    func testRelativeCoordinatesFollowTheCurrentPoint() throws {
        XCTAssertEqual(try outline("m10 10 l5 0 v5 h-5 z m1 1 l1 1"), [
            .move(p(10, 10)), .line(p(15, 10)), .line(p(15, 15)), .line(p(10, 15)), .close,
            // After a close the current point is the subpath's start.
            .move(p(11, 11)), .line(p(12, 12)),
        ])
    }

    /// `S` reflects the last cubic's second control point, `T` the last quadratic's
    /// control point; after another kind of command, the current point is the control.
    func testSmoothCommandsReflectThePreviousControlPoint() throws {
        XCTAssertEqual(try outline("M0 0 C0 10 10 10 10 0 S20 -10 20 0"), [
            .move(p(0, 0)), .cubic(p(0, 10), p(10, 10), p(10, 0)), .cubic(p(10, -10), p(20, -10), p(20, 0)),
        ])
        XCTAssertEqual(try outline("M0 0 L6 0 S9 3 12 0"), [
            .move(p(0, 0)), .line(p(6, 0)), .cubic(p(6, 0), p(9, 3), p(12, 0)),
        ])
        // Q0 0 → 6 6 then T: the control (3, 6) reflected about (6, 0) is (9, -6).
        XCTAssertEqual(try outline("M0 0 Q3 6 6 0 T12 0"), [
            .move(p(0, 0)),
            .cubic(p(2 / 3 * 3, 2 / 3 * 6), p(6 + 2 / 3 * (3 - 6), 2 / 3 * 6), p(6, 0)),
            .cubic(p(6 + 2 / 3 * (9 - 6), 2 / 3 * -6), p(12 + 2 / 3 * (9 - 12), 2 / 3 * -6), p(12, 0)),
        ])
    }

    /// A half circle from (0, 0) to (10, 0), sweep 1 (clockwise on screen): two quarter
    /// cubics through (5, -5), handles 4/3·tan(π/8)·5 long.
    func testAnArcIsCubicsOfAtMostAQuarterTurn() throws {
        let elements = try outline("M0 0 A5 5 0 0 1 10 0")
        XCTAssertEqual(elements.count, 3)
        let k = 4.0 / 3.0 * tan(Double.pi / 8) * 5
        guard case .cubic(let c1, let c2, let mid) = elements[1], case .cubic(let d1, let d2, let last) = elements[2] else {
            return XCTFail("\(elements)")
        }
        assertClose(c1, p(0, -k)); assertClose(c2, p(5 - k, -5)); assertClose(mid, p(5, -5))
        assertClose(d1, p(5 + k, -5)); assertClose(d2, p(10, -k)); XCTAssertEqual(last, p(10, 0))
        // Sweep 0 goes the other way round, through (5, 5).
        assertClose(end(try outline("M0 0 A5 5 0 0 0 10 0")[1])!, p(5, 5))
        // The large arc of a circle of radius 10 through both ends: three quarters and more.
        let large = try outline("M0 0 A10 10 0 1 1 10 0")
        XCTAssertEqual(large.count, 1 + 4)
        XCTAssertEqual(end(large.last!), p(10, 0))
    }

    /// Radii too small to reach are scaled up (F.6.6): the half circle again. A zero
    /// radius is a line, the same ends nothing, a radius that is nearly zero a line, and a
    /// huge one a flat arc, every point finite.
    func testOutOfRangeRadii() throws {
        XCTAssertEqual(try outline("M0 0 A1 1 0 0 1 10 0"), try outline("M0 0 A5 5 0 0 1 10 0"))
        XCTAssertEqual(try outline("M0 0 A-5 5 0 0 1 10 0"), try outline("M0 0 A5 5 0 0 1 10 0"))
        XCTAssertEqual(try outline("M0 0 A0 5 0 0 1 10 0"), [.move(p(0, 0)), .line(p(10, 0))])
        XCTAssertEqual(try outline("M0 0 A1e-300 5 0 0 1 10 0"), [.move(p(0, 0)), .line(p(10, 0))])
        XCTAssertEqual(try outline("M3 4 A5 5 0 0 1 3 4"), [.move(p(3, 4))])
        let flat = try outline("M0 0 A1000000 1000000 45 0 1 10 0")
        XCTAssertEqual(flat.count, 2)
        guard case .cubic(let a, let b, let c) = flat[1] else { return XCTFail("\(flat)") }
        for q in [a, b, c] { XCTAssertTrue(q.x.isFinite && q.y.isFinite && abs(q.y) < 1e-3, "\(q)") }
    }

    // MARK: - View box and frames

    /// `xMidYMid meet`: scaled alike on both axes to fit, centred on the other.
    func testTheViewBoxFitsTheContentBox() throws {
        let content = PathContent(path: VectorPath(), style: PathStyle(), viewBox: Rect(x: 2, y: 4, width: 24, height: 24))
        let s = 50.0 / 24
        XCTAssertEqual(content.transform(in: Rect(x: 10, y: 20, width: 100, height: 50)),
                       Transform2D(a: s, b: 0, c: 0, d: s, tx: 10 + (100 - 50) / 2 - 2 * s, ty: 20 - 4 * s))
        XCTAssertEqual(content.measure(knownWidth: 48, knownHeight: nil, availableWidth: .maxContent, availableHeight: .maxContent),
                       Size(width: 48, height: 48))
        let plain = PathContent(path: PathOutline.outline(of: try PathData.parse("M-5 -5 L30 10")), style: PathStyle(), viewBox: nil)
        XCTAssertEqual(plain.intrinsicSize, Size(width: 30, height: 10))
        XCTAssertEqual(plain.transform(in: Rect(x: 7, y: 8, width: 1, height: 1)), .translation(x: 7, y: 8))
    }

    func testAPathTakesItsViewBoxSizeOrTheSizeItIsGiven() throws {
        let laidOut = try LayoutRenderer().layout(source: """
            canvas width=200 height=100
            hbox padding=10 gap=4 align=start
              path "M0 0 L24 24" view-box="0 0 24 24" id=natural
              path "M0 0 L24 24" view-box="0 0 24 12" width=48 id=wide
              path "M0 0 L30 20" id=plain
            """, options: options())
        var frames: [String: [Double]] = [:]
        for node in laidOut.frames.nodes { if let id = node.id { frames[id] = [node.x, node.y, node.width, node.height] } }
        XCTAssertEqual(frames["natural"], [10, 10, 24, 24])
        XCTAssertEqual(frames["wide"], [10 + 24 + 4, 10, 48, 24])
        XCTAssertEqual(frames["plain"], [10 + 24 + 4 + 48 + 4, 10, 30, 20])
    }

    // MARK: - Pixels

    /// A square with a square hole: even-odd leaves the hole, non-zero (both drawn the
    /// same way round) fills it. The view box doubles every unit.
    func testFillRules() throws {
        func spec(_ rule: String) -> String {
            """
            canvas width=40 height=40 background=#ffffff
            path "M0 0 H20 V20 H0 Z M5 5 H15 V15 H5 Z" view-box="0 0 20 20" size=40x40 fill=#ff0000 fill-rule=\(rule)
            """
        }
        let evenodd = try bitmap(spec("evenodd")), nonzero = try bitmap(spec("nonzero"))
        XCTAssertEqual(pixel(evenodd, 5, 5), [255, 0, 0, 255])
        XCTAssertEqual(pixel(evenodd, 20, 20), [255, 255, 255, 255])
        XCTAssertEqual(pixel(nonzero, 20, 20), [255, 0, 0, 255])
    }

    /// A stroke 4 wide in units of 2 points is 8 points wide, centred on the line; butt
    /// caps end at the ends, square ones half a width beyond.
    func testStrokesScaleWithTheViewBox() throws {
        func spec(_ cap: String) -> String {
            """
            canvas width=60 height=40 background=#ffffff
            path "M5 10 H25" view-box="0 0 30 20" size=60x40 fill=none stroke=#0000ff stroke-width=4 line-cap=\(cap)
            """
        }
        let butt = try bitmap(spec("butt")), square = try bitmap(spec("square"))
        XCTAssertEqual(pixel(butt, 30, 20 - 4), [0, 0, 255, 255])
        XCTAssertEqual(pixel(butt, 30, 20 + 3), [0, 0, 255, 255])
        XCTAssertEqual(pixel(butt, 30, 20 + 4), [255, 255, 255, 255])
        XCTAssertEqual(pixel(butt, 2 * 5 - 1, 20), [255, 255, 255, 255])
        XCTAssertEqual(pixel(square, 2 * 5 - 1, 20), [0, 0, 255, 255])
        XCTAssertEqual(pixel(square, 2 * 5 - 4 - 1, 20), [255, 255, 255, 255])
    }

    /// `dash="4 4"` at two points a unit: 8 points on, 8 off.
    func testDashes() throws {
        let image = try bitmap("""
            canvas width=80 height=20 background=#ffffff
            path "M0 5 H40" view-box="0 0 40 10" size=80x20 fill=none stroke=#000000 stroke-width=4 dash="4 4"
            """)
        XCTAssertEqual(pixel(image, 4, 10), [0, 0, 0, 255])
        XCTAssertEqual(pixel(image, 12, 10), [255, 255, 255, 255])
        XCTAssertEqual(pixel(image, 20, 10), [0, 0, 0, 255])
    }

    /// A path is clipped to its frame, as SVG clips to the viewport.
    func testAPathIsClippedToItsFrame() throws {
        let image = try bitmap("""
            canvas width=40 height=40 background=#ffffff
            path "M-10 -10 H30 V30 H-10 Z" size=20x20 margin=10 fill=#00ff00
            """)
        XCTAssertEqual(pixel(image, 15, 15), [0, 255, 0, 255])
        XCTAssertEqual(pixel(image, 5, 5), [255, 255, 255, 255])
        XCTAssertEqual(pixel(image, 35, 35), [255, 255, 255, 255])
    }

    // MARK: - Vector output

    /// In SVG and PDF a path stays a path: no image is embedded.
    func testPathsStayVectorInSVGAndPDF() throws {
        let source = """
            canvas width=40 height=40 background=#ffffff
            path "M4 4 L36 4 A16 16 0 0 1 4 36 Z" view-box="0 0 40 40" size=40x40 fill=#ff0000 stroke=#000000 dash="3 1"
            """
        let renderer = LayoutRenderer()
        let laidOut = try renderer.layout(source: source, options: options())
        let svg = String(decoding: try renderer.picture(laidOut, settings: PictureSettings(format: .svg), options: options()).bytes,
                         as: UTF8.self)
        XCTAssertTrue(svg.contains("<path"), svg)
        XCTAssertTrue(svg.contains("stroke-dasharray"), svg)
        XCTAssertFalse(svg.contains("<image"), svg)
        let pdf = try renderer.picture(laidOut, settings: PictureSettings(format: .pdf), options: options()).bytes
        XCTAssertNil(String(decoding: pdf, as: UTF8.self).range(of: "/Subtype /Image"))
    }

    // MARK: - Limits

    /// A dash pattern of 1e-9 would be a dash per billionth of a point: finer than a
    /// device pixel, it is drawn solid, at once.
    func testADashFinerThanAPixelIsDrawnSolid() throws {
        let image = try bitmap("""
            canvas width=400 height=20 background=#ffffff
            path "M0 5 H400" size=400x10 fill=none stroke=#000000 stroke-width=4 dash="0.000000001"
            """)
        for x in stride(from: 0, to: 400, by: 7) { XCTAssertEqual(pixel(image, x, 5), [0, 0, 0, 255], "\(x)") }
    }

    /// Every element and every dash counts against the budget of path segments.
    func testPathSegmentsAreChargedToTheBudget() throws {
        var limited = options()
        limited.renderLimits.budget.maxPathSegments = 1_000
        // 1,001 elements filled: one over.
        let many = "M0 0" + String(repeating: " l0.01 0", count: 1_000)
        let error = failure("canvas width=20 height=20\npath \"\(many)\" size=20x20 stroke=#000000 fill=none", options: limited)
        XCTAssertEqual(error?.exceededBudget, .pathSegments)
        XCTAssertEqual(error?.diagnostic.message, "the render needs more than 1000 path segments drawn, its work budget; "
                       + "draw fewer or simpler paths, or longer dashes")
        XCTAssertNil(failure("canvas width=20 height=20\npath \"\(many.dropLast(" l0.01 0".count))\" size=20x20 stroke=#000000 fill=none",
                             options: limited))
        // A line 400 long dashed every 2 points: 200 dashes, and 2 elements.
        let dashed = "canvas width=400 height=20\npath \"M0 10 H400\" size=400x20 fill=none stroke=#000000 dash=\"1 1\""
        limited.renderLimits.budget.maxPathSegments = 201
        XCTAssertEqual(failure(dashed, options: limited)?.exceededBudget, .pathSegments)
        limited.renderLimits.budget.maxPathSegments = 202
        XCTAssertNil(failure(dashed, options: limited))
    }

    /// Twenty-two paths of the most commands a path may have, each filled and stroked:
    /// over the default budget (4 Mi), refused before anything is drawn.
    func testManyLongPathsAreRefusedByTheBudget() throws {
        let data = "M0 0 l" + String(repeating: " 0 0", count: PathData.maxCommands - 1)
        var spec = "canvas width=20 height=20\nzbox\n"
        for _ in 0..<22 { spec += "  path \"\(data)\" size=20x20 fill=#000000 stroke=#000000\n" }
        XCTAssertEqual(failure(spec)?.exceededBudget, .pathSegments)
    }

    /// A tiny view box scales the path's coordinates far beyond what Cairo holds: an
    /// error, not a wrapped or endless drawing; off the canvas, such a path draws nothing.
    func testAPathScaledBeyondCairosRangeIsAnError() throws {
        let error = failure("""
            canvas width=20 height=20
            path "M0 0 L1000000 1000000" view-box="0 0 0.000001 0.000001" size=20x20 stroke=#000000
            """)
        let message = error?.diagnostic.message ?? "no error"
        XCTAssertTrue(message.hasPrefix("a path reaches ") && message.contains("the limit is 4194304"), message)
        XCTAssertNil(failure("""
            canvas width=20 height=20
            box size=20x20
              path "M0 0 L1000000 1000000" view-box="0 0 0.000001 0.000001" size=20x20 left=-1000000 stroke=#000000
            """))
    }
}
