import SpecLanguage

/// A set of attribute names as 256 bits (a name is one byte): whether a node has any of
/// a group's attributes is one pass over its handful, a bit test each, so the scene
/// builder skips the look-ups of a group (paint, text) on the many nodes that set none.
struct AttributeNameSet {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init(_ names: [AttributeName]) {
        for name in names {
            let bit = UInt64(1) << UInt64(name.rawValue & 63)
            switch name.rawValue >> 6 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
        }
    }

    func contains(_ name: AttributeName) -> Bool {
        let word: UInt64
        switch name.rawValue >> 6 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return word & (UInt64(1) << UInt64(name.rawValue & 63)) != 0
    }

    /// Whether `attributes` holds any name of the set (read in place, by index).
    func intersects(_ attributes: Attributes) -> Bool {
        for index in attributes.indices where contains(attributes[index].key) { return true }
        return false
    }
}
