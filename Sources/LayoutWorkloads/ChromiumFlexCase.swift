import LayoutEngine

/// A flex tree recorded with Chromium's frames (by `scripts/flex-cases`): boxes only, every
/// flexbox feature, attributes named as in the spec language. The expectation is data,
/// as in Taffy's gentest.
public struct ChromiumFlexCase: Decodable, Sendable {
    public let name: String
    public let width: Double
    public let root: Node
    /// Chromium's frames, absolute, by node id: x, y, width, height.
    public let expected: [String: [Double]]?

    public struct Node: Decodable, Sendable {
        public let id: String
        public let kind: String
        public let style: [String: Value]
        public let children: [Node]
    }

    public enum Value: Decodable, Sendable {
        case number(Double), text(String), flag(Bool), list([Value])
        public init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) { self = .flag(b) }
            else if let d = try? c.decode(Double.self) { self = .number(d) }
            else if let s = try? c.decode(String.self) { self = .text(s) }
            else { self = .list(try c.decode([Value].self)) }
        }
    }

    /// Lays the tree out at the case's width and returns every node's absolute frame by id.
    public func layout() throws(LayoutError) -> [String: Rect] {
        var tree = LayoutTree()
        var ids: [(String, NodeID)] = []
        func add(_ n: Node, parent: NodeID?) {
            let id = tree.addNode(.stack(n.kind == "row" ? .horizontal : .vertical), style: Self.style(n.style),
                                  name: n.id, parent: parent)
            ids.append((n.id, id))
            for k in n.children { add(k, parent: id) }
        }
        add(root, parent: nil)
        let result = try computeLayout(tree, options: LayoutOptions(availableWidth: width))
        var frames: [String: Rect] = [:]
        for (name, id) in ids { frames[name] = result.absoluteFrames[id] }
        return frames
    }

    public static func dimension(_ v: Value) -> Dimension {
        switch v {
        case .number(let d): return .points(d)
        case .text(let s):
            switch s {
            case "auto": return .auto
            case "min-content": return .minContent
            case "max-content": return .maxContent
            case "fit-content": return .fitContent
            default: return .percent(Double(s.dropLast())!)
            }
        default: return .auto
        }
    }

    public static func edges(_ v: Value) -> Edges {
        guard case .list(let xs) = v, xs.count == 4 else { return .zero }
        return Edges(top: dimension(xs[0]), right: dimension(xs[1]), bottom: dimension(xs[2]), left: dimension(xs[3]))
    }

    public static func align(_ s: String) -> (Align, Bool) {
        let safe = s.hasPrefix("safe-")
        switch safe ? String(s.dropFirst(5)) : s {
        case "start": return (.start, safe)
        case "center": return (.center, safe)
        case "end": return (.end, safe)
        case "baseline": return (.baseline, safe)
        default: return (.stretch, safe)
        }
    }

    public static func style(_ attributes: [String: Value]) -> LayoutStyle {
        var s = LayoutStyle()
        for (name, v) in attributes {
            let number: Double = { if case .number(let d) = v { return d } else { return 0 } }()
            let text: String = { if case .text(let t) = v { return t } else { return "" } }()
            switch name {
            case "width": s.width = dimension(v)
            case "height": s.height = dimension(v)
            case "min-width": s.minWidth = dimension(v)
            case "max-width": s.maxWidth = dimension(v)
            case "min-height": s.minHeight = dimension(v)
            case "max-height": s.maxHeight = dimension(v)
            case "basis": s.basis = dimension(v)
            case "grow": s.grow = number
            case "shrink": s.shrink = number
            case "margin": s.margin = edges(v)
            case "padding": s.padding = edges(v)
            case "border":
                let e = edges(v)
                func p(_ d: Dimension) -> Double { if case .points(let x) = d { return x } else { return 0 } }
                s.border = EdgeInsets(top: p(e.top), right: p(e.right), bottom: p(e.bottom), left: p(e.left))
            case "gap": s.gap = dimension(v)
            case "cross-gap": s.crossGap = dimension(v)
            case "justify":
                s.justifySafe = text.hasPrefix("safe-")
                switch s.justifySafe ? String(text.dropFirst(5)) : text {
                case "center": s.justify = .center
                case "end": s.justify = .end
                case "space-between": s.justify = .spaceBetween
                case "space-around": s.justify = .spaceAround
                case "space-evenly": s.justify = .spaceEvenly
                default: s.justify = .start
                }
            case "align": (s.align, s.alignSafe) = align(text)
            case "align-self":
                let (a, safe) = align(text)
                s.alignSelf = a
                s.alignSelfSafe = safe
            case "align-content":
                s.alignContentSafe = text.hasPrefix("safe-")
                switch s.alignContentSafe ? String(text.dropFirst(5)) : text {
                case "start": s.alignContent = .start
                case "center": s.alignContent = .center
                case "end": s.alignContent = .end
                case "stretch": s.alignContent = .stretch
                case "space-between": s.alignContent = .spaceBetween
                case "space-around": s.alignContent = .spaceAround
                case "space-evenly": s.alignContent = .spaceEvenly
                default: s.alignContent = .normal
                }
            case "wrap":
                s.wrap = true
                s.wrapReverse = text == "reverse"
            case "reverse": s.reverse = true
            case "order": s.order = Int(number)
            case "aspect-ratio": s.aspectRatio = number
            case "clip": s.clipsContent = true
            case "position": s.position = text == "absolute" ? .absolute : .relative
            case "top": s.inset.top = dimension(v)
            case "left": s.inset.left = dimension(v)
            case "bottom": s.inset.bottom = dimension(v)
            case "right": s.inset.right = dimension(v)
            default: break
            }
        }
        return s
    }
}
