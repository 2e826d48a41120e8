import Glibc
import LayoutEngine
import Rendering
import SpecLanguage

/// The shape at an end of a connector, sized by its stroke width.
typealias ArrowHead = Keywords.Arrow

/// A `connector` of the spec, its ends resolved to nodes of the scene: drawn after layout
/// between their frames, taking no space.
struct SceneConnector: Sendable {
    var id: String?
    var location: SourceLocation
    var from: NodeID
    var fromSide: ConnectorSide?
    var to: NodeID
    var toSide: ConnectorSide?
    var route: ConnectorRoute = .straight
    var startArrow: ArrowHead = .none
    var endArrow: ArrowHead = .triangle
    var stroke: RGBAColor? = .black
    var strokeWidth: Double = 1
    var dash: [Double] = []
    var label: LabelContent?
    var labelColor: RGBAColor = .black
    var labelBackground: RGBAColor? = .white
    /// Drawn under every node (after the canvas's background) or over them all.
    var above = true

    /// The most characters a connector's label may have.
    static let maxLabelCharacters = 10_000

    /// The route's points between the two frames (see `ConnectorRouting.route`).
    func points(from a: Rect, to b: Rect) -> [Point] {
        ConnectorRouting.route(route, from: a, fromSide, to: b, toSide)
    }
}

/// The drawing operations of connectors: the route (shortened under the arrowheads),
/// the arrowheads, and the label on its background at the middle of the route.
enum ConnectorDrawing {
    /// An arrowhead's length along the line and half its width across, for a stroke
    /// `width` wide: 8 by 3 points at a width of 1, growing with it.
    static func arrowSize(strokeWidth width: Double) -> (length: Double, halfWidth: Double) {
        (4 * width + 4, 1.5 * width + 1.5)
    }

    /// - Parameters:
    ///   - points: the route (`SceneConnector.points`).
    ///   - uncovered: gets the characters of the label that no font has.
    static func operations(for connector: SceneConnector, points: [Point], uncovered: inout [Character]) -> [DrawOperation] {
        guard points.count >= 2, let color = connector.stroke else {
            return labelOperations(connector, points: points, uncovered: &uncovered)
        }
        let width = connector.strokeWidth
        let curved = connector.route == .curved && points.count == 4
        var line = points
        var operations: [DrawOperation] = []
        let size = arrowSize(strokeWidth: width)
        // Each end: the direction into the node (along the last piece, or the curve's
        // tangent), the head, and how far the line stops short of the tip.
        for (isEnd, head) in [(false, connector.startArrow), (true, connector.endArrow)] where head != .none {
            let tip = isEnd ? points[points.count - 1] : points[0]
            let back = isEnd ? points[points.count - 2] : points[1]
            var ux = tip.x - back.x, uy = tip.y - back.y
            let length = (ux * ux + uy * uy).squareRoot()
            guard length > 0 else { continue }
            ux /= length; uy /= length
            let (shape, inset) = head.outline(tip: tip, ux: ux, uy: uy, size: size, strokeWidth: width)
            var style = PathStyle(fill: head == .open ? nil : color, stroke: head == .open ? color : nil)
            style.strokeWidth = width
            // An open head's point is round: a miter there would reach past the end into the node.
            if head == .open { style.lineJoin = .round; style.lineCap = .round }
            operations.append(.path(shape, style, transform: .identity))
            // The line stops where the head begins (not past the piece it is on).
            let shortened = min(inset, curved ? inset : length)
            let moved = Point(x: tip.x - ux * shortened, y: tip.y - uy * shortened)
            if isEnd { line[line.count - 1] = moved } else { line[0] = moved }
        }
        var elements: [PathElement] = [.move(line[0])]
        if curved {
            elements.append(.cubic(line[1], line[2], line[3]))
        } else {
            elements += line.dropFirst().map { .line($0) }
        }
        var style = PathStyle(fill: nil, stroke: color)
        style.strokeWidth = width
        style.dash = connector.dash
        // The route under its heads.
        operations.insert(.path(VectorPath(elements), style, transform: .identity), at: 0)
        return operations + labelOperations(connector, points: points, uncovered: &uncovered)
    }

    /// The label's background and glyphs, centred on the middle of the route.
    private static func labelOperations(_ connector: SceneConnector, points: [Point],
                                        uncovered: inout [Character]) -> [DrawOperation] {
        guard let label = connector.label, points.count >= 2 else { return [] }
        let middle = connector.route == .curved && points.count == 4 ? curveMiddle(points) : polylineMiddle(points)
        let size = label.measure(knownWidth: nil, knownHeight: nil, availableWidth: .maxContent, availableHeight: .maxContent)
        let text = label.layout(width: size.width)
        uncovered += text.uncoveredCharacters
        let origin = Point(x: middle.x - size.width / 2, y: middle.y - size.height / 2)
        var operations: [DrawOperation] = []
        if let background = connector.labelBackground {
            let pad = 3.0
            operations.append(.fill(Rect(x: origin.x - pad, y: origin.y - pad / 2, width: size.width + 2 * pad,
                                         height: size.height + pad), background, cornerRadius: CornerRadii(2)))
        }
        var glyphs = [[PlacedGlyph]](repeating: [], count: max(1, text.fonts.count))
        for line in text.lines {
            for g in line.glyphs where Int(g.font) < glyphs.count {
                glyphs[Int(g.font)].append(PlacedGlyph(glyph: g.glyph, x: origin.x + g.x, y: origin.y + line.baseline + g.y))
            }
        }
        for index in glyphs.indices where !glyphs[index].isEmpty {
            operations.append(.glyphs(GlyphRun(font: FontSource(index == 0 ? label.attributes.font : text.fonts[index]),
                                               size: label.attributes.size, color: connector.labelColor, glyphs: glyphs[index])))
        }
        return operations
    }

    /// The point halfway along a polyline.
    static func polylineMiddle(_ points: [Point]) -> Point {
        var lengths: [Double] = []
        for (p, q) in zip(points, points.dropFirst()) { lengths.append(((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()) }
        var remaining = lengths.reduce(0, +) / 2
        for (i, length) in lengths.enumerated() {
            if remaining <= length, length > 0 {
                let t = remaining / length, p = points[i], q = points[i + 1]
                return Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
            }
            remaining -= length
        }
        return points[0]
    }

    /// The cubic's point at t = ½.
    static func curveMiddle(_ p: [Point]) -> Point {
        Point(x: (p[0].x + 3 * p[1].x + 3 * p[2].x + p[3].x) / 8, y: (p[0].y + 3 * p[1].y + 3 * p[2].y + p[3].y) / 8)
    }
}

extension ArrowHead {
    /// The head's outline with its tip at `tip`, pointing along (ux, uy), and how far
    /// back from the tip the line stops.
    func outline(tip p: Point, ux: Double, uy: Double, size: (length: Double, halfWidth: Double),
                 strokeWidth: Double) -> (VectorPath, inset: Double) {
        let (l, h) = size
        // Across the line.
        let vx = -uy, vy = ux
        func at(_ back: Double, _ side: Double) -> Point { Point(x: p.x - ux * back + vx * side, y: p.y - uy * back + vy * side) }
        switch self {
        case .none:
            return (VectorPath(), 0)
        case .triangle:
            return (VectorPath([.move(p), .line(at(l, h)), .line(at(l, -h)), .close]), l * 0.9)
        case .open:
            return (VectorPath([.move(at(l, h)), .line(p), .line(at(l, -h))]), strokeWidth)
        case .diamond:
            return (VectorPath([.move(p), .line(at(l / 2, h)), .line(at(l, 0)), .line(at(l / 2, -h)), .close]), l * 0.9)
        case .circle:
            let r = h, c = at(r, 0)
            let start = Point(x: c.x + r, y: c.y), opposite = Point(x: c.x - r, y: c.y)
            let half = PathOutline.arc(from: start, to: opposite, rx: r, ry: r, rotation: 0, largeArc: false, sweep: true)
                + PathOutline.arc(from: opposite, to: start, rx: r, ry: r, rotation: 0, largeArc: false, sweep: true)
            return (VectorPath([.move(start)] + half + [.close]), 2 * r * 0.9)
        }
    }
}
