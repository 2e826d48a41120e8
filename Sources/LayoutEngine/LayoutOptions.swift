/// How `computeLayout` sizes the root and rounds the result.
public struct LayoutOptions: Sendable {
    /// The root's width (the canvas width), unless the root's style fixes its width.
    public var availableWidth: Double
    /// The root's height when non-nil; `nil` lets the root be as tall as its content needs.
    public var availableHeight: Double?
    /// `nil`: no rounding. Otherwise the edges of absolute frames snap to multiples of
    /// `1 / pixelScale` points (whole device pixels), neighbours keeping shared edges.
    public var pixelScale: Double?
    /// The direction the root inherits (`.inherit` is taken as `.ltr`).
    public var direction: Direction

    public init(availableWidth: Double, availableHeight: Double? = nil,
                pixelScale: Double? = nil, direction: Direction = .ltr) {
        self.availableWidth = availableWidth
        self.availableHeight = availableHeight
        self.pixelScale = pixelScale
        self.direction = direction
    }
}

/// The frames of every node of a `LayoutTree`, indexed by `NodeID`.
public struct LayoutResult: Sendable {
    /// Frames relative to the parent's border box (origin = the parent's top-left corner).
    /// Hidden nodes, their descendants and nodes outside the root's tree get `Rect.zero`.
    public let frames: [Rect]
    /// Frames relative to the root's origin.
    public let absoluteFrames: [Rect]
    /// Frames relative to the root's origin as the layout computed them, before their edges
    /// snapped to pixels: the sizes that content (a label's lines) was measured at, for
    /// drawing it the same way. The same as `absoluteFrames` without a pixel scale.
    public let exactFrames: [Rect]
    let rootID: NodeID?

    init(frames: [Rect], absoluteFrames: [Rect], exactFrames: [Rect]? = nil, root: NodeID?) {
        self.frames = frames
        self.absoluteFrames = absoluteFrames
        self.exactFrames = exactFrames ?? absoluteFrames
        self.rootID = root
    }

    /// The root's size (zero for an empty tree).
    public var size: Size {
        guard let rootID else { return .zero }
        return frames[rootID].size
    }
}
