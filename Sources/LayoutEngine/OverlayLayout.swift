// `zbox`: children on top of each other in the content box, each placed on both axes by
// `alignSelf ?? align` (`stretch` fills, respecting min/max and a definite size). The
// auto size is the largest outer size of the children. In RTL, `start` is the right.

extension LayoutContext {
    func layoutOverlay(_ node: NodeID, width: Double?, height: Double?,
                       availableWidth: AvailableSpace, availableHeight: AvailableSpace,
                       bounds: NodeBounds, perform: Bool) -> Size {
        let pb = bounds.insets
        let isRTL = rtl[node]
        let align = style(node).pointee.align
        var innerW = width.map { Swift.max(0, $0 - pb.horizontal) }
        var innerH = height.map { Swift.max(0, $0 - pb.vertical) }
        let availW = innerW.map { AvailableSpace.definite($0) } ?? shrinkSpace(availableWidth, by: pb.horizontal)
        let availH = innerH.map { AvailableSpace.definite($0) } ?? shrinkSpace(availableHeight, by: pb.vertical)

        // Measure: the auto size is the largest outer size of the children.
        if innerW == nil || innerH == nil {
            var maxW = 0.0, maxH = 0.0
            for k in children(node) {
                let c = childList[k]
                if hidden[c] || outOfFlow[c] { continue }
                let m = margins(c, parentWidth: innerW)
                let a = style(c).pointee.alignSelf ?? align
                let kw = (a == .stretch) ? innerW.map { Swift.max(0, $0 - m.horizontal) } : nil
                let kh = (a == .stretch) ? innerH.map { Swift.max(0, $0 - m.vertical) } : nil
                let s = compute(c, knownWidth: styledOr(c, .horizontal, innerW, kw),
                                knownHeight: styledOr(c, .vertical, innerH, kh),
                                parentWidth: innerW, parentHeight: innerH,
                                availableWidth: shrinkSpace(availW, by: m.horizontal),
                                availableHeight: shrinkSpace(availH, by: m.vertical), perform: false)
                maxW = Swift.max(maxW, s.width + m.horizontal)
                maxH = Swift.max(maxH, s.height + m.vertical)
            }
            if innerW == nil { innerW = bounds.clampWidth(maxW + pb.horizontal) - pb.horizontal }
            if innerH == nil { innerH = bounds.clampHeight(maxH + pb.vertical) - pb.vertical }
        }
        let iw = innerW!, ih = innerH!
        let outer = Size(width: iw + pb.horizontal, height: ih + pb.vertical)
        if !perform { return outer }

        for k in children(node) {
            let c = childList[k]
            if hidden[c] || outOfFlow[c] { continue }
            let m = margins(c, parentWidth: iw)
            let a = style(c).pointee.alignSelf ?? align
            let stretchW: Double? = a == .stretch ? Swift.max(0, iw - m.horizontal) : nil
            let stretchH: Double? = a == .stretch ? Swift.max(0, ih - m.vertical) : nil
            var kw = styledOr(c, .horizontal, iw, stretchW)
            var kh = styledOr(c, .vertical, ih, stretchH)
            // (A height from the child's content is not definite for the percentages inside it.)
            let definiteHeight = heightIsDefinite(c, fixedByParent: kh != nil,
                                                  ownHeight: resolve(style(c).pointee.height, ih) != nil)
            if kw == nil || kh == nil {
                let s = compute(c, knownWidth: kw, knownHeight: kh, parentWidth: iw, parentHeight: ih,
                                availableWidth: .definite(Swift.max(0, iw - m.horizontal)),
                                availableHeight: .definite(Swift.max(0, ih - m.vertical)), perform: false)
                kw = s.width
                kh = s.height
            }
            let w = kw!, h = kh!
            let offX = Self.alignOffset(a, free: iw - w - m.horizontal)
            let x = isRTL ? pb.left + iw - m.right - offX - w : pb.left + m.left + offX
            let y = pb.top + m.top + Self.alignOffset(a, free: ih - h - m.vertical)
            _ = compute(c, knownWidth: w, knownHeight: h, parentWidth: iw, parentHeight: ih,
                        availableWidth: .definite(w), availableHeight: .definite(h), perform: true,
                        definiteHeight: definiteHeight, percentHeight: ownPercentHeight(c, parentWidth: iw, parentHeight: ih))
            frames[c] = relativeOffset(c, Rect(x: x, y: y, width: w, height: h), parentWidth: iw, parentHeight: ih)
        }
        layoutAbsoluteChildren(node, outer: outer, axis: FlexAxis(isRow: true, rtl: isRTL, reverse: false, wrapReverse: false),
                               contentStart: (main: isRTL ? pb.right : pb.left, cross: pb.top),
                               contentSize: (main: iw, cross: ih), zboxAlign: align)
        return outer
    }

    @inline(__always) static func alignOffset(_ a: Align, free: Double) -> Double {
        switch a {
        case .start, .stretch, .baseline: return 0
        case .center: return free / 2
        case .end: return free
        }
    }

    enum PhysicalAxis { case horizontal, vertical }

    /// A stretched size (`fill`) unless the child's style fixes that dimension, clamped
    /// by the child's min/max.
    func styledOr(_ c: NodeID, _ axis: PhysicalAxis, _ parent: Double?, _ fill: Double?) -> Double? {
        let s = style(c)
        let (size, minD, maxD) = axis == .horizontal
            ? (s.pointee.width, s.pointee.minWidth, s.pointee.maxWidth)
            : (s.pointee.height, s.pointee.minHeight, s.pointee.maxHeight)
        if resolve(size, parent) != nil { return nil }   // the child resolves its own size
        // Outside a stack a spacer is an empty node of its style's size (zero): it never fills.
        if tags[c] == .flexibleSpacer || tags[c] == .fixedSpacer { return nil }
        guard let fill else { return nil }
        let lo = resolve(minD, parent) ?? 0
        let hi = resolve(maxD, parent) ?? .infinity
        return clamp(fill, min: lo, max: hi, floor: -.infinity)
    }
}
