/// The kinds of node a spec can hold.
public enum NodeKind: String, Hashable, Sendable, CaseIterable {
    case canvas, vbox, hbox, zbox, border, box, spacer, label, image
    /// A CSS grid container: children in rows and columns (`columns`, `rows`, `areas`).
    case grid
    /// A run of a label's text with its own font, size, colour and decorations: a child
    /// of a `label` only, never laid out on its own (see `Schema.spanAttributes`).
    case span
    /// A vector shape from SVG path data (`path "M0 0 L10 10"`), a leaf laid out like an
    /// image: its `view-box` (or the data's extent) is its natural size.
    case path
    /// A line between two nodes (`connector from=a to=b.left`), placed after layout and
    /// taking no space in it: never part of the layout tree.
    case connector
    /// `if CONDITION`, `else` and `for NAME in LIST`: expanded away by `SpecExpander`
    /// before layout, their children taking their place.
    case ifBlock = "if", elseBlock = "else", forLoop = "for"

    public var isControl: Bool { self == .ifBlock || self == .elseBlock || self == .forLoop }

    /// The kind spelled `text`, as `init(rawValue:)` finds it, looked up by its bytes (see
    /// `SpellingTable`): the parser asks it of every line.
    static func named(_ text: some StringProtocol) -> NodeKind? { spellings.value(text) }
    /// The kind spelled by these UTF-8 bytes.
    static func named(utf8 bytes: UnsafeBufferPointer<UInt8>) -> NodeKind? { spellings.value(bytes) }
    private static let spellings = SpellingTable(allCases.map { ($0.rawValue, $0) })
}

/// What a control line says.
public enum Control: Hashable, Sendable {
    case condition(Condition)
    case otherwise
    /// `for variable in source`, where source is a dotted path to a list.
    case loop(variable: String, source: [String])
}

/// One attribute as it applies to a node, with where it was written (on the node or in a style).
public struct Attribute: Hashable, Sendable {
    // Stored in this order so the one-byte key sits in the padding after the value's tag:
    // 40 bytes an attribute (a `Value` is 17 or 18 bytes, its large cases out of line).
    public var value: Value
    public var key: AttributeName
    public var location: SourceLocation
    public init(_ key: AttributeName, value: Value, location: SourceLocation) {
        self.key = key; self.value = value; self.location = location
    }
    /// The name as written (`min-width`).
    public var name: String { key.spelling }
}

/// A node of the spec tree, with its styles already applied (attributes on the node win).
public struct Node: Hashable, Sendable {
    // The argument first, so the one-byte kind sits in the padding after it.
    /// The positional argument: a label's text, an image's path, a fixed spacer's length.
    public var argument: Value?
    public var kind: NodeKind
    public var attributes: Attributes
    public var children: [Node]
    public var location: SourceLocation
    /// Set on `if`, `else` and `for` nodes.
    public var control: Control?

    public init(kind: NodeKind, argument: Value? = nil, attributes: Attributes = [],
                children: [Node] = [], location: SourceLocation, control: Control? = nil) {
        self.kind = kind; self.argument = argument; self.attributes = attributes
        self.children = children; self.location = location; self.control = control
    }

    @inlinable public var id: String? {
        if case .string(let s)? = attributes[.id]?.value { return s }
        return nil
    }
    /// The value of the attribute named `key` (inlinable, as `Attributes`' reads are).
    @inlinable public subscript(key: AttributeName) -> Value? { attributes[key]?.value }
    public subscript(name: String) -> Value? { attributes[name]?.value }
}

/// A parsed spec: the canvas, whose children are the top-level nodes, and the font
/// families the spec declares for its render (`font` lines), in the order written.
public struct Document: Hashable, Sendable {
    public var canvas: Node {
        didSet { survey = nil }
    }
    public var fonts: [FontDeclaration]
    /// What the tree holds, as the parser that read it found (see `TreeSurvey`); a parser
    /// sets it only once the ids outside `if`/`for` blocks are checked to be unique. Any
    /// change to the canvas or the nodes under it clears it.
    public internal(set) var survey: TreeSurvey?

    public init(canvas: Node, fonts: [FontDeclaration] = []) { self.canvas = canvas; self.fonts = fonts }

    /// Documents are equal when their trees and fonts are: whether a survey was taken is not part of it.
    public static func == (a: Document, b: Document) -> Bool { a.canvas == b.canvas && a.fonts == b.fonts }
    public func hash(into hasher: inout Hasher) { hasher.combine(canvas); hasher.combine(fonts) }

    /// Every node in tree order (pre-order), the canvas first.
    public var allNodes: [Node] {
        var result: [Node] = []
        var stack = [canvas]
        while let node = stack.popLast() {
            result.append(node)
            stack.append(contentsOf: node.children.reversed())
        }
        return result
    }

    /// How many nodes the tree holds, the canvas and `if`/`else`/`for` nodes included.
    public var nodeCount: Int {
        // The survey the parser took, or one walk (which throws only when checking ids).
        survey?.nodeCount ?? (try? surveyed(checkingIDs: false))?.nodeCount ?? 0
    }

    /// True when the document has `if`, `else` or `for` lines to expand.
    public var hasControl: Bool {
        var found = false
        forEachNode { node in if node.kind.isControl { found = true } }
        return found
    }

    /// Calls `body` with every node in tree order (pre-order), the canvas first, without
    /// copying the tree into an array as `allNodes` does: the stack holds the children
    /// arrays (one reference each), not the nodes. With `skippingControl`, `if`, `else`
    /// and `for` nodes and what they hold are passed over.
    func forEachNode<E: Error>(skippingControl: Bool = false, _ body: (Node) throws(E) -> Void) throws(E) {
        if skippingControl && canvas.kind.isControl { return }
        try body(canvas)
        var stack: [(children: [Node], next: Int)] = [(canvas.children, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let index = stack[top].next
            guard index < stack[top].children.count else { stack.removeLast(); continue }
            stack[top].next = index + 1
            let node = stack[top].children[index]
            if skippingControl && node.kind.isControl { continue }
            try body(node)
            if !node.children.isEmpty { stack.append((node.children, 0)) }
        }
    }
}
