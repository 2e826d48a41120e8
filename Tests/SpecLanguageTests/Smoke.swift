import XCTest
@testable import SpecLanguage

final class SpecLanguageSmokeTests: XCTestCase {
    func testModuleLoads() {}
}
