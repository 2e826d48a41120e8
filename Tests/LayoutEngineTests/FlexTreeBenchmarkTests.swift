import XCTest
import LayoutEngine
import LayoutWorkloads

/// The flex tree of design/benchmarks.md: the conformance check against Yoga and Taffy.
/// (`lr-bench layout` times the same tree, from LayoutWorkloads.)
final class FlexTreeBenchmarkTests: XCTestCase {
    func testOneThousandNodes() throws {
        let r = try computeLayout(makeFlexTree(count: 1_000), options: LayoutOptions(availableWidth: 1920))
        XCTAssertEqual(r.size, Size(width: 1920, height: 1888))
        XCTAssertEqual(flexTreeChecksum(r), 281_560)
    }

    func testTenThousandNodes() throws {
        let r = try computeLayout(makeFlexTree(count: 10_000), options: LayoutOptions(availableWidth: 1920))
        XCTAssertEqual(r.size, Size(width: 1920, height: 7956))
        XCTAssertEqual(flexTreeChecksum(r), 2_978_544)
    }
}
