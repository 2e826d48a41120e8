/// A growable stack of trivial values behind a pointer, for the flex items and lines of the
/// containers on the current recursion path. Unlike an `Array` stored in a class, it needs
/// no exclusivity checks and no copy-on-write checks in the hot loops.
struct ScratchStack<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 8)
        base = .allocate(capacity: self.capacity)
    }

    mutating func append(_ x: Element) {
        if count == capacity {
            let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            bigger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = bigger
            capacity *= 2
        }
        (base + count).initialize(to: x)
        count += 1
    }

    /// Drops the last `k` elements (trivial types only: nothing to deinitialize).
    mutating func removeLast(_ k: Int) { count -= k }

    func deallocate() { base.deallocate() }

    subscript(i: Int) -> Element {
        unsafeAddress { UnsafePointer(base + i) }
        nonmutating unsafeMutableAddress { base + i }
    }
}
