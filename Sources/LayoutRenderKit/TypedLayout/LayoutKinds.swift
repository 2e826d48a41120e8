// The kinds of node, as types a layout builder takes: `VBox(.gap(8)) { Label("Hi") }`.

/// A kind that holds children laid out by its own rules.
public protocol ContainerKind { static var kind: NodeKind { get } }

/// A container of kind `Kind`: its attributes, then its children from a builder.
public struct Container<Kind: ContainerKind>: LayoutContent {
    public let layoutNode: LayoutNode

    public init(_ attributes: LayoutAttribute..., @LayoutBuilder content: () -> [LayoutNode] = { [] }) {
        layoutNode = LayoutNode(Kind.kind, attributes: attributes, children: content())
    }
}

public enum VBoxKind: ContainerKind { public static var kind: NodeKind { .vbox } }
public enum HBoxKind: ContainerKind { public static var kind: NodeKind { .hbox } }
public enum ZBoxKind: ContainerKind { public static var kind: NodeKind { .zbox } }
public enum BoxKind: ContainerKind { public static var kind: NodeKind { .box } }
public enum BorderKind: ContainerKind { public static var kind: NodeKind { .border } }
public enum GridKind: ContainerKind { public static var kind: NodeKind { .grid } }

/// A vertical stack (CSS flexbox, column).
public typealias VBox = Container<VBoxKind>
/// A horizontal stack (CSS flexbox, row).
public typealias HBox = Container<HBoxKind>
/// Children on top of each other, the last on top.
public typealias ZBox = Container<ZBoxKind>
/// Children placed by anchors (`.centerX(0)`, `.top(anchor: .node("header", .bottom, plus: 8))`).
public typealias Box = Container<BoxKind>
/// Children placed by `region` (top, bottom, left, right, center).
public typealias BorderLayout = Container<BorderKind>
/// A CSS grid.
public typealias Grid = Container<GridKind>

/// Text; its `Span`s are runs of it with their own font, size and colour, and an `Image` or
/// a `Path` among them sits in its text (`.verticalAlign`, a width and height).
public struct Label: LayoutContent {
    public let layoutNode: LayoutNode
    public init(_ text: String, _ attributes: LayoutAttribute..., @LayoutBuilder spans: () -> [LayoutNode] = { [] }) {
        layoutNode = LayoutNode(.label, argument: .string(text), attributes: attributes, children: spans())
    }
}

/// A run of a label's text.
public struct Span: LayoutContent {
    public let layoutNode: LayoutNode
    public init(_ text: String, _ attributes: LayoutAttribute...) {
        layoutNode = LayoutNode(.span, argument: .string(text), attributes: attributes)
    }
}

/// An image file (PNG, JPEG, WebP or SVG), relative to the render's asset folder.
public struct Image: LayoutContent {
    public let layoutNode: LayoutNode
    public init(_ file: String, _ attributes: LayoutAttribute...) {
        layoutNode = LayoutNode(.image, argument: .string(file), attributes: attributes)
    }
}

/// A vector shape from SVG path data.
public struct Path: LayoutContent {
    public let layoutNode: LayoutNode
    public init(_ data: String, _ attributes: LayoutAttribute...) {
        layoutNode = LayoutNode(.path, argument: .string(data), attributes: attributes)
    }
}

/// Space: a fixed length, or (without one) the free space of a stack shared out.
public struct Spacer: LayoutContent {
    public let layoutNode: LayoutNode
    public init(_ length: Double? = nil, _ attributes: LayoutAttribute...) {
        layoutNode = LayoutNode(.spacer, argument: length.map { .number($0) }, attributes: attributes)
    }
}

/// A line between two nodes, drawn after layout.
public struct Connector: LayoutContent {
    public let layoutNode: LayoutNode
    public init(from: String, to: String, _ attributes: LayoutAttribute...) {
        layoutNode = LayoutNode(.connector, attributes: [.from(from), .to(to)] + attributes)
    }
}
