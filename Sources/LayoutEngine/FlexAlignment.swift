// CSS Flexbox §9.4 Cross Size Determination (steps 7-9) and §9.5-9.6 alignment: item and
// line cross sizes, baselines, `align-content`, `justify`, auto margins and `align-self`.

extension LayoutContext {
    /// §9.4 step 7: the hypothetical cross size of item `i`, from its final main size.
    /// Items that step 11 will stretch to a known line are not measured.
    func determineHypotheticalCrossSize(_ i: Int, skipStretched: Bool, _ ctx: FlexContext) {
        let axis = ctx.axis
        // Intrinsic keywords on a row item's min or max height: its content's height at its width.
        if axis.isRow && (style(items[i].node).pointee.minHeight.isIntrinsicKeyword || style(items[i].node).pointee.maxHeight.isIntrinsicKeyword) {
            // A column of definite height of its own: its content's height with the
            // percentages inside of that height, its sizing keyword bounds left out, as
            // Chromium resolves them (the keywords do not make the height indefinite).
            // (With a ratio, the height the ratio gives.)
            var content = !items[i].sizeCross.isNaN && hasKeywordHeightBounds(column: items[i].node)
                ? columnContentHeight(items[i].node, width: items[i].target, height: items[i].sizeCross,
                                      parentWidth: ctx.innerWidth)
                : !items[i].ratio.isNaN
                ? crossFromMain(items[i].target, items[i])
                : compute(items[i].node, knownWidth: items[i].target, knownHeight: nil,
                          parentWidth: ctx.innerWidth, parentHeight: ctx.percentHeight,
                          availableWidth: .definite(items[i].target), availableHeight: .maxContent,
                          perform: false, contentSize: .vertical).height
            // A single-line row is laid out at its own height, or the one it is stretched
            // to: its content's height is the one it has there (as Chromium lays it out).
            // Stretched, that height is not known yet: its line is as tall as its content
            // at least, and step 11 finds both keywords again.
            var maxContent = content
            if items[i].ratio.isNaN && isSingleLineRow(items[i].node) {
                if !items[i].sizeCross.isNaN {
                    content = singleLineRowContentHeight(items[i].node, width: items[i].target,
                                                         height: items[i].sizeCross, parentWidth: ctx.innerWidth)
                    maxContent = content
                } else if items[i].stretches {
                    maxContent = .infinity
                }
            }
            if style(items[i].node).pointee.maxHeight.isIntrinsicKeyword { items[i].maxCross = maxContent }
            if style(items[i].node).pointee.minHeight.isIntrinsicKeyword { items[i].minCross = content }
        }
        // (Also for an item whose height came from its ratio and then flexed.)
        if !axis.isRow && (!items[i].mainFromRatio || Swift.abs(items[i].target - items[i].base) > 1e-9) {
            resolveWidthKeywordsAtHeight(i, ctx)
        }
        var hyp: Double
        if !items[i].sizeCross.isNaN {
            hyp = items[i].sizeCross
        } else if skipStretched && items[i].stretches {
            hyp = 0
        } else if !axis.isRow && items[i].mainFromRatio && Swift.abs(items[i].target - items[i].base) < 1e-9,
                  let width = crossForMeasuring(i, ctx) {
            // A column item whose height came from its width through its ratio, and did not
            // flex: that width, found with its height unknown (as Chromium keeps it).
            hyp = width
        } else {
            let target = items[i].target
            let crossAvail = shrinkSpace(ctx.availCross, by: items[i].margin.cross)
            let s = compute(items[i].node, knownWidth: axis.isRow ? target : nil, knownHeight: axis.isRow ? nil : target,
                            parentWidth: ctx.innerWidth, parentHeight: ctx.percentHeight,
                            availableWidth: axis.isRow ? .definite(target) : crossAvail,
                            availableHeight: axis.isRow ? crossAvail : .definite(target), perform: false,
                            definiteHeight: axis.isRow || items[i].definiteMain)
            hyp = axis.cross(s)
        }
        items[i].hypotheticalCross = clamp(hyp, min: items[i].minCross, max: items[i].maxCross, floor: items[i].pbCross)
        items[i].cross = items[i].hypotheticalCross
    }

    /// §9.4 step 11: the used cross size of item `i` of line `l`: a stretched item the
    /// line's cross size (its sizing keyword min and max heights found again there), a
    /// wrapping column's item the width its content fits in the line; others keep their
    /// hypothetical cross size.
    func determineUsedCrossSize(_ i: Int, line l: Int, _ ctx: FlexContext) {
        if items[i].stretches {
            let stretched = lines[l].cross - items[i].margin.cross
            let minKeyword = style(items[i].node).pointee.minHeight.isIntrinsicKeyword
            let maxKeyword = style(items[i].node).pointee.maxHeight.isIntrinsicKeyword
            if ctx.axis.isRow, minKeyword || maxKeyword, items[i].ratio.isNaN, isSingleLineRow(items[i].node) {
                // (A single-line row: its sizing keyword min and max heights are its
                // content's height laid out at the stretched height within its max
                // height, as Chromium lays it out.)
                let height = maxKeyword ? stretched : Swift.min(stretched, items[i].maxCross)
                let content = singleLineRowContentHeight(items[i].node, width: items[i].target,
                                                         height: height, parentWidth: ctx.innerWidth)
                if minKeyword { items[i].minCross = content }
                if maxKeyword { items[i].maxCross = content }
            }
            if ctx.axis.isRow && hasKeywordHeightBounds(column: items[i].node) {
                // (A column's sizing keyword min and max heights: its content's height
                // with the percentages inside of the stretched height, a wrapping
                // one's lines broken there, as Chromium lays it out.)
                let content = columnContentHeight(items[i].node, width: items[i].target, height: stretched,
                                                  parentWidth: ctx.innerWidth)
                if style(items[i].node).pointee.minHeight.isIntrinsicKeyword { items[i].minCross = content }
                if style(items[i].node).pointee.maxHeight.isIntrinsicKeyword { items[i].maxCross = content }
            }
            items[i].cross = clamp(stretched,
                                   min: items[i].minCross,
                                   max: items[i].maxCross, floor: items[i].pbCross)
        } else if !ctx.axis.isRow && !ctx.singleLine && style(items[i].node).pointee.width == .fitContent,
                  style(items[i].node).pointee.aspectRatio == nil {
            // A `fit-content` width in a wrapping column fits its line (as Chromium
            // sizes it; with a ratio, the width through it stays).
            let room = Swift.max(0, lines[l].cross - items[i].margin.cross)
            let fit = intrinsicWidth(items[i].node, .fitContent, ctx.innerWidth, ctx.percentHeight, .definite(room))
            items[i].cross = clamp(fit ?? items[i].cross, min: items[i].minCross, max: items[i].maxCross,
                                   floor: items[i].pbCross)
        } else if !ctx.axis.isRow && !ctx.singleLine && items[i].sizeCross.isNaN {
            // Chromium lays the items of a wrapping column out again in their line:
            // one it does not stretch is as wide as its content fits there.
            let room = Swift.max(0, lines[l].cross - items[i].margin.cross)
            let s = compute(items[i].node, knownWidth: nil, knownHeight: items[i].target,
                            parentWidth: ctx.innerWidth, parentHeight: ctx.percentHeight,
                            availableWidth: .definite(room), availableHeight: .definite(items[i].target),
                            perform: false, definiteHeight: items[i].definiteMain)
            items[i].cross = clamp(s.width, min: items[i].minCross, max: items[i].maxCross,
                                   floor: items[i].pbCross)
        }
    }

    /// The content height of a single-line row laid out at `height` (its border box): its
    /// tallest item there, stretched ones as tall as they are stretched (within their min
    /// and max heights), percentages of that height. Chromium takes it for the row's sizing
    /// keyword min and max heights when the row's height is fixed or stretched.
    func singleLineRowContentHeight(_ node: NodeID, width: Double, height: Double, parentWidth: Double?) -> Double {
        let pb = insets(node, parentWidth: parentWidth)
        let bounds = NodeBounds(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, insets: pb)
        scratch.pointee.computeCount &+= 1
        return layoutFlex(node, width: width, height: height, availableWidth: .definite(width),
                          availableHeight: .definite(height), bounds: bounds, perform: false,
                          lineContent: .stretchedItemsAtHeight).height + pb.vertical
    }

    /// Whether `node` is a row that does not wrap.
    func isSingleLineRow(_ node: NodeID) -> Bool { tags[node] == .row && !style(node).pointee.wrap }

    /// Whether `node` is a single-line row with an in-flow item that stretches to its height.
    func stretchesAnItem(_ node: NodeID) -> Bool {
        let sp = style(node)
        guard tags[node] == .row, !sp.pointee.wrap else { return false }
        for k in children(node) {
            let c = childList[k]
            if hidden[c] || outOfFlow[c] { continue }
            let st = style(c)
            if (st.pointee.alignSelf ?? sp.pointee.align) == .stretch, st.pointee.height == .auto,
               st.pointee.margin.top != .auto, st.pointee.margin.bottom != .auto { return true }
        }
        return false
    }

    /// A column's item whose width depends on its height (through an aspect ratio, or as a
    /// wrapping column's lines): its `min-content`, `max-content` and `fit-content` widths
    /// again, at its flexed height, as Chromium lays the item out at that height.
    private func resolveWidthKeywordsAtHeight(_ i: Int, _ ctx: FlexContext) {
        let node = items[i].node
        let st = style(node)
        guard st.pointee.aspectRatio != nil || (tags[node] == .column && st.pointee.wrap),
              st.pointee.width.isIntrinsicKeyword || st.pointee.minWidth.isIntrinsicKeyword
                || st.pointee.maxWidth.isIntrinsicKeyword else { return }
        let avail = AvailableSpace.definite(Swift.max(0, ctx.innerWidth - items[i].margin.cross))
        // (A height of its own: through the ratio, as where the item was made.)
        let ownHeight = st.pointee.aspectRatio != nil && resolve(st.pointee.height, ctx.percentHeight) != nil
        func keyword(_ d: Dimension) -> Double? {
            // (The flexed height is definite for the percentages inside only as §9.8 says.)
            intrinsicWidth(node, d, ctx.innerWidth, ctx.percentHeight, avail, knownHeight: items[i].target,
                           throughRatio: ownHeight, definiteHeight: items[i].definiteMain)
        }
        if let v = keyword(st.pointee.minWidth) { items[i].minCross = v }
        if let v = keyword(st.pointee.maxWidth) { items[i].maxCross = v }
        if ownHeight,
           let v = intrinsicWidth(node, st.pointee.width, ctx.innerWidth, ctx.percentHeight, avail,
                                  knownHeight: items[i].target, throughRatio: true) {
            items[i].sizeCross = Swift.max(v, contentMinimumWidth(node, ctx.innerWidth, ctx.percentHeight))
        } else if let v = keyword(st.pointee.width) {
            items[i].sizeCross = v
        }
        if !items[i].sizeCross.isNaN {
            items[i].sizeCross = clamp(items[i].sizeCross, min: items[i].minCross, max: items[i].maxCross,
                                       floor: items[i].pbCross)
        }
    }

    /// §9.4 step 8: the cross size of line `l`: the container's in a single-line container
    /// of known cross size, otherwise its largest outer hypothetical cross size, where
    /// baseline-aligned items count from their largest ascent to their largest descent.
    func calculateLineCrossSize(_ l: Int, singleLine: Bool, innerCross: Double?, minCross: Double, maxCross: Double,
                                _ ctx: FlexContext) {
        var largest = 0.0
        var baselineGroup = BaselineGroup()
        for i in lines[l].start..<lines[l].end {
            let outer = items[i].hypotheticalCross + items[i].margin.cross
            if items[i].align == .baseline {
                // In a column, baselines (horizontal lines) cannot align the items across
                // it: each has one synthesized at its border box's cross-start edge, as
                // Chromium does, so the items line up by that edge.
                // An item without a baseline has one synthesized at its bottom edge. With
                // `wrap=reverse` the cross axis runs upwards: the distance counts from below.
                var b = items[i].margin.crossStart
                if !ctx.axis.isRow && ctx.axis.flipX {
                    // The synthesized edge is the item's left, the cross end when the cross
                    // axis runs right to left (`direction=rtl` or `wrap=reverse`, not both).
                    b += items[i].hypotheticalCross
                } else if ctx.axis.isRow {
                    let size = Size(width: items[i].target, height: items[i].hypotheticalCross)
                    // (As it will be arranged: its height definite only when it has one of its own.)
                    arrangeForBaseline(items[i].node, size, parentWidth: ctx.innerWidth, parentHeight: ctx.percentHeight,
                                       definiteHeight: !items[i].sizeCross.isNaN)
                    let baseline = itemBaseline(items[i].node, size, parentWidth: ctx.innerWidth) ?? size.height
                    b += ctx.axis.flipY ? size.height - baseline : baseline
                }
                items[i].baseline = b
                baselineGroup.add(outerSize: outer, baseline: b)
            } else {
                largest = Swift.max(largest, outer)
            }
        }
        lines[l].baseline = baselineGroup.isEmpty ? 0 : baselineGroup.ascent
        lines[l].hasBaselineItems = !baselineGroup.isEmpty
        if singleLine, let innerCross {
            lines[l].cross = innerCross
        } else {
            var m = Swift.max(largest, baselineGroup.size)
            if singleLine { m = clamp(m, min: minCross, max: maxCross) }
            lines[l].cross = Swift.max(0, m)
        }
    }

    /// Lays out a stack or grid item at `size` so that its baseline is known before its
    /// line or row is (a flex line, §9.4 step 8; a grid row, CSS Grid §12.5 step 1).
    func arrangeForBaseline(_ c: NodeID, _ size: Size, parentWidth: Double?, parentHeight: Double?,
                            definiteHeight: Bool) {
        guard tags[c] == .row || tags[c] == .column || tags[c] == .grid else { return }
        _ = compute(c, knownWidth: size.width, knownHeight: size.height,
                    parentWidth: parentWidth, parentHeight: parentHeight,
                    availableWidth: .definite(size.width), availableHeight: .definite(size.height), perform: true,
                    definiteHeight: definiteHeight)
    }

    /// The first baseline of a node of `size` from its top edge: a label's first line, a
    /// stack's or a grid's (once arranged); nil when it has none (its alignment context then
    /// synthesizes one from its bottom edge).
    func itemBaseline(_ c: NodeID, _ size: Size, parentWidth: Double?) -> Double? {
        switch tags[c] {
        case .leaf:
            guard case .leaf(let measurer) = tree.kinds[c] else { return nil }
            let pb = insets(c, parentWidth: parentWidth)
            let baseline = measurer.firstBaseline(contentWidth: Swift.max(0, size.width - pb.horizontal),
                                                  contentHeight: Swift.max(0, size.height - pb.vertical)).map { pb.top + $0 }
            // (A leaf that clips has its baseline within its box, as a stack that clips.)
            return style(c).pointee.clipsContent ? baseline.map { Swift.min($0, size.height) } : baseline
        case .row, .column, .grid:
            let b = baselines[c]
            return b.isNaN ? nil : b
        default:
            return nil
        }
    }

    /// §9.4 step 9 and §9.6 step 16: shares the free cross space between the lines of a
    /// multi-line container (`align-content`, `normal` being `stretch`) and sets where
    /// each line starts.
    ///
    /// Overflowing lines fall back to the writing mode's start (css-align-3's `safe`), which
    /// is the cross end of a `wrap=reverse` container (`startIsCrossEnd`).
    func alignFlexLines(_ firstLine: Int, _ lastLine: Int, crossInner: Double, crossStart: Double, gap: Double,
                        multiLine: Bool, startIsCrossEnd: Bool, container: UnsafePointer<LayoutStyle>) {
        let n = lastLine - firstLine
        guard n > 0 else { return }
        var offset = crossStart
        var between = 0.0
        if multiLine {
            var used = gap * Double(n - 1)
            for l in firstLine..<lastLine { used += lines[l].cross }
            let free = crossInner - used
            let safe = container.pointee.alignContentSafe && free < 0
            let fallback = startIsCrossEnd && free < 0 ? free : 0
            switch container.pointee.alignContent {
            case .normal, .stretch:
                if free > 0 {
                    for l in firstLine..<lastLine { lines[l].cross += free / Double(n) }
                }
            case .start: break
            case .center: offset += safe ? fallback : free / 2
            case .end: offset += safe ? fallback : free
            case .spaceBetween:
                if free > 0 && n > 1 { between = free / Double(n - 1) }
            case .spaceAround:
                if free > 0 { between = free / Double(n); offset += between / 2 } else { offset += fallback }
            case .spaceEvenly:
                if free > 0 { between = free / Double(n + 1); offset += between } else { offset += fallback }
            }
        }
        for l in firstLine..<lastLine {
            lines[l].offset = offset
            offset += lines[l].cross + gap + between
        }
    }

    /// §9.5 step 12: shares a line's free main space between its auto margins, or else
    /// places the line by `justify`: where the first item starts (`position`, from the
    /// content box's start already in it) and the extra space between items.
    /// Overflowing lines fall back to the writing mode's start, the main end of a
    /// `reverse` container (`startIsMainEnd`).
    func distributeMainSpace(_ line: FlexLine, mainInner: Double, gap: Double, justify: Justify, safe: Bool,
                             startIsMainEnd: Bool, position: inout Double, between: inout Double) {
        let n = line.end - line.start
        var free = mainInner - gap * Double(Swift.max(0, n - 1))
        var autoCount = 0
        for i in line.start..<line.end {
            free -= items[i].target + items[i].margin.main
            if items[i].autoMargins.contains(.mainStart) { autoCount += 1 }
            if items[i].autoMargins.contains(.mainEnd) { autoCount += 1 }
        }
        if autoCount > 0 && free > 0 {
            let share = free / Double(autoCount)
            for i in line.start..<line.end {
                if items[i].autoMargins.contains(.mainStart) { items[i].margin.mainStart = share }
                if items[i].autoMargins.contains(.mainEnd) { items[i].margin.mainEnd = share }
            }
            return
        }
        let fallback = startIsMainEnd && free < 0 ? free : 0
        let safe = safe && free < 0
        switch justify {
        case .start: break
        case .end: position += safe ? fallback : free
        case .center: position += safe ? fallback : free / 2
        case .spaceBetween:
            if free > 0 && n > 1 { between = free / Double(n - 1) }
        case .spaceAround:
            if free > 0 && n > 0 { between = free / Double(n); position += between / 2 } else { position += fallback }
        case .spaceEvenly:
            if free > 0 && n > 0 { between = free / Double(n + 1); position += between } else { position += fallback }
        }
    }

    /// §9.6 steps 13-14: where item `i` starts on the cross axis, from its line's start,
    /// its cross-start margin included: auto margins take the free space, otherwise
    /// `align-self` places it.
    func crossOffset(_ i: Int, _ line: FlexLine, startIsCrossEnd: Bool) -> Double {
        let free = line.cross - items[i].cross - items[i].margin.cross
        let start = items[i].margin.crossStart
        let autoMargins = items[i].autoMargins.intersection(.cross)
        if !autoMargins.isEmpty {
            guard free > 0 else { return start }
            if autoMargins == .cross { return start + free / 2 }
            return autoMargins.contains(.crossStart) ? start + free : start
        }
        let safe = items[i].alignSafe && free < 0
        let fallback = startIsCrossEnd && free < 0 ? start + free : start
        switch items[i].align {
        case .start, .stretch: return start
        case .center: return safe ? fallback : start + free / 2
        case .end: return safe ? fallback : start + free
        case .baseline: return line.baseline - items[i].baseline + start
        }
    }
}

/// The baseline-aligned items of one flex line: lined up by their baselines, together they
/// take from the largest ascent (outer cross-start edge to baseline) to the largest descent
/// (baseline to outer cross-end edge). An ascent may be negative (a negative margin).
struct BaselineGroup {
    private(set) var ascent = -Double.infinity
    private var descent = -Double.infinity

    var isEmpty: Bool { ascent == -.infinity }

    mutating func add(outerSize: Double, baseline: Double) {
        ascent = Swift.max(ascent, baseline)
        descent = Swift.max(descent, outerSize - baseline)
    }

    /// The cross size the group takes: 0 when it has no item.
    var size: Double { isEmpty ? 0 : ascent + descent }
}
