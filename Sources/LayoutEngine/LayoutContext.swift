// The engine's working state for one `computeLayout` call: flat arrays indexed by
// `NodeID`, a measurement cache, and the dispatch from a node to its layout algorithm.
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

/// One remembered measurement of a node.
struct CacheEntry {
    var knownWidth: UInt64
    var knownHeight: UInt64
    var availableWidth: UInt64
    var availableHeight: UInt64
    /// Bits 0-1 / 2-3: the kind of available width / height; bit 4 / 7: content-size mode for
    /// the width / height; bit 5: valid; bit 6: a known height that is indefinite for percentages.
    var flags: UInt32
    var result: Size
}

struct OverflowKey: Hashable {
    var node: Int
    var knownWidth: UInt64
    var knownHeight: UInt64
    var availableWidth: UInt64
    var availableHeight: UInt64
    var parentWidth: UInt64
    var parentHeight: UInt64
    var flags: UInt32
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
        Swift.max(Swift.max(Swift.min(v, maxWidth), minWidth), insets.horizontal)
    }
    @inline(__always) func clampHeight(_ v: Double) -> Double {
        Swift.max(Swift.max(Swift.min(v, maxHeight), minHeight), insets.vertical)
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
    /// size differ from measuring it.
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
    static let cacheSlots = 8
    /// Slot `s` of every node is `cache[s]![node]`: slot-major, each slot's array allocated
    /// when a node first needs that slot and left uninitialized (only the first
    /// `cacheUsed[n]` slots of a node are ever read). Leaves of fixed size need none and
    /// most containers two to five, so few pages are touched; and arrays of one slot each
    /// stay under the size the allocator maps afresh, so a process that lays out again
    /// (a batch, the service) reuses them instead of faulting in new pages.
    let cache: UnsafeMutablePointer<UnsafeMutablePointer<CacheEntry>?>
    /// The parent's size each cache entry was measured in, for nodes with percentages only.
    let cacheParent: UnsafeMutablePointer<UnsafeMutablePointer<Size>?>
    /// How many slots of a node are filled.
    let cacheUsed: UnsafeMutableBufferPointer<UInt8>
    /// Measurements beyond a node's slots. Typical trees never get here; deep chains of
    /// percentages and intrinsic sizes do, and evicting instead would re-measure whole
    /// subtrees again and again (exponential time).
    var overflow: [OverflowKey: Size] = [:]
    /// Scratch storage for the flex items and lines of the containers on the current path,
    /// and a counter of algorithm runs (cache misses), for tests.
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
        cache = .allocate(capacity: Self.cacheSlots)
        cache.initialize(repeating: nil, count: Self.cacheSlots)
        cacheParent = .allocate(capacity: Self.cacheSlots)
        cacheParent.initialize(repeating: nil, count: Self.cacheSlots)
        cacheUsed = .allocate(capacity: n)
        cacheUsed.initialize(repeating: 0)
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
        for s in 0..<Self.cacheSlots { cache[s]?.deallocate(); cacheParent[s]?.deallocate() }
        baselines.deallocate(); cache.deallocate(); cacheParent.deallocate()
        cacheUsed.deallocate(); fixedEdges.deallocate()
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
        return (horizontal ? 1 : 0) | (vertical ? 2 : 0)
    }

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

    // MARK: - The one entry point of every algorithm

    /// The border-box size of `node`, and with `perform` the frames of its children.
    ///
    /// - Parameters:
    ///   - knownWidth/knownHeight: sizes the parent has already fixed (they win over the style).
    ///   - parentWidth/parentHeight: the containing block, for percentages (nil = indefinite).
    ///   - availableWidth/availableHeight: the space the node may take.
    ///   - contentSize: the axis along which the node's own size, min and max are ignored
    ///     (the main axis, for the flex base size and the automatic minimum size of flex
    ///     items, CSS Flexbox §9.2, §4.5; the width, for intrinsic keywords).
    ///   - definiteHeight: whether `knownHeight` is definite for the percentages inside.
    ///   - ignoringRatio: measure the content as if the node had no aspect ratio (the
    ///     content-based minimum of a box with a ratio).
    ///   - percentHeight: with `perform`, the border-box height the percentages inside are
    ///     of, when it is not the node's own.
    func compute(_ node: NodeID, knownWidth: Double?, knownHeight: Double?,
                 parentWidth: Double?, parentHeight: Double?,
                 availableWidth: AvailableSpace, availableHeight: AvailableSpace,
                 perform: Bool, contentSize: PhysicalAxis? = nil, definiteHeight: Bool = true,
                 ignoringRatio: Bool = false, percentHeight: Double? = nil, widthOnly: Bool = false) -> Size {
        // Sizes the parent fixed win over everything: nothing to measure, and an empty box or
        // a spacer has nothing to arrange either.
        if let knownWidth, let knownHeight,
           !perform || ((tags[node] == .box || tags[node] == .flexibleSpacer || tags[node] == .fixedSpacer)
                        && childStart[node] == childStart[node + 1]) {
            return Size(width: knownWidth, height: knownHeight)
        }
        if widthOnly, !perform, knownWidth == nil, knownHeight != nil, widthIgnoresHeight[node] {
            return compute(node, knownWidth: nil, knownHeight: nil, parentWidth: parentWidth, parentHeight: parentHeight,
                           availableWidth: availableWidth, availableHeight: .maxContent, perform: false,
                           contentSize: contentSize, ignoringRatio: ignoringRatio, widthOnly: true)
        }
        let sp = style(node)
        let pb = insets(node, parentWidth: parentWidth)
        let definiteHeight = definiteHeight || knownHeight == nil
        var bounds = NodeBounds(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, insets: pb,
                                definiteHeight: definiteHeight)
        var w = knownWidth, h = knownHeight
        // Measuring the content of a node that does not size itself is measuring the node.
        let contentSize: PhysicalAxis? = switch contentSize {
        case .horizontal? where hasSizing[node] & 1 != 0: .horizontal
        case .vertical? where hasSizing[node] & 2 != 0: .vertical
        default: nil
        }
        var ratio: Double? = nil
        var ratioHeight: Double? = nil
        var ratioWidth: Double? = nil
        // The max height of its own, before the ratio transfers the max width to it: what
        // caps the automatic minimum from the content (CSS Sizing 4 §5.2).
        var ownMaxHeight = Double.infinity
        if contentSize != .horizontal {
            if !sp.pointee.minWidth.isAuto {
                bounds.minWidth = sizeBound(node, sp.pointee.minWidth, parentWidth, parentHeight, availableWidth,
                                            default: 0, knownHeight: knownHeight)
            }
            if !sp.pointee.maxWidth.isAuto {
                bounds.maxWidth = sizeBound(node, sp.pointee.maxWidth, parentWidth, parentHeight, availableWidth,
                                            default: .infinity, knownHeight: knownHeight)
            }
            if w == nil {
                if let sw = resolve(sp.pointee.width, parentWidth) {
                    w = bounds.clampWidth(sw)
                } else if let kw = intrinsicWidth(node, sp.pointee.width, parentWidth, parentHeight, availableWidth) {
                    w = bounds.clampWidth(kw)
                }
            }
        }
        if contentSize != .vertical {
            bounds.minHeight = resolve(sp.pointee.minHeight, parentHeight) ?? 0
            bounds.maxHeight = resolve(sp.pointee.maxHeight, parentHeight) ?? .infinity
            if h == nil, let sh = resolve(sp.pointee.height, parentHeight) { h = bounds.clampHeight(sh) }
            // (A min height above the max height wins there too.)
            bounds.columnLimit = Swift.max(bounds.maxHeight, bounds.minHeight)
            // A column's own height within sizing keyword min and max heights (where no flex
            // container sizes it): its content's height, the percentages inside of its own.
            // (Arranged by a zbox or box at that height, its percentages stay of its own.)
            if hasKeywordHeightBounds(column: node) {
                if knownHeight == nil, let own = h {
                    h = keywordBoundedHeight(node, own, knownWidth: w, parentWidth: parentWidth,
                                             parentHeight: parentHeight, availableWidth: availableWidth)
                    bounds.ratioPercentHeight = own
                } else if perform, !outOfFlow[node], let p = tree.parents[node], tags[p] == .overlay || tags[p] == .box,
                          let own = resolve(sp.pointee.height, parentHeight) {
                    bounds.ratioPercentHeight = bounds.clampHeight(own)
                }
            }
        } else if sp.pointee.wrap, tags[node] == .column, let limit = resolve(sp.pointee.maxHeight, parentHeight) {
            bounds.columnLimit = Swift.max(limit, resolve(sp.pointee.minHeight, parentHeight) ?? 0)
        }
        if let r = sp.pointee.aspectRatio, !ignoringRatio {
            ratio = r
            switch contentSize {
            case nil:
                // A size from the ratio, but not less than the content's when the minimum
                // size is automatic (CSS Sizing 4 §5.2: boxes with a ratio do not overflow
                // their content): measured below.
                let contentFloor = !sp.pointee.clipsContent && hasFlowContent(node)
                if let ww = w, h == nil {
                    // (Only for a height that is `auto` or a sizing keyword, not a percentage of an
                    // indefinite one.)
                    if sp.pointee.minHeight == .auto && (sp.pointee.height == .auto || sp.pointee.height.isIntrinsicKeyword) && contentFloor {
                        if tags[node] == .row && !sp.pointee.wrap {
                            // A row laid out at that height stretches its items to it: only
                            // what does not stretch can make it taller (as Chromium does).
                            // (Percentages inside are of the height the ratio gives.)
                            let fromRatio = bounds.clampHeight(ww / r)
                            let content = rowContentHeight(node, width: ww, height: fromRatio, insets: pb)
                            h = bounds.clampHeight(Swift.max(ww / r, content + pb.vertical))
                        } else {
                            ratioHeight = bounds.clampHeight(ww / r)
                        }
                    }
                    else { h = bounds.clampHeight(ww / r) }
                } else if let hh = h, w == nil {
                    if sp.pointee.minWidth == .auto && contentFloor { ratioWidth = bounds.clampWidth(hh * r) }
                    else { w = bounds.clampWidth(hh * r) }
                }
                else if w == nil && h == nil {
                    // Min and max sizes transfer through the ratio (CSS Sizing 4 §5.2.1), the
                    // padding and border floor of the other axis included.
                    let (minW, maxW) = (Swift.max(bounds.minWidth, pb.horizontal), bounds.maxWidth)
                    let (minH, maxH) = (Swift.max(bounds.minHeight, pb.vertical), bounds.maxHeight)
                    ownMaxHeight = maxH
                    bounds.minWidth = Swift.max(minW, Swift.min(minH * r, maxW))
                    // (Not the max height of a box whose height is a percentage of an
                    // indefinite size; and an absolute box's content is not limited by its
                    // max width through the ratio, only by its own max height: as Chromium
                    // sizes them.)
                    if !sp.pointee.height.isPercent { bounds.maxWidth = Swift.min(maxW, Swift.max(maxH * r, minW)) }
                    bounds.minHeight = Swift.max(minH, Swift.min(minW / r, maxH))
                    if !outOfFlow[node] { bounds.maxHeight = Swift.min(maxH, Swift.max(maxW / r, minH)) }
                }
            case .horizontal?:
                // The content's width, not less than the ratio gives from a known height.
                if let hh = h, w == nil { ratioWidth = hh * r }
            case .vertical?:
                if let ww = w, h == nil { ratioHeight = ww / r }
            }
        }
        // A wrapping column breaks its lines at the height its ratio gives, though its
        // content may make it taller (as Chromium lays it out), unless that height is its
        // main size in a parent column.
        let heightIsMain = knownHeight != nil && !outOfFlow[node] && tree.parents[node].map { tags[$0] == .column } == true
        if let ratio, let w, contentSize == nil, !heightIsMain, tags[node] == .column, sp.pointee.wrap,
           sp.pointee.height == .auto {
            bounds.ratioLineLimit = bounds.clampHeight(w / ratio)
        }
        // Percentages inside a stack whose height comes from its ratio are of that height,
        // even where its content makes it taller, unless it was stretched past its content
        // (as Chromium resolves them).
        if let ratio, let ww = w, contentSize == nil, !heightIsMain, tags[node] == .row || tags[node] == .column,
           sp.pointee.height == .auto, sp.pointee.minHeight == .auto, !sp.pointee.clipsContent {
            let fromRatio = bounds.clampHeight(ww / ratio)
            if knownHeight == nil {
                bounds.ratioPercentHeight = fromRatio
            } else if perform, let hh = h, hh > fromRatio + 1e-9 {
                let natural = compute(node, knownWidth: ww, knownHeight: nil, parentWidth: parentWidth,
                                      parentHeight: parentHeight, availableWidth: .definite(ww),
                                      availableHeight: availableHeight, perform: false).height
                if hh <= natural + 1e-9 { bounds.ratioPercentHeight = fromRatio }
            }
        }
        if perform, let percentHeight { bounds.ratioPercentHeight = percentHeight }
        if !perform, let w, let h { return Size(width: w, height: h) }

        // A caller that reads only the width of a stack measured without one need not have
        // its height worked out (its width comes first, from its content: `layoutFlex`).
        // (A ratio can make the width depend on the content's height.)
        let widthOnly = widthOnly && !perform && ratio == nil && (tags[node] == .row || tags[node] == .column)

        // The cache: only measurements; the arrange pass runs once per node.
        let used = Int(cacheUsed[node])
        var key = CacheEntry(knownWidth: 0, knownHeight: 0, availableWidth: 0, availableHeight: 0,
                             flags: 0, result: .zero)
        let keyedByParent = usesParentSize[node]
        let parentKey = Size(width: parentWidth ?? .nan, height: parentHeight ?? .nan)
        if !perform {
            key.knownWidth = (w ?? .nan).bitPattern
            key.knownHeight = (h ?? .nan).bitPattern
            // The available space along an axis whose size is known changes nothing: leaving
            // it out of the key keeps the number of distinct proposals per node small.
            key.flags = (w == nil ? Self.encode(availableWidth, &key.availableWidth) : 3)
                | ((h == nil ? Self.encode(availableHeight, &key.availableHeight) : 3) << 2)
                | (contentSize == .horizontal ? 16 : 0) | (contentSize == .vertical ? 128 : 0) | 32
                | (definiteHeight ? 0 : 64) | (ignoringRatio ? 256 : 0) | (widthOnly ? Self.widthOnlyFlag : 0)
            // (A width-only request is answered by a whole measurement too, not the other way.)
            let anyHeight = widthOnly ? ~Self.widthOnlyFlag : ~0
            for s in 0..<used {
                let e = cache[s].unsafelyUnwrapped[node]
                if e.flags & anyHeight == key.flags & anyHeight
                    && e.knownWidth == key.knownWidth && e.knownHeight == key.knownHeight
                    && e.availableWidth == key.availableWidth && e.availableHeight == key.availableHeight
                    && (!keyedByParent || Self.same(cacheParent[s].unsafelyUnwrapped[node], parentKey)) {
                    return e.result
                }
            }
            if used == Self.cacheSlots, let hit = overflow[overflowKey(node, key, parentKey, keyedByParent)] {
                return hit
            }
        }
        scratch.pointee.computeCount &+= 1

        var size: Size
        switch tags[node] {
        case .row, .column:
            size = layoutFlex(node, width: w, height: h,
                              availableWidth: availableWidth, availableHeight: availableHeight,
                              bounds: bounds, perform: perform, widthOnly: widthOnly)
        case .overlay:
            size = layoutOverlay(node, width: w, height: h, availableWidth: availableWidth,
                                 availableHeight: availableHeight, bounds: bounds, perform: perform)
        case .grid:
            size = layoutGrid(node, width: w, height: h, availableWidth: availableWidth,
                              availableHeight: availableHeight, bounds: bounds, perform: perform)
        case .border:
            size = layoutBorder(node, width: w, height: h, availableWidth: availableWidth,
                                availableHeight: availableHeight, bounds: bounds, perform: perform)
        case .box:
            size = layoutBox(node, width: w, height: h, availableWidth: availableWidth,
                             availableHeight: availableHeight, bounds: bounds, perform: perform)
        case .flexibleSpacer, .fixedSpacer:
            size = Size(width: w ?? bounds.clampWidth(0), height: h ?? bounds.clampHeight(0))
        case .leaf:
            size = measureLeaf(node, width: w, height: h, availableWidth: availableWidth,
                               availableHeight: availableHeight, bounds: bounds)
        }

        // A box with a ratio and no size of its own: its width from its content (or the
        // transferred minimum), its height from the width.
        if let ratio, knownWidth == nil, knownHeight == nil, w == nil, h == nil {
            switch contentSize {
            case nil:
                let width = bounds.clampWidth(size.width)
                var content = (sp.pointee.minHeight == .auto && !sp.pointee.clipsContent) ? size.height : 0
                if content > 0, tags[node] == .row, !sp.pointee.wrap {
                    // (A row laid out at the height from the ratio stretches its items to it.)
                    let fromRatio = bounds.clampHeight(width / ratio)
                    content = rowContentHeight(node, width: width, height: fromRatio, insets: pb) + pb.vertical
                } else if content > 0, tags[node] == .column {
                    // (A column laid out at that width, its percentages of the height from the ratio.)
                    content = compute(node, knownWidth: width, knownHeight: nil, parentWidth: parentWidth,
                                      parentHeight: parentHeight, availableWidth: .definite(width),
                                      availableHeight: availableHeight, perform: false).height
                } else if content > 0, case .leaf(let measurer) = tree.kinds[node] {
                    // (A leaf's content at that width, whatever max height the ratio transfers.)
                    let inner = Swift.max(0, width - pb.horizontal)
                    content = measurer.measure(knownWidth: inner, knownHeight: nil, availableWidth: .definite(inner),
                                               availableHeight: shrinkSpace(availableHeight, by: pb.vertical)).height
                        + pb.vertical
                }
                // (The content's height is a minimum: it wins over the max height the ratio
                // transfers, not over the node's own.)
                size = Size(width: width, height: Swift.max(bounds.clampHeight(width / ratio),
                                                            clamp(content, min: 0, max: ownMaxHeight)))
            case .horizontal?:
                // The content's width, at least what the height's minimum gives through the ratio.
                size.width = Swift.max(size.width, Swift.max(bounds.minHeight, pb.vertical) * ratio)
            case .vertical?:
                size.height = Swift.max(size.height, Swift.max(bounds.minWidth, pb.horizontal) / ratio)
            }
        }
        if let ratioHeight, knownHeight == nil { size.height = Swift.max(size.height, ratioHeight) }
        if let ratioWidth, knownWidth == nil {
            // The width from the ratio, not less than the content's min-content width.
            // (The max width wins over that minimum, and so does the max height through
            // the ratio for a column item flexed to its height without one of its own, as
            // Chromium clamps it; such an item with a min height of its own gets no
            // minimum from its content.)
            let flexedHeight = heightIsMain && resolve(sp.pointee.height, parentHeight) == nil && !sp.pointee.height.isPercent
            var least = size.width
            if flexedHeight && sp.pointee.minHeight != .auto {
                least = 0
            } else if contentSize == nil {
                least = compute(node, knownWidth: nil, knownHeight: h, parentWidth: parentWidth, parentHeight: parentHeight,
                                availableWidth: .minContent, availableHeight: availableHeight, perform: false,
                                contentSize: .horizontal, widthOnly: true).width
            }
            let maxFromHeight = flexedHeight ? Swift.max(bounds.maxHeight * (ratio ?? .infinity), pb.horizontal) : .infinity
            size.width = Swift.max(Swift.min(least, bounds.maxWidth, maxFromHeight), ratioWidth)
        }
        if !perform {
            key.result = size
            if used < Self.cacheSlots {
                if cache[used] == nil { cache[used] = .allocate(capacity: count) }
                (cache[used].unsafelyUnwrapped + node).initialize(to: key)
                if keyedByParent {
                    if cacheParent[used] == nil { cacheParent[used] = .allocate(capacity: count) }
                    (cacheParent[used].unsafelyUnwrapped + node).initialize(to: parentKey)
                }
                cacheUsed[node] = UInt8(used + 1)
            } else {
                overflow[overflowKey(node, key, parentKey, keyedByParent)] = size
            }
        }
        return size
    }

    /// `height`, a column's own height, within its sizing keyword min and max heights: its
    /// content's height at its width (`knownWidth`, else its content's at that height), the
    /// percentages inside of `height` and a wrapping one's lines broken there, as Chromium
    /// resolves them (the keywords do not make the height indefinite).
    func keywordBoundedHeight(_ node: NodeID, _ height: Double, knownWidth: Double?, parentWidth: Double?,
                              parentHeight: Double?, availableWidth: AvailableSpace) -> Double {
        let sp = style(node)
        let width = knownWidth ?? compute(node, knownWidth: nil, knownHeight: height, parentWidth: parentWidth,
                                          parentHeight: parentHeight, availableWidth: availableWidth,
                                          availableHeight: .definite(height), perform: false, widthOnly: true).width
        let content = columnContentHeight(node, width: width, percentHeight: height, parentWidth: parentWidth,
                                          lineLimit: sp.pointee.wrap ? height : .infinity)
        return clamp(height, min: sp.pointee.minHeight.isIntrinsicKeyword ? content : 0,
                     max: sp.pointee.maxHeight.isIntrinsicKeyword ? content : .infinity,
                     floor: insets(node, parentWidth: parentWidth).vertical)
    }

    /// The height a single-line row's content needs when its size is fixed (`width` by
    /// `height`, the border box; `insets`, its padding and border): the largest outer
    /// hypothetical height of its items that do not stretch to it, each at its flexed width,
    /// and the minimum of those that do (Chromium lays such a row out at that height).
    func rowContentHeight(_ node: NodeID, width: Double, height: Double, insets: EdgeInsets) -> Double {
        let bounds = NodeBounds(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, insets: insets)
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
        let height = compute(node, knownWidth: width, knownHeight: nil, parentWidth: parentWidth, parentHeight: parentHeight,
                             availableWidth: .definite(width), availableHeight: .maxContent, perform: false,
                             contentSize: .vertical).height
        // (Within the max height through the ratio, which holds for the keyword too.)
        let maxHeight = resolve(sp.pointee.maxHeight, parentHeight) ?? .infinity
        return Swift.max(Swift.min(Swift.max(width, height * r), maxHeight * r), insets(node, parentWidth: parentWidth).horizontal)
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

    private func overflowKey(_ node: NodeID, _ key: CacheEntry, _ parent: Size, _ keyedByParent: Bool) -> OverflowKey {
        OverflowKey(node: node, knownWidth: key.knownWidth, knownHeight: key.knownHeight,
                    availableWidth: key.availableWidth, availableHeight: key.availableHeight,
                    parentWidth: keyedByParent ? parent.width.bitPattern : 0,
                    parentHeight: keyedByParent ? parent.height.bitPattern : 0, flags: key.flags)
    }

    @inline(__always) private static func same(_ a: Size, _ b: Size) -> Bool {
        a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }

    /// The cache-key flag of a measurement whose height was not worked out (`widthOnly`).
    static let widthOnlyFlag: UInt32 = 512

    @inline(__always) private static func encode(_ a: AvailableSpace, _ value: inout UInt64) -> UInt32 {
        switch a {
        case .definite(let v): value = v.bitPattern; return 0
        case .minContent: value = 0; return 1
        case .maxContent: value = 0; return 2
        }
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
