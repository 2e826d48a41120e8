// `box`: children placed by anchors, as NotAutoLayout and GetLaid put it. A frame is two
// facts per axis (or one plus the node's intrinsic size); facts are in the box's content
// coordinates (inside border and padding).
//
// - Points are from the parent's matching edge (`right=10`: 10 pt in from the right
//   edge; `center-x=0`: centred); a percentage is of the parent's content size, measured
//   the same way (`left=10%`, `right=10%`, `center-x=10%` right of the centre, `width=50%`).
// - References are coordinates: `top=header.bottom+8`; `width=photo.width*0.5`.
// - `leading`/`trailing` are left/right in the box's direction (right/left in RTL).
// - A child with no anchors sits at the top-left with its intrinsic or style size; an
//   axis with no fact starts at that axis's start edge with the intrinsic size.
// - Siblings are resolved in dependency order (document order among independent ones).
// - A `box` with an auto size is as large as the union of the children's frames that do
//   not depend on the unknown size (so `right=…`, `center-x=…` and percentages of that
//   axis don't count), or just its padding and border if there are none.
// - Children's margins are ignored: anchors say where the frame goes.

/// The anchor data of one `box`: its children, their ids and their dependency order.
struct AnchorPlan {
    var children: [NodeID]
    /// For each child, the indices (into `children`) of the siblings it refers to.
    var dependencies: [[Int]]
    /// Indices into `children`, each after the siblings it refers to.
    var order: [Int]
    /// Index into `children` of each sibling id.
    var index: [String: Int]
}

extension LayoutTree {
    /// Horizontal and vertical facts of `node`: its anchors plus a `width`/`height` style.
    func anchorFacts(_ node: NodeID) -> (horizontal: [AnchorAttribute], vertical: [AnchorAttribute]) {
        let s = styles[node]
        var h: [AnchorAttribute] = [], v: [AnchorAttribute] = []
        for (a, _) in s.anchors {  // in the order of `AnchorAttribute.allCases`
            if a.isHorizontal { h.append(a) } else { v.append(a) }
        }
        if s.width != .auto { h.append(.width) }
        if s.height != .auto { v.append(.height) }
        return (h, v)
    }

    /// Whether a node has a size of its own when anchors fix only its position.
    func hasIntrinsicSize(_ node: NodeID) -> Bool {
        switch kinds[node] {
        case .leaf, .stack, .overlay, .border, .grid: return true
        case .box: return !children[node].isEmpty
        case .spacer: return false
        }
    }

    /// Orders the children of `box` by their sibling references (Kahn's algorithm).
    /// Unknown or ambiguous ids and cycles are reported as errors.
    func anchorPlan(_ box: NodeID) throws(LayoutError) -> AnchorPlan {
        let kids = children[box]
        var index: [String: Int] = [:]
        var duplicate: Set<String> = []
        for (j, c) in kids.enumerated() {
            if let name = names[c] {
                if index[name] != nil { duplicate.insert(name) } else { index[name] = j }
            }
        }
        var deps: [[Int]] = Array(repeating: [], count: kids.count)
        for (j, c) in kids.enumerated() {
            for (_, expr) in styles[c].anchors.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                var targets: [String] = []
                Self.siblingTargets(expr, into: &targets)
                for t in targets {
                    if duplicate.contains(t) { throw .ambiguousSibling(node: c, name: names[c], target: t) }
                    guard let k = index[t] else { throw .unknownSibling(node: c, name: names[c], target: t) }
                    if !deps[j].contains(k) { deps[j].append(k) }
                }
            }
        }
        // Kahn's algorithm with a FIFO queue seeded in document order: linear in the
        // number of children and references.
        var remaining = deps.map(\.count)
        var dependents: [[Int]] = Array(repeating: [], count: kids.count)
        for (j, ds) in deps.enumerated() { for k in ds { dependents[k].append(j) } }
        var order = (0..<kids.count).filter { remaining[$0] == 0 }
        order.reserveCapacity(kids.count)
        var head = 0
        while head < order.count {
            let j = order[head]
            head += 1
            for d in dependents[j] {
                remaining[d] -= 1
                if remaining[d] == 0 { order.append(d) }
            }
        }
        if order.count < kids.count {
            // A cycle: walk dependencies from a blocked child until a child repeats.
            var j = (0..<kids.count).first { remaining[$0] > 0 }!
            var path: [Int] = []
            while !path.contains(j) {
                path.append(j)
                j = deps[j].first { remaining[$0] > 0 }!
            }
            let cycle = Array(path[path.firstIndex(of: j)!...]).map { kids[$0] }
            throw .anchorCycle(node: cycle[0], cycle: cycle, names: cycle.map { names[$0] })
        }
        return AnchorPlan(children: kids, dependencies: deps, order: order, index: index)
    }

    static func siblingTargets(_ e: AnchorExpression, into out: inout [String]) {
        switch e {
        case .points, .percent: break
        case .reference(.sibling(let name), _, _, _): out.append(name)
        case .reference: break
        case .min(let xs), .max(let xs): for x in xs { siblingTargets(x, into: &out) }
        }
    }
}

extension LayoutContext {
    func layoutBox(_ node: NodeID, width: Double?, height: Double?,
                   availableWidth: AvailableSpace, availableHeight: AvailableSpace,
                   bounds: NodeBounds, perform: Bool) -> Size {
        let pb = bounds.insets
        var innerW = width.map { Swift.max(0, $0 - pb.horizontal) }
        var innerH = height.map { Swift.max(0, $0 - pb.vertical) }
        let kids = children(node)
        if kids.isEmpty {
            return Size(width: width ?? bounds.clampWidth(pb.horizontal),
                        height: height ?? bounds.clampHeight(pb.vertical))
        }
        // Validated before layout, so the plan exists.
        guard let plan = try? tree.anchorPlan(node) else { return .zero }
        if innerW == nil || innerH == nil {
            let rects = resolveAnchors(node, plan, width: innerW, height: innerH)
            var maxX = 0.0, maxY = 0.0
            for r in rects { if let r { maxX = Swift.max(maxX, r.maxX); maxY = Swift.max(maxY, r.maxY) } }
            if innerW == nil { innerW = bounds.clampWidth(maxX + pb.horizontal) - pb.horizontal }
            if innerH == nil { innerH = bounds.clampHeight(maxY + pb.vertical) - pb.vertical }
        }
        let iw = innerW!, ih = innerH!
        let outer = Size(width: iw + pb.horizontal, height: ih + pb.vertical)
        if !perform { return outer }
        let rects = resolveAnchors(node, plan, width: iw, height: ih)
        for (j, c) in plan.children.enumerated() where !hidden[c] {
            let r = rects[j] ?? .zero
            _ = compute(c, knownWidth: r.width, knownHeight: r.height, parentWidth: iw, parentHeight: ih,
                        availableWidth: .definite(r.width), availableHeight: .definite(r.height), perform: true,
                        definiteHeight: heightIsDefinite(c, fixedByParent: anchorsFixHeight(c),
                                                         ownHeight: resolve(style(c).pointee.height, ih) != nil),
                        percentHeight: ownPercentHeight(c, parentWidth: iw, parentHeight: ih))
            frames[c] = r.offsetBy(dx: pb.left, dy: pb.top)
        }
        return outer
    }

    /// Whether the anchors of `c`, a child of a box, fix its height: a `height` anchor, or
    /// two vertical positions.
    func anchorsFixHeight(_ c: NodeID) -> Bool {
        var positions = 0
        for (attribute, _) in style(c).pointee.anchors {
            switch attribute {
            case .height: return true
            case .top, .bottom, .centerY: positions += 1
            default: break
            }
        }
        return positions >= 2
    }

    /// The frames of a box's children in its content coordinates; `nil` for a child that
    /// depends on a parent size that is not known (yet).
    func resolveAnchors(_ box: NodeID, _ plan: AnchorPlan, width W: Double?, height H: Double?) -> [Rect?] {
        var rects = [Rect?](repeating: nil, count: plan.children.count)
        let boxRTL = rtl[box]
        for j in plan.order {
            let c = plan.children[j]
            if hidden[c] { rects[j] = .zero; continue }
            let anchors = style(c).pointee.anchors
            let style = style(c).pointee

            // The value of `attribute` of a sibling or the parent, as a coordinate or size.
            func value(of target: AnchorTarget, _ attribute: AnchorAttribute) -> Double? {
                let r: Rect?
                switch target {
                case .parent:
                    switch attribute {
                    case .left, .top: return 0
                    case .leading: return boxRTL ? W : 0
                    case .trailing: return boxRTL ? 0 : W
                    case .right, .width: return W
                    case .bottom, .height: return H
                    case .centerX: return W.map { $0 / 2 }
                    case .centerY: return H.map { $0 / 2 }
                    }
                case .sibling(let name):
                    guard let k = plan.index[name] else { return nil }
                    r = rects[k]
                }
                guard let r else { return nil }
                switch attribute {
                case .left: return r.minX
                case .right: return r.maxX
                case .leading: return boxRTL ? r.maxX : r.minX
                case .trailing: return boxRTL ? r.minX : r.maxX
                case .centerX: return r.midX
                case .width: return r.width
                case .top: return r.minY
                case .bottom: return r.maxY
                case .centerY: return r.midY
                case .height: return r.height
                }
            }
            // A fact as a coordinate (edges, centres) or a length (width, height).
            func evaluate(_ e: AnchorExpression, _ attribute: AnchorAttribute) -> Double? {
                let size = attribute.isHorizontal ? W : H
                switch e {
                case .points(let v), .percent(let v):
                    let amount: Double
                    if case .percent = e { guard let size else { return nil }; amount = size * v / 100 } else { amount = v }
                    switch attribute {
                    case .left, .top, .width, .height: return amount
                    case .right, .bottom: return size.map { $0 - amount }
                    case .centerX, .centerY: return size.map { $0 / 2 + amount }
                    case .leading: return boxRTL ? size.map { $0 - amount } : amount
                    case .trailing: return boxRTL ? amount : size.map { $0 - amount }
                    }
                case .reference(let target, let attr, let multiplier, let offset):
                    return value(of: target, attr).map { $0 * multiplier + offset }
                case .min(let xs):
                    var best: Double? = nil
                    for x in xs { guard let v = evaluate(x, attribute) else { return nil }; best = Swift.min(best ?? v, v) }
                    return best
                case .max(let xs):
                    var best: Double? = nil
                    for x in xs { guard let v = evaluate(x, attribute) else { return nil }; best = Swift.max(best ?? v, v) }
                    return best
                }
            }

            // Horizontal facts, with leading/trailing made physical.
            var left: Double?, right: Double?, centerX: Double?, width: Double?
            var top: Double?, bottom: Double?, centerY: Double?, height: Double?
            var unresolved = false
            for (attribute, e) in anchors {
                guard let v = evaluate(e, attribute) else { unresolved = true; continue }
                switch attribute {
                case .left: left = v
                case .right: right = v
                case .leading: if boxRTL { right = v } else { left = v }
                case .trailing: if boxRTL { left = v } else { right = v }
                case .centerX: centerX = v
                case .width: width = v
                case .top: top = v
                case .bottom: bottom = v
                case .centerY: centerY = v
                case .height: height = v
                }
            }
            if unresolved { continue }
            if width == nil, style.width != .auto {
                guard let w = resolve(style.width, W) else { continue }
                width = w
            }
            if height == nil, style.height != .auto {
                guard let h = resolve(style.height, H) else { continue }
                height = h
            }
            // Sizes fixed by two positions.
            if width == nil {
                if let l = left, let r = right { width = r - l }
                else if let l = left, let cx = centerX { width = 2 * (cx - l) }
                else if let r = right, let cx = centerX { width = 2 * (r - cx) }
            }
            if height == nil {
                if let t = top, let b = bottom { height = b - t }
                else if let t = top, let cy = centerY { height = 2 * (cy - t) }
                else if let b = bottom, let cy = centerY { height = 2 * (b - cy) }
            }
            // Every size is clamped by the child's own min and max sizes, and is never less
            // than its padding and border, as everywhere else.
            let childInsets = insets(c, parentWidth: W)
            if let w0 = width {
                width = clamp(w0, min: resolve(style.minWidth, W) ?? 0, max: resolve(style.maxWidth, W) ?? .infinity,
                              floor: childInsets.horizontal)
            }
            if let h0 = height {
                height = clamp(h0, min: resolve(style.minHeight, H) ?? 0, max: resolve(style.maxHeight, H) ?? .infinity,
                               floor: childInsets.vertical)
                // (A column's sizing keyword min and max heights: its content's height there.)
                if hasKeywordHeightBounds(column: c) {
                    height = keywordBoundedHeight(c, height!, knownWidth: width.map { Swift.max(0, $0) }, parentWidth: W,
                                                  parentHeight: H, availableWidth: .maxContent)
                }
            }
            // One fact on an axis: the intrinsic size (measured with the other size when known).
            if width == nil || height == nil {
                let s = compute(c, knownWidth: width.map { Swift.max(0, $0) }, knownHeight: height.map { Swift.max(0, $0) },
                                parentWidth: W, parentHeight: H,
                                availableWidth: .maxContent, availableHeight: .maxContent, perform: false)
                if width == nil { width = s.width }
                if height == nil { height = s.height }
            }
            let w = Swift.max(0, width!), h = Swift.max(0, height!)
            let x = left ?? right.map { $0 - w } ?? centerX.map { $0 - w / 2 } ?? 0
            let y = top ?? bottom.map { $0 - h } ?? centerY.map { $0 - h / 2 } ?? 0
            rects[j] = Rect(x: x, y: y, width: w, height: h)
        }
        return rects
    }
}
