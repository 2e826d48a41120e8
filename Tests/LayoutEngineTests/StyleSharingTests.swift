import XCTest
@testable import LayoutEngine

/// Nodes with equal styles share one stored style; every node still reads its own.
final class StyleSharingTests: XCTestCase {
    func style(width: Double, grow: Double = 0, _ change: (inout LayoutStyle) -> Void = { _ in }) -> LayoutStyle {
        var s = LayoutStyle()
        s.width = .points(width)
        s.grow = grow
        change(&s)
        return s
    }

    func testEqualStylesAreStoredOnce() {
        var tree = LayoutTree()
        let root = tree.addNode(.stack(.horizontal), style: style(width: 300), parent: nil)
        for i in 0..<100 {
            tree.addNode(.box, style: style(width: i % 2 == 0 ? 10 : 20, grow: 1), parent: root)
        }
        XCTAssertEqual(tree.styleTable.count, 3)
        XCTAssertEqual(tree.styles.count, 101)
        XCTAssertEqual(tree.styles[0].width, .points(300))
        XCTAssertEqual(tree.styles[1].width, .points(10))
        XCTAssertEqual(tree.styles[2].width, .points(20))
        XCTAssertEqual(tree.styles[100].width, .points(20))
        XCTAssertEqual(tree.styles[100].grow, 1)
    }

    /// Styles that differ only in fields the lookup key leaves out are told apart by the
    /// comparison that follows: each node keeps its own.
    func testStylesAlikeUnderTheKeyAreNotShared() throws {
        var tree = LayoutTree()
        let root = tree.addNode(.stack(.horizontal), style: style(width: 300) { $0.height = .points(50) }, parent: nil)
        tree.addNode(.box, style: style(width: 10) { $0.alignSelf = .end }, parent: root)
        tree.addNode(.box, style: style(width: 10) { $0.alignSelf = .center }, parent: root)
        tree.addNode(.box, style: style(width: 10) { $0.alignSelf = .end }, parent: root)
        XCTAssertEqual(tree.styles.map(\.alignSelf), [nil, .end, .center, .end])
        XCTAssertEqual(tree.styleTable.count, 4, "the third distinct style replaced the second under its key")
        let frames = try computeLayout(tree, options: LayoutOptions(availableWidth: 300)).frames
        XCTAssertEqual(frames.map(\.y), [0, 50, 25, 50])
    }

    /// A shared style with a bad value is reported at the first node that has it.
    func testABadSharedStyleIsReportedAtItsFirstNode() {
        var tree = LayoutTree()
        let root = tree.addNode(.stack(.vertical), parent: nil)
        tree.addNode(.box, style: style(width: 10), parent: root)
        tree.addNode(.box, style: style(width: -5), name: "first", parent: root)
        tree.addNode(.box, style: style(width: -5), name: "second", parent: root)
        XCTAssertThrowsError(try validateLayout(tree)) { error in
            XCTAssertEqual(error as? LayoutError,
                           .invalidValue(node: 2, name: "first", property: "width", value: -5))
        }
    }

    /// A node added with another node's style reads that style, stored once, and is laid
    /// out as if given it.
    func testANodeTakesAnotherNodesStyle() throws {
        var tree = LayoutTree()
        let root = tree.addNode(.stack(.horizontal), style: style(width: 300), parent: nil)
        let first = tree.addNode(.box, style: style(width: 10, grow: 1), parent: root)
        tree.addNode(.box, styleOf: first, name: "b", parent: root)
        XCTAssertEqual(tree.styleTable.count, 2)
        XCTAssertEqual(tree.styles[2], tree.styles[1])
        XCTAssertEqual(tree.names, [nil, nil, "b"])
        XCTAssertEqual(tree.parents, [nil, 0, 0])
        XCTAssertEqual(tree.children[0], [1, 2])
        let frames = try computeLayout(tree, options: LayoutOptions(availableWidth: 300)).frames
        XCTAssertEqual(frames.map(\.width), [300, 150, 150])
        XCTAssertEqual(frames.map(\.x), [0, 0, 150])
    }
}
