import LayoutEngine
import Rendering
import SpecLanguage

/// The diagram nodes of a scene: a `path`'s content, and the connectors, resolved once
/// every node of the tree is made.
extension SceneBuilder {
    /// A path's outline (its data read again: data with `{name}` in it is first read
    /// here, once a loop has filled it in), paint and view box.
    func pathContent(of node: Node) throws(LayoutRenderError) -> PathContent {
        guard case .string(let text)? = node.argument else {
            throw specError("a path needs its SVG path data in quotes: path \"M2 2 L22 22\"", at: node.location)
        }
        let data: PathData
        do throws(PathData.Failure) { data = try PathData.parse(text) } catch {
            throw specError("path data: \(error.message) (at character \(error.offset + 1) of the data)", at: node.location)
        }
        var style = PathStyle()
        switch node[.fill] {
        case .keyword("none")?: style.fill = nil
        case .color(let c)?: style.fill = rgba(c)
        default: break
        }
        if case .color(let c)? = node[.stroke] { style.stroke = rgba(c) }
        if case .number(let w)? = node[.strokeWidth] { style.strokeWidth = w }
        if let rule = node.keyword(.fillRule, as: Keywords.FillRule.self) { style.fillRule = rule.drawing }
        if let join = node.keyword(.lineJoin, as: Keywords.LineJoin.self) { style.lineJoin = join.drawing }
        if let cap = node.keyword(.lineCap, as: Keywords.LineCap.self) { style.lineCap = cap.drawing }
        if case .numbers(let dash)? = node[.dash] { style.dash = dash }
        var viewBox: Rect?
        if case .numbers(let v)? = node[.viewBox], v.count == 4 { viewBox = Rect(x: v[0], y: v[1], width: v[2], height: v[3]) }
        return PathContent(path: PathOutline.outline(of: data), style: style, viewBox: viewBox)
    }


    /// The connectors, in the order written, each end resolved to a node that is drawn:
    /// an unknown id, a connector from a node to itself or to a node that is hidden (or
    /// inside a hidden one) is an error at the `from` or `to`.
    func connectors(_ written: [(node: Node, defaults: TextDefaults, rtl: Bool)], scene: Scene,
                            scale: Double) throws(LayoutRenderError) -> [SceneConnector] {
        var byID: [String: NodeID] = [:]
        for index in scene.nodes.indices { if let id = scene.nodes[index].id { byID[id] = index } }
        func hidden(_ id: NodeID) -> Bool {
            var current: NodeID? = id
            while let c = current {
                if scene.nodes[c].isHidden { return true }
                current = scene.tree.parents[c]
            }
            return false
        }
        // In the order written (the tree was walked from the last child back).
        let ordered = written.sorted { ($0.node.location.line, $0.node.location.column) < ($1.node.location.line, $1.node.location.column) }
        var result: [SceneConnector] = []
        result.reserveCapacity(ordered.count)
        for (node, defaults, rtl) in ordered {
            func end(_ name: AttributeName) throws(LayoutRenderError) -> (NodeID, ConnectorSide?) {
                guard let attribute = node.attributes[name], case .string(let text) = attribute.value else {
                    throw specError("a connector needs from=ID and to=ID (or ID.SIDE: top, right, bottom, left, center)",
                                    at: node.location)
                }
                let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
                guard let id = byID[parts[0]] else {
                    throw specError("no node has the id '\(parts[0])' for this connector's \(name.spelling)", at: attribute.location)
                }
                guard !hidden(id) else {
                    throw specError("'\(parts[0])' is hidden (or inside a hidden node), so it is not drawn and a connector "
                                    + "cannot end at it", at: attribute.location)
                }
                return (id, parts.count == 2 ? ConnectorSide(rawValue: parts[1]) : nil)
            }
            let (from, fromSide) = try end(.from)
            let (to, toSide) = try end(.to)
            guard from != to else {
                throw specError("a connector from '\(scene.nodes[from].id ?? "")' to itself; join two different nodes",
                                at: node.attributes[.to]?.location ?? node.location)
            }
            var connector = SceneConnector(id: node.id, location: node.location, from: from, fromSide: fromSide,
                                           to: to, toSide: toSide)
            if let route = node.keyword(.route, as: Keywords.Route.self) { connector.route = route }
            if let head = node.keyword(.startArrow, as: Keywords.Arrow.self) { connector.startArrow = head }
            if let head = node.keyword(.endArrow, as: Keywords.Arrow.self) { connector.endArrow = head }
            switch node[.stroke] {
            case .keyword("none")?: connector.stroke = nil
            case .color(let c)?: connector.stroke = rgba(c)
            default: break
            }
            if case .number(let w)? = node[.strokeWidth] { connector.strokeWidth = w }
            if case .numbers(let dash)? = node[.dash] { connector.dash = dash }
            if let layer = node.keyword(.layer, as: Keywords.Layer.self) { connector.above = layer == .above }
            if case .color(let c)? = node[.background] { connector.labelBackground = rgba(c) }
            if let attribute = node.attributes[.label], case .string(let text) = attribute.value, !text.isEmpty {
                guard text.count <= SceneConnector.maxLabelCharacters else {
                    throw specError("a connector's label has \(text.count) characters; the limit is \(SceneConnector.maxLabelCharacters)",
                                    at: attribute.location)
                }
                let labelNode = Node(kind: .label, argument: .string(text), location: attribute.location)
                connector.label = try labelContent(of: labelNode, defaults: defaults, scale: scale, rtl: rtl)
                connector.labelColor = defaults.color.map(rgba) ?? .black
            }
            result.append(connector)
        }
        return result
    }
}
