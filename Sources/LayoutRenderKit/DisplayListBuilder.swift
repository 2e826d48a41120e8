import LayoutEngine
import Rendering
import SpecLanguage

/// Turns a laid-out scene into drawing operations, in tree order: a node's background,
/// its content, its children, then its border (drawn over the children, as a CALayer's
/// border is, so an image that fills a bordered box does not hide the border).
struct DisplayListBuilder {
    let scene: Scene
    let layout: LayoutResult
    let debugOverlay: Bool

    /// Characters the fonts did not cover, with the first label that used each.
    private(set) var uncovered: [(Character, NodeID)] = []

    init(scene: Scene, layout: LayoutResult, debugOverlay: Bool) {
        self.scene = scene; self.layout = layout; self.debugOverlay = debugOverlay
    }

    mutating func build() -> DisplayList {
        let root = scene.tree.root ?? 0
        let canvas = scene.nodes[root]
        var list = DisplayList(size: layout.size, scale: scene.scale, background: canvas.paint.background)
        var seen = Set<Character>()
        // Enter/exit events, so groups and borders close after the children.
        enum Step { case enter(NodeID), exit(NodeID) }
        var steps: [Step] = scene.tree.children[root].reversed().map { .enter($0) }
        while let step = steps.popLast() {
            switch step {
            case .enter(let id):
                let node = scene.nodes[id]
                if node.isHidden { continue }
                let frame = layout.absoluteFrames[id]
                let paint = node.paint
                let grouped = paint.opacity < 1 || paint.clip || node.isImage
                if grouped {
                    list.operations.append(.beginGroup(opacity: paint.opacity,
                                                       clip: paint.clip || node.isImage ? frame : nil,
                                                       clipRadius: paint.radius))
                }
                if let background = paint.background {
                    list.operations.append(.fill(frame, background, cornerRadius: paint.radius))
                }
                switch node.content {
                case .none: break
                case .label(let label, let color):
                    let text = label.layout(width: frame.width)
                    for c in text.uncoveredCharacters where !seen.contains(c) {
                        seen.insert(c)
                        uncovered.append((c, id))
                    }
                    var glyphs: [PlacedGlyph] = []
                    for line in text.lines {
                        for g in line.glyphs {
                            glyphs.append(PlacedGlyph(glyph: g.glyph, x: frame.x + g.x, y: frame.y + line.baseline))
                        }
                    }
                    list.operations.append(.glyphs(GlyphRun(fontPath: label.attributes.font.path,
                                                            faceIndex: label.attributes.font.faceIndex,
                                                            size: label.attributes.size, color: color, glyphs: glyphs)))
                case .image(let image):
                    list.operations.append(.image(image.bitmap, destination: image.destination(in: frame)))
                }
                steps.append(.exit(id))
                steps.append(contentsOf: scene.tree.children[id].reversed().map { .enter($0) })
            case .exit(let id):
                let node = scene.nodes[id]
                let paint = node.paint
                let frame = layout.absoluteFrames[id]
                if paint.borderWidth > 0 {
                    list.operations.append(.strokeInside(frame, width: paint.borderWidth, color: paint.borderColor,
                                                         cornerRadius: paint.radius))
                }
                if paint.opacity < 1 || paint.clip || node.isImage {
                    list.operations.append(.endGroup)
                }
            }
        }
        return list
    }
}

extension SceneNode {
    var isImage: Bool { if case .image = content { return true } else { return false } }
}
