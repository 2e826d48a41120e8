// CSS Flexbox §9.2 Line Length Determination and §9.3 step 5: the flex base sizes, the
// automatic minimum sizes (§4.5), the lines, and the width of a stack nobody fixes
// (its items' intrinsic contributions, as browsers size a block in the inline axis).

extension LayoutContext {
    /// §9.2 step 3: the flex base size (A-E) and the hypothetical main size of item `i`.
    func determineFlexBaseSize(_ i: Int, _ ctx: FlexContext) {
        let node = items[i].node
        let basis = style(node).pointee.basis
        let innerMain = ctx.axis.main(width: ctx.innerWidth as Double?, height: ctx.percentHeight)
        var base: Double
        var explicit = items[i].explicitBasis
        if case .fixedSpacer = tags[node], case .spacer(let length?) = tree.kinds[node] {
            base = length
            explicit = true
        } else if tags[node] == .flexibleSpacer {
            base = resolve(basis, innerMain) ?? 0
        } else if let b = resolve(basis, innerMain) {
            // A: a definite flex basis.
            base = b
            explicit = true
        } else if case .percent = basis, !items[i].ratio.isNaN, let cross = crossForContentBasis(i, ctx) {
            // A percentage of an indefinite size is `content` (CSS Flexbox §7.2.3): with a
            // ratio and a definite cross size, B below.
            base = mainFromCross(cross, items[i])
            items[i].mainFromRatio = true
            // (Its automatic minimum applies unless its own main size is a percentage of an
            // indefinite size; a definite one caps it.)
            explicit = ctx.axis.main(width: style(node).pointee.width, height: style(node).pointee.height) == .auto
                || !items[i].sizeMain.isNaN
        } else if case .percent = basis {
            // (Otherwise E: the item's max-content main size.)
            base = measureContentMain(i, .maxContent, ctx)
        } else if basis.isIntrinsicKeyword, !items[i].ratio.isNaN, let cross = crossForContentBasis(i, ctx) {
            // A sizing keyword of an item with a ratio and a definite cross size: the size
            // through the ratio, which is its min- and max-content size (CSS Sizing 4
            // §5.1); its automatic minimum (the content's size) may exceed it.
            base = mainFromCross(cross, items[i])
            explicit = true
        } else if basis == .minContent {
            base = measureContentMain(i, .minContent, ctx)
        } else if basis == .maxContent {
            base = measureContentMain(i, .maxContent, ctx)
        } else if basis == .fitContent {
            // Fit-content in the container's main size, when that is known.
            let space = innerMain.map { AvailableSpace.definite(Swift.max(0, $0 - items[i].margin.main)) }
            base = measureContentMain(i, space ?? .maxContent, ctx)
        } else if !items[i].sizeMain.isNaN {
            // `flex-basis: auto` takes the item's definite main size.
            base = items[i].sizeMain
        } else if !items[i].ratio.isNaN, let cross = crossForMeasuring(i, ctx) {
            // B: an aspect ratio and a definite cross size (which makes the main size definite).
            base = mainFromCross(cross, items[i])
            items[i].mainFromRatio = true
            // Its automatic minimum (the content's size) may exceed it, when its own main
            // size is `auto` (not a percentage of an indefinite size: CSS Sizing 4 §5.2).
            explicit = ctx.axis.main(width: style(node).pointee.width, height: style(node).pointee.height) == .auto
        } else {
            // E: the item's max-content main size.
            base = measureContentMain(i, .maxContent, ctx)
        }
        base = Swift.max(base, items[i].pbMain)
        // Intrinsic keywords on a column item's min or max height: its content's height.
        if !ctx.axis.isRow && (style(node).pointee.minHeight.isIntrinsicKeyword || style(node).pointee.maxHeight.isIntrinsicKeyword) {
            // (With a ratio and a definite width, the height the ratio gives.)
            let cross = items[i].ratio.isNaN ? nil : crossForMeasuring(i, ctx)
            let content = cross.map { mainFromCross($0, items[i]) } ?? measureContentMain(i, .maxContent, ctx)
            if style(node).pointee.minHeight.isIntrinsicKeyword { items[i].minMain = content }
            if style(node).pointee.maxHeight.isIntrinsicKeyword { items[i].maxMain = content }
        }
        items[i].base = base
        items[i].explicitBasis = explicit
        // The hypothetical main size: the base clamped by the min and max main sizes. The
        // automatic minimum (at most the min-content size, the specified size and the
        // base of a content-sized item) can only exceed an explicit basis.
        var minMain = items[i].minMain
        if minMain.isNaN { minMain = explicit ? automaticMinimum(i, ctx) : 0 }
        items[i].hypotheticalMain = clamp(base, min: minMain, max: items[i].maxMain, floor: items[i].pbMain)
    }

    /// The item's content size along the main axis under `constraint`, ignoring its own
    /// main size, min and max (they apply to the result, not to the content).
    /// `ignoringRatio`: the content's own size, not the size through the item's ratio
    /// (its automatic minimum, as Chromium finds it).
    func measureContentMain(_ i: Int, _ constraint: AvailableSpace, _ ctx: FlexContext,
                            ignoringRatio: Bool = false) -> Double {
        let axis = ctx.axis
        let cross = crossForMeasuring(i, ctx)
        let crossAvail = shrinkSpace(ctx.availCross, by: items[i].margin.cross)
        let s = compute(items[i].node, knownWidth: axis.isRow ? nil : cross, knownHeight: axis.isRow ? cross : nil,
                        parentWidth: ctx.innerWidth, parentHeight: ctx.percentHeight,
                        availableWidth: axis.isRow ? constraint : crossAvail,
                        availableHeight: axis.isRow ? crossAvail : constraint,
                        perform: false, contentSize: axis.isRow ? .horizontal : .vertical, ignoringRatio: ignoringRatio,
                        widthOnly: axis.isRow)
        // With a ratio, the content's size is clamped by the min and max cross sizes
        // through the ratio (CSS Flexbox §4.5, as Chromium applies it: in a row only
        // without a definite cross size, its own or its single line's), which do not
        // limit the flexed size.
        if !items[i].ratio.isNaN && (!axis.isRow || cross == nil) {
            return clamp(axis.main(s), min: mainFromCross(items[i].minCross, items[i]),
                         max: mainFromCross(Swift.max(items[i].maxCross, items[i].pbCross), items[i]))
        }
        return axis.main(s)
    }

    /// The cross size an item is measured with before its line is known: its own size,
    /// the container's content cross size when it will be stretched to its only line, or (in a column,
    /// whose width is always known) its fit-content width.
    func crossForMeasuring(_ i: Int, _ ctx: FlexContext) -> Double? {
        if !items[i].sizeCross.isNaN { return items[i].sizeCross }
        if isStretchedToDefiniteCross(i, ctx), let innerCross = ctx.definiteCross {
            return clamp(innerCross - items[i].margin.cross, min: items[i].minCross, max: items[i].maxCross,
                         floor: items[i].pbCross)
        }
        // A width that would come from the item's own height through its ratio is no size to
        // measure its content height with.
        if !ctx.axis.isRow && (items[i].ratio.isNaN || items[i].sizeMain.isNaN) {
            return compute(items[i].node, knownWidth: nil, knownHeight: nil,
                           parentWidth: ctx.innerWidth, parentHeight: ctx.percentHeight,
                           availableWidth: shrinkSpace(ctx.availCross, by: items[i].margin.cross),
                           availableHeight: .maxContent, perform: false, widthOnly: true).width
        }
        return nil
    }

    /// Whether item `i` has a definite cross size before its line is known: its own, or
    /// the container's content cross size it is stretched to (§9.8).
    func hasDefiniteCross(_ i: Int, _ ctx: FlexContext) -> Bool {
        !items[i].sizeCross.isNaN || isStretchedToDefiniteCross(i, ctx)
    }

    /// Stretched to the only line of a container whose cross size is definite.
    @inline(__always) private func isStretchedToDefiniteCross(_ i: Int, _ ctx: FlexContext) -> Bool {
        items[i].stretches && ctx.singleLine && ctx.definiteCross != nil
    }

    /// The cross size that a `content` basis (a sizing keyword, or a percentage of an
    /// indefinite size) of an item with a ratio goes through: the one it is measured with,
    /// or in a column its content's width, its own height left out (as Chromium takes it).
    private func crossForContentBasis(_ i: Int, _ ctx: FlexContext) -> Double? {
        if let cross = crossForMeasuring(i, ctx) { return cross }
        guard !ctx.axis.isRow else { return nil }
        return compute(items[i].node, knownWidth: nil, knownHeight: nil,
                       parentWidth: ctx.innerWidth, parentHeight: ctx.percentHeight,
                       availableWidth: shrinkSpace(ctx.availCross, by: items[i].margin.cross),
                       availableHeight: .maxContent, perform: false, contentSize: .vertical, widthOnly: true).width
    }

    /// CSS Flexbox §4.5 Automatic Minimum Size of Flex Items: 0 for a clipping item;
    /// otherwise the content-based minimum size (min-content), no larger than the
    /// specified size, clamped by the max size. Computed once, when needed.
    func automaticMinimum(_ i: Int, _ ctx: FlexContext) -> Double {
        if !items[i].autoMin.isNaN { return items[i].autoMin }
        var v = 0.0
        if !style(items[i].node).pointee.clipsContent {
            // (With a sizing keyword for its cross size and a main size of its own, the
            // content's own size, not the one through the ratio, as Chromium takes it.)
            let st = style(items[i].node)
            let crossKeyword = ctx.axis.cross(width: st.pointee.width, height: st.pointee.height).isIntrinsicKeyword
            v = measureContentMain(i, .minContent, ctx, ignoringRatio: crossKeyword && !items[i].sizeMain.isNaN)
            // A column item with a ratio, a height of its own (points, or a percentage of
            // an indefinite height) and a width from its content (neither its own nor
            // stretched to a definite one): its min-content height is at least the one
            // that width gives through the ratio, as Chromium sizes it.
            if !ctx.axis.isRow, !items[i].ratio.isNaN, !crossKeyword, st.pointee.height != .auto, !hasDefiniteCross(i, ctx),
               let cross = crossForContentBasis(i, ctx) {
                v = Swift.max(v, mainFromCross(cross, items[i]))
            }
            if !items[i].sizeMain.isNaN { v = Swift.min(v, items[i].sizeMain) }
            // A main size from the ratio caps the content's when the item's own main size
            // is not `auto` (a percentage of an indefinite size). A wrapping column wraps
            // its content at that height, so only its tallest item can exceed it (as
            // Chromium lays them out).
            // (Also when the basis, not the ratio, gave the base size. A definite main size
            // of its own caps it above instead.)
            if !items[i].ratio.isNaN, items[i].sizeMain.isNaN,
               ctx.axis.main(width: st.pointee.width, height: st.pointee.height) != .auto,
               let transferred = items[i].mainFromRatio ? items[i].base : crossForMeasuring(i, ctx).map({ mainFromCross($0, items[i]) }) {
                v = Swift.min(v, transferred)
            } else if items[i].mainFromRatio, !ctx.axis.isRow && tags[items[i].node] == .column && st.pointee.wrap {
                v = Swift.min(v, Swift.max(items[i].base, tallestItem(i, ctx) + items[i].pbMain))
            }
        }
        v = clamp(v, min: 0, max: items[i].maxMain, floor: items[i].pbMain)
        items[i].autoMin = v
        return v
    }

    /// The outer height of the tallest in-flow child of item `i` (a column): its `basis` in
    /// points when it has one (a fixed spacer's length), else its height measured at the item's content width,
    /// within its min and max heights.
    private func tallestItem(_ i: Int, _ ctx: FlexContext) -> Double {
        let node = items[i].node
        let width = crossForMeasuring(i, ctx).map { Swift.max(0, $0 - items[i].pbCross) }
        var tallest = 0.0
        for k in children(node) {
            let c = childList[k]
            if hidden[c] || outOfFlow[c] { continue }
            let st = style(c)
            let m = margins(c, parentWidth: width)
            var height: Double
            if case .fixedSpacer = tags[c], case .spacer(let length?) = tree.kinds[c] {
                height = length  // (a fixed spacer's length is its basis)
            } else if case .points(let basis) = st.pointee.basis {
                height = basis
            } else {
                height = compute(c, knownWidth: nil, knownHeight: nil, parentWidth: width, parentHeight: nil,
                                 availableWidth: width.map { .definite(Swift.max(0, $0 - m.horizontal)) } ?? .maxContent,
                                 availableHeight: .maxContent, perform: false).height
            }
            height = clamp(height, min: resolve(st.pointee.minHeight, nil) ?? 0,
                           max: resolve(st.pointee.maxHeight, nil) ?? .infinity,
                           floor: insets(c, parentWidth: width).vertical)
            tallest = Swift.max(tallest, height + m.vertical)
        }
        return tallest
    }

    /// §9.3 step 5: puts the items `first..<last` on flex lines `limit` points long (one
    /// line when the container does not wrap), appended to the scratch lines.
    func collectFlexLines(_ first: Int, _ last: Int, wrap: Bool, limit: Double, gap: Double) {
        if !wrap || last == first {
            scratch.pointee.lines.append(FlexLine(start: first, end: last, cross: 0))
            return
        }
        var start = first
        var used = 0.0
        for i in first..<last {
            let outer = items[i].hypotheticalMain + items[i].margin.main
            if i > start && used + gap + outer > limit + 1e-9 {
                scratch.pointee.lines.append(FlexLine(start: start, end: i, cross: 0))
                start = i
                used = outer
            } else {
                used += (i > start ? gap : 0) + outer
            }
        }
        scratch.pointee.lines.append(FlexLine(start: start, end: last, cross: 0))
    }

    /// The outer hypothetical main sizes of a line's items, with the gaps between them.
    func outerHypotheticalMain(_ line: FlexLine, gap: Double) -> Double {
        var sum = gap * Double(Swift.max(0, line.end - line.start - 1))
        for i in line.start..<line.end { sum += items[i].hypotheticalMain + items[i].margin.main }
        return sum
    }

    /// The content width of a stack whose width nobody fixes, under `available` (the
    /// space inside its padding and border): min(max-content, max(min-content, space)),
    /// from its items' intrinsic width contributions. A row adds them up (a wrapping row's
    /// min-content width is its widest item's); a column takes the widest.
    /// A wrapping column whose height is known (or bounded by `max-height`) is as wide as
    /// its columns side by side at most, as Chromium sizes it (its min-content width is
    /// still its widest item's).
    func intrinsicFlexWidth(_ node: NodeID, axis: FlexAxis, available: AvailableSpace, innerHeight: Double?,
                            columnLimit: Double?, wraps: Bool) -> Double {
        let gap = axis.isRow ? resolveEdge(style(node).pointee.gap, nil) : 0
        func width(_ constraint: AvailableSpace) -> Double {
            if !axis.isRow && wraps && constraint == .maxContent, let columnLimit {
                return wrappedColumnsWidth(node, constraint, limit: columnLimit, innerHeight: innerHeight,
                                           flipX: axis.flipX)
            }
            var sum = 0.0, widest = 0.0, count = 0
            // (A wrapping column's baseline-aligned items line up by their synthesized
            // baselines in its max-content width, as Chromium lays its lines out to measure
            // it; its min-content width and a single-line column's leave that out, as
            // Chromium's do.)
            var baselineGroup = BaselineGroup()
            for k in children(node) {
                let c = childList[k]
                if hidden[c] || outOfFlow[c] { continue }
                let v = widthContribution(c, of: node, axis: axis, wraps: wraps, constraint, innerHeight: innerHeight)
                sum += v
                if !axis.isRow && wraps && constraint == .maxContent && isBaselineAligned(c, in: node) {
                    baselineGroup.add(outerSize: v, baseline: columnItemBaseline(c, outerWidth: v, flipX: axis.flipX))
                } else {
                    widest = Swift.max(widest, v)
                }
                count += 1
            }
            sum += gap * Double(Swift.max(0, count - 1))
            widest = Swift.max(widest, baselineGroup.size)
            if !axis.isRow { return widest }
            return wraps && constraint == .minContent ? widest : sum
        }
        // A wrapping row's max-content width is at least its min-content width: its items'
        // basis limits their max-content contributions but not their min-content ones
        // there, and Chromium keeps the larger.
        func maxContentWidth() -> Double {
            let v = width(.maxContent)
            return axis.isRow && wraps ? Swift.max(v, width(.minContent)) : v
        }
        switch available {
        case .minContent: return width(.minContent)
        case .maxContent: return maxContentWidth()
        case .definite(let space):
            let maxContent = maxContentWidth()
            if maxContent <= space { return maxContent }
            return Swift.max(width(.minContent), space)
        }
    }

    /// The width of a wrapping column's lines side by side: its items, at their min- or
    /// max-content widths, put on lines `limit` points long. A line's baseline-aligned
    /// items line up by their synthesized baselines, as `calculateLineCrossSize` places
    /// them (`flipX`: the cross axis runs right to left).
    private func wrappedColumnsWidth(_ node: NodeID, _ constraint: AvailableSpace, limit: Double,
                                     innerHeight: Double?, flipX: Bool) -> Double {
        let sp = style(node)
        let gapMain = resolveEdge(sp.pointee.gap, innerHeight)
        let gapCross = resolveEdge(sp.pointee.crossGap ?? sp.pointee.gap, nil)
        var total = 0.0, lineWidth = 0.0, used = 0.0, inLine = 0
        var baselineGroup = BaselineGroup()
        func lineEnds() -> Double { Swift.max(lineWidth, baselineGroup.size) }
        // (In `order`: its items' order decides which share a line.)
        forEachFlexItem(of: node) { c in
            let m = margins(c, parentWidth: nil)
            let s = compute(c, knownWidth: nil, knownHeight: nil, parentWidth: nil, parentHeight: innerHeight,
                            availableWidth: constraint, availableHeight: .maxContent, perform: false)
            // Its hypothetical height: its basis when that is definite, within its min
            // and max heights (an automatic minimum: its content's height, at most its own).
            var height = s.height
            let st = style(c)
            if let basis = resolve(st.pointee.basis, innerHeight) {
                let pb = insets(c, parentWidth: nil).vertical
                let maxHeight = resolve(st.pointee.maxHeight, innerHeight) ?? .infinity
                var minHeight = resolve(st.pointee.minHeight, innerHeight) ?? 0
                if st.pointee.minHeight == .auto && !st.pointee.clipsContent && tags[c] != .fixedSpacer
                    && tags[c] != .flexibleSpacer {
                    var content = compute(c, knownWidth: s.width, knownHeight: nil, parentWidth: nil, parentHeight: innerHeight,
                                          availableWidth: .definite(s.width), availableHeight: .maxContent,
                                          perform: false, contentSize: .vertical).height
                    if let own = resolve(st.pointee.height, innerHeight) { content = Swift.min(content, own) }
                    minHeight = Swift.min(content, maxHeight)
                }
                height = clamp(Swift.max(basis, pb), min: minHeight, max: maxHeight, floor: pb)
            }
            let outerHeight = height + m.vertical
            if inLine > 0 && used + gapMain + outerHeight > limit + 1e-9 {
                total += lineEnds() + gapCross
                lineWidth = 0; used = 0; inLine = 0
                baselineGroup = BaselineGroup()
            }
            used += (inLine > 0 ? gapMain : 0) + outerHeight
            let outerWidth = s.width + m.horizontal
            if isBaselineAligned(c, in: node) {
                baselineGroup.add(outerSize: outerWidth, baseline: columnItemBaseline(c, outerWidth: outerWidth, flipX: flipX))
            } else {
                lineWidth = Swift.max(lineWidth, outerWidth)
            }
            inLine += 1
        }
        return total + lineEnds()
    }

    /// A column item's synthesized baseline, from its outer left edge (`outerWidth` is its
    /// width with margins): its border box's cross-start edge, the right one when the cross
    /// axis runs right to left (`flipX`), as `calculateLineCrossSize` places it.
    private func columnItemBaseline(_ c: NodeID, outerWidth: Double, flipX: Bool) -> Double {
        let m = margins(c, parentWidth: nil)
        return flipX ? outerWidth - m.left : m.left
    }

    /// Whether column `node` aligns its item `c` by its baseline: `align-self` (or the
    /// column's `align`) `baseline`, and no `auto` margin across (which aligns it instead).
    private func isBaselineAligned(_ c: NodeID, in node: NodeID) -> Bool {
        let st = style(c)
        return (st.pointee.alignSelf ?? style(node).pointee.align) == .baseline
            && st.pointee.margin.left != .auto && st.pointee.margin.right != .auto
    }

    /// A child's outer min- or max-content width contribution: its own width or its
    /// content's, clamped by its min and max widths, with its margins.
    private func widthContribution(_ c: NodeID, of node: NodeID, axis: FlexAxis, wraps: Bool, _ constraint: AvailableSpace,
                                   innerHeight: Double?) -> Double {
        let m = margins(c, parentWidth: nil)
        switch tags[c] {
        case .flexibleSpacer:
            return m.horizontal
        case .fixedSpacer:
            // (Its length is a basis: a wrapping row's min-content width leaves it out, as
            // Chromium leaves out every basis there.)
            if axis.isRow, !(wraps && constraint == .minContent), case .spacer(let length?) = tree.kinds[c] {
                return length + m.horizontal
            }
            return m.horizontal
        default:
            // An item with a ratio, or a wrapping column, that a single-line row of known
            // height stretches takes its width from that height, as Chromium sizes it (a
            // wrapping row's lines are not known yet).
            var knownHeight: Double? = nil
            // (A row stretched too: its own items may take their widths from its height; and
            // a column whose items' percentages resolve against that height, CSS Flexbox
            // §9.8 item 1: the stretched height is definite.)
            let widthFromHeight = style(c).pointee.aspectRatio != nil || (tags[c] == .column && style(c).pointee.wrap)
                || tags[c] == .row || (tags[c] == .column && !widthIgnoresHeight[c])
            if axis.isRow, !wraps, let innerHeight, widthFromHeight,
               // (A percentage of the width being measured counts as `auto` here: CSS Sizing 3 §5.2.1.)
               style(c).pointee.width == .auto || style(c).pointee.width.isIntrinsicKeyword || style(c).pointee.width.isPercent,
               style(c).pointee.height == .auto,
               (style(c).pointee.alignSelf ?? style(node).pointee.align) == .stretch, style(c).pointee.margin.top != .auto, style(c).pointee.margin.bottom != .auto {
                let mv = margins(c, parentWidth: nil).vertical
                // (As tall as it will be stretched: within its min and max heights.)
                knownHeight = clamp(Swift.max(0, innerHeight - mv),
                                    min: resolve(style(c).pointee.minHeight, innerHeight) ?? 0,
                                    max: resolve(style(c).pointee.maxHeight, innerHeight) ?? .infinity,
                                    floor: insets(c, parentWidth: nil).vertical)
            }
            var v: Double
            if let knownHeight, style(c).pointee.aspectRatio != nil, style(c).pointee.width.isIntrinsicKeyword {
                // (A keyword width with a ratio at that height: the ratio's.)
                v = intrinsicWidth(c, style(c).pointee.width, nil, innerHeight, constraint, knownHeight: knownHeight,
                                   throughRatio: true) ?? 0
            } else {
                v = compute(c, knownWidth: nil, knownHeight: knownHeight, parentWidth: nil, parentHeight: innerHeight,
                            availableWidth: constraint, availableHeight: .maxContent, perform: false, widthOnly: true).width
            }
            // A definite basis limits a row item's contribution the way it limits the item:
            // an item that cannot grow contributes at most its basis, one that cannot
            // shrink at least its basis (CSS Flexbox §9.9.1, as Chromium applies it).
            // It stays within its min and max widths, the automatic minimum included.
            // (Chromium applies this to max-content contributions, and to min-content ones
            // of a single line only.)
            if axis.isRow && (constraint == .maxContent || !wraps), case .points(let basis) = style(c).pointee.basis {
                let pb = insets(c, parentWidth: nil).horizontal
                let b = Swift.max(basis, pb)
                if style(c).pointee.grow == 0 { v = Swift.min(v, b) }
                if style(c).pointee.shrink == 0 { v = Swift.max(v, b) }
                switch style(c).pointee.maxWidth {
                case .points(let hi): v = Swift.min(v, hi)
                case let d where d.isIntrinsicKeyword: v = Swift.min(v, intrinsicWidth(c, d, nil, innerHeight, constraint) ?? v)
                default: break
                }
                switch style(c).pointee.minWidth {
                case .points(let lo): v = Swift.max(v, lo)
                case .fitContent:
                    // (A `fit-content` minimum fits no space here: it is the min-content width,
                    // as Chromium resolves it; a `fit-content` maximum is the max-content width.)
                    v = Swift.max(v, intrinsicWidth(c, .fitContent, nil, innerHeight, .minContent) ?? v)
                case let d where d.isIntrinsicKeyword: v = Swift.max(v, intrinsicWidth(c, d, nil, innerHeight, constraint) ?? v)
                case .auto where !style(c).pointee.clipsContent:
                    var automatic = compute(c, knownWidth: nil, knownHeight: knownHeight, parentWidth: nil,
                                            parentHeight: innerHeight, availableWidth: .minContent,
                                            availableHeight: .maxContent, perform: false, contentSize: .horizontal,
                                            widthOnly: true).width
                    // (With a ratio and no height, within the min and max heights through it;
                    // then at most its specified width and its max width, CSS Flexbox §4.5:
                    // the specified size suggestion caps the content size suggestion.)
                    if let r = style(c).pointee.aspectRatio, knownHeight == nil, style(c).pointee.height == .auto {
                        let pbv = insets(c, parentWidth: nil).vertical
                        automatic = clamp(automatic, min: (resolve(style(c).pointee.minHeight, innerHeight) ?? 0) * r,
                                          max: Swift.max(resolve(style(c).pointee.maxHeight, innerHeight) ?? .infinity, pbv) * r)
                    }
                    if case .points(let w) = style(c).pointee.width { automatic = Swift.min(automatic, w) }
                    if case .points(let hi) = style(c).pointee.maxWidth { automatic = Swift.min(automatic, hi) }
                    v = Swift.max(v, automatic)
                default: break
                }
                v = Swift.max(v, pb)
            }
            return v + m.horizontal
        }
    }
}
