/// Index of a node in a `LayoutTree`, in the order nodes were added (tree order when
/// nodes are added parent first, children in order).
public typealias NodeID = Int

/// The input of a layout: nodes with kinds and styles, added parent first.
/// Stored as flat arrays so a tree of 100,000 nodes costs no per-node allocation beyond
/// its child list.
///
/// Nodes with equal styles share one stored style (`styleTable`): a list of similar rows
/// has a handful of distinct styles however long it is, so a layout reads a few hundred
/// bytes of styles instead of a few hundred bytes a node.
public struct LayoutTree: Sendable {
    public private(set) var kinds: [NodeKind] = []
    /// Each node's kind as one byte (no payload to copy).
    private(set) var kindTags: [KindTag] = []
    /// The distinct styles, in the order they first appeared.
    public private(set) var styleTable: [LayoutStyle] = []
    /// Node `n`'s style is `styleTable[Int(styleIndices[n])]`.
    public private(set) var styleIndices: [UInt32] = []
    /// Optional ids, for anchors that refer to siblings and for error messages.
    public private(set) var names: [String?] = []
    public private(set) var parents: [NodeID?] = []
    public private(set) var children: [[NodeID]] = []
    /// The table entry last added under each `StyleSharing.key`.
    private var sharing = StyleSharing()

    public init() {}

    public var count: Int { kinds.count }
    /// The first node added without a parent.
    public var root: NodeID? { parents.firstIndex(where: { $0 == nil }) }
    /// Every node's style, in node order.
    public var styles: NodeStyles { NodeStyles(table: styleTable, indices: styleIndices) }

    /// Room for `count` nodes in every per-node array, so a tree whose size is known is
    /// built without copying its arrays as they grow.
    public mutating func reserveCapacity(_ count: Int) {
        kinds.reserveCapacity(count)
        kindTags.reserveCapacity(count)
        styleIndices.reserveCapacity(count)
        names.reserveCapacity(count)
        parents.reserveCapacity(count)
        children.reserveCapacity(count)
    }

    /// Adds a node as the last child of `parent` (or as the root when `parent` is nil).
    @discardableResult
    public mutating func addNode(_ kind: NodeKind, style: LayoutStyle = LayoutStyle(),
                                 name: String? = nil, parent: NodeID?) -> NodeID {
        append(kind, styleIndex: sharedIndex(of: style), name: name, parent: parent)
    }

    /// Adds a node whose style is node `other`'s (one added before): for a builder that
    /// knows the two styles are equal without making and comparing the second.
    @discardableResult
    public mutating func addNode(_ kind: NodeKind, styleOf other: NodeID, name: String? = nil,
                                 parent: NodeID?) -> NodeID {
        append(kind, styleIndex: styleIndices[other], name: name, parent: parent)
    }

    private mutating func append(_ kind: NodeKind, styleIndex: UInt32, name: String?, parent: NodeID?) -> NodeID {
        let id = kinds.count
        kinds.append(kind)
        kindTags.append(KindTag(kind))
        styleIndices.append(styleIndex)
        names.append(name)
        parents.append(parent)
        children.append([])
        if let parent { children[parent].append(id) }
        return id
    }

    /// The table entry of a style equal to `style`, added when there is none yet.
    /// A style is looked up by a key of the fields that tell most styles apart and
    /// compared whole; two different styles under one key keep the later one's entry
    /// (it is then stored twice at worst, never shared wrongly).
    private mutating func sharedIndex(of style: LayoutStyle) -> UInt32 {
        let key = StyleSharing.key(style)
        if let i = sharing.entries[key], StyleSharing.equal(styleTable, Int(i), style) { return i }
        let i = UInt32(styleTable.count)
        styleTable.append(style)
        sharing.entries[key] = i
        return i
    }
}

/// Every node's style in node order, a view over a tree's shared styles.
public struct NodeStyles: RandomAccessCollection, Sendable {
    let table: [LayoutStyle]
    let entries: [UInt32]
    init(table: [LayoutStyle], indices: [UInt32]) { self.table = table; entries = indices }
    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }
    public subscript(node: NodeID) -> LayoutStyle { table[Int(entries[node])] }
}

/// A tree's styles by node, each read where it is stored (a copy of a style is a few
/// hundred bytes): valid inside `with`'s body only.
struct StylesInPlace {
    /// The tree's distinct styles.
    let table: UnsafeBufferPointer<LayoutStyle>
    let indices: UnsafeBufferPointer<UInt32>

    static func with<R, E: Error>(_ tree: LayoutTree, _ body: (StylesInPlace) throws(E) -> R) throws(E) -> R {
        try tree.styleTable.withUnsafeBufferPointer { (table) throws(E) in
            try tree.styleIndices.withUnsafeBufferPointer { (indices) throws(E) in
                try body(StylesInPlace(table: table, indices: indices))
            }
        }
    }

    /// The index of `node`'s style in `table`.
    @inline(__always) func entry(_ node: NodeID) -> Int { Int(indices[node]) }
    @inline(__always) subscript(node: NodeID) -> UnsafePointer<LayoutStyle> { table.baseAddress! + entry(node) }
}

/// The lookup of `LayoutTree`'s shared styles.
struct StyleSharing: Sendable {
    var entries: [UInt64: UInt32] = [:]

    /// A hash of the fields most likely to differ between two styles; equal styles get
    /// equal keys.
    static func key(_ s: LayoutStyle) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        @inline(__always) func mix(_ v: UInt64) {
            h = (h ^ v) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
        }
        @inline(__always) func mix(length d: Dimension) {
            switch d {
            case .auto: mix(1)
            case .points(let v): mix(v.bitPattern &+ 2)
            case .percent(let v): mix(v.bitPattern &+ 3)
            case .minContent: mix(4)
            case .maxContent: mix(5)
            case .fitContent: mix(6)
            }
        }
        mix(length: s.width); mix(length: s.height); mix(length: s.basis)
        mix(s.grow.bitPattern); mix(s.shrink.bitPattern)
        mix(length: s.margin.top); mix(length: s.margin.left)
        mix(length: s.padding.top); mix(length: s.padding.left)
        mix(s.border.top.bitPattern)
        mix(length: s.gap)
        mix(UInt64(s.anchors.count))
        return h
    }

    /// Whether `table[i]` equals `style`: the same bytes (as styles built alike are), or
    /// else `==` field by field. Bytes that differ only in padding or in the sign of a
    /// zero fall through to `==`; equal bytes are equal values (the one reference, the
    /// anchors' storage, is then the same one).
    static func equal(_ table: [LayoutStyle], _ i: Int, _ style: LayoutStyle) -> Bool {
        table.withUnsafeBufferPointer { stored in
            // (Compared where it is stored: `table[i]` copied the style, with a retain.)
            sameBytes(stored.baseAddress! + i, style) || stored[i] == style
        }
    }

    /// Whether the style at `stored` has the bytes of `style`.
    private static func sameBytes(_ stored: UnsafePointer<LayoutStyle>, _ style: LayoutStyle) -> Bool {
        withUnsafePointer(to: style) { given in
            let a = UnsafeRawPointer(stored), b = UnsafeRawPointer(given)
            let size = MemoryLayout<LayoutStyle>.size
            var offset = 0
            while offset + 8 <= size {
                if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
                offset += 8
            }
            while offset < size {
                if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
                    return false
                }
                offset += 1
            }
            return true
        }
    }
}
