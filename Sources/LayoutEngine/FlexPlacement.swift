// CSS Flexbox §9.5 step 12 and §9.6 steps 13-14: the items placed on both axes in their
// lines and arranged at their used sizes, and the container's first baseline (§9.4 of
// CSS Flexbox, "flex container baselines") from them.

extension LayoutContext {
    /// Places and arranges the items of lines `firstLine..<lastLine` in a container of size
    /// `outer` (`edges`: its padding and border on the flex axes); returns the container's
    /// first baseline from its top edge (NaN when it has none).
    func placeFlexItems(_ node: NodeID, _ firstLine: Int, _ lastLine: Int, outer: Size, edges pb: FlexEdges,
                        mainInner: Double, gap gapMain: Double, percentBase: (width: Double, height: Double?),
                        _ ctx: FlexContext) -> Double {
        let sp = style(node)
        let axis = ctx.axis
        var containerBaseline = Double.nan
        // (With `wrap=reverse`, the last line gives it, the one nearest the cross start.)
        let baselineLine = sp.pointee.wrap && sp.pointee.wrapReverse ? lastLine - 1 : firstLine
        for l in firstLine..<lastLine {
            let line = lines[l]
            var position = pb.mainStart
            var between = 0.0
            distributeMainSpace(line, mainInner: mainInner, gap: gapMain, justify: sp.pointee.justify,
                                safe: sp.pointee.justifySafe, startIsMainEnd: sp.pointee.reverse,
                                position: &position, between: &between)
            for i in line.start..<line.end {
                let mainPos = position + items[i].margin.mainStart
                let crossPos = line.offset + crossOffset(i, line, startIsCrossEnd: sp.pointee.wrap && sp.pointee.wrapReverse)
                let frame = axis.frame(main: mainPos, cross: crossPos, mainSize: items[i].target,
                                       crossSize: items[i].cross, in: outer)
                arrangeFlexItem(i, frame, line: line, percentBase: percentBase, axis: axis)
                if containerBaseline.isNaN && l == baselineLine {
                    containerBaseline = containerBaselineCandidate(node, item: i, line: line, frame: frame, outer: outer,
                                                                   innerWidth: ctx.innerWidth, axis: axis)
                }
                position = mainPos + items[i].target + items[i].margin.mainEnd + gapMain + between
            }
        }
        return containerBaseline
    }

    /// Lays item `i` out in `frame` (the arrange pass) and records its frame.
    private func arrangeFlexItem(_ i: Int, _ frame: Rect, line: FlexLine, percentBase: (width: Double, height: Double?),
                                 axis: FlexAxis) {
        // A stretched item is laid out again with its cross size as definite (§9.4
        // step 11), whether or not the container's is.
        let definiteHeight = axis.isRow
            ? heightIsDefinite(items[i].node, fixedByParent: items[i].stretches, ownHeight: !items[i].sizeCross.isNaN)
            : items[i].definiteMain
        // (Such a column's percentages stay of the stretched height, or of its own.)
        let keywordBounded = axis.isRow && hasKeywordHeightBounds(column: items[i].node)
        let stretchedPercentHeight = keywordBounded && items[i].stretches ? line.cross - items[i].margin.cross
            : keywordBounded && !items[i].sizeCross.isNaN ? items[i].sizeCross : nil
        _ = compute(items[i].node, knownWidth: frame.width, knownHeight: frame.height,
                    parentWidth: percentBase.width, parentHeight: percentBase.height,
                    availableWidth: .definite(frame.width), availableHeight: .definite(frame.height),
                    perform: true, definiteHeight: definiteHeight, percentHeight: stretchedPercentHeight)
        frames[items[i].node] = relativeOffset(items[i].node, frame, parentWidth: percentBase.width,
                                               parentHeight: percentBase.height)
    }

    /// The container's first baseline as item `i` (placed at `frame`, in the line that
    /// gives it) makes it, or NaN when that item does not: its first line's baseline group
    /// (a row's), or its first item's (synthesized at that item's bottom when it has none);
    /// in a `reverse` stack its last item's, the one placed first from the physical start,
    /// as in Chromium. It may lie below the container's bottom edge unless the container
    /// clips.
    private func containerBaselineCandidate(_ node: NodeID, item i: Int, line: FlexLine, frame: Rect, outer: Size,
                                            innerWidth: Double, axis: FlexAxis) -> Double {
        let sp = style(node)
        var baseline = Double.nan
        if line.hasBaselineItems && axis.isRow {
            if items[i].align == .baseline {
                baseline = frame.y + (itemBaseline(items[i].node, frame.size, parentWidth: innerWidth) ?? frame.height)
            }
        } else if i == (sp.pointee.reverse ? line.end - 1 : line.start) {
            baseline = frame.y + (itemBaseline(items[i].node, frame.size, parentWidth: innerWidth) ?? frame.height)
        }
        if sp.pointee.clipsContent { baseline = Swift.min(baseline, outer.height) }
        return baseline
    }
}
