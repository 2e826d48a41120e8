import XCTest
@testable import SpecLanguage

/// `JSONReader` takes a whole number of up to 15 digits from its digits: the same Double,
/// bit for bit, as parsing its text.
final class JSONNumberTests: XCTestCase {
    func testWholeNumbersAreTheParsedDoubles() throws {
        for text in ["0", "-0", "7", "-7", "1920", "100000", "999999999999999", "-999999999999999",
                     "1000000000000000", "9007199254740993", "12345678901234567890", "0.5", "-0.0", "1e3", "1E+2", "2.50"] {
            guard case .number(let n) = try JSONReader().read(Array(text.utf8)).content else { return XCTFail(text) }
            XCTAssertEqual(n.bitPattern, Double(text)!.bitPattern, text)
        }
    }
}
