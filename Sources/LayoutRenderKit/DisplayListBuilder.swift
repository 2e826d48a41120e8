import LayoutEngine
import Rendering
import SpecLanguage
import TextEngine

/// Turns a laid-out scene into drawing operations, in tree order: a node's background,
/// its content, its children, then its border (drawn over the children, as a CALayer's
/// border is, so an image that fills a bordered box does not hide the border).
struct DisplayListBuilder {
    let scene: Scene
    let layout: LayoutResult
    /// When set, every frame is outlined and labelled with its id, drawn by this label maker.
    let debugLabel: DebugLabeler?

    /// Labels whose font does not cover some of their characters, with those characters.
    private(set) var uncovered: [(location: SourceLocation, characters: [Character])] = []
    /// Where each node's operations begin in the list, in order: the node that drew an
    /// operation before its children is the last to begin at or before it (`node(drawing:)`).
    private(set) var nodeStarts: [(operation: Int, node: NodeID)] = []

    /// The node whose own content (not its border, drawn after its children) is operation
    /// `index` of the list built.
    func node(drawing index: Int) -> NodeID? {
        var low = 0, high = nodeStarts.count
        while low < high {
            let middle = (low + high) / 2
            if nodeStarts[middle].operation <= index { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? nodeStarts[low - 1].node : nil
    }

    init(scene: Scene, layout: LayoutResult, debugLabel: DebugLabeler?) {
        self.scene = scene; self.layout = layout; self.debugLabel = debugLabel
    }

    mutating func build() -> DisplayList {
        let root = scene.tree.root ?? 0
        let canvas = scene.nodes[root]
        var list = DisplayList(size: layout.size, scale: scene.scale, background: canvas.paint.background)
        if let gradient = canvas.paint.gradient {
            list.operations.append(.gradient(Rect(origin: Point(x: 0, y: 0), size: layout.size), gradient, cornerRadius: 0))
        }
        let routes = scene.connectors.map { $0.points(from: layout.absoluteFrames[$0.from], to: layout.absoluteFrames[$0.to]) }
        for (connector, points) in zip(scene.connectors, routes) where !connector.above {
            appendConnector(connector, points: points, to: &list)
        }
        // Enter/exit events, so groups and borders close after the children.
        enum Step { case enter(NodeID), exit(NodeID) }
        var steps: [Step] = paintOrder(of: root).reversed().map { .enter($0) }
        while let step = steps.popLast() {
            switch step {
            case .enter(let id):
                let node = scene.nodes[id]
                if node.isHidden { continue }
                nodeStarts.append((list.operations.count, id))
                let frame = layout.absoluteFrames[id]
                let paint = node.paint
                // The first shadow is drawn on top (CSS), so last first.
                let shadows = paint.shadows.reversed().map { DrawOperation.shadow(frame, $0, cornerRadius: paint.radius) }
                // CSS `transform` about the frame's centre: the functions in the order
                // written, between moving the centre to the origin and back.
                let transform = paint.transform.isEmpty ? Transform2D.identity
                    : ([.translation(x: frame.midX, y: frame.midY)] + paint.transform + [.translation(x: -frame.midX, y: -frame.midY)])
                        .reduce(Transform2D.identity) { $0.concatenating($1) }
                if node.needsShadowGroup {
                    // A node's own clip does not clip its shadow, but its opacity applies to it.
                    list.operations.append(.beginGroup(opacity: paint.opacity, clip: nil, clipRadius: 0, blend: paint.blend,
                                                       transform: transform))
                    list.operations.append(contentsOf: shadows)
                    list.operations.append(.beginGroup(opacity: 1, clip: frame, clipRadius: paint.radius))
                } else if node.needsGroup {
                    list.operations.append(.beginGroup(opacity: paint.opacity,
                                                       clip: paint.clip || node.isImage ? frame : nil,
                                                       clipRadius: paint.radius, blend: paint.blend, transform: transform))
                    list.operations.append(contentsOf: shadows)
                } else {
                    list.operations.append(contentsOf: shadows)
                }
                if let background = paint.background {
                    list.operations.append(.fill(frame, background, cornerRadius: paint.radius))
                } else if let gradient = paint.gradient {
                    list.operations.append(.gradient(frame, gradient, cornerRadius: paint.radius))
                }
                if let image = paint.backgroundImage {
                    // In the padding box (CSS `background-origin`), clipped to the frame
                    // (`background-clip: border-box`) and its corners.
                    let box = frame.inset(by: scene.tree.styles[id].border)
                    list.operations.append(.beginGroup(opacity: 1, clip: frame, clipRadius: paint.radius))
                    switch image.image {
                    case .bitmap(let bitmap):
                        list.operations.append(.image(bitmap, destination: image.destination(in: box)))
                    case .vector(let document):
                        list.operations.append(.vector(document, destination: image.destination(in: box)))
                    }
                    list.operations.append(.endGroup)
                }
                // A leaf's content is measured in its content box (the frame less its
                // border), so it is drawn there too.
                let content = frame.inset(by: scene.tree.styles[id].border)
                switch node.content {
                case .none: break
                case .label(let label, let color, let shadows):
                    // Lines far outside the canvas get no glyphs (a glyph's ink is taken to
                    // lie within a few ems of its line).
                    let reach = 8 * label.attributes.size
                    let top = -content.y - reach, bottom = layout.size.height - content.y + reach
                    // Its lines are the ones measurement found, at the width the layout
                    // gave before the frame snapped to pixels.
                    let width = layout.exactFrames[id].inset(by: scene.tree.styles[id].border).width
                    let text = label.layout(width: width, visible: top <= bottom ? top...bottom : nil)
                    if !text.uncoveredCharacters.isEmpty {
                        uncovered.append((node.location, text.uncoveredCharacters))
                    }
                    if !label.runPaints.isEmpty {
                        // Spans or decorations: a glyph run per span and font, and lines.
                        let origin = Point(x: content.x, y: content.y)
                        list.operations.append(contentsOf: RichLabelDrawing(label: label, text: text, origin: origin,
                                                                            shadows: shadows).operations)
                        break
                    }
                    // One run per font: the label's (index 0), then each fallback font that
                    // drew a glyph (`text.fonts`, by `PositionedGlyph.font`).
                    var glyphs = [[PlacedGlyph]](repeating: [], count: max(1, text.fonts.count))
                    for line in text.lines {
                        for g in line.glyphs where Int(g.font) < glyphs.count {
                            glyphs[Int(g.font)].append(PlacedGlyph(glyph: g.glyph, x: content.x + g.x,
                                                                   y: content.y + line.baseline + g.y))
                        }
                    }
                    let runs = glyphs.indices.filter { $0 == 0 || !glyphs[$0].isEmpty }.map { index in
                        GlyphRun(font: FontSource(index == 0 ? label.attributes.font : text.fonts[index]),
                                 size: label.attributes.size, color: color, glyphs: glyphs[index])
                    }
                    // The first shadow on top, so last first; all under the text.
                    let drawn = runs.filter { !$0.glyphs.isEmpty }
                    for shadow in shadows.reversed() {
                        list.operations.append(contentsOf: drawn.map { .textShadow($0, shadow) })
                    }
                    list.operations.append(contentsOf: runs.map { .glyphs($0) })
                case .image(let image):
                    switch image.image {
                    case .bitmap(let bitmap):
                        list.operations.append(.image(bitmap, destination: image.destination(in: content)))
                    case .vector(let document):
                        list.operations.append(.vector(document, destination: image.destination(in: content)))
                    }
                case .path(let path):
                    list.operations.append(.path(path.path, path.style, transform: path.transform(in: content)))
                }
                steps.append(.exit(id))
                steps.append(contentsOf: paintOrder(of: id).reversed().map { .enter($0) })
            case .exit(let id):
                let node = scene.nodes[id]
                let paint = node.paint
                let frame = layout.absoluteFrames[id]
                if let border = paint.border {
                    // A uniform border stays one stroke, so its pixels are what they always were.
                    list.operations.append(border.isUniform
                        ? .strokeInside(frame, width: border.widths.top, color: border.top, cornerRadius: paint.radius)
                        : .strokeSides(frame, border, cornerRadius: paint.radius))
                }
                if node.needsGroup {
                    list.operations.append(.endGroup)
                }
                if node.needsShadowGroup {
                    list.operations.append(.endGroup)
                }
            }
        }
        for (connector, points) in zip(scene.connectors, routes) where connector.above {
            appendConnector(connector, points: points, to: &list)
        }
        if let debugLabel { appendDebugOverlay(to: &list, labeler: debugLabel, routes: routes) }
        return list
    }

    /// A connector's operations; characters its label's fonts lack are noted as a label's are.
    private mutating func appendConnector(_ connector: SceneConnector, points: [Point], to list: inout DisplayList) {
        var missing: [Character] = []
        list.operations.append(contentsOf: ConnectorDrawing.operations(for: connector, points: points, uncovered: &missing))
        if !missing.isEmpty { uncovered.append((connector.location, missing)) }
    }

    /// The children of `id` in the order CSS paints them: a stack's items in
    /// order-modified document order (by `order`, ties in tree order), and positioned
    /// children (`position` set) after the others, as positioned boxes paint after in-flow
    /// ones (CSS 2 Appendix E, Flexbox §5.4). Tree order when neither applies, without
    /// sorting.
    private func paintOrder(of id: NodeID) -> [NodeID] {
        let children = scene.tree.children[id]
        let isStack: Bool
        if case .stack = scene.tree.kinds[id] { isStack = true } else { isStack = false }
        func key(_ child: NodeID) -> (Int, Int) {
            (scene.nodes[child].isPositioned ? 1 : 0, isStack ? scene.tree.styles[child].order : 0)
        }
        guard children.contains(where: { key($0) != (0, 0) }) else { return children }
        return children.enumerated().sorted { a, b in
            let ka = key(a.element), kb = key(b.element)
            return ka != kb ? ka < kb : a.offset < b.offset
        }.map(\.element)
    }

    /// Outlines every visible frame in magenta, one device pixel wide, and writes its id
    /// (or kind) in its top-left corner on a white tag.
    /// Every frame outlined, then every frame's tag (its id, or its kind) where
    /// `DebugTagPlacement` finds room: off the labels' text and off the other tags. Tags are
    /// placed parents first and drawn parents last, so a child's tag never hides its parent's.
    private func appendDebugOverlay(to list: inout DisplayList, labeler: DebugLabeler, routes: [[Point]]) {
        let outline = RGBAColor(red: 1, green: 0, blue: 1)
        let hairline = 1 / scene.scale
        // Each connector's ends as small magenta squares, 5 device pixels across.
        for points in routes {
            guard let first = points.first, let last = points.last else { continue }
            for p in [first, last] {
                let half = 2.5 / scene.scale
                list.operations.append(.fill(Rect(x: p.x - half, y: p.y - half, width: 2 * half, height: 2 * half), outline,
                                             cornerRadius: 0))
            }
        }
        let ids = (1..<scene.nodes.count).filter { !isHiddenOrInHidden($0) }
        for id in ids {
            list.operations.append(.strokeInside(layout.absoluteFrames[id], width: hairline, color: outline, cornerRadius: 0))
        }
        let tags = ids.map { id in labeler.label(scene.nodes[id].id ?? scene.nodes[id].kind.rawValue, at: Point(x: 0, y: 0)) }
        let labels = ids.filter { if case .label = scene.nodes[$0].content { return true } else { return false } }
            .map { layout.absoluteFrames[$0] }
        let places = DebugTagPlacement.place(frames: ids.map { layout.absoluteFrames[$0] }, sizes: tags.map(\.1),
                                             labels: labels, canvas: Rect(origin: Point(x: 0, y: 0), size: layout.size))
        for (tag, place) in zip(tags, places).reversed() {
            var run = tag.0
            run.glyphs = run.glyphs.map { PlacedGlyph(glyph: $0.glyph, x: $0.x + place.x, y: $0.y + place.y) }
            list.operations.append(.fill(place, RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.85), cornerRadius: 0))
            list.operations.append(.glyphs(run))
        }
    }

    private func isHiddenOrInHidden(_ id: NodeID) -> Bool {
        var current: NodeID? = id
        while let c = current {
            if scene.nodes[c].isHidden { return true }
            current = scene.tree.parents[c]
        }
        return false
    }
}

/// Lays out the small tags of the debug overlay.
struct DebugLabeler {
    let engine: TextLayoutEngine
    let attributes: TextAttributes
    let color = RGBAColor(red: 0.6, green: 0, blue: 0.6)

    func label(_ text: String, at origin: Point) -> (GlyphRun, Size) {
        let layout = engine.layout(text, attributes: attributes, width: nil)
        var glyphs: [PlacedGlyph] = []
        for line in layout.lines {
            for g in line.glyphs {
                glyphs.append(PlacedGlyph(glyph: g.glyph, x: origin.x + g.x, y: origin.y + line.baseline + g.y))
            }
        }
        let run = GlyphRun(font: FontSource(attributes.font), size: attributes.size, color: color, glyphs: glyphs)
        return (run, Size(width: layout.width, height: layout.height))
    }
}

extension SceneNode {
    /// Images and paths are clipped to their frame (a path as SVG clips to its viewport).
    var isImage: Bool {
        switch content {
        case .image, .path: return true
        case .none, .label: return false
        }
    }
    /// Opacity, a blend mode and clipping draw the subtree as a group; images and paths
    /// are always clipped to their frame.
    var needsGroup: Bool { paint.opacity < 1 || paint.blend != .normal || !paint.transform.isEmpty || paint.clip || isImage }
    /// The node clips and has shadows: the shadows are drawn in an outer group, outside
    /// the clip (`needsGroup` then opens the inner, clipping one).
    var needsShadowGroup: Bool { (paint.clip || isImage) && !paint.shadows.isEmpty }
}

/// The text module's open font file is what the renderer reads its faces from.
extension FontFileHandle: FontFileReader {}

extension FontSource {
    /// The font as the renderer draws it: the file the text module opened, not the path again.
    init(_ font: Font) {
        self.init(path: font.path, faceIndex: font.faceIndex, file: font.file, digest: font.fileDigest)
    }
}
