// Absolutely positioned children of a grid (CSS Grid §9): their containing block is the
// grid area their `gridColumn`/`gridRow` lines give, where a line that is `auto` or not in
// the grid (no implicit track is made for them) is the padding edge. A grid with no tracks
// still has its line 1, at the content box's start. Inside the area they are placed by
// their insets as any absolute box (over-constrained, the inset at the writing mode's start
// wins; with an aspect ratio, the width from the insets gives the height); with both insets
// of an axis `auto`, at the start of that area (their static position); with both set and
// an own `justify-self`/`align-self` other than `stretch`, sized by their content and
// aligned between them.

extension LayoutContext {
    func layoutGridAbsoluteChildren(_ node: NodeID, _ grid: GridContainerStyle, columns: GridExplicitAxis,
                                    rows: GridExplicitAxis, placed: GridPlacementResult,
                                    colLines: [(start: Double, size: Double)], rowLines: [(start: Double, size: Double)],
                                    size: Size, insets pb: EdgeInsets) {
        let border = style(node).pointee.border
        let isRTL = rtl[node]
        let paddingW = Swift.max(0, size.width - border.horizontal)
        let paddingH = Swift.max(0, size.height - border.vertical)
        // The content box's start within the padding box, along each axis.
        let startX = (isRTL ? pb.right - border.right : pb.left - border.left)
        let startY = pb.top - border.top
        for k in children(node) {
            let c = childList[k]
            guard outOfFlow[c], !hidden[c] else { continue }
            let sp = style(c)
            let (l0, l1) = Self.gridAbsoluteLines(sp.pointee.gridColumn, columns, before: placed.columnsBefore,
                                                   count: colLines.count)
            let (t0, t1) = Self.gridAbsoluteLines(sp.pointee.gridRow, rows, before: placed.rowsBefore, count: rowLines.count)
            func startEdge(_ line: Int?, _ lines: [(start: Double, size: Double)], _ origin: Double) -> Double {
                guard let line else { return 0 }
                if lines.isEmpty { return origin }
                if line >= lines.count { return origin + lines[lines.count - 1].start + lines[lines.count - 1].size }
                return origin + lines[line].start
            }
            func endEdge(_ line: Int?, _ lines: [(start: Double, size: Double)], _ origin: Double, _ whole: Double) -> Double {
                guard let line else { return whole }
                if lines.isEmpty { return origin }
                if line <= 0 { return origin + lines[0].start }
                return origin + lines[line - 1].start + lines[line - 1].size
            }
            // (An area whose end comes before its start, as over collapsed tracks, is empty
            // at its start.)
            let logicalX0 = startEdge(l0, colLines, startX)
            let logicalX1 = Swift.max(logicalX0, endEdge(l1, colLines, startX, paddingW))
            let y0 = startEdge(t0, rowLines, startY), y1 = endEdge(t1, rowLines, startY, paddingH)
            let cbw = Swift.max(0, logicalX1 - logicalX0), cbh = Swift.max(0, y1 - y0)
            let cbx = border.left + (isRTL ? paddingW - logicalX1 : logicalX0)
            let cby = border.top + y0

            let inset = sp.pointee.inset
            let left = resolve(inset.left, cbw), right = resolve(inset.right, cbw)
            let top = resolve(inset.top, cbh), bottom = resolve(inset.bottom, cbh)
            let m = margins(c, parentWidth: cbw)
            let ratio = sp.pointee.aspectRatio
            // Between two insets, an alignment of its own other than `stretch` sizes the child
            // by its content and aligns it in the space between them (CSS Box Alignment §6.1:
            // for an absolute box `auto` is `normal`, not the grid's `*-items`), as Chromium does.
            let ownJustify = sp.pointee.justifySelf, ownAlign = sp.pointee.alignSelf
            let fitsAcross = ownJustify != nil && ownJustify != .stretch
            let fitsDown = ownAlign != nil && ownAlign != .stretch
            // With a ratio and no width of its own, the space between `top` and `bottom`
            // gives the height and, through the ratio, the width (unless `left` and `right`
            // give the width).
            let heightBetweenInsets: Double? = if let t = top, let b = bottom, ratio != nil, !fitsDown,
                                                  !(left != nil && right != nil), sp.pointee.width == .auto {
                styledOr(c, .vertical, cbh, Swift.max(0, cbh - t - b - m.vertical))
            } else { nil }
            var w: Double
            if let l = left, let r = right, !fitsAcross,
               let fill = styledOr(c, .horizontal, cbw, Swift.max(0, cbw - l - r - m.horizontal)) {
                // (With a ratio, the height's min and max hold through it.)
                w = if let ratio, sp.pointee.height == .auto {
                    clamp(fill, min: (resolve(sp.pointee.minHeight, cbh) ?? 0) * ratio,
                          max: (resolve(sp.pointee.maxHeight, cbh) ?? .infinity) * ratio)
                } else { fill }
            } else if let ratio, let hh = heightBetweenInsets {
                w = styledOr(c, .horizontal, cbw, hh * ratio) ?? hh * ratio
            } else {
                let room = Swift.max(0, cbw - (left ?? 0) - (right ?? 0) - m.horizontal)
                func width(_ a: AvailableSpace) -> Double {
                    compute(c, knownWidth: nil, knownHeight: nil, parentWidth: cbw, parentHeight: cbh,
                            availableWidth: a, availableHeight: .maxContent, perform: false, widthOnly: true).width
                }
                if resolve(sp.pointee.width, cbw) != nil || sp.pointee.width.isIntrinsicKeyword {
                    w = width(.definite(room))
                } else {
                    let most = width(.maxContent)
                    w = most <= room ? most : Swift.max(width(.minContent), room)
                }
            }
            w = Swift.max(w, insets(c, parentWidth: cbw).horizontal)
            var h: Double
            // (A height from the content is not definite for the percentages inside; its own,
            // one between both insets or one from its ratio is, as in a stack.)
            var definiteHeight = resolve(sp.pointee.height, cbh) != nil || ratio != nil
            // (With a ratio and an auto height, the height comes from the width through the
            // ratio, where the child is measured, not from `top` and `bottom`.)
            let heightFromRatio = ratio != nil && sp.pointee.height == .auto && heightBetweenInsets == nil
            if let hh = heightBetweenInsets {
                h = hh
                definiteHeight = true
            } else if !heightFromRatio, !fitsDown, let t = top, let b = bottom,
                      let fill = styledOr(c, .vertical, cbh, Swift.max(0, cbh - t - b - m.vertical)) {
                h = fill
                definiteHeight = true
            } else {
                h = compute(c, knownWidth: w, knownHeight: nil, parentWidth: cbw, parentHeight: cbh,
                            availableWidth: .definite(w), availableHeight: .maxContent, perform: false).height
            }
            h = Swift.max(h, insets(c, parentWidth: cbw).vertical)
            // With both insets `auto`, the static position: aligned in the area by its
            // `justify-self`/`align-self` (`normal` and `stretch` are `start`), as Chromium does.
            func staticShare(_ a: Align?) -> Double {
                switch a {
                case .center?: return 0.5
                case .end?: return 1
                default: return 0
                }
            }
            let x: Double
            if fitsAcross, let l = left, let r = right {
                let offset = Self.alignedBetweenInsets(start: isRTL ? r : l, end: isRTL ? l : r, available: cbw,
                                                       marginBox: w + m.horizontal, align: ownJustify, safe: false,
                                                       parentClips: style(node).pointee.clipsContent)
                x = isRTL ? cbx + cbw - offset - m.right - w : cbx + offset + m.left
            }
            // (Over-constrained, the inset at the writing mode's start wins.)
            else if let l = left, !(isRTL && right != nil) { x = cbx + l + m.left }
            else if let r = right { x = cbx + cbw - r - m.right - w }
            else {
                let free = (cbw - w - m.horizontal) * staticShare(sp.pointee.justifySelf ?? grid.justifyItems)
                x = isRTL ? cbx + cbw - m.right - w - free : cbx + m.left + free
            }
            let y: Double
            if let t = top, let b = bottom {
                y = cby + m.top + Self.alignedBetweenInsets(start: t, end: b, available: cbh, marginBox: h + m.vertical,
                                                            align: ownAlign, safe: sp.pointee.alignSelfSafe,
                                                            parentClips: style(node).pointee.clipsContent)
            } else if let t = top { y = cby + t + m.top }
            else if let b = bottom { y = cby + cbh - b - m.bottom - h }
            else { y = cby + m.top + (cbh - h - m.vertical) * staticShare(sp.pointee.alignSelf ?? grid.alignItems) }
            _ = compute(c, knownWidth: w, knownHeight: h, parentWidth: cbw, parentHeight: cbh,
                        availableWidth: .definite(w), availableHeight: .definite(h), perform: true,
                        definiteHeight: definiteHeight)
            frames[c] = Rect(x: x, y: y, width: w, height: h)
        }
    }

    /// The lines (tracks of the whole grid) an absolute child's placement names along one
    /// axis; nil for `auto` or a line outside the grid (the padding edge).
    static func gridAbsoluteLines(_ p: GridPlacement, _ axis: GridExplicitAxis, before: Int,
                                  count: Int) -> (Int?, Int?) {
        func inGrid(_ v: Int?) -> Int? {
            guard let v else { return nil }
            let l = v + before
            return l >= 0 && l <= count ? l : nil
        }
        var s = axis.resolve(p.start, isStart: true)
        var e = axis.resolve(p.end, isStart: false)
        if let s0 = s, e == nil, case .span(let n, let name) = p.end { e = axis.spanEnd(from: s0, n, name: name, forward: true) }
        if let e0 = e, s == nil, case .span(let n, let name) = p.start { s = axis.spanEnd(from: e0, n, name: name, forward: false) }
        // Reversed lines are swapped; equal ones lose their end line (§8.3.1), which then
        // spans one track, as Chromium resolves it (the padding edge past the last line).
        if let a = s, let b = e, b < a { (s, e) = (b, a) }
        if let a = s, let b = e, a == b { e = a + 1 }
        return (inGrid(s), inGrid(e))
    }
}
