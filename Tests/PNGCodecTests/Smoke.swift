import XCTest
@testable import PNGCodec

final class PNGCodecSmokeTests: XCTestCase {
    func testModuleLoads() {}
}
