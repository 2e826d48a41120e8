// `zbox`: children on top of each other in the content box, each placed on both axes by
// `alignSelf ?? align` (`stretch` fills, respecting min/max and a definite size; a size
// of its own, a sizing keyword too, is not stretched), or by its `auto` margins, which take
// the free space first (not less than 0) and keep the child from stretching on that axis,
// as in a CSS grid area. `safe` alignment of a child larger than the box is `start`. The
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

        // Measure: the auto size is the largest outer size of the children; the width first,
        // then the heights at that width (percentages inside resolved against it, stretched
        // children at it), as a CSS box's automatic height follows its width.
        if innerW == nil {
            var maxW = 0.0
            for k in children(node) {
                let c = childList[k]
                if hidden[c] || outOfFlow[c] { continue }
                let m = margins(c, parentWidth: nil)
                let a = style(c).pointee.alignSelf ?? align
                let s = compute(c, knownWidth: nil,
                                knownHeight: overlayKnownSize(c, .vertical, a, parent: innerH, margins: m.vertical,
                                                              parentHeight: innerH),
                                parentWidth: nil, parentHeight: innerH,
                                availableWidth: shrinkSpace(availW, by: m.horizontal),
                                availableHeight: shrinkSpace(availH, by: m.vertical), perform: false)
                maxW = Swift.max(maxW, s.width + m.horizontal)
            }
            innerW = bounds.clampWidth(maxW + pb.horizontal) - pb.horizontal
        }
        if innerH == nil, let iw = innerW {
            var maxH = 0.0
            for k in children(node) {
                let c = childList[k]
                if hidden[c] || outOfFlow[c] { continue }
                let m = margins(c, parentWidth: iw)
                let a = style(c).pointee.alignSelf ?? align
                let s = compute(c, knownWidth: overlayKnownSize(c, .horizontal, a, parent: iw, margins: m.horizontal,
                                                                parentHeight: nil),
                                knownHeight: nil, parentWidth: iw, parentHeight: nil,
                                availableWidth: .definite(Swift.max(0, iw - m.horizontal)),
                                availableHeight: shrinkSpace(availH, by: m.vertical), perform: false)
                maxH = Swift.max(maxH, s.height + m.vertical)
            }
            innerH = bounds.clampHeight(maxH + pb.vertical) - pb.vertical
        }
        let iw = innerW!, ih = innerH!
        let outer = Size(width: iw + pb.horizontal, height: ih + pb.vertical)
        if !perform { return outer }

        for k in children(node) {
            let c = childList[k]
            if hidden[c] || outOfFlow[c] { continue }
            let m = margins(c, parentWidth: iw)
            let sp = style(c)
            let a = sp.pointee.alignSelf ?? align
            let safe = sp.pointee.alignSelf != nil ? sp.pointee.alignSelfSafe : style(node).pointee.alignSafe
            var kw = overlayKnownSize(c, .horizontal, a, parent: iw, margins: m.horizontal, parentHeight: ih)
            var kh = overlayKnownSize(c, .vertical, a, parent: ih, margins: m.vertical, parentHeight: ih)
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
            let (freeX, freeY) = (iw - w - m.horizontal, ih - h - m.vertical)
            let x: Double
            if let fromLeft = Self.autoMarginOffset(sp.pointee.margin.left, sp.pointee.margin.right, free: freeX) {
                x = pb.left + m.left + fromLeft
            } else {
                let offX = Self.alignOffset(a, free: freeX, safe: safe)
                x = isRTL ? pb.left + iw - m.right - offX - w : pb.left + m.left + offX
            }
            let offY = Self.autoMarginOffset(sp.pointee.margin.top, sp.pointee.margin.bottom, free: freeY)
                ?? Self.alignOffset(a, free: freeY, safe: safe)
            let y = pb.top + m.top + offY
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

    @inline(__always) static func alignOffset(_ a: Align, free: Double, safe: Bool = false) -> Double {
        if safe && free < 0 { return 0 }
        switch a {
        case .start, .stretch, .baseline: return 0
        case .center: return free / 2
        case .end: return free
        }
    }

    /// Where a zbox's child starts after its margin on the start side (`start`, `end`: its
    /// margins there) when one of them is `auto`: the auto margins share the free space
    /// (none when it is negative); nil when neither is `auto`.
    static func autoMarginOffset(_ start: Dimension, _ end: Dimension, free: Double) -> Double? {
        switch (start.isAuto, end.isAuto) {
        case (false, false): return nil
        case (true, true): return Swift.max(0, free) / 2
        case (true, false): return Swift.max(0, free)
        case (false, true): return 0
        }
    }

    /// The size a zbox of content size `parent` along `axis` (nil: not known) gives child
    /// `c` there, whose margins there are `margins`: stretched to it, within the child's
    /// min and max sizes (across, sizing keywords among them); nil where the child's size
    /// is its own.
    func overlayKnownSize(_ c: NodeID, _ axis: PhysicalAxis, _ a: Align, parent: Double?, margins: Double,
                          parentHeight: Double?) -> Double? {
        guard overlayStretches(c, axis, a), let parent,
              let v = styledOr(c, axis, parent, Swift.max(0, parent - margins)) else { return nil }
        let sp = style(c)
        guard axis == .horizontal, sp.pointee.minWidth.isIntrinsicKeyword || sp.pointee.maxWidth.isIntrinsicKeyword else { return v }
        let space = AvailableSpace.definite(Swift.max(0, parent - margins))
        return clamp(v, min: sizeBound(c, sp.pointee.minWidth, parent, parentHeight, space, default: 0),
                     max: sizeBound(c, sp.pointee.maxWidth, parent, parentHeight, space, default: .infinity), floor: -.infinity)
    }

    /// Whether a zbox stretches child `c` along `axis` under alignment `a`: `stretch`, a
    /// size there that is not its own (`auto`, or a percentage of a size not known; not
    /// a sizing keyword) and no `auto` margin on that axis.
    func overlayStretches(_ c: NodeID, _ axis: PhysicalAxis, _ a: Align) -> Bool {
        guard a == .stretch else { return false }
        let sp = style(c)
        let (size, start, end) = axis == .horizontal
            ? (sp.pointee.width, sp.pointee.margin.left, sp.pointee.margin.right)
            : (sp.pointee.height, sp.pointee.margin.top, sp.pointee.margin.bottom)
        return !size.isIntrinsicKeyword && !start.isAuto && !end.isAuto
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
