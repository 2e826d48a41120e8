/// Why a `LayoutTree` cannot be laid out. Every case names the node it is about;
/// `description` is a human sentence without a file location (the caller adds it).
public enum LayoutError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The anchors (plus a `width`/`height` style) of `node` fix fewer facts on `axis`
    /// than it needs: 2, or 1 when the node has an intrinsic size.
    case tooFewFacts(node: NodeID, name: String?, axis: Axis, facts: [AnchorAttribute])
    /// The anchors of `node` fix more than 2 facts on `axis`, or two sizes.
    case tooManyFacts(node: NodeID, name: String?, axis: Axis, facts: [AnchorAttribute])
    /// Two anchors of `node` fix the same edge (`left` and `leading`, say).
    case conflictingFacts(node: NodeID, name: String?, facts: [AnchorAttribute])
    /// Anchors of siblings refer to each other in a circle; `cycle` lists the nodes in order.
    case anchorCycle(node: NodeID, cycle: [NodeID], names: [String?])
    /// An anchor of `node` refers to a sibling id that no sibling has.
    case unknownSibling(node: NodeID, name: String?, target: String)
    /// An anchor of `node` refers to an id that several siblings share.
    case ambiguousSibling(node: NodeID, name: String?, target: String)
    /// `node` has anchors but its parent is not a `box`.
    case anchorsOutsideBox(node: NodeID, name: String?)
    /// An anchor `min(…)`/`max(…)` of `node` has nothing inside.
    case emptyClamp(node: NodeID, name: String?, attribute: AnchorAttribute)
    /// A style value of `node` is negative, not finite, or (aspect ratio) not positive.
    case invalidValue(node: NodeID, name: String?, property: String, value: Double)
    /// A `border` layout has more than one `center` child; `node` is the border layout.
    case multipleCenters(node: NodeID, name: String?, centers: [NodeID])
    /// `node` is nested deeper than `LayoutLimits.maxDepth` below the root.
    case nestedTooDeep(node: NodeID, name: String?, limit: Int)
    /// An anchor of `node` nests `min(…)`/`max(…)` deeper than `LayoutLimits.maxExpressionDepth`.
    case anchorTooDeep(node: NodeID, name: String?, attribute: AnchorAttribute, limit: Int)
    /// Sharing the free space of container `node` among its items made no progress (an
    /// intermediate size was not a finite number), so the §9.7 loop was stopped.
    case flexibleLengthsUnresolved(node: NodeID, name: String?)
    /// The frame of `node` came out with a coordinate or size that is not a finite number:
    /// the sizes and positions around it add up beyond what a number holds.
    case nonFiniteFrame(node: NodeID, name: String?)
    /// Placing the items of grid `node` needed more than `limit` steps of work (dense
    /// packing or large spans made every item search much of the grid), so it was stopped.
    case gridPlacementTooCostly(node: NodeID, name: String?, limit: Int)
    /// The layout ran more than `limit` layouts of content (`LayoutLimits.maxContentLayouts`);
    /// `node` is where it stopped.
    case layoutTooCostly(node: NodeID, name: String?, limit: Int)

    /// An axis of anchor facts.
    public enum Axis: String, Sendable, Equatable { case horizontal, vertical }

    /// The node the error is about.
    public var node: NodeID {
        switch self {
        case .tooFewFacts(let n, _, _, _), .tooManyFacts(let n, _, _, _),
             .conflictingFacts(let n, _, _), .anchorCycle(let n, _, _),
             .unknownSibling(let n, _, _), .ambiguousSibling(let n, _, _),
             .anchorsOutsideBox(let n, _), .emptyClamp(let n, _, _),
             .invalidValue(let n, _, _, _), .multipleCenters(let n, _, _),
             .nestedTooDeep(let n, _, _), .anchorTooDeep(let n, _, _, _),
             .flexibleLengthsUnresolved(let n, _), .nonFiniteFrame(let n, _),
             .gridPlacementTooCostly(let n, _, _), .layoutTooCostly(let n, _, _):
            return n
        }
    }

    public var description: String {
        switch self {
        case let .tooFewFacts(n, name, axis, facts):
            return "anchors of \(Self.label(n, name)) give \(Self.count(facts)) \(axis.rawValue) fact\(facts.count == 1 ? "" : "s")\(Self.list(facts)); "
                + "give exactly 2, or 1 when the node has an intrinsic size"
        case let .tooManyFacts(n, name, axis, facts):
            return "anchors of \(Self.label(n, name)) give \(Self.count(facts)) \(axis.rawValue) fact\(facts.count == 1 ? "" : "s")\(Self.list(facts)); "
                + "give exactly 2, or 1 when the node has an intrinsic size"
        case let .conflictingFacts(n, name, facts):
            return "anchors of \(Self.label(n, name)) fix the same edge twice (\(facts.map(\.rawValue).joined(separator: ", "))); "
                + "use either left/right or leading/trailing"
        case let .anchorCycle(n, cycle, names):
            let labels = zip(cycle, names).map { Self.label($0, $1) }
            let first = labels.first ?? Self.label(n, nil)
            return "anchors of \(first) depend on themselves: \((labels + [first]).joined(separator: " → "))"
        case let .unknownSibling(n, name, target):
            return "anchor of \(Self.label(n, name)) refers to '\(target)', which is not a sibling"
        case let .ambiguousSibling(n, name, target):
            return "anchor of \(Self.label(n, name)) refers to '\(target)', which several siblings are called"
        case let .anchorsOutsideBox(n, name):
            return "\(Self.label(n, name)) has anchors but its parent is not a box; anchors place children of a box only"
        case let .emptyClamp(n, name, attribute):
            return "anchor \(attribute.rawValue) of \(Self.label(n, name)) has an empty min()/max()"
        case let .invalidValue(n, name, property, value):
            let why = property == "aspect-ratio" ? "must be a positive number" : "must be a finite, non-negative number"
            return "\(property) of \(Self.label(n, name)) is \(Self.number(value)); it \(why)"
        case let .multipleCenters(n, name, centers):
            return "border layout \(Self.label(n, name)) has \(centers.count) center children (nodes \(centers.map(String.init).joined(separator: ", "))); give at most one"
        case let .nestedTooDeep(n, name, limit):
            return "\(Self.label(n, name)) is nested more than \(limit) levels deep (the layout's limit)"
        case let .anchorTooDeep(n, name, attribute, limit):
            return "anchor \(attribute.rawValue) of \(Self.label(n, name)) nests min()/max() more than \(limit) deep (the layout's limit)"
        case let .flexibleLengthsUnresolved(n, name):
            return "the sizes of the items of \(Self.label(n, name)) cannot be resolved: "
                + "their lengths add up beyond what a number holds; use smaller sizes, margins or factors"
        case let .nonFiniteFrame(n, name):
            return "the frame of \(Self.label(n, name)) is not a finite number: "
                + "the sizes and positions around it add up beyond what a number holds"
        case let .gridPlacementTooCostly(n, name, limit):
            return "placing the items of grid \(Self.label(n, name)) takes more than \(limit) steps (the layout's limit): "
                + "give items lines of their own, smaller spans, or no dense packing"
        case let .layoutTooCostly(n, name, limit):
            return "the layout takes more than \(limit) layouts of content (the layout's limit; it stopped at \(Self.label(n, name))): "
                + "nested baseline alignment, sizing keywords and aspect ratios multiply the work with depth; nest them less deep"
        }
    }

    /// The same error with a name from `name` for each node it has none for. A caller
    /// that gives the tree only the names anchors refer to (ids) names the other nodes
    /// for its messages here, once an error is made, not for every node beforehand.
    public func naming(_ name: (NodeID) -> String?) -> LayoutError {
        func n(_ node: NodeID, _ given: String?) -> String? { given ?? name(node) }
        switch self {
        case let .tooFewFacts(node, given, axis, facts):
            return .tooFewFacts(node: node, name: n(node, given), axis: axis, facts: facts)
        case let .tooManyFacts(node, given, axis, facts):
            return .tooManyFacts(node: node, name: n(node, given), axis: axis, facts: facts)
        case let .conflictingFacts(node, given, facts):
            return .conflictingFacts(node: node, name: n(node, given), facts: facts)
        case let .anchorCycle(node, cycle, names):
            return .anchorCycle(node: node, cycle: cycle, names: zip(cycle, names).map { n($0, $1) })
        case let .unknownSibling(node, given, target):
            return .unknownSibling(node: node, name: n(node, given), target: target)
        case let .ambiguousSibling(node, given, target):
            return .ambiguousSibling(node: node, name: n(node, given), target: target)
        case let .anchorsOutsideBox(node, given):
            return .anchorsOutsideBox(node: node, name: n(node, given))
        case let .emptyClamp(node, given, attribute):
            return .emptyClamp(node: node, name: n(node, given), attribute: attribute)
        case let .invalidValue(node, given, property, value):
            return .invalidValue(node: node, name: n(node, given), property: property, value: value)
        case let .multipleCenters(node, given, centers):
            return .multipleCenters(node: node, name: n(node, given), centers: centers)
        case let .nestedTooDeep(node, given, limit):
            return .nestedTooDeep(node: node, name: n(node, given), limit: limit)
        case let .anchorTooDeep(node, given, attribute, limit):
            return .anchorTooDeep(node: node, name: n(node, given), attribute: attribute, limit: limit)
        case let .flexibleLengthsUnresolved(node, given):
            return .flexibleLengthsUnresolved(node: node, name: n(node, given))
        case let .nonFiniteFrame(node, given):
            return .nonFiniteFrame(node: node, name: n(node, given))
        case let .gridPlacementTooCostly(node, given, limit):
            return .gridPlacementTooCostly(node: node, name: n(node, given), limit: limit)
        case let .layoutTooCostly(node, given, limit):
            return .layoutTooCostly(node: node, name: n(node, given), limit: limit)
        }
    }

    static func label(_ node: NodeID, _ name: String?) -> String {
        if let name { return "'\(name)'" }
        return "node #\(node)"
    }

    private static func count(_ facts: [AnchorAttribute]) -> String { String(facts.count) }

    private static func list(_ facts: [AnchorAttribute]) -> String {
        facts.isEmpty ? "" : " (\(facts.map(\.rawValue).joined(separator: ", ")))"
    }

    private static func number(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v < 0 ? "-infinity" : "infinity" }
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }
}
