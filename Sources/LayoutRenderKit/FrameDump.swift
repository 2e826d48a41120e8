import Foundation
import LayoutEngine

/// Every node's absolute frame in points, in tree order, with its id, kind and spec line:
/// what `--frames` writes, and what `layout-render test` compares to name the nodes that moved.
public struct FrameDump: Codable, Hashable, Sendable {
    public struct Entry: Codable, Hashable, Sendable {
        public var id: String?
        public var kind: String
        public var line: Int
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        /// The parent's index in `nodes` (nil for the root). Known for a render, not kept
        /// in the JSON: a frame dump read back has none.
        public var parent: Int?
        /// The node's `diff-threshold`/`diff-ignore`, likewise known only for a render.
        public var tolerance: Tolerance?

        enum CodingKeys: String, CodingKey { case id, kind, line, x, y, width, height }
    }
    public var width: Double
    public var height: Double
    public var scale: Double
    public var nodes: [Entry]

    init(scene: Scene, layout: LayoutResult) {
        width = layout.size.width
        height = layout.size.height
        scale = scene.scale
        nodes = scene.nodes.indices.map { i in
            let f = layout.absoluteFrames[i]
            let n = scene.nodes[i]
            return Entry(id: n.id, kind: n.kind.rawValue, line: n.location.line,
                         x: f.x, y: f.y, width: f.width, height: f.height,
                         parent: scene.tree.parents[i], tolerance: n.tolerance)
        }
    }

    /// Pretty JSON with keys in a fixed order, one node per line.
    public func json() -> String {
        func number(_ v: Double) -> String {
            v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
        }
        func string(_ s: String) -> String {
            let data = try? JSONEncoder().encode(s)
            return data.flatMap { String(data: $0, encoding: .utf8) } ?? "\"\""
        }
        var out = "{\n  \"width\": \(number(width)), \"height\": \(number(height)), \"scale\": \(number(scale)),\n  \"nodes\": [\n"
        for (i, n) in nodes.enumerated() {
            out += "    {\"id\": \(n.id.map(string) ?? "null"), \"kind\": \"\(n.kind)\", \"line\": \(n.line), "
            out += "\"x\": \(number(n.x)), \"y\": \(number(n.y)), \"width\": \(number(n.width)), \"height\": \(number(n.height))}"
            out += i == nodes.count - 1 ? "\n" : ",\n"
        }
        out += "  ]\n}\n"
        return out
    }
}
