// The engine's working state for one `computeLayout` call: flat arrays indexed by
// `NodeID` and the measurement cache (MeasurementCache.swift); the entry point of every
// algorithm, `compute`, is in NodeLayout.swift.
//
// Every algorithm (flex, overlay, border, anchors, leaf) answers one question, as in
// Taffy: "given the sizes that are already known and the space available, what size
// are you?" (`perform == false`, a measurement), and, when asked to, also places its
// children (`perform == true`, the arrange pass). Measurements are cached per node, keyed
// by their inputs, so no subtree is measured twice for the same proposal. A caller that
// reads only a width (an item's intrinsic contribution) asks for it alone (`widthOnly`):
// a stack's width comes first, from its content, and its height is then not worked out.

/// A node's kind as one byte, so hot loops switch on a tag rather than on an enum that
/// carries an existential payload.
enum KindTag: UInt8 {
    case row, column, overlay, border, box, flexibleSpacer, fixedSpacer, leaf, grid

    init(_ kind: NodeKind) {
        switch kind {
        case .stack(.horizontal): self = .row
        case .stack(.vertical): self = .column
        case .overlay: self = .overlay
        case .border: self = .border
        case .box: self = .box
        case .spacer(nil): self = .flexibleSpacer
        case .spacer: self = .fixedSpacer
        case .leaf: self = .leaf
        case .grid: self = .grid
        }
    }
}

/// Resolved min/max bounds and padding+border of a node, handed to its algorithm.
struct NodeBounds {
    var minWidth: Double
    var maxWidth: Double
    var minHeight: Double
    var maxHeight: Double
    /// Padding plus border, in points.
    var insets: EdgeInsets
    /// Whether a height the parent fixed counts as definite for the percentages inside
    /// (CSS Flexbox §9.8: a flexed height in a column of automatic height does not).
    var definiteHeight: Bool = true
    /// Where a wrapping column's lines end when its height is not known: its `max-height`,
    /// also when that is ignored because only its content's height is measured (Chromium
    /// breaks the lines there, and the content is as tall as the longest line).
    var columnLimit: Double = .infinity
    /// Where a wrapping column with an aspect ratio breaks its lines: at the height the
    /// ratio gives, even when its content makes it taller.
    var ratioLineLimit: Double = .infinity
    /// The height percentages inside are of when it is not the node's own: the height its
    /// ratio gives, when its content makes it taller.
    var ratioPercentHeight: Double? = nil

    @inline(__always) func clampWidth(_ v: Double) -> Double {
        clamp(v, min: minWidth, max: maxWidth, floor: insets.horizontal)
    }
    @inline(__always) func clampHeight(_ v: Double) -> Double {
        clamp(v, min: minHeight, max: maxHeight, floor: insets.vertical)
    }
}

@inline(__always) func resolve(_ d: Dimension, _ base: Double?) -> Double? {
    switch d {
    case .auto: return nil
    case .points(let v): return v
    case .percent(let p): return base.map { $0 * p / 100 }
    case .minContent, .maxContent, .fitContent: return nil
    }
}

/// Margins and padding: `auto` counts as zero, a percentage is of the containing block's width.
@inline(__always) func resolveEdge(_ d: Dimension, _ base: Double?) -> Double {
    switch d {
    case .auto: return 0
    case .points(let v): return v
    case .percent(let p): return (base ?? 0) * p / 100
    case .minContent, .maxContent, .fitContent: return 0
    }
}

@inline(__always) func shrinkSpace(_ s: AvailableSpace, by amount: Double) -> AvailableSpace {
    if case .definite(let v) = s { return .definite(Swift.max(0, v - amount)) }
    return s
}

/// A style's padding plus border and its margins in points, for styles where no side of
/// them is a percentage (then they do not depend on the containing block; `auto` margins
/// count as 0, as `resolveEdge` has them).
struct FixedEdges {
    var insets = EdgeInsets.zero
    var margins = EdgeInsets.zero
    var insetsFixed = false
    var marginsFixed = false

    init(_ sp: UnsafePointer<LayoutStyle>) {
        func fixed(_ e: Edges) -> Bool { !(e.top.isPercent || e.right.isPercent || e.bottom.isPercent || e.left.isPercent) }
        if fixed(sp.pointee.padding) {
            insetsFixed = true
            insets = resolvedInsets(sp, parentWidth: nil)
        }
        if fixed(sp.pointee.margin) {
            marginsFixed = true
            margins = resolvedMargins(sp, parentWidth: nil)
        }
    }
}

/// A style's padding plus border; padding percentages are of `parentWidth`.
@inline(__always) func resolvedInsets(_ s: UnsafePointer<LayoutStyle>, parentWidth: Double?) -> EdgeInsets {
    let pad = s.pointee.padding, b = s.pointee.border
    return EdgeInsets(top: resolveEdge(pad.top, parentWidth) + b.top,
                      right: resolveEdge(pad.right, parentWidth) + b.right,
                      bottom: resolveEdge(pad.bottom, parentWidth) + b.bottom,
                      left: resolveEdge(pad.left, parentWidth) + b.left)
}

/// A style's margins (`auto` as 0); percentages are of `parentWidth`.
@inline(__always) func resolvedMargins(_ s: UnsafePointer<LayoutStyle>, parentWidth: Double?) -> EdgeInsets {
    let m = s.pointee.margin
    return EdgeInsets(top: resolveEdge(m.top, parentWidth), right: resolveEdge(m.right, parentWidth),
                      bottom: resolveEdge(m.bottom, parentWidth), left: resolveEdge(m.left, parentWidth))
}

final class LayoutContext {
    let tree: LayoutTree
    /// The tree's distinct styles and each node's entry among them (`style(_:)`).
    let styles: StylesInPlace
    let count: Int
    /// `LayoutLimits.maxContentLayouts` for this tree.
    let maxContentLayouts: Int
    /// Children of node `n` are `childList[childStart[n] ..< childStart[n + 1]]`.
    let childStart: UnsafeMutableBufferPointer<Int>
    let childList: UnsafeMutableBufferPointer<Int>
    let tags: UnsafeMutableBufferPointer<KindTag>
    let hidden: UnsafeMutableBufferPointer<Bool>
    let rtl: UnsafeMutableBufferPointer<Bool>
    /// Whether a node's measurement can depend on its parent's size (percentages): only
    /// then is the parent's size part of its cache key.
    let usesParentSize: UnsafeMutableBufferPointer<Bool>
    /// A single-line column without a ratio whose children take no percentages: measured for
    /// its width alone, it is as wide whatever height it is given (its items' width
    /// contributions ignore the height, `intrinsicFlexWidth`), so such a measurement is
    /// made, and cached, as one without a known height.
    let widthIgnoresHeight: UnsafeMutableBufferPointer<Bool>
    /// Along which axes the node's own style sizes it (bit 0: width, min/max width; bit 1:
    /// the height's; both: an aspect ratio): only along those does measuring its content
    /// size differ from measuring it. Bit 2: its width and height are points, with no min,
    /// max or ratio (`Self.fixedSize`), so that measuring it is reading them.
    let hasSizing: UnsafeMutableBufferPointer<UInt8>
    /// Each stored style's padding plus border and margins in points, where they have no
    /// percentage: read at every layout of every node that has the style.
    let fixedEdges: UnsafeMutableBufferPointer<FixedEdges>
    /// For each stored style and main axis (`2 * entry + 1` in a row, `2 * entry` in a
    /// column), where its flex item is among `Scratch.itemTemplates`: -1 before it is first
    /// needed, -2 when the style is not plain (a percentage, a sizing keyword on the width,
    /// an `auto` margin: then the item depends on the container and is made every time).
    let itemTemplate: UnsafeMutableBufferPointer<Int32>
    /// Children of stacks and zboxes with `position=absolute`: out of the flow.
    let outOfFlow: UnsafeMutableBufferPointer<Bool>
    /// The first baseline of each node arranged so far, from its top edge; NaN when it has
    /// none (its bottom edge then stands in for it, as CSS synthesizes one).
    let baselines: UnsafeMutableBufferPointer<Double>
    let frames: UnsafeMutableBufferPointer<Rect>
    /// Every node's remembered measurements (MeasurementCache.swift).
    let cache: MeasurementCache
    /// Scratch storage for the flex items and lines of the containers on the current path,
    /// and a counter of algorithm runs (cache misses, and the content measurements that run
    /// an algorithm without the cache), for tests.
    struct Scratch {
        var items = ScratchStack<FlexItem>(capacity: 64)
        var lines = ScratchStack<FlexLine>(capacity: 16)
        /// The flex items of plain styles, made once per style and main axis (`itemTemplate`).
        var itemTemplates = ScratchStack<FlexItem>(capacity: 16)
        var computeCount = 0
    }
    let scratch: UnsafeMutablePointer<Scratch>
    @inline(__always) var items: ScratchStack<FlexItem> { scratch.pointee.items }
    @inline(__always) var lines: ScratchStack<FlexLine> { scratch.pointee.lines }
    var computeCount: Int { scratch.pointee.computeCount }
    /// The first thing that went wrong in an algorithm that cannot throw from where it is
    /// (a loop that stopped making progress); `computeLayout` throws it after the run.
    var failure: LayoutError?
    /// What each subgrid takes from its parent grid (GridSubgrid.swift), set by the parent
    /// before the subgrid is placed, measured or arranged; empty in a tree without subgrids.
    var subgrids: [NodeID: SubgridInheritance] = [:]

    /// Records `error` unless an earlier one is already recorded.
    func fail(_ error: LayoutError) {
        if failure == nil { failure = error }
    }

    /// Runs `body` with a context for `tree` that writes relative frames into `frames`.
    static func with<R>(_ tree: LayoutTree, frames: UnsafeMutableBufferPointer<Rect>, rootDirection: Direction,
                        _ body: (LayoutContext) -> R) -> R {
        StylesInPlace.with(tree) { styles in
            body(LayoutContext(tree: tree, styles: styles, frames: frames, rootDirection: rootDirection))
        }
    }

    init(tree: LayoutTree, styles: StylesInPlace, frames: UnsafeMutableBufferPointer<Rect>, rootDirection: Direction) {
        self.tree = tree
        self.styles = styles
        let n = tree.count
        count = n
        maxContentLayouts = LayoutLimits.maxContentLayouts(nodes: n)
        childStart = .allocate(capacity: n + 1)
        childList = .allocate(capacity: Swift.max(n, 1))
        tags = .allocate(capacity: n)
        hidden = .allocate(capacity: n)
        rtl = .allocate(capacity: n)
        usesParentSize = .allocate(capacity: n)
        widthIgnoresHeight = .allocate(capacity: n)
        hasSizing = .allocate(capacity: n)
        outOfFlow = .allocate(capacity: n)
        baselines = .allocate(capacity: n)
        baselines.initialize(repeating: .nan)
        self.frames = frames
        cache = MeasurementCache(count: n)
        let table = styles.table
        fixedEdges = .allocate(capacity: table.count)
        itemTemplate = .allocate(capacity: 2 * table.count)
        itemTemplate.initialize(repeating: -1)
        var percents = [Bool](repeating: false, count: table.count)
        var sizing = [UInt8](repeating: 0, count: table.count)
        for e in 0..<table.count {
            let sp = table.baseAddress! + e
            (fixedEdges.baseAddress! + e).initialize(to: FixedEdges(sp))
            percents[e] = Self.hasPercent(sp)
            sizing[e] = Self.hasSizing(sp)
        }
        scratch = .allocate(capacity: 1)
        scratch.initialize(to: Scratch())

        var next = 0
        for i in 0..<n {
            childStart[i] = next
            for c in tree.children[i] { childList[next] = c; next += 1 }
            let style = self.style(i)
            tags[i] = tree.kindTags[i]
            hidden[i] = style.pointee.isHidden
            // Nodes are added parent first, so the parent's direction is already known.
            let inherited: Bool
            if let p = tree.parents[i] { inherited = rtl[p] } else { inherited = rootDirection == .rtl }
            switch style.pointee.direction {
            case .inherit: rtl[i] = inherited
            case .ltr: rtl[i] = false
            case .rtl: rtl[i] = true
            }
            usesParentSize[i] = percents[styles.entry(i)]
            hasSizing[i] = sizing[styles.entry(i)]
            var absolute = false
            if style.pointee.position == .absolute, let p = tree.parents[i] {
                switch tags[p] {
                case .row, .column, .overlay, .grid: absolute = true
                default: break
                }
            }
            outOfFlow[i] = absolute
        }
        childStart[n] = next
        for i in 0..<n {
            let sp = style(i)
            var ignores = tags[i] == .column && !sp.pointee.wrap && sp.pointee.aspectRatio == nil
            if ignores {
                for k in children(i) where usesParentSize[childList[k]] { ignores = false; break }
            }
            widthIgnoresHeight[i] = ignores
        }
    }

    deinit {
        childStart.deallocate(); childList.deallocate(); tags.deallocate(); hidden.deallocate()
        rtl.deallocate(); usesParentSize.deallocate(); widthIgnoresHeight.deallocate(); hasSizing.deallocate()
        outOfFlow.deallocate()
        cache.deallocate()
        baselines.deallocate(); fixedEdges.deallocate()
        scratch.pointee.items.deallocate(); scratch.pointee.lines.deallocate()
        scratch.pointee.itemTemplates.deallocate(); scratch.deallocate(); itemTemplate.deallocate()
    }

    static func hasPercent(_ sp: UnsafePointer<LayoutStyle>) -> Bool {
        func p(_ d: Dimension) -> Bool { if case .percent = d { return true } else { return false } }
        func e(_ x: Edges) -> Bool { p(x.top) || p(x.right) || p(x.bottom) || p(x.left) }
        return p(sp.pointee.width) || p(sp.pointee.height) || p(sp.pointee.minWidth) || p(sp.pointee.minHeight)
            || p(sp.pointee.maxWidth) || p(sp.pointee.maxHeight) || e(sp.pointee.padding) || e(sp.pointee.margin)
            || p(sp.pointee.basis) || p(sp.pointee.gap) || sp.pointee.crossGap.map(p) == true
    }

    private static func hasSizing(_ sp: UnsafePointer<LayoutStyle>) -> UInt8 {
        let s = sp.pointee
        let ratio = s.aspectRatio != nil
        let horizontal = ratio || s.width != .auto || s.minWidth != .auto || s.maxWidth != .auto
        let vertical = ratio || s.height != .auto || s.minHeight != .auto || s.maxHeight != .auto
        let fixed = s.width.isPoints && s.height.isPoints && !ratio && s.minWidth == .auto && s.maxWidth == .auto
            && s.minHeight == .auto && s.maxHeight == .auto
        return (horizontal ? 1 : 0) | (vertical ? 2 : 0) | (fixed ? Self.fixedSize : 0)
    }

    /// `hasSizing`'s bit for a width and height in points, with no min, max or ratio.
    static let fixedSize: UInt8 = 4

    /// The style of `n`, read in place (subscripting the buffer would copy the whole style).
    @inline(__always) func style(_ n: NodeID) -> UnsafePointer<LayoutStyle> { styles[n] }

    @inline(__always) func children(_ n: NodeID) -> Range<Int> { childStart[n]..<childStart[n + 1] }

    /// Padding plus border of `n`; padding percentages are of the containing block's width.
    @inline(__always) func insets(_ n: NodeID, parentWidth: Double?) -> EdgeInsets {
        let fixed = fixedEdges.baseAddress! + styles.entry(n)
        return fixed.pointee.insetsFixed ? fixed.pointee.insets : resolvedInsets(style(n), parentWidth: parentWidth)
    }

    @inline(__always) func margins(_ n: NodeID, parentWidth: Double?) -> EdgeInsets {
        let fixed = fixedEdges.baseAddress! + styles.entry(n)
        return fixed.pointee.marginsFixed ? fixed.pointee.margins : resolvedMargins(style(n), parentWidth: parentWidth)
    }

    /// `height`, a column's own height, within its sizing keyword min and max heights: its
    /// content's height at its width (`knownWidth`, else its content's at that height), the
    /// percentages inside of `height` and a wrapping one's lines broken there, as Chromium
    /// resolves them (the keywords do not make the height indefinite).
    func keywordBoundedHeight(_ node: NodeID, _ height: Double, knownWidth: Double?, parentWidth: Double?,
                              parentHeight: Double?, availableWidth: AvailableSpace) -> Double {
        let sp = style(node)
        // (Its width measured with its own height left out, as the keywords are not
        // resolved again there.)
        let width = knownWidth ?? compute(node, knownWidth: nil, knownHeight: height, parentWidth: parentWidth,
                                          parentHeight: parentHeight, availableWidth: availableWidth,
                                          availableHeight: .definite(height), perform: false,
                                          contentSize: .vertical, widthOnly: true).width
        let content = columnContentHeight(node, width: width, height: height, parentWidth: parentWidth)
        return clamp(height, min: sp.pointee.minHeight.isIntrinsicKeyword ? content : 0,
                     max: sp.pointee.maxHeight.isIntrinsicKeyword ? content : .infinity,
                     floor: insets(node, parentWidth: parentWidth).vertical)
    }

    /// The height the percentages inside `c` are of when a zbox or box arranges it at a
    /// height: a column's own height where sizing keyword min and max heights bound it
    /// (`keywordBoundedHeight`), not the height they give; nil for others (then it is the
    /// height it is arranged at).
    func ownPercentHeight(_ c: NodeID, parentWidth: Double?, parentHeight: Double?) -> Double? {
        guard hasKeywordHeightBounds(column: c), let height = resolve(style(c).pointee.height, parentHeight) else { return nil }
        let sp = style(c)
        return clamp(height, min: resolve(sp.pointee.minHeight, parentHeight) ?? 0,
                     max: resolve(sp.pointee.maxHeight, parentHeight) ?? .infinity,
                     floor: insets(c, parentWidth: parentWidth).vertical)
    }

    /// Whether the height `c` is laid out at is definite for the percentages inside it: its
    /// parent fixed it (`fixedByParent`: stretched it, or placed both its edges), it is its
    /// own (`ownHeight`), or its ratio gives it from its width; not a height from its
    /// content (CSS Sizing 3 §5.1; CSS Sizing 4 §5.1 for the ratio). Every parent asks this.
    @inline(__always) func heightIsDefinite(_ c: NodeID, fixedByParent: Bool, ownHeight: Bool) -> Bool {
        fixedByParent || ownHeight || style(c).pointee.aspectRatio != nil
    }

    /// The height a single-line row's content needs when its size is fixed (`width` by
    /// `height`, the border box; `insets`, its padding and border): the largest outer
    /// hypothetical height of its items that do not stretch to it, each at its flexed width,
    /// and the minimum of those that do (Chromium lays such a row out at that height).
    func rowContentHeight(_ node: NodeID, width: Double, height: Double, insets: EdgeInsets) -> Double {
        let bounds = NodeBounds(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, insets: insets)
        scratch.pointee.computeCount &+= 1
        return layoutFlex(node, width: width, height: height, availableWidth: .definite(width),
                          availableHeight: .definite(height), bounds: bounds, perform: false,
                          lineContent: .stretchedItemsAtMinimum).height
    }

    /// Whether `node` has content that a box with a ratio may not be smaller than: children,
    /// or a leaf's flowing content (text).
    func hasFlowContent(_ node: NodeID) -> Bool {
        if case .leaf(let measurer) = tree.kinds[node] { return measurer.hasFlowContent }
        return !children(node).isEmpty
    }

    /// A min or max width: points, a percentage, or an intrinsic keyword measured (with a
    /// ratio and a height, its own or `knownHeight`, the width through the ratio).
    @inline(__always)
    func sizeBound(_ node: NodeID, _ d: Dimension, _ parentWidth: Double?, _ parentHeight: Double?,
                   _ available: AvailableSpace, default value: Double, knownHeight: Double? = nil) -> Double {
        switch d {
        case .auto: return value
        case .points, .percent: return resolve(d, parentWidth) ?? value
        case .minContent, .maxContent, .fitContent:
            let ratio = style(node).pointee.aspectRatio != nil
            return intrinsicWidth(node, d, parentWidth, parentHeight, available, knownHeight: ratio ? knownHeight : nil,
                                  throughRatio: ratio) ?? value
        }
    }

    /// The border-box width of a `min-content`, `max-content` or `fit-content` keyword
    /// (nil for other values): the content's width under that constraint.
    func intrinsicWidth(_ node: NodeID, _ d: Dimension, _ parentWidth: Double?, _ parentHeight: Double?,
                        _ available: AvailableSpace, knownHeight: Double? = nil, throughRatio: Bool = false,
                        definiteHeight: Bool = true) -> Double? {
        let constraint: AvailableSpace
        switch d {
        case .minContent: constraint = .minContent
        case .maxContent: constraint = .maxContent
        case .fitContent: constraint = available
        default: return nil
        }
        // `throughRatio` (a row item's own width): with a ratio and a definite height, the
        // width through the ratio, whatever the content (as Chromium sizes it).
        let sp = style(node)
        if throughRatio, let r = sp.pointee.aspectRatio, let hh = knownHeight ?? resolve(sp.pointee.height, parentHeight) {
            let pb = insets(node, parentWidth: parentWidth)
            let height = clamp(hh, min: resolve(sp.pointee.minHeight, parentHeight) ?? 0,
                               max: resolve(sp.pointee.maxHeight, parentHeight) ?? .infinity, floor: pb.vertical)
            return Swift.max(height * r, pb.horizontal)
        }
        let content = compute(node, knownWidth: nil, knownHeight: knownHeight, parentWidth: parentWidth,
                              parentHeight: parentHeight, availableWidth: constraint, availableHeight: .maxContent,
                              perform: false, contentSize: .horizontal, definiteHeight: definiteHeight,
                              widthOnly: true).width
        // (Without a height, within its min and max heights through the ratio.)
        if throughRatio, let r = sp.pointee.aspectRatio, knownHeight == nil {
            return clamp(content, min: (resolve(sp.pointee.minHeight, parentHeight) ?? 0) * r,
                         max: Swift.max((resolve(sp.pointee.maxHeight, parentHeight) ?? .infinity) * r,
                                        insets(node, parentWidth: parentWidth).horizontal))
        }
        return content
    }

    /// A keyword width `width` of a box with a ratio and no definite height, as a column
    /// item: not less than what its content's height at that width gives through the ratio
    /// (as Chromium sizes it).
    func widthNotBelowContentHeight(_ node: NodeID, _ width: Double, _ parentWidth: Double?, _ parentHeight: Double?) -> Double {
        let sp = style(node)
        guard let r = sp.pointee.aspectRatio, sp.pointee.height == .auto,
              sp.pointee.minHeight == .auto, !sp.pointee.clipsContent, hasFlowContent(node) else { return width }
        // (The content is measured at the width its min and max widths allow.)
        let width = clamp(width, min: resolve(sp.pointee.minWidth, parentWidth) ?? 0,
                          max: resolve(sp.pointee.maxWidth, parentWidth) ?? .infinity)
        // (A wrapping column's lines break at the height its ratio gives at that width, as
        // Chromium lays it out: measured as the box, not as its content.)
        let wrappingColumn = tags[node] == .column && sp.pointee.wrap
        let height = compute(node, knownWidth: width, knownHeight: nil, parentWidth: parentWidth, parentHeight: parentHeight,
                             availableWidth: .definite(width), availableHeight: .maxContent, perform: false,
                             contentSize: wrappingColumn ? nil : .vertical).height
        // (Within the max height through the ratio, which holds for the keyword too.)
        let maxHeight = resolve(sp.pointee.maxHeight, parentHeight) ?? .infinity
        return clamp(Swift.max(width, height * r), min: 0, max: maxHeight * r, floor: insets(node, parentWidth: parentWidth).horizontal)
    }

    /// The automatic minimum width of a box with a ratio (CSS Sizing 4 §5.2): its content's
    /// min-content width, not the width its height gives through the ratio; 0 when its
    /// minimum is not automatic or it clips or has no flowing content.
    func contentMinimumWidth(_ node: NodeID, _ parentWidth: Double?, _ parentHeight: Double?) -> Double {
        let sp = style(node)
        guard sp.pointee.minWidth == .auto, !sp.pointee.clipsContent, hasFlowContent(node) else { return 0 }
        var least = compute(node, knownWidth: nil, knownHeight: resolve(sp.pointee.height, parentHeight),
                            parentWidth: parentWidth, parentHeight: parentHeight,
                            availableWidth: .minContent, availableHeight: .maxContent, perform: false,
                            contentSize: .horizontal, ignoringRatio: true, widthOnly: true).width
        if case .points(let hi) = sp.pointee.maxWidth { least = Swift.min(least, hi) }
        return least
    }

    /// A leaf: the measurer sees the content box; padding and border are added around it.
    func measureLeaf(_ node: NodeID, width: Double?, height: Double?,
                     availableWidth: AvailableSpace, availableHeight: AvailableSpace,
                     bounds: NodeBounds) -> Size {
        guard case .leaf(let measurer) = tree.kinds[node] else { return .zero }
        let pb = bounds.insets
        var content = measurer.measure(
            knownWidth: width.map { Swift.max(0, $0 - pb.horizontal) },
            knownHeight: height.map { Swift.max(0, $0 - pb.vertical) },
            availableWidth: shrinkSpace(availableWidth, by: pb.horizontal),
            availableHeight: shrinkSpace(availableHeight, by: pb.vertical))
        let outerWidth = width ?? bounds.clampWidth(content.width + pb.horizontal)
        // A width its min or max changed: its height is the content's at that width.
        if width == nil, height == nil, outerWidth != content.width + pb.horizontal {
            content = measurer.measure(knownWidth: Swift.max(0, outerWidth - pb.horizontal), knownHeight: nil,
                                       availableWidth: .definite(Swift.max(0, outerWidth - pb.horizontal)),
                                       availableHeight: shrinkSpace(availableHeight, by: pb.vertical))
        }
        return Size(width: outerWidth, height: height ?? bounds.clampHeight(content.height + pb.vertical))
    }
}
