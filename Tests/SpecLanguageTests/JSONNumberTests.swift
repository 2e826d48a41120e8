import XCTest
@testable import SpecLanguage

/// `JSONReader` reads a number of up to 15 digits without an exponent from its bytes
/// (`ByteValueReader.decimal`): the same Double, bit for bit, as parsing its text.
final class JSONNumberTests: XCTestCase {
    func testWholeNumbersAreTheParsedDoubles() throws {
        for text in ["0", "-0", "7", "-7", "1920", "100000", "999999999999999", "-999999999999999",
                     "1000000000000000", "9007199254740993", "12345678901234567890", "0.5", "-0.0", "1e3", "1E+2", "2.50",
                     "0.1", "2.675", "-12.25", "0.30000000000000004", "123456.789012345", "1234567.8901234567"] {
            guard case .number(let n) = try JSONReader().read(Array(text.utf8)).content else { return XCTFail(text) }
            XCTAssertEqual(n.bitPattern, Double(text)!.bitPattern, text)
        }
    }
}
