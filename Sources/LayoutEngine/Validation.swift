// Checks made before any layout, each reported as a `LayoutError` naming the node.
// One pass over the nodes, plus one pass over the children of each `box`: linear.

/// Checks `tree` for everything that would make its layout meaningless: bad style
/// values, anchors that fix too few or too many facts, unknown ids, cycles, anchors
/// outside a box, and border layouts with more than one center.
///
/// - Throws: the first `LayoutError` found, in node order.
public func validateLayout(_ tree: LayoutTree) throws(LayoutError) {
    // Styles are read in place (a copy of one is a few hundred bytes), and the values of
    // each shared style are checked once, at the first node that has it: a node whose
    // style was checked before has valid values.
    try StylesInPlace.with(tree) { (styles) throws(LayoutError) in
        try validateDepths(tree, styles)
        var checked = [Bool](repeating: false, count: styles.table.count)
        for node in 0..<tree.count {
            let entry = styles.entry(node)
            if !checked[entry] {
                try validateStyle(tree, node, styles[node])
                checked[entry] = true
            }
            try validateNode(tree, node, styles)
        }
    }
}

/// The depth of every node, and of every anchor expression, within the limits.
private func validateDepths(_ tree: LayoutTree, _ styles: StylesInPlace) throws(LayoutError) {
    // Depths first: every later check, and the layout, recurse along them. A parent is
    // always added before its children, so one forward pass knows each parent's depth.
    var depth = [Int](repeating: 0, count: tree.count)
    for node in 0..<tree.count {
        if let p = tree.parents[node] { depth[node] = depth[p] + 1 }
        if depth[node] > LayoutLimits.maxDepth {
            throw .nestedTooDeep(node: node, name: tree.names[node], limit: LayoutLimits.maxDepth)
        }
        if styles[node].pointee.anchors.isEmpty { continue }
        // (In name order, for the same first error on every run: sorted only when there is one.)
        let anchors = styles[node].pointee.anchors
        if anchors.allSatisfy({ expressionDepth($0.value) <= LayoutLimits.maxExpressionDepth }) { continue }
        for (attribute, e) in anchors.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where expressionDepth(e) > LayoutLimits.maxExpressionDepth {
            throw .anchorTooDeep(node: node, name: tree.names[node], attribute: attribute,
                                 limit: LayoutLimits.maxExpressionDepth)
        }
    }
}

/// Every check of one node but its depth's and its style values'.
private func validateNode(_ tree: LayoutTree, _ node: NodeID, _ styles: StylesInPlace) throws(LayoutError) {
    let tag = tree.kindTags[node]
    if tag == .fixedSpacer, case .spacer(let l?) = tree.kinds[node], !(l.isFinite && l >= 0) {
        throw .invalidValue(node: node, name: tree.names[node], property: "spacer length", value: l)
    }
    if !styles[node].pointee.anchors.isEmpty {
        guard let p = tree.parents[node], tree.kindTags[p] == .box else {
            throw .anchorsOutsideBox(node: node, name: tree.names[node])
        }
        if !factsAreSettled(tree, node, styles[node]) { try validateFacts(tree, node) }
    }
    switch tag {
    case .border:
        let centers = tree.children[node].filter {
            styles[$0].pointee.region == .center && !styles[$0].pointee.isHidden
        }
        if centers.count > 1 { throw .multipleCenters(node: node, name: tree.names[node], centers: centers) }
    case .box:
        if tree.children[node].contains(where: { !styles[$0].pointee.anchors.isEmpty }) {
            _ = try tree.anchorPlan(node)
        }
    default:
        break
    }
}

/// How deeply `min`/`max` nest in `e` (a plain value is 1), without recursing.
private func expressionDepth(_ e: AnchorExpression) -> Int {
    switch e {
    case .min, .max: break
    default: return 1
    }
    var deepest = 0
    var pending: [(AnchorExpression, Int)] = [(e, 1)]
    while let (x, d) = pending.popLast() {
        deepest = Swift.max(deepest, d)
        switch x {
        case .min(let xs), .max(let xs): for y in xs { pending.append((y, d + 1)) }
        default: break
        }
    }
    return deepest
}

/// The values of `sp`, the style of `node`, read in place (a copy of a style is a few hundred bytes).
private func validateStyle(_ tree: LayoutTree, _ node: NodeID, _ sp: UnsafePointer<LayoutStyle>) throws(LayoutError) {
    let name = tree.names[node]
    func length(_ v: Double, _ property: String, allowNegative: Bool = false) throws(LayoutError) {
        if !v.isFinite || (!allowNegative && v < 0) {
            throw .invalidValue(node: node, name: name, property: property, value: v)
        }
    }
    func dimension(_ d: Dimension, _ property: String, allowNegative: Bool = false) throws(LayoutError) {
        switch d {
        case .auto, .minContent, .maxContent, .fitContent: break
        case .points(let v), .percent(let v): try length(v, property, allowNegative: allowNegative)
        }
    }
    try dimension(sp.pointee.width, "width")
    try dimension(sp.pointee.height, "height")
    try dimension(sp.pointee.minWidth, "min-width")
    try dimension(sp.pointee.minHeight, "min-height")
    try dimension(sp.pointee.maxWidth, "max-width")
    try dimension(sp.pointee.maxHeight, "max-height")
    try dimension(sp.pointee.basis, "basis")
    // Negative margins are allowed, as in CSS.
    try dimension(sp.pointee.margin.top, "margin-top", allowNegative: true)
    try dimension(sp.pointee.margin.right, "margin-right", allowNegative: true)
    try dimension(sp.pointee.margin.bottom, "margin-bottom", allowNegative: true)
    try dimension(sp.pointee.margin.left, "margin-left", allowNegative: true)
    try dimension(sp.pointee.padding.top, "padding-top")
    try dimension(sp.pointee.padding.right, "padding-right")
    try dimension(sp.pointee.padding.bottom, "padding-bottom")
    try dimension(sp.pointee.padding.left, "padding-left")
    try length(sp.pointee.border.top, "border-top")
    try length(sp.pointee.border.right, "border-right")
    try length(sp.pointee.border.bottom, "border-bottom")
    try length(sp.pointee.border.left, "border-left")
    try dimension(sp.pointee.gap, "gap")
    if let g = sp.pointee.crossGap { try dimension(g, "cross-gap") }
    try dimension(sp.pointee.inset.top, "top", allowNegative: true)
    try dimension(sp.pointee.inset.right, "right", allowNegative: true)
    try dimension(sp.pointee.inset.bottom, "bottom", allowNegative: true)
    try dimension(sp.pointee.inset.left, "left", allowNegative: true)
    try length(sp.pointee.grow, "grow")
    try length(sp.pointee.shrink, "shrink")
    if let r = sp.pointee.aspectRatio, !(r.isFinite && r > 0) {
        throw .invalidValue(node: node, name: name, property: "aspect-ratio", value: r)
    }
    for (attribute, e) in sp.pointee.anchors.isEmpty ? [] : sp.pointee.anchors.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
        try validateExpression(e, attribute, node, name)
    }
}

private func validateExpression(_ e: AnchorExpression, _ attribute: AnchorAttribute,
                                _ node: NodeID, _ name: String?) throws(LayoutError) {
    switch e {
    case .points(let v), .percent(let v):
        if !v.isFinite { throw .invalidValue(node: node, name: name, property: attribute.rawValue, value: v) }
    case .reference(_, _, let m, let o):
        if !m.isFinite { throw .invalidValue(node: node, name: name, property: attribute.rawValue, value: m) }
        if !o.isFinite { throw .invalidValue(node: node, name: name, property: attribute.rawValue, value: o) }
    case .min(let xs), .max(let xs):
        if xs.isEmpty { throw .emptyClamp(node: node, name: name, attribute: attribute) }
        for x in xs { try validateExpression(x, attribute, node, name) }
    }
}

/// Whether `validateFacts` finds nothing wrong, told from counts read in place: a box of
/// anchored children checks each of them, and making the lists of facts for each (which
/// only a message needs) cost more than the rest of its layout.
private func factsAreSettled(_ tree: LayoutTree, _ node: NodeID, _ sp: UnsafePointer<LayoutStyle>) -> Bool {
    var count = (horizontal: 0, vertical: 0), sizes = (horizontal: 0, vertical: 0)
    var physical = false, logical = false
    for (attribute, _) in sp.pointee.anchors {
        switch attribute {
        case .left, .right: physical = true
        case .leading, .trailing: logical = true
        case .width: sizes.horizontal += 1
        case .height: sizes.vertical += 1
        case .centerX, .top, .bottom, .centerY: break
        }
        if attribute.isHorizontal { count.horizontal += 1 } else { count.vertical += 1 }
    }
    if !sp.pointee.width.isAuto { count.horizontal += 1; sizes.horizontal += 1 }
    if !sp.pointee.height.isAuto { count.vertical += 1; sizes.vertical += 1 }
    let intrinsic = tree.hasIntrinsicSize(node)
    func settled(_ facts: Int, _ sizes: Int) -> Bool {
        facts <= 2 && sizes <= 1 && (facts == 2 || sizes == 1 || intrinsic)
    }
    return !(physical && logical) && settled(count.horizontal, sizes.horizontal) && settled(count.vertical, sizes.vertical)
}

/// Two facts per axis, or one with an intrinsic size; no size or edge given twice.
private func validateFacts(_ tree: LayoutTree, _ node: NodeID) throws(LayoutError) {
    let name = tree.names[node]
    let anchors = tree.styles[node].anchors
    let physical: [AnchorAttribute] = [.left, .right].filter { anchors[$0] != nil }
    let logical: [AnchorAttribute] = [.leading, .trailing].filter { anchors[$0] != nil }
    if !physical.isEmpty && !logical.isEmpty {
        throw .conflictingFacts(node: node, name: name, facts: physical + logical)
    }
    let (h, v) = tree.anchorFacts(node)
    let intrinsic = tree.hasIntrinsicSize(node)
    for (facts, axis) in [(h, LayoutError.Axis.horizontal), (v, .vertical)] {
        let sizes = facts.filter { $0 == .width || $0 == .height }.count
        if facts.count > 2 || sizes > 1 {
            throw .tooManyFacts(node: node, name: name, axis: axis, facts: facts)
        }
        // One position without a size, or none at all, needs an intrinsic size.
        if facts.count < 2 && sizes == 0 && !intrinsic {
            throw .tooFewFacts(node: node, name: name, axis: axis, facts: facts)
        }
    }
}
