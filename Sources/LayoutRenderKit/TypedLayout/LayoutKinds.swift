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

/// A kind whose node is one string (a span's text, an image's file, a path's data) and
/// attributes.
public protocol LeafKind { static var kind: NodeKind { get } }

/// A node of kind `Kind`: its string, then its attributes.
public struct Leaf<Kind: LeafKind>: LayoutContent {
    public let layoutNode: LayoutNode

    public init(_ argument: String, _ attributes: LayoutAttribute...) {
        layoutNode = LayoutNode(Kind.kind, argument: .string(argument), attributes: attributes)
    }
}

public enum SpanKind: LeafKind { public static var kind: NodeKind { .span } }
public enum ImageKind: LeafKind { public static var kind: NodeKind { .image } }
public enum PathKind: LeafKind { public static var kind: NodeKind { .path } }

/// A run of a label's text: `Span(" (edited)", .italic())`.
public typealias Span = Leaf<SpanKind>
/// An image file (PNG, JPEG, WebP or SVG), relative to the render's asset folder.
public typealias Image = Leaf<ImageKind>
/// A vector shape from SVG path data.
public typealias Path = Leaf<PathKind>

/// Space: a fixed length (`Spacer(8)`), or (without one) the free space of a stack shared
/// out by `grow` (`Spacer()`, `Spacer(.grow(2))`).
public struct Spacer: LayoutContent {
    public let layoutNode: LayoutNode

    public init(_ length: Double, _ attributes: LayoutAttribute...) {
        layoutNode = LayoutNode(.spacer, argument: .number(length), attributes: attributes)
    }

    public init(_ attributes: LayoutAttribute...) {
        layoutNode = LayoutNode(.spacer, attributes: attributes)
    }
}

/// A line between two nodes, drawn after layout.
public struct Connector: LayoutContent {
    public let layoutNode: LayoutNode
    public init(from: String, to: String, _ attributes: LayoutAttribute...) {
        layoutNode = LayoutNode(.connector, attributes: [.from(from), .to(to)] + attributes)
    }
}
