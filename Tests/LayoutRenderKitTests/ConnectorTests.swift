import Foundation
import LayoutEngine
@testable import LayoutRenderKit
@testable import Rendering
import XCTest

/// Connectors: their routes as numbers, what they refuse, their pixels, their limits.
final class ConnectorTests: XCTestCase {
    private func options() -> RenderOptions { RenderOptions(fileName: "t.spec", assetRoot: NSTemporaryDirectory()) }

    private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    private func failure(_ spec: String, options: RenderOptions? = nil) -> LayoutRenderError? {
        do {
            _ = try LayoutRenderer().render(source: spec, options: options ?? self.options())
            return nil
        } catch {
            return error
        }
    }

    private func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * bitmap.width + x) * 4
        return Array(bitmap.pixels[i..<i + 4])
    }

    /// Two boxes, `b` down and to the right of `a`, and `lines` of connectors.
    private func spec(_ lines: String) -> String {
        """
        canvas width=300 height=200 background=#ffffff
        box size=300x200
          box id=a left=0 top=0 size=100x50 background=#ff0000
          box id=b left=200 top=100 size=100x50 background=#0000ff
        \(lines)
        """
    }

    let a = Rect(x: 0, y: 0, width: 100, height: 50), b = Rect(x: 200, y: 100, width: 100, height: 50)

    // MARK: - Routes

    /// The facing sides: across when the nodes are further apart across than up and down.
    func testAutomaticSidesFaceEachOther() {
        XCTAssertTrue(ConnectorRouting.automaticSides(from: a, to: b) == (.right, .left))
        XCTAssertTrue(ConnectorRouting.automaticSides(from: b, to: a) == (.left, .right))
        let below = Rect(x: 20, y: 200, width: 100, height: 50)
        XCTAssertTrue(ConnectorRouting.automaticSides(from: a, to: below) == (.bottom, .top))
        XCTAssertTrue(ConnectorRouting.automaticSides(from: below, to: a) == (.top, .bottom))
    }

    func testStraightAndCurvedRoutes() {
        XCTAssertEqual(ConnectorRouting.route(.straight, from: a, nil, to: b, nil), [p(100, 25), p(200, 125)])
        XCTAssertEqual(ConnectorRouting.route(.straight, from: a, .center, to: b, .top), [p(50, 25), p(250, 100)])
        // Control points out of each side by half the distance between the ends.
        let reach = (100.0 * 100 + 100 * 100).squareRoot() / 2
        XCTAssertEqual(ConnectorRouting.route(.curved, from: a, nil, to: b, nil),
                       [p(100, 25), p(100 + reach, 25), p(200 - reach, 125), p(200, 125)])
        // A centre is the automatic side for a route that leaves square to a side.
        XCTAssertEqual(ConnectorRouting.route(.curved, from: a, .center, to: b, nil)[0], p(100, 25))
    }

    /// Out of each side by 12 points, turning halfway across the gap.
    func testOrthogonalRoutesTurnHalfwayAcross() {
        XCTAssertEqual(ConnectorRouting.route(.orthogonal, from: a, nil, to: b, nil),
                       [p(100, 25), p((100 + 200) / 2, 25), p((100 + 200) / 2, 125), p(200, 125)])
        XCTAssertEqual(ConnectorRouting.route(.orthogonal, from: a, .bottom, to: b, .top),
                       [p(50, 50), p(50, (50 + 100) / 2), p(250, (50 + 100) / 2), p(250, 100)])
        // Left side to left side, one node under the other: out 12 points, down, back in.
        let below = Rect(x: 0, y: 100, width: 100, height: 50)
        XCTAssertEqual(ConnectorRouting.route(.orthogonal, from: a, .left, to: below, .left),
                       [p(0, 25), p(-12, 25), p(-12, 125), p(0, 125)])
        // Facing sides in line: one straight piece.
        let beside = Rect(x: 120, y: 0, width: 100, height: 50)
        XCTAssertEqual(ConnectorRouting.route(.orthogonal, from: a, nil, to: beside, nil), [p(100, 25), p(120, 25)])
        // A side and a side across: one elbow.
        XCTAssertEqual(ConnectorRouting.route(.orthogonal, from: a, .right, to: b, .top),
                       [p(100, 25), p(250, 25), p(250, 100)])
    }

    /// Whatever the sides and places, an orthogonal route is horizontal and vertical
    /// pieces that cross neither node (only its first and last pieces touch them, at
    /// their sides).
    func testOrthogonalRoutesNeverCrossTheNodesTheyJoin() {
        let places = [Rect(x: 200, y: 100, width: 100, height: 50), Rect(x: 200, y: 0, width: 60, height: 50),
                      Rect(x: -250, y: 0, width: 100, height: 50), Rect(x: 20, y: 90, width: 40, height: 80),
                      Rect(x: 0, y: -200, width: 300, height: 120), Rect(x: 110, y: 10, width: 20, height: 20)]
        let sides: [ConnectorSide?] = [nil, .top, .right, .bottom, .left]
        for other in places {
            for s0 in sides {
                for s1 in sides {
                    let points = ConnectorRouting.route(.orthogonal, from: a, s0, to: other, s1)
                    let label = "\(other) \(String(describing: s0)) \(String(describing: s1)): \(points)"
                    XCTAssertGreaterThanOrEqual(points.count, 2, label)
                    for (p, q) in zip(points, points.dropFirst()) {
                        XCTAssertTrue(p.x == q.x || p.y == q.y, label)
                        for r in [a, other] {
                            let crosses = p.y == q.y
                                ? p.y > r.minY && p.y < r.maxY && max(p.x, q.x) > r.minX && min(p.x, q.x) < r.maxX
                                : p.x > r.minX && p.x < r.maxX && max(p.y, q.y) > r.minY && min(p.y, q.y) < r.maxY
                            XCTAssertFalse(crosses, label)
                        }
                    }
                }
            }
        }
    }

    // MARK: - In a spec

    /// The frame dump gives each route as points; connectors take no space.
    func testRoutesInTheFrameDumpAndNoSpaceTaken() throws {
        let renderer = LayoutRenderer()
        let with = try renderer.layout(source: spec("""
            connector from=a to=b route=orthogonal id=ab
            connector from=b.left to=a.bottom route=curved
            """), options: options()).frames
        let without = try renderer.layout(source: spec(""), options: options()).frames
        let reach = (150.0 * 150 + 75 * 75).squareRoot() / 2
        XCTAssertEqual(with.nodes, without.nodes)
        XCTAssertNil(without.connectors)
        XCTAssertEqual(with.connectors, [
            FrameDump.Connector(id: "ab", line: 5, route: "orthogonal", points: [[100, 25], [150, 25], [150, 125], [200, 125]]),
            FrameDump.Connector(id: nil, line: 6, route: "curved",
                                points: [[200, 125], [200 - reach, 125], [50, 50 + reach], [50, 50]]),
        ])
        XCTAssertTrue(with.json().contains("""
              "connectors": [
                {"id": "ab", "line": 5, "route": "orthogonal", "points": [[100, 25], [150, 25], [150, 125], [200, 125]]},
            """), with.json())
    }

    /// An end that is no node, is the other end, or is not drawn: an error at the
    /// attribute, before anything is drawn.
    func testEndsThatCannotBeJoinedAreErrors() {
        let cases: [(String, String, Int, Int)] = [
            ("connector from=a to=zz", "no node has the id 'zz' for this connector's to", 5, 21),
            ("connector from=nobody.left to=b", "no node has the id 'nobody' for this connector's from", 5, 16),
            ("connector from=a to=a.left", "a connector from 'a' to itself; join two different nodes", 5, 21),
            ("connector from=a", "a connector needs from=ID and to=ID (or ID.SIDE: top, right, bottom, left, center)", 5, 1),
            ("  box id=h size=10x10 hidden\n  vbox hidden\n    box id=inner size=5x5\nconnector from=a to=inner",
             "'inner' is hidden (or inside a hidden node), so it is not drawn and a connector cannot end at it", 8, 21),
        ]
        for (lines, message, line, column) in cases {
            let error = failure(spec(lines))
            XCTAssertEqual(error?.diagnostic.message, message, lines)
            XCTAssertEqual(error?.diagnostic.location?.line, line, lines)
            XCTAssertEqual(error?.diagnostic.location?.column, column, lines)
        }
    }

    /// Beneath the nodes, a line through a node is hidden by its background; above, it shows.
    func testLayers() throws {
        func image(_ layer: String) throws -> Bitmap {
            try LayoutRenderer().render(source: spec("connector from=a.center to=b.center stroke-width=4 end-arrow=none layer=\(layer)"),
                                        options: options()).bitmap
        }
        let below = try image("below"), above = try image("above")
        // (75, 37.5) is on the line from (50, 25) to (250, 125), inside `a`.
        XCTAssertEqual(pixel(below, 75, 37), [255, 0, 0, 255])
        XCTAssertEqual(pixel(above, 75, 37), [0, 0, 0, 255])
        // Between the boxes the line shows either way.
        XCTAssertEqual(pixel(below, 150, 75), [0, 0, 0, 255])
    }

    /// A triangle arrowhead 4·w + 4 long ends at the side; the line stops under it.
    func testArrowheadsAreSizedByTheStroke() throws {
        XCTAssertTrue(ConnectorDrawing.arrowSize(strokeWidth: 2) == (4 * 2 + 4, 1.5 * 2 + 1.5))
        let image = try LayoutRenderer().render(source: """
            canvas width=300 height=100 background=#ffffff
            hbox gap=100
              box id=a size=100x50
              box id=b size=100x50
            connector from=a to=b stroke-width=2 stroke=#000000
            """, options: options()).bitmap
        // The head's base is 4.5 points either side of the line, 12 points before the tip at x = 200.
        XCTAssertEqual(pixel(image, 195, 25), [0, 0, 0, 255])
        XCTAssertEqual(pixel(image, 189, 25 - 3), [0, 0, 0, 255])
        XCTAssertEqual(pixel(image, 189, 25 - 6), [255, 255, 255, 255])
        XCTAssertEqual(pixel(image, 150, 25), [0, 0, 0, 255])
        XCTAssertEqual(pixel(image, 201, 25), [255, 255, 255, 255])
    }

    /// A label's characters that no font has are reported at the connector, an error with `strict`.
    func testALabelsMissingCharactersAreReported() {
        var strict = options()
        strict.strict = true
        let error = failure(spec("connector from=a to=b label=\"a日\" fallback=none"), options: strict)
        XCTAssertEqual(error?.diagnostic.message,
                       "the font and its fallback fonts do not cover '日' U+65E5; it is drawn as the font's replacement glyph")
        XCTAssertEqual(error?.diagnostic.location?.line, 5)
        XCTAssertNil(failure(spec("connector from=a to=b label=\"a日\"")), "drawn from the default fallback fonts")
    }

    /// `--debug` marks each connector's ends with a magenta square 5 device pixels across.
    func testDebugMarksTheEnds() throws {
        var debug = options()
        debug.debugOverlay = true
        let source = spec("connector from=a.center to=b.center stroke-width=4 end-arrow=none")
        let marked = try LayoutRenderer().render(source: source, options: debug).bitmap
        let plain = try LayoutRenderer().render(source: source, options: options()).bitmap
        XCTAssertEqual(pixel(marked, 50, 25), [255, 0, 255, 255])
        XCTAssertEqual(pixel(marked, 250 - 1, 125 + 1), [255, 0, 255, 255])
        XCTAssertEqual(pixel(plain, 50, 25), [0, 0, 0, 255])
        XCTAssertEqual(pixel(marked, 150, 75), [0, 0, 0, 255], "the line between is the line")
    }

    // MARK: - Limits

    /// Ten thousand connectors between the same two nodes: drawn within the budget in
    /// seconds; with a small budget, refused.
    func testTenThousandConnectorsBetweenTheSameNodes() throws {
        let text = spec(String(repeating: "connector from=a to=b route=orthogonal label=\"x\"\n", count: 10_000))
        XCTAssertNil(failure(text))
        var limited = options()
        limited.renderLimits.budget.maxPaintedPixels = 1_000_000
        XCTAssertEqual(failure(text, options: limited)?.exceededBudget, .paintedPixels)
    }

    /// A megabyte label is refused at its attribute.
    func testAMegabyteLabelIsRefused() {
        let label = String(repeating: "x", count: 1 << 20)
        let error = failure(spec("connector from=a to=b label=\"\(label)\""))
        XCTAssertEqual(error?.diagnostic.message, "a connector's label has 1048576 characters; the limit is 10000")
        XCTAssertEqual(error?.diagnostic.location?.line, 5)
        XCTAssertEqual(error?.diagnostic.location?.column, 29)
    }
}
