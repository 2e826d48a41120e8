// The measurement cache (Taffy's `Cache`): every measurement of a node (`perform == false`)
// is remembered, keyed by what it was asked, so no subtree is measured twice for the same
// proposal. The arrange pass runs once per node and is never cached.

/// What a measurement's key holds besides its sizes: the kind of space along each axis
/// whose size is not known, and the measuring modes.
struct MeasurementFlags: OptionSet, Hashable {
    let rawValue: UInt32

    /// The available width's kind (bits 0-1) or, shifted by two, the height's.
    @inline(__always) static func width(_ a: Availability) -> MeasurementFlags { MeasurementFlags(rawValue: a.rawValue) }
    @inline(__always) static func height(_ a: Availability) -> MeasurementFlags { MeasurementFlags(rawValue: a.rawValue << 2) }
    /// The node's own width, min and max are ignored (`contentSize == .horizontal`).
    static let contentWidth = MeasurementFlags(rawValue: 16)
    /// Set on every stored entry.
    static let valid = MeasurementFlags(rawValue: 32)
    /// A known height that is not definite for the percentages inside.
    static let indefiniteHeight = MeasurementFlags(rawValue: 64)
    /// The node's own height, min and max are ignored (`contentSize == .vertical`).
    static let contentHeight = MeasurementFlags(rawValue: 128)
    /// Measured as if the node had no aspect ratio.
    static let ignoringRatio = MeasurementFlags(rawValue: 256)
    /// Only the width was worked out (its height is NaN).
    static let widthOnly = MeasurementFlags(rawValue: 512)
    /// A column's own height, before its sizing keyword min and max heights bound it
    /// (`boundOwnHeightByKeywords`): not the same request as that height fixed by its parent.
    static let keywordBoundedHeight = MeasurementFlags(rawValue: 1024)

    /// The kind of space along one axis, as two bits of the key.
    enum Availability: UInt32 {
        case definite = 0, minContent = 1, maxContent = 2
        /// The axis's size is known: its available space changes nothing and is left out.
        case sizeKnown = 3
    }
}

/// One remembered measurement of a node: its key (sizes as bit patterns, NaN for unknown)
/// and the size it gave.
struct CacheEntry {
    var knownWidth: UInt64
    var knownHeight: UInt64
    var availableWidth: UInt64
    var availableHeight: UInt64
    var flags: MeasurementFlags
    var result: Size

    /// The key of a measurement with known sizes `width` and `height` (nil: not known).
    init(width: Double?, height: Double?, availableWidth: AvailableSpace, availableHeight: AvailableSpace,
         flags: MeasurementFlags) {
        knownWidth = (width ?? .nan).bitPattern
        knownHeight = (height ?? .nan).bitPattern
        var aw: UInt64 = 0, ah: UInt64 = 0
        let kindW: MeasurementFlags.Availability = width == nil ? Self.encode(availableWidth, &aw) : .sizeKnown
        let kindH: MeasurementFlags.Availability = height == nil ? Self.encode(availableHeight, &ah) : .sizeKnown
        self.availableWidth = aw
        self.availableHeight = ah
        self.flags = flags.union(.width(kindW)).union(.height(kindH)).union(.valid)
        result = .zero
    }

    @inline(__always) private static func encode(_ a: AvailableSpace, _ value: inout UInt64) -> MeasurementFlags.Availability {
        switch a {
        case .definite(let v): value = v.bitPattern; return .definite
        case .minContent: value = 0; return .minContent
        case .maxContent: value = 0; return .maxContent
        }
    }

    /// Whether `self`, a stored entry, answers `key`; a width-only request is answered by a
    /// whole measurement too, not the other way round.
    @inline(__always) func answers(_ key: CacheEntry) -> Bool {
        let mask: UInt32 = key.flags.contains(.widthOnly) ? ~MeasurementFlags.widthOnly.rawValue : ~0
        return flags.rawValue & mask == key.flags.rawValue & mask
            && knownWidth == key.knownWidth && knownHeight == key.knownHeight
            && availableWidth == key.availableWidth && availableHeight == key.availableHeight
    }
}

/// A measurement beyond a node's slots.
struct OverflowKey: Hashable {
    var node: Int
    var knownWidth: UInt64
    var knownHeight: UInt64
    var availableWidth: UInt64
    var availableHeight: UInt64
    var parentWidth: UInt64
    var parentHeight: UInt64
    var flags: MeasurementFlags
}

/// Every node's remembered measurements. All its storage is behind pointers, so the context
/// holds it as a `let` and no access pays for an exclusivity check.
struct MeasurementCache {
    static let slots = 8
    let count: Int
    /// Slot `s` of every node is `entries[s]![node]`: slot-major, each slot's array allocated
    /// when a node first needs that slot and left uninitialized (only the first
    /// `used[n]` slots of a node are ever read). Leaves of fixed size need none and
    /// most containers two to five, so few pages are touched; and arrays of one slot each
    /// stay under the size the allocator maps afresh, so a process that lays out again
    /// (a batch, the service) reuses them instead of faulting in new pages.
    let entries: UnsafeMutablePointer<UnsafeMutablePointer<CacheEntry>?>
    /// The parent's size each entry was measured in, for nodes with percentages only.
    let parents: UnsafeMutablePointer<UnsafeMutablePointer<Size>?>
    /// How many slots of a node are filled.
    let used: UnsafeMutableBufferPointer<UInt8>
    /// Measurements beyond a node's slots. Typical trees never get here; deep chains of
    /// percentages and intrinsic sizes do, and evicting instead would re-measure whole
    /// subtrees again and again (exponential time).
    let overflow: UnsafeMutablePointer<[OverflowKey: Size]>

    init(count: Int) {
        self.count = count
        entries = .allocate(capacity: Self.slots)
        entries.initialize(repeating: nil, count: Self.slots)
        parents = .allocate(capacity: Self.slots)
        parents.initialize(repeating: nil, count: Self.slots)
        used = .allocate(capacity: count)
        used.initialize(repeating: 0)
        overflow = .allocate(capacity: 1)
        overflow.initialize(to: [:])
    }

    func deallocate() {
        for s in 0..<Self.slots { entries[s]?.deallocate(); parents[s]?.deallocate() }
        entries.deallocate(); parents.deallocate(); used.deallocate()
        overflow.deinitialize(count: 1); overflow.deallocate()
    }

    /// The size remembered for `key` of `node`; `parent` is compared only when `keyedByParent`.
    @inline(__always)
    func lookup(_ node: NodeID, _ key: CacheEntry, parent: Size, keyedByParent: Bool) -> Size? {
        let filled = Int(used[node])
        for s in 0..<filled {
            let e = entries[s].unsafelyUnwrapped[node]
            if e.answers(key) && (!keyedByParent || Self.same(parents[s].unsafelyUnwrapped[node], parent)) {
                return e.result
            }
        }
        if filled == Self.slots, let hit = overflow.pointee[Self.overflowKey(node, key, parent, keyedByParent)] { return hit }
        return nil
    }

    /// Forgets every measurement of `node` (a subgrid whose parent's tracks changed: what
    /// it measures depends on them, and the key does not hold them).
    func forget(_ node: NodeID) {
        used[node] = 0
        if !overflow.pointee.isEmpty { overflow.pointee = overflow.pointee.filter { $0.key.node != node } }
    }

    /// Remembers `size` as the answer to `key` of `node`.
    func store(_ node: NodeID, _ key: CacheEntry, _ size: Size, parent: Size, keyedByParent: Bool) {
        var entry = key
        entry.result = size
        let filled = Int(used[node])
        if filled < Self.slots {
            if entries[filled] == nil { entries[filled] = .allocate(capacity: count) }
            (entries[filled].unsafelyUnwrapped + node).initialize(to: entry)
            if keyedByParent {
                if parents[filled] == nil { parents[filled] = .allocate(capacity: count) }
                (parents[filled].unsafelyUnwrapped + node).initialize(to: parent)
            }
            used[node] = UInt8(filled + 1)
        } else {
            overflow.pointee[Self.overflowKey(node, key, parent, keyedByParent)] = size
        }
    }

    private static func overflowKey(_ node: NodeID, _ key: CacheEntry, _ parent: Size, _ keyedByParent: Bool) -> OverflowKey {
        OverflowKey(node: node, knownWidth: key.knownWidth, knownHeight: key.knownHeight,
                    availableWidth: key.availableWidth, availableHeight: key.availableHeight,
                    parentWidth: keyedByParent ? parent.width.bitPattern : 0,
                    parentHeight: keyedByParent ? parent.height.bitPattern : 0, flags: key.flags)
    }

    @inline(__always) private static func same(_ a: Size, _ b: Size) -> Bool {
        a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }
}
