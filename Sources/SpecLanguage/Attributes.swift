/// A node's attributes: at most one per name, kept sorted by name in one small array.
///
/// A node has a handful of attributes and every stage reads them by name, so a search
/// comparing one byte a name (`AttributeName`) beats hashing a `String` into a
/// dictionary, and the array costs one allocation of about 100 bytes an attribute where
/// a `[String: Attribute]` cost a hash table of twice the slots (about 1.1 KB a node of
/// the flex benchmark's six attributes). Iteration is in name order, as the consumers
/// that sorted the dictionary's keys want it.
public struct Attributes: Hashable, Sendable, RandomAccessCollection, ExpressibleByArrayLiteral {
    // Inlinable reads (the subscripts, the bounds): the scene builder and the other
    // consumers in other modules read every node's attributes by name, and a call across
    // the module boundary copied each attribute out (with a retain of its value) to read
    // one byte of it.
    @usableFromInline var storage: [Attribute]

    public init() { storage = [] }

    /// The attributes given, a later one replacing an earlier one of the same name.
    public init(_ attributes: some Sequence<Attribute>) {
        storage = []
        for attribute in attributes { self[attribute.key] = attribute }
    }

    public init(arrayLiteral elements: Attribute...) { self.init(elements) }

    @inlinable public var startIndex: Int { storage.startIndex }
    @inlinable public var endIndex: Int { storage.endIndex }
    @inlinable public subscript(position: Int) -> Attribute { storage[position] }

    /// Room for `count` attributes without growing.
    public mutating func reserveCapacity(_ count: Int) { storage.reserveCapacity(count) }

    /// Where `key` is, or where it would go to keep the order.
    private func slot(of key: AttributeName) -> (index: Int, found: Bool) {
        var index = 0
        while index < storage.count {
            let here = storage[index].key
            if here == key { return (index, true) }
            if here > key { break }
            index += 1
        }
        return (index, false)
    }

    /// The attribute named `key`; setting nil removes it.
    public subscript(key: AttributeName) -> Attribute? {
        @inlinable get {
            // Keys compared in place; only the attribute found is copied out.
            for index in storage.indices {
                let here = storage[index].key
                if here == key { return storage[index] }
                if here > key { return nil }
            }
            return nil
        }
        set {
            if let newValue { set(newValue) } else { remove(key) }
        }
    }

    /// Sets `attribute`, replacing the one of its name. Apart from the subscript, so the
    /// parser, which sets every attribute of every node, passes the attribute straight in
    /// (no optional made, matched and copied on the way).
    public mutating func set(_ attribute: consuming Attribute) {
        let (index, found) = slot(of: attribute.key)
        if found {
            storage[index] = attribute
            return
        }
        // Appended, then moved down into place as `insert` would, but with moves of memory:
        // `insert` goes through the general `replaceSubrange`, and swapping copied (and
        // retained) each attribute it passed. `index` is at most the old count, checked.
        storage.append(attribute)
        guard index < storage.count - 1 else { return }
        storage.withUnsafeMutableBufferPointer { buffer in
            let last = buffer.count - 1
            precondition(index >= 0 && index < last)
            let base = buffer.baseAddress!
            let moving = (base + last).move()
            (base + index + 1).moveInitialize(from: base + index, count: last - index)
            (base + index).initialize(to: moving)
        }
    }

    /// Sets `attribute` as CSS cascades declarations: a shorthand (`margin`, `padding`,
    /// `border`, a `size` pair) replaces the attributes it sets that were set before it (by
    /// a style, or earlier on the line: `margin-left`, `width`), and one set after the
    /// shorthand wins over it. So in the finished node such an attribute, when present,
    /// always wins over its shorthand, whichever order the writer puts them in. (The
    /// parser's general path, `PlainLineReader` and typed layouts set attributes through it.)
    public mutating func cascade(_ attribute: consuming Attribute) {
        for longhand in Schema.longhands(of: attribute) { remove(longhand) }
        set(attribute)
    }

    /// Removes the attribute named `key`, if there is one.
    public mutating func remove(_ key: AttributeName) {
        let (index, found) = slot(of: key)
        if found { storage.remove(at: index) }
    }

    /// The attribute spelled `name` (`"min-width"`); nil for a name the language lacks.
    public subscript(name: String) -> Attribute? {
        get { AttributeName(name).flatMap { self[$0] } }
        set {
            guard let key = AttributeName(name) else { return }
            self[key] = newValue
        }
    }

    /// The names present, in order.
    public var names: [AttributeName] { storage.map(\.key) }
    /// The spellings of the names present, in order.
    public var keys: [String] { storage.map(\.name) }
}
