/// The space a leaf may take along one axis while it is measured (as Taffy's `AvailableSpace`).
public enum AvailableSpace: Hashable, Sendable {
    /// A definite amount of points.
    case definite(Double)
    /// As small as the content allows (the longest unbreakable run of a label).
    case minContent
    /// As large as the content wants (a label on one line per paragraph).
    case maxContent
}

/// Measures a leaf (a label, an image): the engine never knows about fonts or files.
///
/// Implementations MUST be pure for a given input (the engine caches results) and SHOULD
/// be cheap. `knownWidth`/`knownHeight` are set when that dimension is already fixed by
/// the layout; the leaf then returns the other dimension for it (a label's height for a
/// width) and SHOULD return the known value unchanged.
public protocol LeafMeasurer: Sendable {
    func measure(knownWidth: Double?, knownHeight: Double?,
                 availableWidth: AvailableSpace, availableHeight: AvailableSpace) -> Size

    /// The first baseline (a label's first line), in points from the top of the content
    /// box, for a content box of the given size; nil when the leaf has none (an image),
    /// and baseline alignment then uses its bottom edge, as CSS synthesizes it.
    func firstBaseline(contentWidth: Double, contentHeight: Double) -> Double?

    /// Whether the leaf's content is flowing content (text) that a box with an
    /// `aspect-ratio` must not be smaller than, as CSS keeps a ratio box from overflowing
    /// its content; false for a replaced leaf such as an image (the default).
    var hasFlowContent: Bool { get }
}

extension LeafMeasurer {
    public func firstBaseline(contentWidth: Double, contentHeight: Double) -> Double? { nil }
    public var hasFlowContent: Bool { false }
}

/// What a node is, as far as layout goes.
public enum NodeKind: Sendable {
    /// `vbox` / `hbox`: a flex container in one direction.
    case stack(StackAxis)
    /// `zbox`: children on top of each other, each aligned in the box by `align`/`justify`.
    case overlay
    /// `border`: children in `top`, `bottom`, `left`, `right` regions around a `center`.
    case border
    /// `box`: children placed by anchors.
    case box
    /// `spacer`: flexible (`nil`, grows like a toolbar's flexible space) or a fixed length
    /// along its parent stack's main axis.
    case spacer(Double?)
    /// `grid`: a CSS grid container; its template is the style's `grid`.
    case grid
    /// A measured leaf.
    case leaf(any LeafMeasurer)
}
