// Stacks (`vbox`, `hbox`) as CSS flex containers: CSS Flexbox Level 1 §9, "Flex Layout
// Algorithm", one named step per function, as Taffy's `compute/flexbox.rs`, with
// Chromium's answers where the specification leaves room:
//
// - The width of a stack that nobody fixes is computed first, from its items' min- and
//   max-content contributions, as a browser sizes any block in the inline axis: a row sums
//   them (the largest for a wrapping row's min-content), a column takes the largest; a
//   `basis` does not count there (Chromium does not implement §9.9.1's flex fractions).
//   Its height then comes from the layout: a row's lines, a column's hypothetical sizes.
// - A column of automatic height with a `max-height` wraps at that height.
// - A flexed height is definite for percentages inside the item only when the column's
//   own height is definite (§9.8); a stretched cross size when the container's is.
// - Distributed alignment with negative free space falls back to `start`, as Chromium
//   does (css-align-3's safe fallbacks); `safe` alignment falls back to `start` too.
// - `rtl`, `reverse` and `wrap=reverse` lay the container out forwards and mirror the
//   frames (see FlexAxis.swift).

extension LayoutContext {
    func layoutFlex(_ node: NodeID, width: Double?, height: Double?,
                    availableWidth: AvailableSpace, availableHeight: AvailableSpace,
                    bounds: NodeBounds, perform: Bool, lineContent: LineContent? = nil, widthOnly: Bool = false) -> Size {
        let sp = style(node)
        let axis = FlexAxis(isRow: tags[node] == .row, rtl: rtl[node], reverse: sp.pointee.reverse,
                            wrapReverse: sp.pointee.wrap && sp.pointee.wrapReverse)
        let physicalInsets = bounds.insets
        let pb = axis.edges(physicalInsets)
        let wraps = sp.pointee.wrap

        // The width first: fixed by the parent or the style, or the content's (as a block's).
        let outerWidth = width ?? bounds.clampWidth(
            intrinsicFlexWidth(node, axis: axis, available: shrinkSpace(availableWidth, by: physicalInsets.horizontal),
                               innerHeight: bounds.definiteHeight ? height.map { Swift.max(0, $0 - physicalInsets.vertical) } : nil,
                               columnLimit: (height ?? (bounds.columnLimit.isFinite ? bounds.columnLimit : nil))
                                   .map { Swift.max(0, $0 - physicalInsets.vertical) },
                               wraps: wraps) + physicalInsets.horizontal)
        // A measurement that only needed the width stops here (`widthOnly`: its height is
        // not wanted; NaN).
        if !perform && lineContent == nil, let height { return Size(width: outerWidth, height: height) }
        if widthOnly { return Size(width: outerWidth, height: .nan) }
        let innerWidth = Swift.max(0, outerWidth - physicalInsets.horizontal)
        let knownInnerHeight = height.map { Swift.max(0, $0 - physicalInsets.vertical) }
        // The content box as a base for percentages: the height only when it is definite.
        let percentHeight = bounds.ratioPercentHeight.map { Swift.max(0, $0 - physicalInsets.vertical) }
            ?? (bounds.definiteHeight ? knownInnerHeight : nil)
        let minMainC = axis.main(width: bounds.minWidth, height: bounds.minHeight)
        let maxMainC = axis.main(width: bounds.maxWidth, height: bounds.maxHeight)
        let minCrossC = axis.cross(width: bounds.minWidth, height: bounds.minHeight)
        let maxCrossC = axis.cross(width: bounds.maxWidth, height: bounds.maxHeight)
        var innerMain: Double? = axis.main(width: innerWidth, height: knownInnerHeight)
        var innerCross: Double? = axis.cross(width: innerWidth, height: knownInnerHeight)
        let availCross: AvailableSpace = innerCross.map { .definite($0) }
            ?? shrinkSpace(availableHeight, by: physicalInsets.vertical)
        // Gaps: `gap` runs along the main axis, `cross-gap` between lines; a percentage is
        // of the content box along its axis, 0 when that is indefinite.
        let gapMain = resolveEdge(sp.pointee.gap, axis.main(width: innerWidth, height: percentHeight))
        let gapCross = resolveEdge(sp.pointee.crossGap ?? sp.pointee.gap, axis.cross(width: innerWidth, height: percentHeight))

        // §9.1 Initial Setup.
        let first = scratch.pointee.items.count
        defer { scratch.pointee.items.removeLast(scratch.pointee.items.count - first) }
        collectFlexItems(node, axis: axis, innerWidth: innerWidth, innerHeight: percentHeight, container: sp)
        let last = scratch.pointee.items.count
        let context = FlexContext(axis: axis, innerWidth: innerWidth, percentHeight: percentHeight,
                                  definiteCross: axis.isRow ? percentHeight : innerWidth, availCross: availCross,
                                  singleLine: !wraps, crossReversed: wraps && sp.pointee.wrapReverse)

        // §9.2 step 3: the flex base size and hypothetical main size of each item.
        for i in first..<last { determineFlexBaseSize(i, context) }

        // §9.3 step 5: collect the items into flex lines. A column of automatic height
        // wraps at its maximum height.
        let firstLine = scratch.pointee.lines.count
        defer { scratch.pointee.lines.removeLast(scratch.pointee.lines.count - firstLine) }
        // (Its own height in points, too, when it is measured for its content alone.)
        var columnLimit = axis.isRow ? maxMainC
            : Swift.min(Swift.max(maxMainC, minMainC), Swift.max(bounds.columnLimit, pb.main))
        if case .points(let h) = sp.pointee.height { columnLimit = Swift.min(columnLimit, Swift.max(h, pb.main)) }
        var lineLimit = innerMain ?? Swift.max(0, columnLimit - pb.main)
        if wraps, !axis.isRow, !bounds.definiteHeight, let known = innerMain {
            // A wrapping column given a height that is not definite (flexed in a column of
            // automatic height, or not stretched in a row) keeps the lines it was measured
            // with when that height is the one it measured, as Chromium keeps that layout;
            // else its lines break at the height.
            let contentLimit = Swift.max(0, columnLimit - pb.main)
            collectFlexLines(first, last, wrap: true, limit: contentLimit, gap: gapMain)
            var longest = 0.0
            for l in firstLine..<scratch.pointee.lines.count {
                longest = Swift.max(longest, outerHypotheticalMain(lines[l], gap: gapMain))
            }
            scratch.pointee.lines.removeLast(scratch.pointee.lines.count - firstLine)
            var measured = clamp(longest + pb.main, min: minMainC, max: maxMainC, floor: pb.main)
            if case .points(let h) = sp.pointee.height { measured = clamp(h, min: minMainC, max: maxMainC, floor: pb.main) }
            if Swift.abs(measured - (known + pb.main)) < 1e-9 { lineLimit = contentLimit }
        }
        if bounds.ratioLineLimit.isFinite, wraps {
            // With a ratio, at the height the ratio gives, unless the column was stretched
            // past the height of the lines broken there (Chromium then lays it out again).
            let ratioLimit = Swift.max(0, bounds.ratioLineLimit - pb.main)
            if let known = innerMain, known > ratioLimit {
                collectFlexLines(first, last, wrap: true, limit: ratioLimit, gap: gapMain)
                var longest = 0.0
                for l in firstLine..<scratch.pointee.lines.count {
                    longest = Swift.max(longest, outerHypotheticalMain(lines[l], gap: gapMain))
                }
                scratch.pointee.lines.removeLast(scratch.pointee.lines.count - firstLine)
                if known <= longest + 1e-9 { lineLimit = ratioLimit }
            } else {
                lineLimit = Swift.min(lineLimit, ratioLimit)
            }
        }
        collectFlexLines(first, last, wrap: wraps, limit: lineLimit, gap: gapMain)
        let lastLine = scratch.pointee.lines.count

        // §9.2 step 4 (a column's automatic height): its longest line of hypothetical sizes.
        let pbMain = pb.main, pbCross = pb.cross
        let mainDefinite = axis.isRow || (height != nil && bounds.definiteHeight)
        if innerMain == nil {
            var longest = 0.0
            for l in firstLine..<lastLine {
                longest = Swift.max(longest, outerHypotheticalMain(lines[l], gap: gapMain))
            }
            innerMain = clamp(longest + pbMain, min: minMainC, max: maxMainC, floor: pbMain) - pbMain
        }
        let mainInner = innerMain!

        // §9.3 step 6: resolve the flexible lengths of the items of each line (§9.7).
        for l in firstLine..<lastLine {
            resolveFlexibleLengths(container: node, lines[l].start, lines[l].end, mainInner: mainInner,
                                   gap: gapMain, context)
        }
        for i in first..<last {
            // Definite too with a size of its own that is its basis, a basis in points, or
            // a ratio and a definite cross size (whatever its basis keyword), as Chromium
            // takes them.
            let basis = style(items[i].node).pointee.basis
            let ownSize = !items[i].sizeMain.isNaN && basis == .auto
            let ratioKeyword = !items[i].ratio.isNaN && basis.isIntrinsicKeyword && crossForMeasuring(i, context) != nil
            items[i].definiteMain = mainDefinite || ownSize || items[i].mainFromRatio || ratioKeyword
                || (items[i].explicitBasis && !basis.isPercent)
        }

        // §9.4 step 7: the hypothetical cross size of each item.
        let singleLine = !wraps
        for i in first..<last {
            determineHypotheticalCrossSize(i, skipStretched: singleLine && innerCross != nil, context)
        }

        // (`lineContent`: the content's height of a single-line row of known height, see
        // `LineContent`.)
        if let lineContent {
            var tallest = 0.0
            for i in first..<last {
                var cross = items[i].hypotheticalCross
                if lineContent == .stretchedItemsAtHeight && items[i].stretches, let innerCross {
                    cross = clamp(innerCross - items[i].margin.cross, min: items[i].minCross, max: items[i].maxCross,
                                  floor: items[i].pbCross)
                }
                tallest = Swift.max(tallest, cross + items[i].margin.cross)
            }
            return Size(width: outerWidth, height: tallest)
        }

        // §9.4 step 8: the cross size of each line (baselines included).
        for l in firstLine..<lastLine {
            calculateLineCrossSize(l, singleLine: singleLine, innerCross: innerCross,
                                   minCross: minCrossC - pbCross, maxCross: maxCrossC - pbCross, context)
        }

        // §9.4 step 15: the container's cross size, when it is not known already.
        let lineGaps = gapCross * Double(Swift.max(0, lastLine - firstLine - 1))
        if innerCross == nil {
            var sum = lineGaps
            for l in firstLine..<lastLine { sum += lines[l].cross }
            innerCross = clamp(sum + pbCross, min: minCrossC, max: maxCrossC, floor: pbCross) - pbCross
        }
        let crossInner = innerCross!
        let outer = Size(width: axis.width(main: mainInner + pbMain, cross: crossInner + pbCross),
                         height: axis.height(main: mainInner + pbMain, cross: crossInner + pbCross))
        if !perform { return outer }

        // §9.4 step 9 and §9.6 step 16: align the lines (`align-content`).
        alignFlexLines(firstLine, lastLine, crossInner: crossInner, crossStart: pb.crossStart, gap: gapCross,
                       multiLine: !singleLine, startIsCrossEnd: sp.pointee.wrap && sp.pointee.wrapReverse,
                       container: sp)

        // §9.4 step 11: the used cross size of each item.
        for l in firstLine..<lastLine {
            for i in lines[l].start..<lines[l].end { determineUsedCrossSize(i, line: l, context) }
        }

        // (A column's baselines synthesized at the items' cross-end edges move with their
        // used widths, while the line's stays where their hypothetical widths put it, as
        // Chromium places them.)
        if !axis.isRow && axis.flipX {
            for i in first..<last where items[i].align == .baseline {
                items[i].baseline = items[i].margin.crossStart + items[i].cross
            }
        }

        // §9.5 step 12 and §9.6 steps 13-14: place the items on both axes, then arrange each;
        // the container's first baseline from them.
        let crossDefinite = axis.isRow ? (height != nil && bounds.definiteHeight) : true
        let percentBase = (width: innerWidth, height: axis.isRow ? (crossDefinite ? crossInner : nil)
                                                                 : (mainDefinite ? mainInner : nil))
        baselines[node] = placeFlexItems(node, firstLine, lastLine, outer: outer, edges: pb, mainInner: mainInner,
                                         gap: gapMain, percentBase: percentBase, context)

        // Absolutely positioned children, against the padding box.
        layoutAbsoluteChildren(node, outer: outer, axis: axis, contentStart: (main: pb.mainStart, cross: pb.crossStart),
                               contentSize: (main: mainInner, cross: crossInner))
        return outer
    }
}

extension LayoutContext {
    /// Whether `node` is a column with a sizing keyword `min-height` or `max-height` and no
    /// ratio (with one, they are its width through the ratio).
    @inline(__always) func hasKeywordHeightBounds(column node: NodeID) -> Bool {
        tags[node] == .column && style(node).pointee.aspectRatio == nil
            && (style(node).pointee.minHeight.isIntrinsicKeyword || style(node).pointee.maxHeight.isIntrinsicKeyword)
    }

    /// The height of a column's content at `width` (its border box) when the column is
    /// `height` tall (a border-box height), its own size, min and max left out: the
    /// percentages inside of `height`, a wrapping column's lines broken there (its longest
    /// line). Its sizing keyword min and max heights are that height, as Chromium resolves
    /// them. (Not cached: counted as an algorithm run.)
    func columnContentHeight(_ node: NodeID, width: Double, height: Double, parentWidth: Double?) -> Double {
        var bounds = NodeBounds(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity,
                                insets: insets(node, parentWidth: parentWidth), ratioPercentHeight: height)
        bounds.columnLimit = style(node).pointee.wrap ? height : .infinity
        scratch.pointee.computeCount &+= 1
        return layoutFlex(node, width: width, height: nil, availableWidth: .definite(width),
                          availableHeight: .maxContent, bounds: bounds, perform: false).height
    }
}

/// What `layoutFlex` measures instead of the container when asked for the content of a
/// single-line row of known height: its tallest item, the items it stretches counted
/// at their minimum (`stretchedItemsAtMinimum`) or as tall as they are stretched.
enum LineContent {
    case stretchedItemsAtMinimum
    case stretchedItemsAtHeight
}

/// What the steps of one flex container share.
struct FlexContext {
    var axis: FlexAxis
    var innerWidth: Double
    /// The content height as a base for percentages (nil when indefinite).
    var percentHeight: Double?
    /// The content box's cross size when it is definite (§9.8: items stretched to it are
    /// measured with it).
    var definiteCross: Double?
    var availCross: AvailableSpace
    /// The container does not wrap: its one line is as long as its content box's cross size.
    var singleLine: Bool
    /// `wrap=reverse`: lines and the cross axis run from the cross end.
    var crossReversed: Bool
}
