// `border`: children in `top`, `bottom`, `left`, `right` regions around a `center`, as
// YOLayout's border layouts.
//
// - `top` children take the full content width and their own height, stacked downwards
//   in document order; `bottom` children likewise, in document order, the last one on
//   the bottom edge.
// - `left` and `right` children take the height left between them and their own width,
//   in document order from left to right (the last `right` child on the right edge).
//   Their own width is their max-content width; when the middle row has no room for it,
//   they shrink toward their min-content width as flex items with `shrink=1` (see
//   `shrinkSides`), so a border is never arranged wider than it measured itself.
// - `center` (at most one) takes the rest. `gap` separates neighbouring pieces.
// - The auto width is the widest of the top/bottom children and the left+center+right
//   row (fit-content in a definite space: the space, at least the row's min-content
//   width, when the row would overflow it); the auto height adds the tops, the tallest
//   middle child and the bottoms.
// - Regions are physical: `left` stays left in RTL.

extension LayoutContext {
    func layoutBorder(_ node: NodeID, width: Double?, height: Double?,
                      availableWidth: AvailableSpace, availableHeight: AvailableSpace,
                      bounds: NodeBounds, perform: Bool) -> Size {
        let pb = bounds.insets
        let gap = resolveEdge(style(node).pointee.gap, width.map { Swift.max(0, $0 - pb.horizontal) })
        var innerW = width.map { Swift.max(0, $0 - pb.horizontal) }
        var innerH = height.map { Swift.max(0, $0 - pb.vertical) }
        let availW = innerW.map { AvailableSpace.definite($0) } ?? shrinkSpace(availableWidth, by: pb.horizontal)
        let availH = innerH.map { AvailableSpace.definite($0) } ?? shrinkSpace(availableHeight, by: pb.vertical)

        var visible: [NodeID] = []
        var hasMiddle = false
        for k in children(node) where !hidden[childList[k]] {
            let c = childList[k]
            visible.append(c)
            if style(c).pointee.region != .top && style(c).pointee.region != .bottom { hasMiddle = true }
        }

        func measure(_ c: NodeID, _ kw: Double?, _ kh: Double?, _ aw: AvailableSpace, _ ah: AvailableSpace) -> Size {
            compute(c, knownWidth: kw, knownHeight: kh, parentWidth: innerW, parentHeight: innerH,
                    availableWidth: aw, availableHeight: ah, perform: false)
        }

        // The width: the widest top/bottom child, or the middle row laid side by side. Like
        // a row, the middle row is fit-content: when its pieces, each fitted to the space,
        // add up to more than there is, it is as wide as the space, or as its min-content
        // width if that is wider (the sides then shrink, below).
        if innerW == nil {
            var widest = 0.0, row = 0.0, pieces = 0
            for c in visible {
                let m = margins(c, parentWidth: nil)
                let s = measure(c, nil, nil, shrinkSpace(availW, by: m.horizontal), .maxContent)
                switch style(c).pointee.region {
                case .top, .bottom: widest = Swift.max(widest, s.width + m.horizontal)
                default: row += s.width + m.horizontal; pieces += 1
                }
            }
            let rowGaps = gap * Double(Swift.max(0, pieces - 1))
            row += rowGaps
            if case .definite(let avail) = availW, row > avail {
                var rowMin = rowGaps
                for c in visible where style(c).pointee.region != .top && style(c).pointee.region != .bottom {
                    rowMin += measure(c, nil, nil, .minContent, .maxContent).width + margins(c, parentWidth: nil).horizontal
                }
                row = Swift.min(row, Swift.max(rowMin, avail))
            }
            innerW = bounds.clampWidth(Swift.max(widest, row) + pb.horizontal) - pb.horizontal
        }
        let iw = innerW!

        // Heights of the top and bottom children at the full width; widths of the middle ones.
        var frameOf: [Rect] = Array(repeating: .zero, count: visible.count)
        var topsHeight = 0.0, bottomsHeight = 0.0, tops = 0, bottoms = 0
        var sideIndices: [Int] = []
        var centerIndex: Int? = nil
        for (j, c) in visible.enumerated() {
            let m = margins(c, parentWidth: iw)
            switch style(c).pointee.region {
            case .top, .bottom:
                let w = styledOr(c, .horizontal, iw, Swift.max(0, iw - m.horizontal))
                let s = measure(c, w, nil, .definite(Swift.max(0, iw - m.horizontal)), availH)
                frameOf[j] = Rect(x: 0, y: 0, width: s.width, height: s.height)
                if style(c).pointee.region == .top { topsHeight += s.height + m.vertical; tops += 1 }
                else { bottomsHeight += s.height + m.vertical; bottoms += 1 }
            case .left, .right:
                // At no particular height: the side's width must not depend on whether the
                // border's height is known yet (measuring or arranging).
                let s = measure(c, nil, nil, .maxContent, .maxContent)
                frameOf[j] = Rect(x: 0, y: 0, width: s.width, height: s.height)
                sideIndices.append(j)
            case .center:
                centerIndex = j
            }
        }
        let sides = sideIndices.count
        shrinkSides(node, visible, sideIndices, centerIndex, &frameOf, innerWidth: iw, gap: gap, measure: measure)
        var sideWidth = 0.0, middleHeight = 0.0
        for j in sideIndices {
            let m = margins(visible[j], parentWidth: iw)
            sideWidth += frameOf[j].width + m.horizontal
            middleHeight = Swift.max(middleHeight, frameOf[j].height + m.vertical)
        }
        let middlePieces = sides + (centerIndex == nil ? 0 : 1)
        let centerWidth = Swift.max(0, iw - sideWidth - gap * Double(Swift.max(0, middlePieces - 1)))
        if let j = centerIndex {
            let c = visible[j]
            let m = margins(c, parentWidth: iw)
            let w = styledOr(c, .horizontal, iw, Swift.max(0, centerWidth - m.horizontal))
            let s = measure(c, w, nil, .definite(Swift.max(0, centerWidth - m.horizontal)), availH)
            frameOf[j] = Rect(x: 0, y: 0, width: s.width, height: s.height)
            middleHeight = Swift.max(middleHeight, s.height + m.vertical)
        }
        let bands = tops + bottoms + (hasMiddle ? 1 : 0)
        let bandGaps = gap * Double(Swift.max(0, bands - 1))
        if innerH == nil {
            innerH = bounds.clampHeight(topsHeight + bottomsHeight + (hasMiddle ? middleHeight : 0) + bandGaps
                                        + pb.vertical) - pb.vertical
        }
        let ih = innerH!
        let outer = Size(width: iw + pb.horizontal, height: ih + pb.vertical)
        if !perform { return outer }

        // Arrange: tops downwards, bottoms up to the bottom edge, the middle row between.
        let middleTop = topsHeight + gap * Double(tops)
        let middleH = Swift.max(0, ih - topsHeight - bottomsHeight - bandGaps)
        var y = pb.top
        var bottomY = pb.top + ih - bottomsHeight - gap * Double(Swift.max(0, bottoms - 1))
        var leftX = pb.left
        var rightWidths = 0.0, rightCount = 0
        for (j, c) in visible.enumerated() where style(c).pointee.region == .right {
            let m = margins(c, parentWidth: iw)
            rightWidths += frameOf[j].width + m.horizontal
            rightCount += 1
        }
        var rightX = pb.left + iw - rightWidths - gap * Double(Swift.max(0, rightCount - 1))
        var centerX = pb.left
        // The centre's left edge comes after all left children.
        for (j, c) in visible.enumerated() where style(c).pointee.region == .left {
            let m = margins(c, parentWidth: iw)
            centerX += frameOf[j].width + m.horizontal + gap
        }
        for (j, c) in visible.enumerated() {
            let m = margins(c, parentWidth: iw)
            var f = frameOf[j]
            switch style(c).pointee.region {
            case .top:
                f.x = pb.left + m.left; f.y = y + m.top
                y += f.height + m.vertical + gap
            case .bottom:
                f.x = pb.left + m.left; f.y = bottomY + m.top
                bottomY += f.height + m.vertical + gap
            case .left, .right:
                let h = styledOr(c, .vertical, ih, Swift.max(0, middleH - m.vertical)) ?? f.height
                f.height = h
                f.y = pb.top + middleTop + m.top
                if style(c).pointee.region == .left {
                    f.x = leftX + m.left
                    leftX += f.width + m.horizontal + gap
                } else {
                    f.x = rightX + m.left
                    rightX += f.width + m.horizontal + gap
                }
            case .center:
                f.height = styledOr(c, .vertical, ih, Swift.max(0, middleH - m.vertical)) ?? f.height
                f.x = centerX + m.left
                f.y = pb.top + middleTop + m.top
            }
            _ = compute(c, knownWidth: f.width, knownHeight: f.height, parentWidth: iw, parentHeight: ih,
                        availableWidth: .definite(f.width), availableHeight: .definite(f.height), perform: true)
            frames[c] = f
        }
        return outer
    }

    /// The `left` and `right` children `sideIndices` of `visible` keep their max-content
    /// width when the middle row has room for it, and shrink toward their min-content width
    /// when it has not, as flex items with `shrink=1` and a max-content basis (CSS Flexbox
    /// §9.7): the shortfall is shared in proportion to their content widths, and a side
    /// that reaches its min-content width stops there. The centre counts as a piece of its
    /// min-content width: sides do not squeeze it below that. Shrunk sides are measured
    /// again for their height at their new width.
    ///
    /// The sides are resolved by the stacks' own §9.7 loop (`resolveFlexibleLengths`), as
    /// items of one line with a max-content base, shrink 1 and their min-content width as
    /// their minimum.
    private func shrinkSides(_ node: NodeID, _ visible: [NodeID], _ sideIndices: [Int], _ centerIndex: Int?, _ frameOf: inout [Rect],
                             innerWidth iw: Double, gap: Double,
                             measure: (NodeID, Double?, Double?, AvailableSpace, AvailableSpace) -> Size) {
        if sideIndices.isEmpty { return }
        let pieces = sideIndices.count + (centerIndex == nil ? 0 : 1)
        var space = iw - gap * Double(pieces - 1)
        if let j = centerIndex {
            let c = visible[j]
            space -= measure(c, nil, nil, .minContent, .maxContent).width + margins(c, parentWidth: iw).horizontal
        }
        var wanted = 0.0
        for j in sideIndices { wanted += frameOf[j].width + margins(visible[j], parentWidth: iw).horizontal }
        if wanted <= space + 1e-9 { return }
        // Sides so wide that their sum overflows leave nothing to share.
        guard wanted.isFinite && space.isFinite else {
            fail(.flexibleLengthsUnresolved(node: node, name: tree.names[node]))
            return
        }

        let first = scratch.pointee.items.count
        defer { scratch.pointee.items.removeLast(scratch.pointee.items.count - first) }
        for j in sideIndices {
            let c = visible[j]
            let base = frameOf[j].width
            let least = Swift.min(base, measure(c, nil, nil, .minContent, .maxContent).width)
            scratch.pointee.items.append(FlexItem(side: c, base: base, minimum: least,
                                                  paddingAndBorder: insets(c, parentWidth: iw).horizontal,
                                                  margins: margins(c, parentWidth: iw).horizontal))
        }
        let last = scratch.pointee.items.count
        let context = FlexContext(axis: FlexAxis(isRow: true, rtl: false, reverse: false, wrapReverse: false),
                                  innerWidth: iw, percentHeight: nil, definiteCross: nil, availCross: .maxContent,
                                  singleLine: true, crossReversed: false)
        resolveFlexibleLengths(container: node, first, last, mainInner: space, gap: 0, context)
        for (k, j) in sideIndices.enumerated() where items[first + k].target != items[first + k].base {
            let width = items[first + k].target
            let h = measure(visible[j], width, nil, .definite(width), .maxContent).height
            frameOf[j] = Rect(x: 0, y: 0, width: width, height: h)
        }
    }
}
