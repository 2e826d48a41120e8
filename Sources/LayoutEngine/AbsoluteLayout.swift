// `position=absolute` children of stacks and zboxes (CSS Positioned Layout §4 and CSS
// Flexbox §4.1), and `position=relative` offsets.
//
// - An absolute child is out of the flow: it takes no space and is placed after its
//   siblings, against its parent's padding box, by its insets (`left`/`right`/`top`/
//   `bottom`: points, or a percentage of the padding box along the axis).
// - Its size is its own `width`/`height`, else the space between two opposite insets,
//   else its content's (fit-content in the space the insets leave), clamped by its min
//   and max sizes. With an aspect ratio, a known size gives the other one; the space
//   between `top` and `bottom` gives its width, and the width its height.
// - An axis with both insets `auto` takes the static position: where the child would be
//   as the only item of its stack (`justify` on the main axis, `align-self` on the
//   cross axis), or aligned as a zbox aligns its children.
// - Auto margins between two insets and a known size share the free space (centring).
// - A relative child is laid out in the flow, then moved by `left` (else `-right`) and
//   `top` (else `-bottom`); percentages are of the parent's content box.

extension LayoutContext {
    /// Places the absolutely positioned children of `node`, a container of border-box size
    /// `outer`, laid out in `axis` (a zbox passes a left-to-right row) with its content box
    /// at `contentStart` (inside padding and border, flex-relative) of `contentSize`.
    func layoutAbsoluteChildren(_ node: NodeID, outer: Size, axis: FlexAxis,
                                contentStart: (main: Double, cross: Double),
                                contentSize: (main: Double, cross: Double),
                                zboxAlign: Align? = nil) {
        let sp = style(node)
        let border = sp.pointee.border
        let cbWidth = Swift.max(0, outer.width - border.horizontal)
        let cbHeight = Swift.max(0, outer.height - border.vertical)
        let wrapReverse = zboxAlign == nil && sp.pointee.wrap && sp.pointee.wrapReverse
        for k in children(node) {
            let c = childList[k]
            guard outOfFlow[c], !hidden[c] else { continue }
            let st = style(c)
            let inset = st.pointee.inset
            let left = resolve(inset.left, cbWidth), right = resolve(inset.right, cbWidth)
            let top = resolve(inset.top, cbHeight), bottom = resolve(inset.bottom, cbHeight)
            var m = margins(c, parentWidth: cbWidth)
            let pb = insets(c, parentWidth: cbWidth)

            // The space its content may fill: between its insets, or with both `auto` from
            // its static position to the padding box's far edge (both edges, twice the
            // nearer, when it is centred), as Chromium sizes it; `fit-content` widths fit
            // it less the margins.
            let room = left == nil && right == nil
                ? staticRoom(node, axis: axis, cbWidth: cbWidth, contentStart: contentStart,
                             contentSize: contentSize, edge: staticEdge(c, of: node, axis: axis, zboxAlign: zboxAlign))
                : cbWidth - (left ?? 0) - (right ?? 0)
            func clampWidth(_ c: NodeID, _ v: Double, _ cbWidth: Double, _ cbHeight: Double, _ pb: EdgeInsets) -> Double {
                self.clampWidth(c, v, cbWidth, cbHeight, pb, space: Swift.max(0, room - m.horizontal))
            }

            // The size: its own, between two insets, or its content's.
            var w: Double? = resolve(st.pointee.width, cbWidth).map { clampWidth(c, $0, cbWidth, cbHeight, pb) }
            var h: Double? = resolve(st.pointee.height, cbHeight).map { clampHeight(c, $0, cbHeight, pb) }
            let ratio = st.pointee.aspectRatio
            // A keyword width with a ratio: the content's width within the min and max heights
            // through the ratio (or the width its own height gives), as for a flex item.
            if w == nil, ratio != nil, st.pointee.width.isIntrinsicKeyword,
               let keyword = intrinsicWidth(c, st.pointee.width, cbWidth, cbHeight,
                                            .definite(Swift.max(0, room - m.horizontal)), throughRatio: true) {
                w = clampWidth(c, keyword, cbWidth, cbHeight, pb)
            }
            // With a ratio and a height of its own, a width of its own is not less than the
            // content's min-content width (the automatic minimum Chromium applies to an
            // absolute box with a ratio that its insets do not stretch).
            if ratio != nil, let ww = w, h != nil, !(left != nil && right != nil) {
                w = Swift.max(ww, contentMinimumWidth(c, cbWidth, cbHeight))
            }
            // Between `top` and `bottom`, an `align-self` of its own other than `stretch`
            // sizes the child by its content and aligns it there (CSS Box Alignment §6.1:
            // for absolute boxes `align-self` is the vertical axis, as Chromium applies it).
            let selfAlign: Align = zboxAlign == nil ? (st.pointee.alignSelf ?? .stretch) : .stretch
            let fitsVertically = selfAlign != .stretch
            // With a ratio and one size known, the other comes through the ratio, here when
            // insets would otherwise size it, else where the child is measured (which keeps
            // a label no smaller than its content, as Chromium does).
            if let ratio, w == nil, let hh = h, left != nil && right != nil {
                // (Not less than the content's min-content width, as Chromium sizes it.)
                w = clampWidth(c, Swift.max(hh * ratio, contentMinimumWidth(c, cbWidth, cbHeight)), cbWidth, cbHeight, pb)
            }
            if w == nil, h == nil || ratio == nil, st.pointee.width == .auto, let left, let right {
                var width = clampWidth(c, Swift.max(0, cbWidth - left - right) - m.horizontal, cbWidth, cbHeight, pb)
                // With a ratio, the height's min and max hold through it.
                if let ratio, h == nil {
                    width = clamp(width, min: (resolve(st.pointee.minHeight, cbHeight) ?? 0) * ratio,
                                  max: (resolve(st.pointee.maxHeight, cbHeight) ?? .infinity) * ratio)
                }
                w = width
            }
            if let ratio, h == nil, let ww = w, top != nil && bottom != nil {
                // Between `top` and `bottom` its height counts as its own: its width is not
                // less than the content's min-content width, and its height, through the
                // ratio, not less than the content's when its minimum is automatic (CSS
                // Sizing 4 §5.2), where it is measured (as Chromium sizes it).
                let width = left != nil && right != nil ? ww : Swift.max(ww, contentMinimumWidth(c, cbWidth, cbHeight))
                w = width
                if st.pointee.minHeight != .auto || st.pointee.clipsContent || !hasFlowContent(c) {
                    h = clampHeight(c, width / ratio, cbHeight, pb)
                }
            }
            if h == nil, st.pointee.height == .auto, !fitsVertically, let top, let bottom {
                let between = clampHeight(c, Swift.max(0, cbHeight - top - bottom) - m.vertical, cbHeight, pb)
                if let ratio {
                    // With a ratio, the space between `top` and `bottom` gives the width (not
                    // less than a label's longest word), and the width the height, where the
                    // child is measured (as Chromium sizes it).
                    if w == nil {
                        var width = clampWidth(c, between * ratio, cbWidth, cbHeight, pb)
                        if st.pointee.minWidth == .auto && !st.pointee.clipsContent && hasFlowContent(c) {
                            width = Swift.max(width, intrinsicWidth(c, .minContent, cbWidth, cbHeight, .definite(cbWidth)) ?? 0)
                        }
                        w = width
                    }
                } else {
                    h = between
                }
            }
            if w == nil || h == nil {
                let s = compute(c, knownWidth: w, knownHeight: h, parentWidth: cbWidth, parentHeight: cbHeight,
                                availableWidth: .definite(Swift.max(0, room - m.horizontal)),
                                availableHeight: .maxContent, perform: false)
                w = s.width
                h = s.height
            }
            let width = w!
            let betweenInsets = top != nil && bottom != nil && !fitsVertically && st.pointee.height == .auto && ratio == nil
            let height = keywordClampedHeight(c, h!, width: width, cbWidth: cbWidth, cbHeight: cbHeight,
                                              stretched: betweenInsets)
            let heightFromKeyword = Swift.abs(height - h!) > 1e-9

            // Auto margins between two insets share what is left.
            let autoMargin = st.pointee.margin
            // (The space between the insets is never below 0. Horizontally, a negative free
            // space goes to the margin at the end; vertically it is shared too: CSS 2
            // §10.3.7 and §10.6.4.)
            if let left, let right {
                let free = Swift.max(0, cbWidth - left - right) - width - m.horizontal
                switch (autoMargin.left == .auto, autoMargin.right == .auto) {
                case (true, true) where free > 0:
                    m.left += free / 2
                    m.right += free - free / 2
                case (true, true): if rtl[node] { m.left += free } else { m.right += free }
                case (true, false): m.left += free
                case (false, true): m.right += free
                case (false, false): break
                }
            }
            if let top, let bottom {
                let free = Swift.max(0, cbHeight - top - bottom) - height - m.vertical
                switch (autoMargin.top == .auto, autoMargin.bottom == .auto) {
                case (true, true):
                    m.top += free / 2
                    m.bottom += free - free / 2
                case (true, false): m.top += free
                case (false, true): m.bottom += free
                case (false, false): break
                }
            }

            // The static position, for the axes with no inset.
            var staticFrame = Rect.zero
            if (left == nil && right == nil) || (top == nil && bottom == nil) {
                let lm = axis.edges(m)
                let mainSize = axis.main(width: width, height: height)
                let crossSize = axis.cross(width: width, height: height)
                let mainFree = contentSize.main - mainSize - lm.main
                let crossFree = contentSize.cross - crossSize - lm.cross
                let mainOffset: Double
                let crossAlign: Align
                let crossSafe = st.pointee.alignSelf != nil && st.pointee.alignSelfSafe
                if let zboxAlign {
                    let a = st.pointee.alignSelf ?? zboxAlign
                    mainOffset = Self.alignOffset(a, free: mainFree)
                    crossAlign = a
                } else {
                    switch sp.pointee.justify {
                    case .start, .spaceBetween: mainOffset = 0
                    case .center, .spaceAround, .spaceEvenly: mainOffset = mainFree / 2
                    case .end: mainOffset = mainFree
                    }
                    crossAlign = st.pointee.alignSelf ?? sp.pointee.align
                }
                // Only the child's own `safe` counts, for overflowing the padding box, as
                // Chromium does; it falls back to the writing mode's start: of the padding
                // box for `safe-end`; for `safe-center`, of the content box less the padding
                // at the end, within the padding box (where Chromium places it).
                var crossOffset = Self.alignOffset(crossAlign, free: crossFree)
                // (`baseline` is the physical start there, also in a `wrap=reverse` stack.)
                if crossAlign == .baseline && wrapReverse { crossOffset = crossFree }
                if crossSafe && axis.cross(width: cbWidth, height: cbHeight) - crossSize - lm.cross < 0 {
                    let borderEdges = axis.edges(border)
                    let paddingEnd = axis.cross(width: outer.width, height: outer.height) - contentStart.cross
                        - contentSize.cross - borderEdges.crossEnd
                    if wrapReverse { crossOffset = crossFree }
                    else if crossAlign == .center {
                        crossOffset = Swift.max(borderEdges.crossStart - contentStart.cross, -paddingEnd)
                    }
                    else { crossOffset = borderEdges.crossStart - contentStart.cross }
                }
                staticFrame = axis.frame(main: contentStart.main + lm.mainStart + mainOffset,
                                         cross: contentStart.cross + lm.crossStart + crossOffset,
                                         mainSize: mainSize, crossSize: crossSize, in: outer)
            }
            // Aligned between two insets when not stretched between them; a box larger
            // than that space starts at its start (as Chromium places it).
            func aligned(_ free: Double) -> Double {
                free < 0 ? 0 : Self.alignOffset(selfAlign, free: free)
            }
            let x: Double
            if let left, !(rtl[node] && right != nil) {
                // Over-constrained insets: the one at the writing mode's start wins.
                x = border.left + left + m.left
            } else if let right {
                x = border.left + cbWidth - right - m.right - width
            } else {
                x = staticFrame.x
            }
            let y: Double
            if zboxAlign == nil, let top, let bottom {
                y = border.top + m.top + Self.alignedBetweenInsets(
                    start: top, end: bottom, available: cbHeight, marginBox: m.vertical + height,
                    align: st.pointee.alignSelf, safe: st.pointee.alignSelfSafe, parentClips: sp.pointee.clipsContent)
            } else if fitsVertically, let top, let bottom {
                // (An inset box of negative size counts as empty, at its start.)
                y = border.top + top + m.top + aligned(Swift.max(0, cbHeight - top - bottom) - m.vertical - height)
            } else if let top { y = border.top + top + m.top }
            else if let bottom { y = border.top + cbHeight - bottom - m.bottom - height }
            else { y = staticFrame.y }

            // A height found from the content (also through a sizing keyword, its own or a
            // min or max height's that changed it) is not definite for the percentages
            // inside; one from the ratio is.
            let definiteHeight = st.pointee.height.isIntrinsicKeyword || heightFromKeyword ? false
                : heightIsDefinite(c, fixedByParent: top != nil && bottom != nil && !fitsVertically,
                                   ownHeight: st.pointee.height != .auto)
            _ = compute(c, knownWidth: width, knownHeight: height, parentWidth: cbWidth, parentHeight: cbHeight,
                        availableWidth: .definite(width), availableHeight: .definite(height), perform: true,
                        definiteHeight: definiteHeight)
            frames[c] = Rect(x: x, y: y, width: width, height: height)
        }
    }

    /// The start of a margin box `marginBox` long between two insets of a containing block
    /// `available` long, aligned by its own `align-self` (CSS Box Alignment §6.1 and CSS
    /// Positioned Layout §4.4, as Chromium resolves them):
    ///
    /// - the space between the insets (the inset-modified containing block) is never
    ///   negative: its end moves up to its start;
    /// - the box is aligned in it (`nil`, CSS's `normal`, `stretch` and `baseline` at the
    ///   start);
    /// - a box that overflows that space with an alignment of its own and no `safe` is
    ///   moved back within that space if it fits there, else within the containing block
    ///   and the space together (past the end of a parent that clips), the end edge
    ///   first, then the start edge;
    /// - with `safe`, an overflowing box starts at the start.
    static func alignedBetweenInsets(start: Double, end: Double, available: Double, marginBox: Double,
                                     align: Align?, safe: Bool, parentClips: Bool) -> Double {
        var imcbStart = start, imcbEnd = end
        let size = available - start - end
        if size < 0 { imcbEnd += size }
        let originalStart = imcbStart, originalEnd = imcbEnd
        var free = available - imcbStart - imcbEnd - marginBox
        var alignment = align ?? .start
        let applySafe = align != nil && safe && free < 0
        if applySafe {
            free = 0
            alignment = .start
        }
        switch alignment {
        case .start, .stretch, .baseline: imcbEnd += free
        case .end: imcbStart += free
        case .center:
            imcbStart += free / 2
            imcbEnd += free / 2
        }
        if align != nil && !applySafe {
            // (A parent that clips scrolls, in CSS: what overflows its end can be reached.)
            let fits = marginBox <= available - originalStart - originalEnd
            let safeStart = fits ? originalStart : Swift.min(originalStart, 0)
            let safeEnd = fits ? originalEnd : parentClips ? -Double.infinity : Swift.min(originalEnd, 0)
            if imcbEnd < safeEnd {
                imcbStart += imcbEnd - safeEnd
                imcbEnd = safeEnd
            }
            if imcbStart < safeStart {
                imcbEnd += imcbStart - safeStart
                imcbStart = safeStart
            }
        }
        return imcbStart
    }

    /// Where a child with no horizontal inset is placed in its parent's content box, as
    /// the parent aligns it (flex-relative: -1 start, 0 centre, 1 end, before mirroring).
    private func staticEdge(_ c: NodeID, of node: NodeID, axis: FlexAxis, zboxAlign: Align?) -> Int {
        func edge(_ a: Align) -> Int { a == .center ? 0 : a == .end ? 1 : -1 }
        if let zboxAlign { return edge(style(c).pointee.alignSelf ?? zboxAlign) }
        if axis.isRow {
            switch style(node).pointee.justify {
            case .start, .spaceBetween: return -1
            case .center, .spaceAround, .spaceEvenly: return 0
            case .end: return 1
            }
        }
        return edge(style(c).pointee.alignSelf ?? style(node).pointee.align)
    }

    /// The width from a static position at `edge` of the content box to the padding box's
    /// far edge (for a centred one, twice the distance to the nearer edge).
    private func staticRoom(_ node: NodeID, axis: FlexAxis, cbWidth: Double, contentStart: (main: Double, cross: Double),
                            contentSize: (main: Double, cross: Double), edge: Int) -> Double {
        let border = style(node).pointee.border
        let start = axis.width(main: contentStart.main, cross: contentStart.cross)
        let size = axis.width(main: contentSize.main, cross: contentSize.cross)
        // The content box in the padding box's coordinates.
        let left = axis.flipX ? cbWidth - (start - border.right) - size : start - border.left
        let right = left + size
        switch axis.flipX ? -edge : edge {
        case -1: return cbWidth - left
        case 1: return right
        default:
            let centre = (left + right) / 2
            return 2 * Swift.min(centre, cbWidth - centre)
        }
    }

    /// A width the parent gives, clamped by the node's own min and max widths (intrinsic
    /// keywords measured in the containing block).
    private func clampWidth(_ c: NodeID, _ v: Double, _ parentWidth: Double, _ parentHeight: Double,
                            _ pb: EdgeInsets, space room: Double) -> Double {
        let st = style(c)
        let space = AvailableSpace.definite(room)
        return clamp(v, min: sizeBound(c, st.pointee.minWidth, parentWidth, parentHeight, space, default: 0),
                     max: sizeBound(c, st.pointee.maxWidth, parentWidth, parentHeight, space, default: .infinity),
                     floor: pb.horizontal)
    }

    private func clampHeight(_ c: NodeID, _ v: Double, _ parentHeight: Double, _ pb: EdgeInsets) -> Double {
        let st = style(c)
        return clamp(v, min: resolve(st.pointee.minHeight, parentHeight) ?? 0,
                     max: resolve(st.pointee.maxHeight, parentHeight) ?? .infinity, floor: pb.vertical)
    }

    /// `height` clamped by an intrinsic keyword `min-height` or `max-height`: the content's
    /// height at `width` (with a ratio, the height the ratio gives), as for flex items. A
    /// row `stretched` between its insets that stretches its own items is as tall as it is
    /// stretched: its content is then as tall as that.
    private func keywordClampedHeight(_ c: NodeID, _ height: Double, width: Double,
                                      cbWidth: Double, cbHeight: Double, stretched: Bool) -> Double {
        let st = style(c)
        if stretched && stretchesAnItem(c) { return height }
        let minKeyword = st.pointee.minHeight.isIntrinsicKeyword, maxKeyword = st.pointee.maxHeight.isIntrinsicKeyword
        guard minKeyword || maxKeyword else { return height }
        let content: Double
        if let ratio = st.pointee.aspectRatio {
            content = width / ratio
        } else {
            content = compute(c, knownWidth: width, knownHeight: nil, parentWidth: cbWidth, parentHeight: cbHeight,
                              availableWidth: .definite(width), availableHeight: .maxContent, perform: false,
                              contentSize: .vertical).height
        }
        var result = height
        if maxKeyword { result = Swift.min(result, content) }
        if minKeyword { result = Swift.max(result, content) }
        // (A min height in points or a percentage still wins over a keyword max height.)
        if maxKeyword, let least = resolve(st.pointee.minHeight, cbHeight) { result = Swift.max(result, least) }
        return Swift.max(result, insets(c, parentWidth: cbWidth).vertical)
    }

    /// `frame` moved by a relative child's insets (CSS `position: relative`).
    @inline(__always)
    func relativeOffset(_ c: NodeID, _ frame: Rect, parentWidth: Double?, parentHeight: Double?) -> Rect {
        let inset = style(c).pointee.inset
        if inset.left == .auto && inset.right == .auto && inset.top == .auto && inset.bottom == .auto { return frame }
        var f = frame
        let left = resolve(inset.left, parentWidth), right = resolve(inset.right, parentWidth)
        // Both set: the containing block's direction picks the one that wins.
        let rtlParent = tree.parents[c].map { rtl[$0] } ?? false
        if let right, left == nil || rtlParent { f.x -= right } else if let left { f.x += left }
        if let top = resolve(inset.top, parentHeight) { f.y += top }
        else if let bottom = resolve(inset.bottom, parentHeight) { f.y -= bottom }
        return f
    }
}
