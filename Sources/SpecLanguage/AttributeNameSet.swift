/// A set of attribute names as bits (a name is one byte, and the language has fewer than
/// 128): the parser's plain-line reader notes the names a line gave with it, and the scene
/// builder asks whether a node sets any of a group's attributes (paint, text) before
/// looking each one up, in one pass over the node's handful.
public struct AttributeNameSet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    public init(_ names: [AttributeName] = []) {
        for name in names { _ = insert(name) }
    }

    @inline(__always) public func contains(_ name: AttributeName) -> Bool {
        let index = Int(name.rawValue)
        return (index < 64 ? low : high) & (1 << UInt64(index & 63)) != 0
    }

    /// Adds `name`; false when it was there already.
    @inline(__always) public mutating func insert(_ name: AttributeName) -> Bool {
        guard !contains(name) else { return false }
        let index = Int(name.rawValue)
        if index < 64 { low |= 1 << UInt64(index) } else { high |= 1 << UInt64(index - 64) }
        return true
    }

    /// Whether `attributes` holds any name of the set (read in place, by index).
    public func intersects(_ attributes: Attributes) -> Bool {
        for index in attributes.indices where contains(attributes[index].key) { return true }
        return false
    }
}
