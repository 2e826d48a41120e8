import XCTest
@testable import SpecLanguage

/// The bit set of attribute names (the plain-line reader's, the scene builder's): every name in or out as given, and a
/// node's attributes tested against it.
final class AttributeNameSetTests: XCTestCase {
    func testEveryNameIsInExactlyWhenGiven() {
        let all = AttributeName.allCases
        for stride in [1, 2, 3, 7] {
            let chosen = all.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
            let set = AttributeNameSet(chosen)
            for name in all { XCTAssertEqual(set.contains(name), chosen.contains(name), "\(name) stride \(stride)") }
        }
        XCTAssertFalse(all.contains { AttributeNameSet([]).contains($0) })
        var set = AttributeNameSet()
        XCTAssertTrue(set.insert(.width))
        XCTAssertFalse(set.insert(.width))
        XCTAssertTrue(set.contains(.width) && !set.contains(.height))
    }

    func testAttributesIntersect() throws {
        let node = try SpecParser().parse("canvas width=100\nbox width=10 margin=2 background=#fff\n").canvas.children[0]
        XCTAssertTrue(AttributeNameSet([.background]).intersects(node.attributes))
        XCTAssertTrue(AttributeNameSet([.opacity, .margin]).intersects(node.attributes))
        XCTAssertFalse(AttributeNameSet([.opacity, .color, .font]).intersects(node.attributes))
        XCTAssertFalse(AttributeNameSet(AttributeName.allCases).intersects(Attributes()))
    }
}
