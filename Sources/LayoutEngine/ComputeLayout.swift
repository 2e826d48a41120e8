// The public entry point: validate, lay out from the root, then derive absolute frames
// and snap them to the pixel grid.

/// Lays out `tree`: validates it first (see `validateLayout`), then measures and
/// arranges every node.
///
/// The root's width is `options.availableWidth` unless its style fixes a width; its
/// height is `options.availableHeight` when that is given (unless its style fixes a
/// height), otherwise what its content needs. The root sits at (0, 0); its margins are
/// ignored.
///
/// - Returns: every node's frame, relative to its parent and to the root.
/// - Throws: the first `LayoutError` validation finds.
public func computeLayout(_ tree: LayoutTree, options: LayoutOptions) throws(LayoutError) -> LayoutResult {
    try validateLayout(tree)
    guard let root = tree.root else {
        return LayoutResult(frames: [], absoluteFrames: [], root: nil)
    }
    return tree.styles.withUnsafeBufferPointer { styles in
        let context = LayoutContext(tree: tree, styles: styles, rootDirection: options.direction)
        return context.run(root: root, options: options)
    }
}

extension LayoutContext {
    func run(root: NodeID, options: LayoutOptions) -> LayoutResult {
        let aw = options.availableWidth
        let ah = options.availableHeight
        let style = styles[root]
        let knownWidth: Double? = style.width == .auto ? aw : nil
        let knownHeight: Double? = style.height == .auto ? ah : nil
        if hidden[root] {
            return assemble(root: root, scale: options.pixelScale)
        }
        let size = compute(root, knownWidth: knownWidth, knownHeight: knownHeight,
                           parentWidth: aw, parentHeight: ah,
                           availableWidth: .definite(aw), availableHeight: ah.map { .definite($0) } ?? .maxContent,
                           perform: true)
        frames[root] = Rect(x: 0, y: 0, width: size.width, height: size.height)
        return assemble(root: root, scale: options.pixelScale)
    }

    /// Absolute frames (parents come before their children in a `LayoutTree`), snapped to
    /// the pixel grid as Yoga does: absolute left/top and right/bottom edges are rounded
    /// separately, so neighbours that touch keep touching.
    private func assemble(root: NodeID, scale: Double?) -> LayoutResult {
        var relative = [Rect](repeating: .zero, count: count)
        var absolute = [Rect](repeating: .zero, count: count)
        // Nodes outside the root's tree, hidden nodes and their descendants keep zero frames
        // at their parent's origin.
        var inTree = [Bool](repeating: false, count: count)
        inTree[root] = true
        for i in 0..<count {
            guard let p = tree.parents[i] else { continue }
            if !inTree[p] { continue }
            inTree[i] = true
        }
        absolute[root] = frames[root]
        relative[root] = frames[root]
        for i in 0..<count where i != root && inTree[i] {
            let p = tree.parents[i]!
            let f = frames[i]
            absolute[i] = Rect(x: absolute[p].x + f.x, y: absolute[p].y + f.y, width: f.width, height: f.height)
        }
        if let scale, scale > 0 {
            var snapped = absolute
            @inline(__always) func snap(_ v: Double) -> Double { (v * scale).rounded() / scale }
            for i in 0..<count where inTree[i] {
                let a = absolute[i]
                let l = snap(a.minX), t = snap(a.minY), r = snap(a.maxX), b = snap(a.maxY)
                snapped[i] = Rect(x: l, y: t, width: r - l, height: b - t)
            }
            for i in 0..<count where inTree[i] {
                let s = snapped[i]
                if i == root { relative[i] = s; continue }
                let p = snapped[tree.parents[i]!]
                relative[i] = Rect(x: s.x - p.x, y: s.y - p.y, width: s.width, height: s.height)
            }
            return LayoutResult(frames: relative, absoluteFrames: snapped, root: root)
        }
        for i in 0..<count where i != root && inTree[i] { relative[i] = frames[i] }
        return LayoutResult(frames: relative, absoluteFrames: absolute, root: root)
    }
}
