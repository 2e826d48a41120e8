import XCTest
@testable import PixelDiff

final class PixelDiffSmokeTests: XCTestCase {
    func testModuleLoads() {}
}
