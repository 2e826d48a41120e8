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
    public func json() -> String { String(decoding: jsonBytes(), as: UTF8.self) }

    /// The bytes of `json()`, appended node by node to one byte buffer sized up front (about
    /// 100 bytes a node): no `String` is built for the whole dump nor for a node's line, so a
    /// dump of 100,000 nodes is one allocation of ~10 MB written as it is.
    public func jsonBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(96 + nodes.count * 110)
        func text(_ s: String) { out.append(contentsOf: s.utf8) }
        func number(_ v: Double) {
            if v == v.rounded() && abs(v) < 1e15 { text(String(Int(v))) } else { text(String(v)) }
        }
        func string(_ s: String) {
            let data = try? JSONEncoder().encode(s)
            if let data { out.append(contentsOf: data) } else { text("\"\"") }
        }
        text("{\n  \"width\": "); number(width)
        text(", \"height\": "); number(height)
        text(", \"scale\": "); number(scale)
        text(",\n  \"nodes\": [\n")
        for (i, n) in nodes.enumerated() {
            text("    {\"id\": ")
            if let id = n.id { string(id) } else { text("null") }
            text(", \"kind\": \""); text(n.kind)
            text("\", \"line\": "); text(String(n.line))
            text(", \"x\": "); number(n.x)
            text(", \"y\": "); number(n.y)
            text(", \"width\": "); number(n.width)
            text(", \"height\": "); number(n.height)
            text(i == nodes.count - 1 ? "}\n" : "},\n")
        }
        text("  ]\n}\n")
        return out
    }
}
