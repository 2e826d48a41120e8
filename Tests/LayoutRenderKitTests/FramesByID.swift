import LayoutEngine
@testable import LayoutRenderKit

/// The frames of the nodes that have an `id` when `body` is laid out under
/// `canvas width=WIDTH`, by id: how the frame tests read a small spec.
func framesByID(_ body: String, width: Int = 200) throws -> [String: Rect] {
    framesByID(of: try LayoutRenderer().layout(source: "canvas width=\(width)\n" + body, options: RenderOptions(fileName: "t.spec")))
}

/// The frames of the nodes of `laidOut` that have an `id`, by id.
func framesByID(of laidOut: LaidOutSpec) -> [String: Rect] {
    var result: [String: Rect] = [:]
    for node in laidOut.frames.nodes {
        if let id = node.id { result[id] = Rect(x: node.x, y: node.y, width: node.width, height: node.height) }
    }
    return result
}
