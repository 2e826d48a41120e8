import XCTest
@testable import TextEngine

final class TextEngineSmokeTests: XCTestCase {
    func testModuleLoads() {}
}
