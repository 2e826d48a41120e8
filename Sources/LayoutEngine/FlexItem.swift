// CSS Flexbox §9.1 Initial Setup: one flex item's working data, in main/cross terms, made
// from its style resolved against the container's content box.

/// Which margins of an item are `auto` (CSS Flexbox §8.1).
struct AutoMargins: OptionSet {
    let rawValue: UInt8
    static let mainStart = AutoMargins(rawValue: 1)
    static let mainEnd = AutoMargins(rawValue: 2)
    static let crossStart = AutoMargins(rawValue: 4)
    static let crossEnd = AutoMargins(rawValue: 8)
    static let main: AutoMargins = [.mainStart, .mainEnd]
    static let cross: AutoMargins = [.crossStart, .crossEnd]
}

struct FlexItem {
    var node: NodeID
    /// Margins, `auto` ones as 0 until alignment gives them the free space.
    var margin: FlexEdges
    var autoMargins: AutoMargins
    /// Padding plus border: the floor of the item's border-box size.
    var pbMain: Double
    var pbCross: Double
    /// Specified sizes; NaN is `auto`.
    var sizeMain: Double
    var sizeCross: Double
    /// The cross size is not `auto` (a keyword, or a percentage of an indefinite size that
    /// behaves as `auto` for sizing): never stretched.
    var crossIsNotAuto: Bool
    /// NaN: `auto` (the automatic minimum size, §4.5).
    var minMain: Double
    var maxMain: Double
    var minCross: Double
    var maxCross: Double
    var grow: Double
    var shrink: Double
    var align: Align
    var alignSafe: Bool
    /// The aspect ratio as main size per cross size (width / height in a row), or NaN.
    var ratio: Double
    /// The flex base size came from `basis` (so the automatic minimum may exceed it).
    var explicitBasis: Bool
    /// Lazily computed automatic minimum size; NaN until needed.
    var autoMin: Double
    var base: Double
    var hypotheticalMain: Double
    var target: Double
    var frozen: Bool
    var violation: Double
    var hypotheticalCross: Double
    var cross: Double
    /// Distance from the item's outer cross-start edge to its baseline (baseline items).
    var baseline: Double
    /// The item's main size is definite for the percentages inside it (§9.8).
    var definiteMain: Bool
    /// The flex base size came from a definite cross size through the aspect ratio.
    var mainFromRatio: Bool = false

    /// Whether step 11 stretches it: `align-self: stretch`, an `auto` cross size and no
    /// `auto` cross margin.
    @inline(__always) var stretches: Bool {
        align == .stretch && sizeCross.isNaN && !crossIsNotAuto && autoMargins.isDisjoint(with: .cross)
    }
}

extension FlexItem {
    /// A side of a `border` layout resolved as a flex item of one row: it shrinks from its
    /// `base` (never grows) down to `minimum`.
    init(side node: NodeID, base: Double, minimum: Double, paddingAndBorder: Double, margins: Double) {
        self.init(node: node, margin: FlexEdges(mainStart: margins, mainEnd: 0, crossStart: 0, crossEnd: 0),
                  autoMargins: [], pbMain: paddingAndBorder, pbCross: 0, sizeMain: .nan, sizeCross: .nan,
                  crossIsNotAuto: false, minMain: minimum, maxMain: base, minCross: 0, maxCross: .infinity,
                  grow: 0, shrink: 1, align: .stretch, alignSafe: false, ratio: .nan, explicitBasis: true,
                  autoMin: minimum, base: base, hypotheticalMain: base, target: base, frozen: false, violation: 0,
                  hypotheticalCross: 0, cross: 0, baseline: 0, definiteMain: true)
    }
}

/// A flex line: a run of items, `start..<end` in the scratch item storage.
struct FlexLine {
    var start: Int
    var end: Int
    var cross: Double
    /// Where the line starts on the cross axis, inside the container's border box.
    var offset: Double = 0
    /// The largest distance from an outer cross-start edge to a baseline among its
    /// baseline-aligned items (0 when none).
    var baseline: Double = 0
    var hasBaselineItems = false
}

extension LayoutContext {
    /// Appends the in-flow children of `node` (not hidden, not absolutely positioned) to
    /// the scratch items, in `order` (stable: document order among equals).
    func collectFlexItems(_ node: NodeID, axis: FlexAxis, innerWidth: Double, innerHeight: Double?,
                          container: UnsafePointer<LayoutStyle>) {
        forEachFlexItem(of: node) { c in
            scratch.pointee.items.append(makeFlexItem(c, axis: axis, innerWidth: innerWidth,
                                                      innerHeight: innerHeight, container: container))
        }
    }

    /// Calls `body` with each in-flow child of `node` (not hidden, not absolutely
    /// positioned) in `order` (stable: document order among equals).
    @inline(__always)
    func forEachFlexItem(of node: NodeID, _ body: (NodeID) -> Void) {
        var ordered = false
        for k in children(node) {
            let c = childList[k]
            if hidden[c] || outOfFlow[c] { continue }
            if style(c).pointee.order != 0 { ordered = true }
        }
        if !ordered {
            for k in children(node) {
                let c = childList[k]
                if hidden[c] || outOfFlow[c] { continue }
                body(c)
            }
            return
        }
        var kids: [NodeID] = []
        for k in children(node) where !hidden[childList[k]] && !outOfFlow[childList[k]] { kids.append(childList[k]) }
        let sorted = kids.enumerated().sorted { a, b in
            let oa = style(a.element).pointee.order, ob = style(b.element).pointee.order
            return oa != ob ? oa < ob : a.offset < b.offset
        }
        for (_, c) in sorted { body(c) }
    }

    /// §9.1: an item's style resolved against the container's content box (`innerHeight`
    /// nil when it is indefinite).
    private func makeFlexItem(_ c: NodeID, axis: FlexAxis, innerWidth: Double, innerHeight: Double?,
                              container: UnsafePointer<LayoutStyle>) -> FlexItem {
        // A plain style's item is the same in every container with this main axis, but for
        // its node, the side its margins are on (mirroring) and its alignment.
        let slot = 2 * styles.entry(c) + (axis.isRow ? 1 : 0)
        var at = Int(itemTemplate[slot])
        if at == -1 {
            at = isPlainItemStyle(style(c)) ? scratch.pointee.itemTemplates.count : -2
            if at >= 0 {
                scratch.pointee.itemTemplates.append(
                    resolveFlexItem(c, axis: FlexAxis(isRow: axis.isRow, rtl: false, reverse: false, wrapReverse: false),
                                    innerWidth: 0, innerHeight: nil, container: container))
            }
            itemTemplate[slot] = Int32(at)
        }
        guard at >= 0 else {
            var item = resolveFlexItem(c, axis: axis, innerWidth: innerWidth, innerHeight: innerHeight, container: container)
            adjustForSpacer(&item, tags[c])
            return item
        }
        var item = scratch.pointee.itemTemplates[at]
        let s = style(c)
        item.node = c
        item.margin = axis.edges(margins(c, parentWidth: nil))
        item.align = s.pointee.alignSelf ?? container.pointee.align
        item.alignSafe = s.pointee.alignSelf != nil ? s.pointee.alignSelfSafe : container.pointee.alignSafe
        adjustForSpacer(&item, tags[c])
        return item
    }

    /// Whether an item of this style is the same in every container of one main axis: no
    /// percentages (of the container), no sizing keyword on the width (measured in it), no
    /// `auto` margin (which changes the alignment), and a spacer's adjustments made after.
    private func isPlainItemStyle(_ s: UnsafePointer<LayoutStyle>) -> Bool {
        let m = s.pointee.margin
        return !Self.hasPercent(s) && !s.pointee.width.isIntrinsicKeyword && !s.pointee.minWidth.isIntrinsicKeyword
            && !s.pointee.maxWidth.isIntrinsicKeyword
            && !m.top.isAuto && !m.right.isAuto && !m.bottom.isAuto && !m.left.isAuto
    }

    private func resolveFlexItem(_ c: NodeID, axis: FlexAxis, innerWidth: Double, innerHeight: Double?,
                                 container: UnsafePointer<LayoutStyle>) -> FlexItem {
        let s = style(c)
        let m = axis.edges(margins(c, parentWidth: innerWidth))
        let autoEdges = axis.edges(s.pointee.margin)
        var autoMargins: AutoMargins = []
        if autoEdges.mainStart == .auto { autoMargins.insert(.mainStart) }
        if autoEdges.mainEnd == .auto { autoMargins.insert(.mainEnd) }
        if autoEdges.crossStart == .auto { autoMargins.insert(.crossStart) }
        if autoEdges.crossEnd == .auto { autoMargins.insert(.crossEnd) }
        let pb = insets(c, parentWidth: innerWidth)
        let innerMain = axis.main(width: innerWidth as Double?, height: innerHeight)
        let innerCross = axis.cross(width: innerWidth as Double?, height: innerHeight)
        let widthKeyword = s.pointee.width.isIntrinsicKeyword
        var align = s.pointee.alignSelf ?? container.pointee.align
        // Items that align themselves with auto margins take no part in baseline alignment.
        if align == .baseline && !autoMargins.isDisjoint(with: .cross) { align = .start }
        var item = FlexItem(
            node: c, margin: m, autoMargins: autoMargins,
            pbMain: axis.main(width: pb.horizontal, height: pb.vertical),
            pbCross: axis.cross(width: pb.horizontal, height: pb.vertical),
            sizeMain: resolve(axis.main(width: s.pointee.width, height: s.pointee.height), innerMain) ?? .nan,
            sizeCross: resolve(axis.cross(width: s.pointee.width, height: s.pointee.height), innerCross) ?? .nan,
            crossIsNotAuto: axis.cross(width: s.pointee.width, height: s.pointee.height) != .auto,
            minMain: minimum(axis.main(width: s.pointee.minWidth, height: s.pointee.minHeight), innerMain),
            maxMain: resolve(axis.main(width: s.pointee.maxWidth, height: s.pointee.maxHeight), innerMain) ?? .infinity,
            minCross: resolve(axis.cross(width: s.pointee.minWidth, height: s.pointee.minHeight), innerCross) ?? 0,
            maxCross: resolve(axis.cross(width: s.pointee.maxWidth, height: s.pointee.maxHeight), innerCross) ?? .infinity,
            grow: s.pointee.grow, shrink: s.pointee.shrink, align: align,
            alignSafe: s.pointee.alignSelf != nil ? s.pointee.alignSelfSafe : container.pointee.alignSafe,
            ratio: s.pointee.aspectRatio.map { axis.isRow ? $0 : 1 / $0 } ?? .nan,
            explicitBasis: false, autoMin: .nan,
            base: 0, hypotheticalMain: 0, target: 0, frozen: false, violation: 0,
            hypotheticalCross: 0, cross: 0, baseline: 0, definiteMain: false)
        // Intrinsic keywords on the width: measured now (a height keyword is the content
        // height, found when the item is measured).
        if widthKeyword || s.pointee.minWidth.isIntrinsicKeyword || s.pointee.maxWidth.isIntrinsicKeyword {
            let avail: AvailableSpace = .definite(Swift.max(0, innerWidth - m.main * (axis.isRow ? 1 : 0)
                                                            - m.cross * (axis.isRow ? 0 : 1)))
            // (A row item with a ratio that a single line of definite height stretches:
            // its width through the ratio from that height.)
            var stretchedHeight: Double? = nil
            if axis.isRow, s.pointee.aspectRatio != nil, !container.pointee.wrap, let innerHeight, align == .stretch,
               s.pointee.height == .auto, autoMargins.isDisjoint(with: .cross) {
                stretchedHeight = Swift.max(0, innerHeight - m.cross)
            }
            func keyword(_ d: Dimension, throughRatio: Bool = false) -> Double? {
                intrinsicWidth(c, d, innerWidth, innerHeight, avail, knownHeight: throughRatio ? stretchedHeight : nil,
                               throughRatio: throughRatio)
            }
            if axis.isRow {
                if let v = keyword(s.pointee.width, throughRatio: true) { item.sizeMain = v }
                if let v = keyword(s.pointee.minWidth, throughRatio: true) { item.minMain = v }
                if let v = keyword(s.pointee.maxWidth, throughRatio: true) { item.maxMain = v }
            } else {
                if s.pointee.aspectRatio != nil, resolve(s.pointee.height, innerHeight) != nil,
                   let v = keyword(s.pointee.width, throughRatio: true) {
                    // (With a ratio and a definite height, the width through the ratio, not
                    // less than the content's min-content width when the minimum is automatic.)
                    item.sizeCross = Swift.max(v, contentMinimumWidth(c, innerWidth, innerHeight))
                } else if let v = keyword(s.pointee.width) {
                    item.sizeCross = widthNotBelowContentHeight(c, v, innerWidth, innerHeight)
                }
                // (Min and max keyword widths too, through the ratio at a height of its own.)
                let ownHeight = s.pointee.aspectRatio != nil && resolve(s.pointee.height, innerHeight) != nil
                if let v = keyword(s.pointee.minWidth, throughRatio: ownHeight) { item.minCross = v }
                if let v = keyword(s.pointee.maxWidth, throughRatio: ownHeight) { item.maxCross = v }
            }
        }
        if !item.sizeCross.isNaN {
            item.sizeCross = clamp(item.sizeCross, min: item.minCross, max: item.maxCross, floor: item.pbCross)
        }
        return item
    }

    @inline(__always) private func adjustForSpacer(_ item: inout FlexItem, _ tag: KindTag) {
        switch tag {
        case .flexibleSpacer:
            // A toolbar's flexible space: grow 1, basis 0, shrink 1. Across the stack it is
            // an empty box (stretched to its line unless aligned otherwise), as a CSS
            // `<div style="flex: 1 1 0">` is.
            if item.grow == 0 { item.grow = 1 }
            item.shrink = 1
            item.explicitBasis = true
            item.autoMin = 0
            if item.minMain.isNaN { item.minMain = 0 }
        case .fixedSpacer:
            item.grow = 0
            item.shrink = 0
            item.autoMin = 0
            if item.minMain.isNaN { item.minMain = 0 }
        default:
            break
        }
    }

    /// A min size: NaN for `auto` (the automatic minimum), 0 for a percentage of an
    /// indefinite size (Chromium gives it no automatic minimum either).
    @inline(__always) private func minimum(_ d: Dimension, _ base: Double?) -> Double {
        switch d {
        case .auto, .minContent, .maxContent, .fitContent: return .nan
        case .points(let v): return v
        case .percent(let p): return base.map { $0 * p / 100 } ?? 0
        }
    }

    @inline(__always) func mainFromCross(_ cross: Double, _ item: FlexItem) -> Double { cross * item.ratio }
    @inline(__always) func crossFromMain(_ main: Double, _ item: FlexItem) -> Double { main / item.ratio }
}

extension Dimension {
    var isPercent: Bool { if case .percent = self { return true } else { return false } }
    /// Faster to test than `== .auto` (the synthesized equality compares payloads too).
    var isAuto: Bool { if case .auto = self { return true } else { return false } }

    /// `min-content`, `max-content` or `fit-content`.
    var isIntrinsicKeyword: Bool {
        switch self {
        case .minContent, .maxContent, .fitContent: return true
        default: return false
        }
    }
}
