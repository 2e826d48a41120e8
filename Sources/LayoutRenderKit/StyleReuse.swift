import LayoutEngine
import SpecLanguage

/// The layout styles a scene has already worked out, by what each was worked out from: a
/// node's kind, its parent's kind and the names and values of its attributes (not where
/// they were written). A big spec writes a few sets of attributes over and over (the flex
/// benchmark's 100,000 nodes hold a few dozen), and working a node's style out of its
/// attributes and finding the tree's shared copy of it cost about 3,000 instructions a
/// node; a node whose set was seen takes the style of the node that had it
/// (`LayoutTree.addNode(_:styleOf:name:parent:)`).
///
/// Only plain values take part (`Attributes.plainValuesKey`), compared to the bit: a node
/// with an anchor, a string or anything else, and a grid (whose tracks are read apart),
/// has its style worked out as before. A style is remembered only once worked out without
/// an error, and it depends on nothing but what is compared, so a node that takes it would
/// have had no error either.
struct StyleReuse {
    /// What a node's scene needs of its style besides its place in the tree.
    struct Known {
        /// The node whose style it is.
        let node: NodeID
        let direction: Direction
        let isHidden: Bool
        /// Whether any inset is given (not `auto`).
        let hasInset: Bool

        init(node: NodeID, style: LayoutStyle) {
            self.node = node
            direction = style.direction
            isHidden = style.isHidden
            hasInset = style.inset != Edges(all: .auto)
        }
    }

    private struct Entry {
        let kind: SpecLanguage.NodeKind
        let parentKind: SpecLanguage.NodeKind
        let attributes: Attributes
        let known: Known
    }

    private var entries: [UInt64: Entry] = [:]
    /// At most this many sets are remembered (each keeps one node's attributes alive).
    private static let capacity = 1_024

    /// The style of an earlier node of `node`'s kind, attributes and parent kind, if any;
    /// `key` is what `remember` needs when there is none (nil: not to be remembered).
    func known(for node: Node, parentKind: SpecLanguage.NodeKind) -> (known: Known?, key: UInt64?) {
        guard node.kind != .grid, let attributesKey = node.attributes.plainValuesKey else { return (nil, nil) }
        let key = attributesKey ^ (UInt64(Self.kindCode(node.kind)) << 56 | UInt64(Self.kindCode(parentKind)) << 48)
        guard let entry = entries[key], entry.kind == node.kind, entry.parentKind == parentKind,
              entry.attributes.samePlainValues(as: node.attributes) else { return (nil, key) }
        return (entry.known, key)
    }

    /// Remembers `node`'s style, worked out as `known`, under `key` (from `known(for:parentKind:)`).
    mutating func remember(_ known: Known, of node: Node, parentKind: SpecLanguage.NodeKind, key: UInt64) {
        guard entries.count < Self.capacity || entries[key] != nil else { return }
        entries[key] = Entry(kind: node.kind, parentKind: parentKind, attributes: node.attributes, known: known)
    }

    /// The kind's case as one byte (a kind without a payload is stored as one), for the key.
    private static func kindCode(_ kind: SpecLanguage.NodeKind) -> UInt8 {
        withUnsafeBytes(of: kind) { $0.first ?? 0 }
    }
}
