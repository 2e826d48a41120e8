import XCTest
@testable import layout_render

final class layout_renderSmokeTests: XCTestCase {
    func testModuleLoads() {}
}
