// The one entry point of every algorithm, in Taffy's order (`compute_child_layout` with a
// `LayoutInput`, then the cache, then the algorithm): a parent's request (`LayoutInput`),
// the node's own sizes and bounds resolved against it (`resolveOwnSizes`), what its
// aspect ratio settles before its content is measured (`applyRatioBeforeLayout`) and where
// the percentages and lines inside end (`ratioLimits`), the measurement cache
// (MeasurementCache.swift), the dispatch to the node's algorithm (`runAlgorithm`), and
// what its ratio makes of the size the content gave (`applyRatioAfterLayout`).

/// What a parent asks of a node (Taffy's `LayoutInput`).
struct LayoutInput {
    /// Sizes the parent has already fixed (they win over the style).
    var knownWidth: Double?
    var knownHeight: Double?
    /// The containing block, for percentages (nil = indefinite).
    var parentWidth: Double?
    var parentHeight: Double?
    /// The space the node may take.
    var availableWidth: AvailableSpace
    var availableHeight: AvailableSpace
    /// Also place the children (the arrange pass), not only measure.
    var perform: Bool
    /// The axis along which the node's own size, min and max are ignored (the main axis,
    /// for the flex base size and the automatic minimum size of flex items, CSS Flexbox
    /// §9.2, §4.5; the width, for intrinsic keywords).
    var contentSize: LayoutContext.PhysicalAxis?
    /// Whether `knownHeight` is definite for the percentages inside.
    var definiteHeight: Bool
    /// Measure the content as if the node had no aspect ratio (the content-based minimum
    /// of a box with a ratio).
    var ignoringRatio: Bool
    /// With `perform`, the border-box height the percentages inside are of, when it is not
    /// the node's own.
    var percentHeight: Double?
    /// Only the width is read: a stack's height need not be worked out.
    var widthOnly: Bool
}

/// A node's own sizing for one request: its bounds, the sizes known before its algorithm
/// runs, and what its ratio adds to the size its content gives.
struct OwnSizes {
    var bounds: NodeBounds
    var width: Double?
    var height: Double?
    /// `LayoutInput.contentSize`, or nil where the node's style does not size that axis
    /// (measuring the content of such a node is measuring the node).
    var contentSize: LayoutContext.PhysicalAxis?
    var ratio: Double? = nil
    /// A floor from the ratio under the content's height / width (the automatic minimum of
    /// a box with a ratio may make it larger, CSS Sizing 4 §5.2).
    var ratioHeight: Double? = nil
    var ratioWidth: Double? = nil
    /// The max height of its own, before the ratio transfers the max width to it: what
    /// caps the automatic minimum from the content (CSS Sizing 4 §5.2).
    var ownMaxHeight = Double.infinity
}

extension LayoutContext {
    /// The border-box size of `node`, and with `perform` the frames of its children (the
    /// parameters are `LayoutInput`'s).
    @inline(__always)
    func compute(_ node: NodeID, knownWidth: Double?, knownHeight: Double?,
                 parentWidth: Double?, parentHeight: Double?,
                 availableWidth: AvailableSpace, availableHeight: AvailableSpace,
                 perform: Bool, contentSize: PhysicalAxis? = nil, definiteHeight: Bool = true,
                 ignoringRatio: Bool = false, percentHeight: Double? = nil, widthOnly: Bool = false) -> Size {
        compute(node, LayoutInput(knownWidth: knownWidth, knownHeight: knownHeight, parentWidth: parentWidth,
                                  parentHeight: parentHeight, availableWidth: availableWidth,
                                  availableHeight: availableHeight, perform: perform, contentSize: contentSize,
                                  definiteHeight: definiteHeight, ignoringRatio: ignoringRatio,
                                  percentHeight: percentHeight, widthOnly: widthOnly))
    }

    func compute(_ node: NodeID, _ input: LayoutInput) -> Size {
        // Sizes the parent fixed win over everything: nothing to measure, and an empty box or
        // a spacer has nothing to arrange either.
        if let knownWidth = input.knownWidth, let knownHeight = input.knownHeight,
           !input.perform || ((tags[node] == .box || tags[node] == .flexibleSpacer || tags[node] == .fixedSpacer)
                              && childStart[node] == childStart[node + 1]) {
            return Size(width: knownWidth, height: knownHeight)
        }
        if input.widthOnly, !input.perform, input.knownWidth == nil, input.knownHeight != nil, widthIgnoresHeight[node] {
            return compute(node, knownWidth: nil, knownHeight: nil, parentWidth: input.parentWidth,
                           parentHeight: input.parentHeight, availableWidth: input.availableWidth,
                           availableHeight: .maxContent, perform: false, contentSize: input.contentSize,
                           ignoringRatio: input.ignoringRatio, widthOnly: true)
        }
        // A measurement of a node whose style fixes its width and height in points (and no
        // min, max or ratio): those, or the sizes the parent fixed, as `resolveOwnSizes` has them.
        if !input.perform, input.contentSize == nil, hasSizing[node] & Self.fixedSize != 0,
           case .points(let w) = style(node).pointee.width, case .points(let h) = style(node).pointee.height {
            let bounds = NodeBounds(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity,
                                    insets: insets(node, parentWidth: input.parentWidth))
            return Size(width: input.knownWidth ?? bounds.clampWidth(w), height: input.knownHeight ?? bounds.clampHeight(h))
        }
        // The node's own sizes; what its sizing keyword height bounds and its ratio make of
        // them costs a layout of its content, so it comes after the cache: the key is of the
        // sizes before it (they and the request decide it).
        var own = resolveOwnSizes(node, input)
        let keywordBounded = boundsOwnHeightByKeywords(node, input, own)
        let ratio = style(node).pointee.aspectRatio != nil && !input.ignoringRatio
        if !input.perform, !keywordBounded, !ratio, let w = own.width, let h = own.height { return Size(width: w, height: h) }

        // A caller that reads only the width of a stack measured without one need not have
        // its height worked out (its width comes first, from its content: `layoutFlex`).
        // (A ratio can make the width depend on the content's height.)
        let widthOnly = input.widthOnly && !input.perform && !ratio && (tags[node] == .row || tags[node] == .column)

        // The cache: only measurements; the arrange pass runs once per node. The available
        // space along an axis whose size is known changes nothing, and is left out of the key.
        var key: CacheEntry? = nil
        let keyedByParent = usesParentSize[node]
        let parentKey = Size(width: input.parentWidth ?? .nan, height: input.parentHeight ?? .nan)
        if !input.perform {
            var flags: MeasurementFlags = []
            if own.contentSize == .horizontal { flags.insert(.contentWidth) }
            if own.contentSize == .vertical { flags.insert(.contentHeight) }
            if !own.bounds.definiteHeight { flags.insert(.indefiniteHeight) }
            if input.ignoringRatio { flags.insert(.ignoringRatio) }
            if widthOnly { flags.insert(.widthOnly) }
            if keywordBounded { flags.insert(.keywordBoundedHeight) }
            let k = CacheEntry(width: own.width, height: own.height, availableWidth: input.availableWidth,
                               availableHeight: input.availableHeight, flags: flags)
            if let hit = cache.lookup(node, k, parent: parentKey, keyedByParent: keyedByParent) { return hit }
            key = k
        }
        scratch.pointee.computeCount &+= 1
        // (Past the budget every layout not yet answered is cut short, so the run ends.)
        if scratch.pointee.computeCount > maxContentLayouts {
            fail(.layoutTooCostly(node: node, name: tree.names[node], limit: maxContentLayouts))
            return Size(width: own.width ?? 0, height: own.height ?? 0)
        }

        if keywordBounded { boundOwnHeightByKeywords(node, input, &own) }
        // (Without an aspect ratio there is nothing of one to apply.)
        if style(node).pointee.aspectRatio != nil {
            applyRatioBeforeLayout(node, input, &own)
            ratioLimits(node, input, &own)
        }
        if input.perform, let percentHeight = input.percentHeight { own.bounds.ratioPercentHeight = percentHeight }
        var size: Size
        if !input.perform, let w = own.width, let h = own.height {
            size = Size(width: w, height: h)
        } else {
            size = runAlgorithm(node, own, input, widthOnly: widthOnly)
            applyRatioAfterLayout(node, input, own, &size)
        }
        if let key { cache.store(node, key, size, parent: parentKey, keyedByParent: keyedByParent) }
        return size
    }

    /// The node's min and max sizes, padding and border, and the width and height that its
    /// parent or its own style fix.
    /// (Inlined into `compute`, its one caller, so the sizes are not copied out.)
    @inline(__always)
    private func resolveOwnSizes(_ node: NodeID, _ input: LayoutInput) -> OwnSizes {
        let sp = style(node)
        let (parentWidth, parentHeight) = (input.parentWidth, input.parentHeight)
        let pb = insets(node, parentWidth: parentWidth)
        let definiteHeight = input.definiteHeight || input.knownHeight == nil
        let contentSize: PhysicalAxis? = switch input.contentSize {
        case .horizontal? where hasSizing[node] & 1 != 0: .horizontal
        case .vertical? where hasSizing[node] & 2 != 0: .vertical
        default: nil
        }
        var own = OwnSizes(bounds: NodeBounds(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity,
                                              insets: pb, definiteHeight: definiteHeight),
                           width: input.knownWidth, height: input.knownHeight, contentSize: contentSize)
        if contentSize != .horizontal {
            if !sp.pointee.minWidth.isAuto {
                own.bounds.minWidth = sizeBound(node, sp.pointee.minWidth, parentWidth, parentHeight, input.availableWidth,
                                                default: 0, knownHeight: input.knownHeight)
            }
            if !sp.pointee.maxWidth.isAuto {
                own.bounds.maxWidth = sizeBound(node, sp.pointee.maxWidth, parentWidth, parentHeight, input.availableWidth,
                                                default: .infinity, knownHeight: input.knownHeight)
            }
            if own.width == nil {
                if let sw = resolve(sp.pointee.width, parentWidth) {
                    own.width = own.bounds.clampWidth(sw)
                } else if let kw = intrinsicWidth(node, sp.pointee.width, parentWidth, parentHeight, input.availableWidth) {
                    own.width = own.bounds.clampWidth(kw)
                }
            }
        }
        if contentSize != .vertical {
            own.bounds.minHeight = resolve(sp.pointee.minHeight, parentHeight) ?? 0
            own.bounds.maxHeight = resolve(sp.pointee.maxHeight, parentHeight) ?? .infinity
            if own.height == nil, let sh = resolve(sp.pointee.height, parentHeight) { own.height = own.bounds.clampHeight(sh) }
            // (A min height above the max height wins there too.)
            own.bounds.columnLimit = Swift.max(own.bounds.maxHeight, own.bounds.minHeight)
        } else if sp.pointee.wrap, tags[node] == .column, let limit = resolve(sp.pointee.maxHeight, parentHeight) {
            own.bounds.columnLimit = Swift.max(limit, resolve(sp.pointee.minHeight, parentHeight) ?? 0)
        }
        return own
    }

    /// Whether `node` is a column whose own height (no flex container sizes it) is bounded
    /// by sizing keyword min and max heights (`boundOwnHeightByKeywords`). Not when only its
    /// content's width is measured: that is of no height.
    private func boundsOwnHeightByKeywords(_ node: NodeID, _ input: LayoutInput, _ own: OwnSizes) -> Bool {
        own.contentSize == nil && input.knownHeight == nil && own.height != nil && hasKeywordHeightBounds(column: node)
    }

    /// A column's own height within its sizing keyword min and max heights: its content's
    /// height, the percentages inside of its own.
    private func boundOwnHeightByKeywords(_ node: NodeID, _ input: LayoutInput, _ own: inout OwnSizes) {
        guard let height = own.height else { return }
        own.height = keywordBoundedHeight(node, height, knownWidth: own.width, parentWidth: input.parentWidth,
                                          parentHeight: input.parentHeight, availableWidth: input.availableWidth)
        own.bounds.ratioPercentHeight = height
    }

    /// CSS Sizing 4 §5: a size through the aspect ratio from the other, known one (or a
    /// floor, where the content may make the box larger), or the min and max sizes
    /// transferred through it when neither is known.
    private func applyRatioBeforeLayout(_ node: NodeID, _ input: LayoutInput, _ own: inout OwnSizes) {
        let sp = style(node)
        guard let r = sp.pointee.aspectRatio, !input.ignoringRatio else { return }
        let pb = own.bounds.insets
        own.ratio = r
        switch own.contentSize {
        case nil:
            // A size from the ratio, but not less than the content's when the minimum
            // size is automatic (CSS Sizing 4 §5.2: boxes with a ratio do not overflow
            // their content): measured after the layout.
            let contentFloor = !sp.pointee.clipsContent && hasFlowContent(node)
            if let ww = own.width, own.height == nil {
                // (Only for a height that is `auto` or a sizing keyword, not a percentage of an
                // indefinite one.)
                if sp.pointee.minHeight == .auto && (sp.pointee.height == .auto || sp.pointee.height.isIntrinsicKeyword) && contentFloor {
                    if tags[node] == .row && !sp.pointee.wrap {
                        // A row laid out at that height stretches its items to it: only
                        // what does not stretch can make it taller (as Chromium does).
                        // (Percentages inside are of the height the ratio gives.)
                        let fromRatio = own.bounds.clampHeight(ww / r)
                        let content = rowContentHeight(node, width: ww, height: fromRatio, insets: pb)
                        own.height = own.bounds.clampHeight(Swift.max(ww / r, content + pb.vertical))
                    } else {
                        own.ratioHeight = own.bounds.clampHeight(ww / r)
                    }
                }
                else { own.height = own.bounds.clampHeight(ww / r) }
            } else if let hh = own.height, own.width == nil {
                if sp.pointee.minWidth == .auto && contentFloor { own.ratioWidth = own.bounds.clampWidth(hh * r) }
                else { own.width = own.bounds.clampWidth(hh * r) }
            }
            else if own.width == nil && own.height == nil {
                // Min and max sizes transfer through the ratio (CSS Sizing 4 §5.2.1), the
                // padding and border floor of the other axis included.
                let (minW, maxW) = (Swift.max(own.bounds.minWidth, pb.horizontal), own.bounds.maxWidth)
                let (minH, maxH) = (Swift.max(own.bounds.minHeight, pb.vertical), own.bounds.maxHeight)
                own.ownMaxHeight = maxH
                own.bounds.minWidth = Swift.max(minW, Swift.min(minH * r, maxW))
                // (Not the max height of a box whose height is a percentage of an
                // indefinite size; and an absolute box's content is not limited by its
                // max width through the ratio, only by its own max height: as Chromium
                // sizes them.)
                if !sp.pointee.height.isPercent { own.bounds.maxWidth = Swift.min(maxW, Swift.max(maxH * r, minW)) }
                own.bounds.minHeight = Swift.max(minH, Swift.min(minW / r, maxH))
                if !outOfFlow[node] { own.bounds.maxHeight = Swift.min(maxH, Swift.max(maxW / r, minH)) }
            }
        case .horizontal?:
            // The content's width, not less than the ratio gives from a known height.
            if let hh = own.height, own.width == nil { own.ratioWidth = hh * r }
        case .vertical?:
            if let ww = own.width, own.height == nil { own.ratioHeight = ww / r }
        }
    }

    /// Where the lines of a wrapping column with a ratio break, and what the percentages
    /// inside a stack with a ratio are of.
    private func ratioLimits(_ node: NodeID, _ input: LayoutInput, _ own: inout OwnSizes) {
        guard let ratio = own.ratio, let ww = own.width, own.contentSize == nil else { return }
        let sp = style(node)
        // A wrapping column breaks its lines at the height its ratio gives, though its
        // content may make it taller (as Chromium lays it out), unless that height is its
        // main size in a parent column.
        if heightIsMainSize(node, input) { return }
        if tags[node] == .column, sp.pointee.wrap, sp.pointee.height == .auto {
            own.bounds.ratioLineLimit = own.bounds.clampHeight(ww / ratio)
        }
        // Percentages inside a stack whose height comes from its ratio are of that height,
        // even where its content makes it taller, unless it was stretched past its content
        // (as Chromium resolves them).
        if tags[node] == .row || tags[node] == .column,
           sp.pointee.height == .auto, sp.pointee.minHeight == .auto, !sp.pointee.clipsContent {
            let fromRatio = own.bounds.clampHeight(ww / ratio)
            if input.knownHeight == nil {
                own.bounds.ratioPercentHeight = fromRatio
            } else if input.perform, let hh = own.height, hh > fromRatio + 1e-9 {
                let natural = compute(node, knownWidth: ww, knownHeight: nil, parentWidth: input.parentWidth,
                                      parentHeight: input.parentHeight, availableWidth: .definite(ww),
                                      availableHeight: input.availableHeight, perform: false).height
                if hh <= natural + 1e-9 { own.bounds.ratioPercentHeight = fromRatio }
            }
        }
    }

    /// Whether the height the parent fixed is the node's main size in a parent column.
    private func heightIsMainSize(_ node: NodeID, _ input: LayoutInput) -> Bool {
        input.knownHeight != nil && !outOfFlow[node] && tree.parents[node].map { tags[$0] == .column } == true
    }

    /// The node's own algorithm (Taffy's dispatch on `display`).
    @inline(__always)
    private func runAlgorithm(_ node: NodeID, _ own: OwnSizes, _ input: LayoutInput, widthOnly: Bool) -> Size {
        let (w, h, bounds, perform) = (own.width, own.height, own.bounds, input.perform)
        let (availableWidth, availableHeight) = (input.availableWidth, input.availableHeight)
        switch tags[node] {
        case .row, .column:
            return layoutFlex(node, width: w, height: h, availableWidth: availableWidth, availableHeight: availableHeight,
                              bounds: bounds, perform: perform, widthOnly: widthOnly)
        case .overlay:
            return layoutOverlay(node, width: w, height: h, availableWidth: availableWidth,
                                 availableHeight: availableHeight, bounds: bounds, perform: perform)
        case .grid:
            return layoutGrid(node, width: w, height: h, availableWidth: availableWidth,
                              availableHeight: availableHeight, bounds: bounds, perform: perform)
        case .border:
            return layoutBorder(node, width: w, height: h, availableWidth: availableWidth,
                                availableHeight: availableHeight, bounds: bounds, perform: perform)
        case .box:
            return layoutBox(node, width: w, height: h, availableWidth: availableWidth,
                             availableHeight: availableHeight, bounds: bounds, perform: perform)
        case .flexibleSpacer, .fixedSpacer:
            return Size(width: w ?? bounds.clampWidth(0), height: h ?? bounds.clampHeight(0))
        case .leaf:
            return measureLeaf(node, width: w, height: h, availableWidth: availableWidth,
                               availableHeight: availableHeight, bounds: bounds)
        }
    }

    /// What the ratio makes of the size the content gave: a box with no size of its own
    /// takes its width from its content and its height from the width, never less than the
    /// content's height; and the floors `applyRatioBeforeLayout` set.
    private func applyRatioAfterLayout(_ node: NodeID, _ input: LayoutInput, _ own: OwnSizes, _ size: inout Size) {
        guard let ratio = own.ratio else { return }
        let sp = style(node)
        let pb = own.bounds.insets
        let bounds = own.bounds
        let (knownWidth, knownHeight) = (input.knownWidth, input.knownHeight)
        let (parentWidth, parentHeight) = (input.parentWidth, input.parentHeight)
        if knownWidth == nil, knownHeight == nil, own.width == nil, own.height == nil {
            switch own.contentSize {
            case nil:
                var width = bounds.clampWidth(size.width)
                if tags[node] == .grid, sp.pointee.minWidth == .auto, !sp.pointee.clipsContent, gridChildren(node).isEmpty {
                    // (The rows of a grid without items give it a height whatever its width:
                    // through the ratio, a width it is at least as wide as, as Chromium sizes it.)
                    width = Swift.max(width, bounds.clampWidth(size.height * ratio))
                }
                var content = (sp.pointee.minHeight == .auto && !sp.pointee.clipsContent) ? size.height : 0
                if content > 0, tags[node] == .row, !sp.pointee.wrap {
                    // (A row laid out at the height from the ratio stretches its items to it.)
                    let fromRatio = bounds.clampHeight(width / ratio)
                    content = rowContentHeight(node, width: width, height: fromRatio, insets: pb) + pb.vertical
                } else if content > 0, tags[node] == .column {
                    // (A column laid out at that width, its percentages of the height from the ratio.)
                    content = compute(node, knownWidth: width, knownHeight: nil, parentWidth: parentWidth,
                                      parentHeight: parentHeight, availableWidth: .definite(width),
                                      availableHeight: input.availableHeight, perform: false).height
                } else if content > 0, tags[node] == .leaf {
                    // (A leaf's content at that width, whatever max height the ratio transfers.)
                    content = measureLeaf(node, width: width, height: nil, availableWidth: .definite(width),
                                          availableHeight: input.availableHeight,
                                          bounds: NodeBounds(minWidth: 0, maxWidth: .infinity, minHeight: 0,
                                                             maxHeight: .infinity, insets: pb)).height
                }
                // (The content's height is a minimum: it wins over the max height the ratio
                // transfers, not over the node's own.)
                size = Size(width: width, height: Swift.max(bounds.clampHeight(width / ratio),
                                                            clamp(content, min: 0, max: own.ownMaxHeight)))
            case .horizontal?:
                // The content's width, at least what the height's minimum gives through the ratio.
                size.width = Swift.max(size.width, Swift.max(bounds.minHeight, pb.vertical) * ratio)
            case .vertical?:
                size.height = Swift.max(size.height, Swift.max(bounds.minWidth, pb.horizontal) / ratio)
            }
        }
        if let ratioHeight = own.ratioHeight, knownHeight == nil { size.height = Swift.max(size.height, ratioHeight) }
        if let ratioWidth = own.ratioWidth, knownWidth == nil {
            // The width from the ratio, not less than the content's min-content width.
            // (The max width wins over that minimum, and so does the max height through
            // the ratio for a column item flexed to its height without one of its own, as
            // Chromium clamps it; such an item with a min height of its own gets no
            // minimum from its content.)
            let flexedHeight = heightIsMainSize(node, input) && resolve(sp.pointee.height, parentHeight) == nil && !sp.pointee.height.isPercent
            var least = size.width
            if flexedHeight && sp.pointee.minHeight != .auto {
                least = 0
            } else if own.contentSize == nil {
                least = compute(node, knownWidth: nil, knownHeight: own.height, parentWidth: parentWidth,
                                parentHeight: parentHeight, availableWidth: .minContent,
                                availableHeight: input.availableHeight, perform: false,
                                contentSize: .horizontal, widthOnly: true).width
            }
            let maxFromHeight = flexedHeight ? Swift.max(bounds.maxHeight * ratio, pb.horizontal) : .infinity
            size.width = clamp(least, min: ratioWidth, max: Swift.min(bounds.maxWidth, maxFromHeight))
        }
    }
}
