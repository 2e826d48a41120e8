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

    /// An attribute is 40 bytes: a big spec holds about five a node, and the large cases
    /// of `Value` (four lengths of `insets`, a `size`, a gradient, four corners) are kept
    /// out of line so that they do not set every attribute's size.
    func testAnAttributeIsFortyBytes() {
        XCTAssertLessThanOrEqual(MemoryLayout<Value>.size, 24)
        XCTAssertEqual(MemoryLayout<Attribute>.stride, 40)
    }

    /// `margin` and `padding` of one whole number of points (0…64) on every side share one
    /// value between nodes (its out-of-line storage is the same); any other insets are made
    /// for the node. Both read as the four lengths written, to the sign of a zero.
    func testCommonInsetsAreSharedAndReadAsWritten() throws {
        let spec = """
            canvas width=100 padding=8
            vbox margin=8 padding=64
              box margin=8,8,8,8
              box margin=2.5 padding=65
              box margin=-0
              box margin=0
              box margin=1,2,3,4
            """
        let nodes = try SpecParser().parse(spec).allNodes
        func bytes(_ value: Value?) -> [UInt8] { withUnsafeBytes(of: value!) { Array($0) } }
        func sides(_ value: Value?) -> [Length] {
            guard case .insets(let t, let r, let b, let l)? = value else { XCTFail("not insets: \(String(describing: value))"); return [] }
            return [t, r, b, l]
        }
        let (canvas, vbox, same, odd, negativeZero, zero, four) = (nodes[0], nodes[1], nodes[2], nodes[3], nodes[4], nodes[5], nodes[6])
        XCTAssertEqual(sides(canvas[.padding]), Array(repeating: .points(8), count: 4))
        XCTAssertEqual(bytes(canvas[.padding]), bytes(vbox[.margin]))
        XCTAssertEqual(bytes(vbox[.margin]), bytes(same[.margin]))
        XCTAssertEqual(sides(vbox[.padding]), Array(repeating: .points(64), count: 4))
        XCTAssertEqual(sides(odd[.margin]), Array(repeating: .points(2.5), count: 4))
        XCTAssertEqual(sides(odd[.padding]), Array(repeating: .points(65), count: 4))
        XCTAssertNotEqual(bytes(odd[.padding]), bytes(try SpecParser().parse("canvas width=1\nvbox padding=65").allNodes[1][.padding]))
        for side in sides(negativeZero[.margin]) {
            guard case .points(let v) = side else { XCTFail("\(side)"); continue }
            XCTAssertEqual(v.sign, .minus)
        }
        XCTAssertNotEqual(bytes(negativeZero[.margin]), bytes(zero[.margin]))
        XCTAssertEqual(sides(four[.margin]), [.points(1), .points(2), .points(3), .points(4)])
        XCTAssertEqual(SpecWriter.text(negativeZero[.margin]!), SpecWriter.text(Value.insets(
            top: .points(-0.0), right: .points(-0.0), bottom: .points(-0.0), left: .points(-0.0))))
    }
}
