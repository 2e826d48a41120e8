import LayoutRenderKit

/// Frames as text: a node a line, indented by its depth, its kind, `#id`, its place and size
/// in points (absolute), then the connectors' points.
enum FrameText {
    static func lines(of frames: FrameDump) -> String {
        var depths: [Int] = []
        var lines: [String] = []
        for node in frames.nodes {
            let depth = node.parent.map { $0 < depths.count ? depths[$0] + 1 : 0 } ?? 0
            depths.append(depth)
            let id = node.id.map { " #\($0)" } ?? ""
            lines.append(String(repeating: "  ", count: depth) + node.kind + id
                         + " \(number(node.x)),\(number(node.y)) \(number(node.width))x\(number(node.height))")
        }
        for connector in frames.connectors ?? [] {
            let points = connector.points.map { $0.map(number).joined(separator: ",") }.joined(separator: " ")
            lines.append("connector\(connector.id.map { " #\($0)" } ?? "") \(connector.route) \(points)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func number(_ value: Double) -> String { SpecWriter.number(value) }
}
