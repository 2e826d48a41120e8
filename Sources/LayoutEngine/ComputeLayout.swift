// The public entry point: validate, lay out from the root, then derive absolute frames
// and snap them to the pixel grid.
//
// How the engine is put together (one layout per file):
// - LayoutContext.swift: flat per-node arrays; MeasurementCache.swift: the measurement
//   cache; NodeLayout.swift: `compute`, the one entry point every algorithm shares
//   (measure when `perform` is false, arrange too when it is true), as Taffy's
//   `compute_child_layout` with its `LayoutInput`.
// - FlexLayout.swift (stacks, CSS Flexbox §9), OverlayLayout.swift (zbox),
//   BorderLayout.swift, AnchorLayout.swift (box), leaves in LayoutContext.swift.
// - Validation.swift: every check made before layout.
//
// Choices callers should know:
// - The root's width is `availableWidth` and its height `availableHeight` (or its content
//   height when nil), unless its own style fixes them; it sits at (0, 0), margins ignored.
// - A spacer outside a stack is an empty node: zero size unless its style gives one.
// - A `box` with an auto size is the union of its children's frames that don't depend
//   on the unknown size (see AnchorLayout.swift), or its padding and border.
// - Hidden nodes and their descendants get zero frames at their parent's origin.

/// Lays out `tree`: validates it first (see `validateLayout`), then measures and
/// arranges every node.
///
/// The root's width is `options.availableWidth` unless its style fixes a width; its
/// height is `options.availableHeight` when that is given (unless its style fixes a
/// height), otherwise what its content needs. The root sits at (0, 0); its margins are
/// ignored.
///
/// - Returns: every node's frame, relative to its parent and to the root.
/// - Throws: the first `LayoutError` validation finds; after layout, an error when sizes
///   could not be resolved or a frame came out not finite (values near the limits of
///   `Double` that overflow as they are added up).
public func computeLayout(_ tree: LayoutTree, options: LayoutOptions) throws(LayoutError) -> LayoutResult {
    try validateLayout(tree)
    guard let root = tree.root else {
        return LayoutResult(frames: [], absoluteFrames: [], root: nil)
    }
    // The context writes relative frames straight into the result's array.
    var frames = [Rect](repeating: .zero, count: tree.count)
    let (absolute, failure) = frames.withUnsafeMutableBufferPointer { frameBuffer in
        LayoutContext.with(tree, frames: frameBuffer, rootDirection: options.direction) { context in
            (context.run(root: root, options: options), context.failure)
        }
    }
    if let failure { throw failure }
    let result: LayoutResult
    if let scale = options.pixelScale, scale > 0 {
        result = snapToPixels(tree, frames: frames, absolute: absolute, root: root, scale: scale)
    } else {
        result = LayoutResult(frames: frames, absoluteFrames: absolute, root: root)
    }
    // Values are checked finite before layout, but sums and products of finite values can
    // still overflow (a chain of anchors each twice its sibling); no frame leaves that way.
    for i in 0..<tree.count where !(result.absoluteFrames[i].isFinite && result.frames[i].isFinite) {
        throw .nonFiniteFrame(node: i, name: tree.names[i])
    }
    return result
}

/// Snaps absolute frames to the pixel grid as Yoga does: absolute left/top and
/// right/bottom edges are rounded separately, so neighbours that touch keep touching.
/// Relative frames are derived from the snapped absolute ones.
private func snapToPixels(_ tree: LayoutTree, frames: [Rect], absolute: [Rect], root: NodeID,
                          scale: Double) -> LayoutResult {
    @inline(__always) func snap(_ v: Double) -> Double { (v * scale).rounded() / scale }
    var snapped = absolute
    var relative = frames
    for i in 0..<tree.count {
        let a = absolute[i]
        let l = snap(a.minX), t = snap(a.minY), r = snap(a.maxX), b = snap(a.maxY)
        snapped[i] = Rect(x: l, y: t, width: r - l, height: b - t)
        if let p = tree.parents[i] {
            relative[i] = Rect(x: l - snapped[p].x, y: t - snapped[p].y, width: r - l, height: b - t)
        } else {
            relative[i] = snapped[i]
        }
    }
    return LayoutResult(frames: relative, absoluteFrames: snapped, exactFrames: absolute, root: root)
}

extension LayoutContext {
    /// Lays out from the root and returns the absolute frames.
    func run(root: NodeID, options: LayoutOptions) -> [Rect] {
        let aw = options.availableWidth
        let ah = options.availableHeight
        let style = self.style(root).pointee
        let knownWidth: Double? = style.width == .auto ? aw : nil
        let knownHeight: Double? = style.height == .auto ? ah : nil
        if !hidden[root] {
            let size = compute(root, knownWidth: knownWidth, knownHeight: knownHeight,
                               parentWidth: aw, parentHeight: ah,
                               availableWidth: .definite(aw),
                               availableHeight: ah.map { .definite($0) } ?? .maxContent,
                               perform: true)
            frames[root] = Rect(x: 0, y: 0, width: size.width, height: size.height)
        }
        // Parents come before their children in a `LayoutTree`. Nodes outside the root's
        // tree, hidden nodes and their descendants have zero frames at their parent's origin.
        return [Rect](unsafeUninitializedCapacity: count) { abs, initialized in
            for i in 0..<count {
                let f = frames[i]
                if let p = tree.parents[i] {
                    let o = abs[p]
                    abs[i] = Rect(x: o.x + f.x, y: o.y + f.y, width: f.width, height: f.height)
                } else {
                    abs[i] = f
                }
            }
            initialized = count
        }
    }
}
