/// A node of a typed layout: a kind of the language, its argument (a label's text, an
/// image's file, a path's data, a spacer's length), its attributes and its children.
/// The kinds' types (`VBox`, `Label`, …) make them; a function that returns one is a
/// component.
public struct LayoutNode: Hashable, Sendable, LayoutContent {
    public var kind: NodeKind
    public var argument: Value?
    public var attributes: [LayoutAttribute]
    public var children: [LayoutNode]

    public init(_ kind: NodeKind, argument: Value? = nil, attributes: [LayoutAttribute] = [], children: [LayoutNode] = []) {
        self.kind = kind; self.argument = argument; self.attributes = attributes; self.children = children
    }

    public var layoutNode: LayoutNode { self }

    /// This node with `more` attributes, which win over the ones it has.
    public func with(_ more: LayoutAttribute...) -> LayoutNode {
        var node = self
        node.attributes += more
        return node
    }

    /// The node of the language's tree: the styles' attributes first (in order), then the
    /// node's own, a later one winning, as a spec's `style=` and attributes cascade.
    /// Nil when the tree nests deeper than `maxDepth` (the parser's limit).
    func node(at location: SourceLocation, maxDepth: Int) -> Node? {
        guard maxDepth > 0 else { return nil }
        var applied = Attributes()
        let styles = attributes.filter { $0.name == .style }
        for attribute in styles.flatMap(\.styleAttributes) + attributes where attribute.name != .style {
            applied.cascade(Attribute(attribute.name, value: Self.literal(attribute.value), location: location))
        }
        var nodes: [Node] = []
        nodes.reserveCapacity(children.count)
        for child in children {
            guard let node = child.node(at: location, maxDepth: maxDepth - 1) else { return nil }
            nodes.append(node)
        }
        return Node(kind: kind, argument: argument.map(Self.literal), attributes: applied, children: nodes, location: location)
    }

    /// A typed string as the language writes it literally: its braces doubled, as a spec's
    /// strings are templates (`{name}` is replaced when the spec is expanded), and a typed
    /// layout's text (a title from a request) is what it says.
    static func literal(_ value: Value) -> Value {
        guard case .string(let text) = value, text.contains(where: { $0 == "{" || $0 == "}" }) else { return value }
        return .string(text.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}"))
    }
}

/// Anything a layout builder takes as a node: the kinds' types, and `LayoutNode` itself.
public protocol LayoutContent {
    var layoutNode: LayoutNode { get }
}
