/// A node's anchor facts (`left`, `width`, `center-y`, …), at most one expression for each
/// attribute: what a `Dictionary` of them held, kept as a short list in the order of
/// `AnchorAttribute`'s cases. A node has two to four facts, so a lookup is a few
/// comparisons, a node without any holds no storage, and a node with some holds one small
/// array (a dictionary hashed every key and grew its table fact by fact).
///
/// Iterated as `(key:, value:)` pairs in that order; written and read by subscript, and as
/// a dictionary literal.
public struct Anchors: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: AnchorAttribute, value: AnchorExpression)

    fileprivate struct Fact: Hashable, Sendable {
        var attribute: AnchorAttribute
        var expression: AnchorExpression
    }
    /// Ordered by `attribute.order`, one per attribute.
    private var facts: [Fact] = []

    public init() {}

    public init(dictionaryLiteral elements: (AnchorAttribute, AnchorExpression)...) {
        for (attribute, expression) in elements {
            precondition(self[attribute] == nil, "the anchor \(attribute.rawValue) is given twice")
            self[attribute] = expression
        }
    }

    /// The facts of a dictionary.
    public init(_ dictionary: [AnchorAttribute: AnchorExpression]) {
        for (attribute, expression) in dictionary { self[attribute] = expression }
    }

    /// The expression for `attribute`, nil when the node has none; setting nil removes it.
    public subscript(attribute: AnchorAttribute) -> AnchorExpression? {
        get {
            for fact in facts where fact.attribute == attribute { return fact.expression }
            return nil
        }
        set {
            let order = attribute.order
            let index = facts.firstIndex { $0.attribute.order >= order } ?? facts.endIndex
            let present = index < facts.endIndex && facts[index].attribute == attribute
            switch (newValue, present) {
            case (let expression?, true): facts[index].expression = expression
            case (let expression?, false): facts.insert(Fact(attribute: attribute, expression: expression), at: index)
            case (nil, true): facts.remove(at: index)
            case (nil, false): break
            }
        }
    }

    public var isEmpty: Bool { facts.isEmpty }
    public var count: Int { facts.count }
    /// The attributes given, in the order of `AnchorAttribute`'s cases.
    public var keys: [AnchorAttribute] { facts.map(\.attribute) }
    /// The expressions, in the order of `keys`.
    public var values: [AnchorExpression] { facts.map(\.expression) }

    public func makeIterator() -> Iterator { Iterator(facts: facts) }

    public struct Iterator: IteratorProtocol {
        fileprivate let facts: [Fact]
        fileprivate var index = 0

        public mutating func next() -> Element? {
            guard index < facts.count else { return nil }
            defer { index += 1 }
            return (facts[index].attribute, facts[index].expression)
        }
    }
}

extension AnchorAttribute {
    /// The case's place among `allCases` (the order `Anchors` keeps).
    var order: Int {
        switch self {
        case .left: 0
        case .right: 1
        case .centerX: 2
        case .width: 3
        case .leading: 4
        case .trailing: 5
        case .top: 6
        case .bottom: 7
        case .centerY: 8
        case .height: 9
        }
    }
}
