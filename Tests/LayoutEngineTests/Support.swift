import XCTest
import LayoutEngine

/// A label with fixed metrics: every glyph is 10×10 points, words wrap at spaces.
/// Min-content width is the longest word, max-content width the whole text on one line.
struct FixedTextLeaf: LeafMeasurer {
    let words: [Int]

    init(_ text: String) { words = text.split(separator: " ").map(\.count) }

    var minContent: Double { Double(words.max() ?? 0) * 10 }
    var maxContent: Double { words.isEmpty ? 0 : Double(words.reduce(0, +) + words.count - 1) * 10 }

    /// Lines and widest line when wrapping at `width` points (a word never breaks).
    func wrap(_ width: Double) -> (lines: Int, widest: Double) {
        if words.isEmpty { return (0, 0) }
        let limit = Int((width / 10).rounded(.down) + 1e-9)
        var lines = 1, current = 0, widest = 0
        for w in words {
            if current == 0 { current = w }
            else if current + 1 + w <= limit { current += 1 + w }
            else { widest = max(widest, current); lines += 1; current = w }
        }
        widest = max(widest, current)
        return (lines, Double(widest) * 10)
    }

    func measure(knownWidth: Double?, knownHeight: Double?,
                 availableWidth: AvailableSpace, availableHeight: AvailableSpace) -> Size {
        let width: Double
        if let knownWidth { width = knownWidth } else {
            switch availableWidth {
            case .minContent: width = minContent
            case .maxContent: width = maxContent
            case .definite(let a): width = wrap(max(a, minContent)).widest
            }
        }
        return Size(width: width, height: knownHeight ?? Double(wrap(max(width, minContent)).lines) * 10)
    }
}

/// A node of a test tree, built with the functions below and turned into a `LayoutTree`.
struct TestNode {
    var kind: NodeKind
    var style = LayoutStyle()
    var name: String?
    var children: [TestNode] = []
}

typealias Configure = (inout LayoutStyle) -> Void

func node(_ kind: NodeKind, _ name: String? = nil, _ configure: Configure = { _ in }, _ children: [TestNode] = []) -> TestNode {
    var s = LayoutStyle()
    configure(&s)
    return TestNode(kind: kind, style: s, name: name, children: children)
}
func hbox(_ name: String? = nil, _ configure: Configure = { _ in }, _ children: TestNode...) -> TestNode {
    node(.stack(.horizontal), name, configure, children)
}
func vbox(_ name: String? = nil, _ configure: Configure = { _ in }, _ children: TestNode...) -> TestNode {
    node(.stack(.vertical), name, configure, children)
}
func zbox(_ name: String? = nil, _ configure: Configure = { _ in }, _ children: TestNode...) -> TestNode {
    node(.overlay, name, configure, children)
}
func borderBox(_ name: String? = nil, _ configure: Configure = { _ in }, _ children: TestNode...) -> TestNode {
    node(.border, name, configure, children)
}
func box(_ name: String? = nil, _ configure: Configure = { _ in }, _ children: TestNode...) -> TestNode {
    node(.box, name, configure, children)
}
/// An empty `box` of a fixed size.
func rect(_ name: String, _ width: Double, _ height: Double, _ configure: Configure = { _ in }) -> TestNode {
    node(.box, name, { $0.width = .points(width); $0.height = .points(height); configure(&$0) })
}
func text(_ name: String, _ string: String, _ configure: Configure = { _ in }) -> TestNode {
    node(.leaf(FixedTextLeaf(string)), name, configure)
}
func spacer(_ length: Double? = nil, _ name: String? = nil) -> TestNode { node(.spacer(length), name) }

/// A tree and the ids of its named nodes.
struct BuiltTree {
    var tree = LayoutTree()
    var ids: [String: NodeID] = [:]

    init(_ root: TestNode) { add(root, parent: nil) }

    private mutating func add(_ n: TestNode, parent: NodeID?) {
        let id = tree.addNode(n.kind, style: n.style, name: n.name, parent: parent)
        if let name = n.name { ids[name] = id }
        for c in n.children { add(c, parent: id) }
    }

    subscript(name: String) -> NodeID { ids[name]! }
}

/// Lays `root` out and returns the result with a lookup of named frames.
struct Laid {
    let built: BuiltTree
    let result: LayoutResult
    subscript(name: String) -> Rect { result.frames[built[name]] }
    func absolute(_ name: String) -> Rect { result.absoluteFrames[built[name]] }
}

func lay(_ root: TestNode, width: Double, height: Double? = nil, scale: Double? = nil,
         direction: Direction = .ltr, file: StaticString = #filePath, line: UInt = #line) -> Laid? {
    let built = BuiltTree(root)
    do {
        let r = try computeLayout(built.tree, options: LayoutOptions(availableWidth: width, availableHeight: height,
                                                                      pixelScale: scale, direction: direction))
        return Laid(built: built, result: r)
    } catch {
        XCTFail("layout failed: \(error)", file: file, line: line)
        return nil
    }
}

/// Frames compared with a tolerance of 1e-6 points, with a readable failure.
func assertFrame(_ actual: Rect, _ expected: Rect, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    let ok = abs(actual.x - expected.x) < 1e-6 && abs(actual.y - expected.y) < 1e-6
        && abs(actual.width - expected.width) < 1e-6 && abs(actual.height - expected.height) < 1e-6
    XCTAssert(ok, "\(message) got \(actual), expected \(expected)", file: file, line: line)
}
