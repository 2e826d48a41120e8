import XCTest
@testable import SpecLanguage

/// The interned attribute names and a node's attribute list.
final class AttributesTests: XCTestCase {
    /// Each name is spelled as its case reads in CSS's dashed form, the names are in the
    /// order of their spellings, and the schema's names are exactly these.
    func testNamesAgreeWithTheirSpellingsAndTheSchema() {
        let spellings = AttributeName.allCases.map(\.spelling)
        XCTAssertEqual(spellings, spellings.sorted())
        for name in AttributeName.allCases {
            let dashed = String(describing: name).unicodeScalars.map { scalar in
                CharacterSet.uppercaseLetters.contains(scalar) ? "-" + String(scalar).lowercased() : String(scalar)
            }.joined()
            XCTAssertEqual(name.spelling, dashed)
            XCTAssertEqual(AttributeName(name.spelling), name)
        }
        XCTAssertEqual(Set(Schema.definitions.keys), Set(spellings))
        XCTAssertNil(AttributeName("margin-start"))
    }

    /// Set in any order, read back in name order; setting nil removes; one per name.
    func testAttributesStaySortedAndUnique() {
        let here = SourceLocation(line: 1, column: 1)
        var attributes = Attributes()
        for name in [AttributeName.width, .align, .padding, .gap] {
            attributes[name] = Attribute(name, value: .bool(true), location: here)
        }
        attributes[.align] = Attribute(.align, value: .keyword("end"), location: here)
        XCTAssertEqual(attributes.names, [.align, .gap, .padding, .width])
        XCTAssertEqual(attributes.keys, ["align", "gap", "padding", "width"])
        XCTAssertEqual(attributes[.align]?.value, .keyword("end"))
        XCTAssertEqual(attributes["padding"]?.value, .bool(true))
        attributes[.gap] = nil
        attributes["width"] = nil
        XCTAssertEqual(attributes.names, [.align, .padding])
        XCTAssertNil(attributes[.height])
        XCTAssertNil(attributes["no-such-name"])
    }
}
