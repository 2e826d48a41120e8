import XCTest
@testable import LayoutRenderKit

final class LayoutRenderKitSmokeTests: XCTestCase {
    func testModuleLoads() {}
}
