import LayoutEngine
import Rendering
import SpecLanguage

/// What a node draws besides its box: nothing, text, an image or a vector path.
enum NodeContent: Sendable {
    case none
    case label(LabelContent, color: RGBAColor, shadows: [BoxShadow] = [])
    case image(ImageContent)
    case path(PathContent)
}

/// How a node paints its frame.
struct Paint: Sendable {
    var background: RGBAColor?
    /// A gradient background (`background=linear(…)`), instead of a colour.
    var gradient: GradientFill?
    /// `background-image`: drawn over the background, in the padding box, clipped to the
    /// frame (rounded by `radius`).
    var backgroundImage: ImageContent?
    /// Box shadows, in the order written (the first drawn on top).
    var shadows: [BoxShadow] = []
    /// Each side's width and colour; nil when no side is drawn.
    var border: BorderSides?
    var radius: CornerRadii = .zero
    var opacity: Double = 1
    /// `blend`: how the node's group is composited (CSS `mix-blend-mode`).
    var blend: BlendMode = .normal
    /// `transform`'s functions as matrices, in the order written; the drawing applies them
    /// around the frame's centre (CSS `transform-origin: center`).
    var transform: [Transform2D] = []
    var clip = false

    /// Whether this paint draws nothing and changes nothing: what `Paint()` is.
    var isEmpty: Bool {
        background == nil && gradient == nil && backgroundImage == nil && shadows.isEmpty && border == nil
            && radius == .zero && opacity == 1 && blend == .normal && transform.isEmpty && !clip
    }
}

/// A paint that draws something, kept out of line by `SceneNode`.
final class PaintStorage: Sendable {
    let paint: Paint
    init(_ paint: Paint) { self.paint = paint }
}

/// One node of the scene, by `NodeID`: what the spec said, for drawing and frame dumps.
struct SceneNode: Sendable {
    var kind: SpecLanguage.NodeKind
    var id: String?
    var location: SourceLocation
    /// How the node paints its frame. Most nodes of a big layout paint nothing, so a paint
    /// is kept out of line, and only when it is not empty: a `Paint` in every node was
    /// about 300 bytes of each (30 MB in 100,000 nodes).
    var paint: Paint { paintStorage?.paint ?? Paint() }
    private var paintStorage: PaintStorage?
    var content: NodeContent
    var isHidden: Bool
    /// `diff-threshold` / `diff-ignore`: how strictly `layout-render test` compares this frame.
    var tolerance: Tolerance? = nil
    /// The spec sets `position` (relative or absolute) or an inset (`position` is
    /// `relative` by default, so an inset alone shifts the node): CSS paints such a node
    /// after its siblings that are not positioned.
    var isPositioned = false

    init(kind: SpecLanguage.NodeKind, id: String?, location: SourceLocation, paint: Paint, content: NodeContent,
         isHidden: Bool, tolerance: Tolerance? = nil, isPositioned: Bool = false) {
        self.kind = kind; self.id = id; self.location = location
        self.paintStorage = paint.isEmpty ? nil : PaintStorage(paint)
        self.content = content; self.isHidden = isHidden; self.tolerance = tolerance; self.isPositioned = isPositioned
    }
}

/// A node's own comparison tolerance.
public enum Tolerance: Hashable, Sendable {
    case threshold(Double)
    case ignore
    /// `mask`: the frame is painted one solid colour in both images before comparing, so
    /// its content is not compared, but the node may not move or change size.
    case mask
}

/// A spec turned into a layout tree plus what each node draws.
struct Scene: Sendable {
    var tree: LayoutTree
    var nodes: [SceneNode]
    var layoutOptions: LayoutOptions
    var scale: Double
    /// Source lines, for quoting in messages about a node.
    var sourceLines: QuotableLines
    /// The files of the spec's `font` lines, for the environment fingerprint.
    var declaredFonts: [String] = []
    /// The connectors, in the order written: not in the layout tree.
    var connectors: [SceneConnector] = []

    /// How a layout error names node `id` when the spec gives it no id: by its place, so
    /// it reads "'box on line 3'" rather than an index (nil for the canvas, "node #0").
    /// Made only for an error, not kept for every node.
    func name(of id: NodeID) -> String? {
        let node = nodes[id]
        guard node.kind != .canvas else { return nil }
        return "\(node.kind.rawValue) " + (node.location.path.map { "at \($0)" } ?? "on line \(node.location.line)")
    }
}
