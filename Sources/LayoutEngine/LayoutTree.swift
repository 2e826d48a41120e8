/// Index of a node in a `LayoutTree`, in the order nodes were added (tree order when
/// nodes are added parent first, children in order).
public typealias NodeID = Int

/// The input of a layout: nodes with kinds and styles, added parent first.
/// Stored as flat arrays so a tree of 100,000 nodes costs no per-node allocation beyond
/// its child list.
public struct LayoutTree: Sendable {
    public private(set) var kinds: [NodeKind] = []
    public private(set) var styles: [LayoutStyle] = []
    /// Optional ids, for anchors that refer to siblings and for error messages.
    public private(set) var names: [String?] = []
    public private(set) var parents: [NodeID?] = []
    public private(set) var children: [[NodeID]] = []

    public init() {}

    public var count: Int { kinds.count }
    /// The first node added without a parent.
    public var root: NodeID? { parents.firstIndex(where: { $0 == nil }) }

    /// Room for `count` nodes in every per-node array, so a tree whose size is known is
    /// built without copying its arrays as they grow.
    public mutating func reserveCapacity(_ count: Int) {
        kinds.reserveCapacity(count)
        styles.reserveCapacity(count)
        names.reserveCapacity(count)
        parents.reserveCapacity(count)
        children.reserveCapacity(count)
    }

    /// Adds a node as the last child of `parent` (or as the root when `parent` is nil).
    @discardableResult
    public mutating func addNode(_ kind: NodeKind, style: LayoutStyle = LayoutStyle(),
                                 name: String? = nil, parent: NodeID?) -> NodeID {
        let id = kinds.count
        kinds.append(kind)
        styles.append(style)
        names.append(name)
        parents.append(parent)
        children.append([])
        if let parent { children[parent].append(id) }
        return id
    }
}
