import XCTest
@testable import LayoutEngine

final class LayoutEngineSmokeTests: XCTestCase {
    func testModuleLoads() {}
}
