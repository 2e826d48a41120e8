// `border`: children in `top`, `bottom`, `left`, `right` regions around a `center`, as
// YOLayout's border layouts.
//
// - `top` children take the full content width and their own height, stacked downwards
//   in document order; `bottom` children likewise, in document order, the last one on
//   the bottom edge.
// - `left` and `right` children take the height left between them and their own width,
//   in document order from left to right (the last `right` child on the right edge).
// - `center` (at most one) takes the rest. `gap` separates neighbouring pieces.
// - The auto width is the widest of the top/bottom children and the left+center+right
//   row; the auto height adds the tops, the tallest middle child and the bottoms.
// - Regions are physical: `left` stays left in RTL.

extension LayoutContext {
    func layoutBorder(_ node: NodeID, width: Double?, height: Double?,
                      availableWidth: AvailableSpace, availableHeight: AvailableSpace,
                      bounds: NodeBounds, perform: Bool) -> Size {
        let pb = bounds.insets
        let gap = style(node).pointee.gap
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

        // The width: the widest top/bottom child, or the middle row laid side by side.
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
            row += gap * Double(Swift.max(0, pieces - 1))
            innerW = bounds.clampWidth(Swift.max(widest, row) + pb.horizontal) - pb.horizontal
        }
        let iw = innerW!

        // Heights of the top and bottom children at the full width; widths of the middle ones.
        var frameOf: [Rect] = Array(repeating: .zero, count: visible.count)
        var topsHeight = 0.0, bottomsHeight = 0.0, tops = 0, bottoms = 0
        var sideWidth = 0.0, sides = 0, middleHeight = 0.0
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
                let s = measure(c, nil, nil, .maxContent, availH)
                frameOf[j] = Rect(x: 0, y: 0, width: s.width, height: s.height)
                sideWidth += s.width + m.horizontal
                sides += 1
                middleHeight = Swift.max(middleHeight, s.height + m.vertical)
            case .center:
                centerIndex = j
            }
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
}
