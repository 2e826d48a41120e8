// Stacks (`vbox`, `hbox`) as CSS flex containers: CSS Flexbox Level 1 §9, "Flex Layout
// Algorithm", step by step, in the spirit of Yoga and Taffy.
//
// Limitations and deviations:
// - No auto margins (`auto` counts as 0), no baseline alignment, no `order`, no
//   `wrap-reverse`, no `flex-direction: *-reverse`, no absolute positioning.
// - `align-content` is always `normal` (stretch, as browsers; Yoga's default is flex-start):
//   with a definite cross size, free cross space is shared between the lines.
// - Justify fallbacks when the free space is negative, as CSS: space-between → start,
//   space-around and space-evenly → center.
// - The intrinsic (min-/max-content) main size of a container follows what Chrome,
//   Firefox and Taffy do rather than the literal §9.9.1 (each item contributes its own
//   content contribution, not one scaled by the line's largest flex fraction).
// - The automatic minimum size of an item (§4.5, `min-width: auto`) is its min-content
//   size clamped by its specified size and max size; it is computed lazily, only where
//   it can change the result (explicit basis, or a shrinking line).
// - Percentages against an indefinite size behave as `auto`.
// - A row that is neither fixed nor stretched is fit-content wide (§9.2 step 4 defers to
//   the formatting context: min(max-content, max(min-content, available))).
// - A wrapping column measured under a min-content constraint (either axis) is one line:
//   its min-content width is its widest item's and its min-content height its max-content
//   height, as Chrome and Firefox compute them, whatever height it is measured in.
// - `direction: rtl` lays the container out with left and right swapped, then mirrors
//   the children horizontally: a row starts at the right, a column's cross-start is right.

/// One flex item's working data (CSS Flexbox §9), in main/cross terms.
struct FlexItem {
    var node: NodeID
    var marginMainStart: Double
    var marginMainEnd: Double
    var marginCrossStart: Double
    var marginCrossEnd: Double
    /// Padding plus border: the floor of the item's border-box size.
    var pbMain: Double
    var pbCross: Double
    /// Specified sizes; NaN is `auto`.
    var sizeMain: Double
    var sizeCross: Double
    /// NaN: `auto` (the automatic minimum size, §4.5).
    var minMain: Double
    var maxMain: Double
    var minCross: Double
    var maxCross: Double
    var grow: Double
    var shrink: Double
    var align: Align
    /// The flex base size came from `basis` (so the automatic minimum may exceed it).
    var explicitBasis: Bool
    /// The flex base size is the item's measured content size.
    var contentBased: Bool
    /// Lazily computed automatic minimum size; NaN until needed.
    var autoMin: Double
    var base: Double
    var hypotheticalMain: Double
    var target: Double
    var frozen: Bool
    var violation: Double
    var hypotheticalCross: Double
    var cross: Double

    var marginsMain: Double { marginMainStart + marginMainEnd }
    var marginsCross: Double { marginCrossStart + marginCrossEnd }
}

/// A flex line: a run of items, `start..<end` in the scratch item storage.
struct FlexLine {
    var start: Int
    var end: Int
    var cross: Double
}

extension LayoutContext {
    func layoutFlex(_ node: NodeID, width: Double?, height: Double?, parentWidth: Double?,
                    availableWidth: AvailableSpace, availableHeight: AvailableSpace,
                    bounds: NodeBounds, perform: Bool) -> Size {
        let sp = styles.baseAddress! + node
        let isRow = tags[node] == .row
        let isRTL = rtl[node]
        var pb = bounds.insets
        if isRTL { swap(&pb.left, &pb.right) }
        let pbMainStart = isRow ? pb.left : pb.top
        let pbCrossStart = isRow ? pb.top : pb.left
        let pbMain = isRow ? pb.horizontal : pb.vertical
        let pbCross = isRow ? pb.vertical : pb.horizontal
        let minMainC = isRow ? bounds.minWidth : bounds.minHeight
        let maxMainC = isRow ? bounds.maxWidth : bounds.maxHeight
        let minCrossC = isRow ? bounds.minHeight : bounds.minWidth
        let maxCrossC = isRow ? bounds.maxHeight : bounds.maxWidth

        // §9.2 Line Length Determination, step 2: the available main and cross space.
        let knownMain = isRow ? width : height
        let knownCross = isRow ? height : width
        var innerMain: Double? = knownMain.map { Swift.max(0, $0 - pbMain) }
        var innerCross: Double? = knownCross.map { Swift.max(0, $0 - pbCross) }
        let availInnerMain = innerMain.map { AvailableSpace.definite($0) }
            ?? shrinkSpace(isRow ? availableWidth : availableHeight, by: pbMain)
        let availInnerCross = innerCross.map { AvailableSpace.definite($0) }
            ?? shrinkSpace(isRow ? availableHeight : availableWidth, by: pbCross)
        let gapMain = resolveEdge(sp.pointee.gap, innerMain)
        let gapCross = resolveEdge(sp.pointee.crossGap ?? sp.pointee.gap, innerCross)
        // A wrapping column measured under a min-content constraint, on either axis, is one
        // line, as browsers size it. Its min-content height is its max-content height (as
        // any box's min-content block size): one item a line would make it wider, and its
        // neighbours in a row narrower and taller. Its min-content width is its widest
        // item's: narrower items are taller, so lines at a given height would make it wider.
        let minContentColumn = !isRow && ((innerCross == nil && availInnerCross == .minContent)
                                          || (innerMain == nil && availInnerMain == .minContent))
        let wrap = sp.pointee.wrap && !minContentColumn

        // §9.1 Initial Setup: the items (hidden children take no part, as `display: none`).
        let first = scratch.pointee.items.count
        defer {
            scratch.pointee.items.removeLast(scratch.pointee.items.count - first)
        }
        let innerWidth0 = isRow ? innerMain : innerCross
        let innerHeight0 = isRow ? innerCross : innerMain
        for k in children(node) {
            let c = childList[k]
            if hidden[c] { continue }
            scratch.pointee.items.append(makeFlexItem(c, isRow: isRow, isRTL: isRTL, innerWidth: innerWidth0,
                                      innerHeight: innerHeight0, containerAlign: sp.pointee.align))
        }
        let last = scratch.pointee.items.count

        // §9.2 step 3: Determine the flex base size and hypothetical main size of each item.
        for i in first..<last {
            determineFlexBaseSize(i, isRow: isRow, innerMain: innerMain, innerCross: innerCross,
                                  availInnerMain: availInnerMain, availInnerCross: availInnerCross,
                                  innerWidth: innerWidth0, innerHeight: innerHeight0)
        }

        // §9.3 Main Size Determination, step 5: Collect flex items into flex lines.
        let firstLine = scratch.pointee.lines.count
        defer { scratch.pointee.lines.removeLast(scratch.pointee.lines.count - firstLine) }
        var lineLimit: Double
        if let innerMain { lineLimit = innerMain } else {
            switch availInnerMain {
            case .definite(let v): lineLimit = v
            case .minContent: lineLimit = 0
            case .maxContent: lineLimit = .infinity
            }
        }
        collectLines(first, last, wrap: wrap, limit: lineLimit, gap: gapMain)
        var lastLine = scratch.pointee.lines.count

        // §9.2 step 4 / §9.9.1: the container's main size, when it is not known already.
        if innerMain == nil {
            var longest = 0.0
            var fitted = false
            if case .definite(let avail) = availInnerMain {
                for l in firstLine..<lastLine {
                    var sum = 0.0
                    for i in lines[l].start..<lines[l].end {
                        sum += items[i].hypotheticalMain + items[i].marginsMain
                    }
                    sum += gapMain * Double(Swift.max(0, lines[l].end - lines[l].start - 1))
                    longest = Swift.max(longest, sum)
                }
                let multiLine = lastLine - firstLine > 1
                if multiLine { longest = Swift.max(longest, avail) }
                // A row whose width is neither fixed nor stretched (an item of a column that
                // does not stretch it or that wraps, a child of a zbox that does not stretch
                // it) is fit-content wide, as CSS sizes such a box in the inline axis:
                // min(max-content, max(min-content, available)). The hypothetical sizes add up to the max-content width, so the
                // min-content width only matters when that overflows; its items then shrink
                // (§9.7) to the width found here. A column's height stays its content's height.
                if isRow && longest > avail {
                    let fit = Swift.max(minContentMain(first, last, wrap: wrap, gap: gapMain, isRow: isRow,
                                                       availInnerCross: availInnerCross, innerCross: innerCross,
                                                       innerWidth: innerWidth0, innerHeight: innerHeight0),
                                        avail)
                    // Several lines: all the items on one line (the max-content width) would not fit.
                    longest = multiLine ? fit : Swift.min(longest, fit)
                    fitted = true
                }
            } else {
                for l in firstLine..<lastLine {
                    var sum = 0.0
                    for i in lines[l].start..<lines[l].end {
                        sum += intrinsicContribution(i, isRow: isRow, availInnerMain: availInnerMain,
                                                     availInnerCross: availInnerCross, innerCross: innerCross,
                                                     innerWidth: innerWidth0, innerHeight: innerHeight0,
                                                     base: items[i].base)
                    }
                    sum += gapMain * Double(Swift.max(0, lines[l].end - lines[l].start - 1))
                    longest = Swift.max(longest, sum)
                }
            }
            let outer = Swift.max(Swift.max(Swift.min(longest + pbMain, maxMainC), minMainC), pbMain)
            innerMain = outer - pbMain
            // A fit-content row narrower or wider than the space its lines were collected
            // in: collect them again in its own width (§9.3 step 5 uses the inner main size).
            if fitted && wrap && innerMain! != lineLimit {
                lineLimit = innerMain!
                scratch.pointee.lines.removeLast(scratch.pointee.lines.count - firstLine)
                collectLines(first, last, wrap: wrap, limit: lineLimit, gap: gapMain)
                lastLine = scratch.pointee.lines.count
            }
        }
        let mainInner = innerMain!
        // A measurement that only needed the main size stops here.
        if !perform, let knownCross {
            return isRow ? Size(width: mainInner + pbMain, height: knownCross)
                         : Size(width: knownCross, height: mainInner + pbMain)
        }
        let innerWidth = isRow ? mainInner : innerCross
        let innerHeight = isRow ? innerCross : mainInner

        // §9.3 step 6: Resolve the flexible lengths of all the flex items (§9.7).
        for l in firstLine..<lastLine {
            resolveFlexibleLengths(node, lines[l].start, lines[l].end, mainInner: mainInner, gap: gapMain,
                                   isRow: isRow, availInnerCross: availInnerCross, innerCross: innerCross,
                                   innerWidth: innerWidth, innerHeight: innerHeight)
        }

        // §9.4 Cross Size Determination, step 7: the hypothetical cross size of each item.
        let singleLine = !wrap
        for i in first..<last {
            var hyp: Double
            if !items[i].sizeCross.isNaN {
                hyp = items[i].sizeCross
            } else if singleLine && innerCross != nil && items[i].align == .stretch {
                // Step 11 will stretch it to the line, which is the container: no need to measure.
                hyp = 0
            } else {
                let crossAvail = shrinkSpace(availInnerCross, by: items[i].marginsCross)
                let s = compute(items[i].node, knownWidth: isRow ? items[i].target : nil, knownHeight: isRow ? nil : items[i].target,
                                parentWidth: innerWidth, parentHeight: innerHeight,
                                availableWidth: isRow ? .definite(items[i].target) : crossAvail,
                                availableHeight: isRow ? crossAvail : .definite(items[i].target), perform: false)
                hyp = isRow ? s.height : s.width
            }
            hyp = Swift.max(Swift.max(Swift.min(hyp, items[i].maxCross), items[i].minCross), items[i].pbCross)
            items[i].hypotheticalCross = hyp
        }

        // §9.4 step 8: Calculate the cross size of each flex line.
        for l in firstLine..<lastLine {
            if singleLine, let innerCross {
                lines[l].cross = innerCross
            } else {
                var m = 0.0
                for i in lines[l].start..<lines[l].end {
                    m = Swift.max(m, items[i].hypotheticalCross + items[i].marginsCross)
                }
                if singleLine {
                    m = Swift.max(Swift.min(m + pbCross, maxCrossC), minCrossC) - pbCross
                }
                lines[l].cross = Swift.max(0, m)
            }
        }

        // §9.4 step 15: Determine the flex container's used cross size.
        let lineGaps = gapCross * Double(Swift.max(0, lastLine - firstLine - 1))
        if innerCross == nil {
            var sum = lineGaps
            for l in firstLine..<lastLine { sum += lines[l].cross }
            innerCross = Swift.max(Swift.max(Swift.min(sum + pbCross, maxCrossC), minCrossC), pbCross) - pbCross
        }
        let crossInner = innerCross!
        let outerMain = mainInner + pbMain
        let outerCross = crossInner + pbCross
        let outer = isRow ? Size(width: outerMain, height: outerCross) : Size(width: outerCross, height: outerMain)
        if !perform { return outer }

        // §9.4 step 9: Handle 'align-content: stretch' (the `normal` of a multi-line container).
        if !singleLine && lastLine > firstLine {
            var sum = lineGaps
            for l in firstLine..<lastLine { sum += lines[l].cross }
            let free = crossInner - sum
            if free > 0 {
                let extra = free / Double(lastLine - firstLine)
                for l in firstLine..<lastLine { lines[l].cross += extra }
            }
        }

        // §9.4 step 11: Determine the used cross size of each flex item.
        for l in firstLine..<lastLine {
            for i in lines[l].start..<lines[l].end {
                if items[i].align == .stretch && items[i].sizeCross.isNaN {
                    items[i].cross = Swift.max(Swift.max(Swift.min(lines[l].cross - items[i].marginsCross, items[i].maxCross),
                                                         items[i].minCross), items[i].pbCross)
                } else {
                    items[i].cross = items[i].hypotheticalCross
                }
            }
        }

        // §9.5 Main-Axis Alignment (step 12) and §9.6 Cross-Axis Alignment (steps 13-14),
        // then the arrange pass of each item with its final size.
        let justify = sp.pointee.justify
        var lineOffset = pbCrossStart
        let finalInnerWidth = isRow ? mainInner : crossInner
        let finalInnerHeight = isRow ? crossInner : mainInner
        let finalWidth = isRow ? outerMain : outerCross
        for l in firstLine..<lastLine {
            let line = lines[l]
            let n = line.end - line.start
            var used = gapMain * Double(Swift.max(0, n - 1))
            for i in line.start..<line.end { used += items[i].target + items[i].marginsMain }
            let free = mainInner - used
            var position = pbMainStart
            var between = 0.0
            switch justify {
            case .start: break
            case .end: position += free
            case .center: position += free / 2
            case .spaceBetween:
                if free > 0 && n > 1 { between = free / Double(n - 1) }
            case .spaceAround:
                if free > 0 && n > 0 { between = free / Double(n); position += between / 2 } else { position += free / 2 }
            case .spaceEvenly:
                if free > 0 && n > 0 { between = free / Double(n + 1); position += between } else { position += free / 2 }
            }
            for i in line.start..<line.end {
                let mainPos = position + items[i].marginMainStart
                let crossFree = line.cross - items[i].cross - items[i].marginsCross
                var crossPos = lineOffset + items[i].marginCrossStart
                switch items[i].align {
                case .start, .stretch, .baseline: break
                case .center: crossPos += crossFree / 2
                case .end: crossPos += crossFree
                }
                var frame = isRow
                    ? Rect(x: mainPos, y: crossPos, width: items[i].target, height: items[i].cross)
                    : Rect(x: crossPos, y: mainPos, width: items[i].cross, height: items[i].target)
                if isRTL { frame.x = finalWidth - frame.x - frame.width }
                _ = compute(items[i].node, knownWidth: frame.width, knownHeight: frame.height,
                            parentWidth: finalInnerWidth, parentHeight: finalInnerHeight,
                            availableWidth: .definite(frame.width), availableHeight: .definite(frame.height),
                            perform: true)
                frames[items[i].node] = frame
                position = mainPos + items[i].target + items[i].marginMainEnd + gapMain + between
            }
            lineOffset += line.cross + gapCross
        }
        return outer
    }

    /// §9.3 step 5: puts the items `first..<last` on flex lines `limit` points long (one
    /// line when the container does not wrap), appended to the scratch lines.
    private func collectLines(_ first: Int, _ last: Int, wrap: Bool, limit: Double, gap: Double) {
        if !wrap || last == first {
            scratch.pointee.lines.append(FlexLine(start: first, end: last, cross: 0))
            return
        }
        var start = first
        var used = 0.0
        for i in first..<last {
            let outer = items[i].hypotheticalMain + items[i].marginsMain
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

    /// §9.9.1: the container's min-content main size, what measuring it under a min-content
    /// constraint gives (each item on its own line when it wraps), for items whose flex
    /// base sizes were found in a definite space. Only content-based items are measured
    /// again, at their min-content size.
    private func minContentMain(_ first: Int, _ last: Int, wrap: Bool, gap: Double, isRow: Bool,
                                availInnerCross: AvailableSpace, innerCross: Double?,
                                innerWidth: Double?, innerHeight: Double?) -> Double {
        var sum = 0.0, widest = 0.0
        for i in first..<last {
            var base = items[i].base
            if items[i].contentBased {
                let cross = measuringCross(i, innerCross: innerCross)
                let crossAvail = shrinkSpace(availInnerCross, by: items[i].marginsCross)
                let s = compute(items[i].node, knownWidth: isRow ? nil : cross, knownHeight: isRow ? cross : nil,
                                parentWidth: innerWidth, parentHeight: innerHeight,
                                availableWidth: isRow ? .minContent : crossAvail,
                                availableHeight: isRow ? crossAvail : .minContent, perform: false)
                base = Swift.max(isRow ? s.width : s.height, items[i].pbMain)
            }
            let c = intrinsicContribution(i, isRow: isRow, availInnerMain: .minContent,
                                          availInnerCross: availInnerCross, innerCross: innerCross,
                                          innerWidth: innerWidth, innerHeight: innerHeight, base: base)
            sum += c
            widest = Swift.max(widest, c)
        }
        return wrap ? widest : sum + gap * Double(Swift.max(0, last - first - 1))
    }

    /// §9.1: an item's style resolved against the container's inner size.
    @inline(__always)
    private func makeFlexItem(_ c: NodeID, isRow: Bool, isRTL: Bool, innerWidth: Double?,
                              innerHeight: Double?, containerAlign: Align) -> FlexItem {
        let s = styles.baseAddress! + c
        var m = margins(c, parentWidth: innerWidth)
        if isRTL { swap(&m.left, &m.right) }
        let pb = insets(c, parentWidth: innerWidth)
        let innerMain = isRow ? innerWidth : innerHeight
        let innerCross = isRow ? innerHeight : innerWidth
        var item = FlexItem(
            node: c,
            marginMainStart: isRow ? m.left : m.top, marginMainEnd: isRow ? m.right : m.bottom,
            marginCrossStart: isRow ? m.top : m.left, marginCrossEnd: isRow ? m.bottom : m.right,
            pbMain: isRow ? pb.horizontal : pb.vertical, pbCross: isRow ? pb.vertical : pb.horizontal,
            sizeMain: resolve(isRow ? s.pointee.width : s.pointee.height, innerMain) ?? .nan,
            sizeCross: resolve(isRow ? s.pointee.height : s.pointee.width, innerCross) ?? .nan,
            minMain: resolve(isRow ? s.pointee.minWidth : s.pointee.minHeight, innerMain) ?? .nan,
            maxMain: resolve(isRow ? s.pointee.maxWidth : s.pointee.maxHeight, innerMain) ?? .infinity,
            minCross: resolve(isRow ? s.pointee.minHeight : s.pointee.minWidth, innerCross) ?? 0,
            maxCross: resolve(isRow ? s.pointee.maxHeight : s.pointee.maxWidth, innerCross) ?? .infinity,
            grow: s.pointee.grow, shrink: s.pointee.shrink,
            align: s.pointee.alignSelf ?? containerAlign,
            explicitBasis: false, contentBased: false, autoMin: .nan,
            base: 0, hypotheticalMain: 0, target: 0, frozen: false, violation: 0,
            hypotheticalCross: 0, cross: 0)
        switch tags[c] {
        case .flexibleSpacer:
            // A toolbar's flexible space: grow 1, basis 0, shrink 1; it ignores the cross axis.
            if item.grow == 0 { item.grow = 1 }
            item.shrink = 1
            item.explicitBasis = true
            item.autoMin = 0
            if item.minMain.isNaN { item.minMain = 0 }
            if item.sizeCross.isNaN { item.sizeCross = 0 }
        case .fixedSpacer:
            item.grow = 0
            item.shrink = 0
            item.autoMin = 0
            if item.minMain.isNaN { item.minMain = 0 }
            if item.sizeCross.isNaN { item.sizeCross = 0 }
        default:
            break
        }
        if !item.sizeCross.isNaN {
            item.sizeCross = Swift.max(Swift.max(Swift.min(item.sizeCross, item.maxCross), item.minCross), item.pbCross)
        }
        if let ratio = s.pointee.aspectRatio, item.sizeMain.isNaN, !item.sizeCross.isNaN {
            item.sizeMain = isRow ? item.sizeCross * ratio : item.sizeCross / ratio
        }
        return item
    }

    /// The cross size an item is measured with before the container's lines are known:
    /// its own size, or the container's inner cross size when it will be stretched.
    @inline(__always)
    private func measuringCross(_ i: Int, innerCross: Double?) -> Double? {
        if !items[i].sizeCross.isNaN { return items[i].sizeCross }
        if items[i].align == .stretch, let innerCross {
            return Swift.max(Swift.max(Swift.min(innerCross - items[i].marginsCross, items[i].maxCross), items[i].minCross),
                             items[i].pbCross)
        }
        return nil
    }

    /// §9.2 step 3: the flex base size (A-E) and the hypothetical main size.
    private func determineFlexBaseSize(_ i: Int, isRow: Bool, innerMain: Double?, innerCross: Double?,
                                       availInnerMain: AvailableSpace, availInnerCross: AvailableSpace,
                                       innerWidth: Double?, innerHeight: Double?) {
        let basisStyle = style(items[i].node).pointee.basis
        var base: Double
        var explicit = items[i].explicitBasis
        var contentBased = false
        if case .fixedSpacer = tags[items[i].node], case .spacer(let length?) = tree.kinds[items[i].node] {
            base = length
            explicit = true
        } else if tags[items[i].node] == .flexibleSpacer {
            base = resolve(basisStyle, innerMain) ?? 0
        } else if let b = resolve(basisStyle, innerMain) {
            // A: a definite flex basis.
            base = b
            explicit = true
        } else if !items[i].sizeMain.isNaN {
            // `flex-basis: auto` takes the item's definite main size (B is folded in here:
            // a definite cross size with an aspect ratio gave `sizeMain` in makeFlexItem).
            base = items[i].sizeMain
        } else {
            // E: size the item into the available space as max-content (min-content
            // when the container itself is sized under a min-content constraint).
            let cross = measuringCross(i, innerCross: innerCross)
            let mainAvail: AvailableSpace = availInnerMain == .minContent ? .minContent : .maxContent
            let crossAvail = shrinkSpace(availInnerCross, by: items[i].marginsCross)
            let s = compute(items[i].node, knownWidth: isRow ? nil : cross, knownHeight: isRow ? cross : nil,
                            parentWidth: innerWidth, parentHeight: innerHeight,
                            availableWidth: isRow ? mainAvail : crossAvail,
                            availableHeight: isRow ? crossAvail : mainAvail, perform: false)
            base = isRow ? s.width : s.height
            contentBased = true
        }
        base = Swift.max(base, items[i].pbMain)
        items[i].base = base
        items[i].explicitBasis = explicit
        items[i].contentBased = contentBased
        // The hypothetical main size: the base clamped by min and max main sizes. The
        // automatic minimum can only exceed the base when the base is an explicit basis.
        var minMain = items[i].minMain
        if minMain.isNaN {
            minMain = explicit ? automaticMinimum(i, isRow: isRow, innerCross: innerCross,
                                                  availInnerCross: availInnerCross,
                                                  innerWidth: innerWidth, innerHeight: innerHeight) : 0
        }
        items[i].hypotheticalMain = Swift.max(Swift.max(Swift.min(base, items[i].maxMain), minMain), items[i].pbMain)
    }

    /// CSS Flexbox §4.5 Automatic Minimum Size of Flex Items: the content-based minimum
    /// size (min-content), clamped by the specified size and the max size, as browsers do.
    private func automaticMinimum(_ i: Int, isRow: Bool, innerCross: Double?, availInnerCross: AvailableSpace,
                                  innerWidth: Double?, innerHeight: Double?) -> Double {
        if !items[i].autoMin.isNaN { return items[i].autoMin }
        let cross = measuringCross(i, innerCross: innerCross)
        let crossAvail = shrinkSpace(availInnerCross, by: items[i].marginsCross)
        let s = compute(items[i].node, knownWidth: isRow ? nil : cross, knownHeight: isRow ? cross : nil,
                        parentWidth: innerWidth, parentHeight: innerHeight,
                        availableWidth: isRow ? .minContent : crossAvail,
                        availableHeight: isRow ? crossAvail : .minContent,
                        perform: false, contentSize: true)
        var v = isRow ? s.width : s.height
        if !items[i].sizeMain.isNaN { v = Swift.min(v, items[i].sizeMain) }
        v = Swift.max(Swift.min(v, items[i].maxMain), items[i].pbMain)
        items[i].autoMin = v
        return v
    }

    /// §9.9.1 Flex Container Intrinsic Main Sizes: one item's min-/max-content
    /// contribution, as Chrome, Firefox and Taffy compute items[i]; `base` is its flex
    /// base size under that constraint.
    private func intrinsicContribution(_ i: Int, isRow: Bool, availInnerMain: AvailableSpace,
                                       availInnerCross: AvailableSpace, innerCross: Double?,
                                       innerWidth: Double?, innerHeight: Double?, base: Double) -> Double {
        let clampingBasis = items[i].sizeMain.isNaN ? base : Swift.max(base, items[i].sizeMain)
        var resolvedMin = items[i].minMain
        if resolvedMin.isNaN {
            resolvedMin = items[i].explicitBasis
                ? automaticMinimum(i, isRow: isRow, innerCross: innerCross, availInnerCross: availInnerCross,
                                   innerWidth: innerWidth, innerHeight: innerHeight)
                : 0
        }
        let minMain = items[i].shrink == 0 ? Swift.max(resolvedMin, clampingBasis) : resolvedMin
        let maxMain = items[i].grow == 0 ? Swift.min(items[i].maxMain, clampingBasis) : items[i].maxMain
        var size: Double
        if !items[i].sizeMain.isNaN && (maxMain <= minMain || maxMain <= items[i].sizeMain) {
            size = Swift.max(Swift.min(items[i].sizeMain, maxMain), minMain)
        } else if maxMain <= minMain {
            size = minMain
        } else {
            var content: Double
            if items[i].contentBased {
                content = base
            } else if !items[i].sizeMain.isNaN {
                content = items[i].sizeMain
            } else {
                let cross = measuringCross(i, innerCross: innerCross)
                let crossAvail = shrinkSpace(availInnerCross, by: items[i].marginsCross)
                let s = compute(items[i].node, knownWidth: isRow ? nil : cross, knownHeight: isRow ? cross : nil,
                                parentWidth: innerWidth, parentHeight: innerHeight,
                                availableWidth: isRow ? availInnerMain : crossAvail,
                                availableHeight: isRow ? crossAvail : availInnerMain, perform: false)
                content = isRow ? s.width : s.height
            }
            if !items[i].minMain.isNaN { content = Swift.max(content, items[i].minMain) }
            content = Swift.min(content, items[i].maxMain)
            size = Swift.max(Swift.min(content, maxMain), minMain)
        }
        return Swift.max(size, items[i].pbMain) + items[i].marginsMain
    }

    /// §9.7 Resolving Flexible Lengths, for the items `start..<end` of one line.
    ///
    /// Each pass of the step 4 loop freezes at least one item when its numbers are finite
    /// (a non-zero total violation has items of its sign; a zero one freezes them all), so
    /// the loop runs at most once per item. A pass that freezes none has met NaN: the loop
    /// stops, every item keeps its target, and the container is reported as unresolved.
    private func resolveFlexibleLengths(_ container: NodeID, _ start: Int, _ end: Int, mainInner: Double, gap: Double,
                                        isRow: Bool, availInnerCross: AvailableSpace, innerCross: Double?,
                                        innerWidth: Double?, innerHeight: Double?) {
        let gaps = gap * Double(Swift.max(0, end - start - 1))
        // Step 1: determine the used flex factor.
        var sumHypothetical = gaps
        for i in start..<end { sumHypothetical += items[i].hypotheticalMain + items[i].marginsMain }
        let growing = sumHypothetical < mainInner

        // Step 2: size inflexible items.
        for i in start..<end {
            let factor = growing ? items[i].grow : items[i].shrink
            if factor == 0 || (growing && items[i].base > items[i].hypotheticalMain) || (!growing && items[i].base < items[i].hypotheticalMain) {
                items[i].target = items[i].hypotheticalMain
                items[i].frozen = true
            } else {
                items[i].target = items[i].base
                items[i].frozen = false
            }
        }

        // Step 3: calculate initial free space.
        var initialFree = mainInner - gaps
        for i in start..<end {
            initialFree -= (items[i].frozen ? items[i].target : items[i].base) + items[i].marginsMain
        }

        // Step 4: loop (at most once per item, plus the pass that finds none unfrozen).
        for _ in 0...(end - start) {
            // a. Check for flexible items.
            var unfrozen = 0
            var sumFactors = 0.0
            var sumScaledShrink = 0.0
            var used = gaps
            for i in start..<end {
                if items[i].frozen {
                    used += items[i].target + items[i].marginsMain
                } else {
                    unfrozen += 1
                    used += items[i].base + items[i].marginsMain
                    sumFactors += growing ? items[i].grow : items[i].shrink
                    sumScaledShrink += items[i].shrink * (items[i].base - items[i].pbMain)
                }
            }
            if unfrozen == 0 { break }

            // b. Calculate the remaining free space.
            var free = mainInner - used
            if sumFactors < 1 {
                let scaled = initialFree * sumFactors
                if abs(scaled) < abs(free) { free = scaled }
            }

            // c. Distribute free space proportional to the flex factors.
            for i in start..<end where !items[i].frozen {
                var target = items[i].base
                if free.isFinite && free != 0 {
                    if growing {
                        if sumFactors > 0 { target = items[i].base + free * items[i].grow / sumFactors }
                    } else if sumScaledShrink > 0 {
                        target = items[i].base + free * (items[i].shrink * (items[i].base - items[i].pbMain)) / sumScaledShrink
                    }
                }
                items[i].target = target
            }

            // d. Fix min/max violations.
            var totalViolation = 0.0
            for i in start..<end where !items[i].frozen {
                var minMain = items[i].minMain
                if minMain.isNaN {
                    minMain = (growing && !items[i].explicitBasis) ? 0
                        : automaticMinimum(i, isRow: isRow, innerCross: innerCross, availInnerCross: availInnerCross,
                                           innerWidth: innerWidth, innerHeight: innerHeight)
                }
                let target = items[i].target
                let clamped = Swift.max(Swift.max(Swift.min(target, items[i].maxMain), minMain), items[i].pbMain)
                items[i].violation = clamped - target
                items[i].target = clamped
                totalViolation += clamped - target
            }

            // e. Freeze over-flexed items.
            var froze = false
            for i in start..<end where !items[i].frozen {
                let v = items[i].violation
                if totalViolation == 0 || (totalViolation > 0 && v > 0) || (totalViolation < 0 && v < 0) {
                    items[i].frozen = true
                    froze = true
                }
            }
            if !froze {
                fail(.flexibleLengthsUnresolved(node: container, name: tree.names[container]))
                for i in start..<end { items[i].frozen = true }
                return
            }
        }
    }
}
