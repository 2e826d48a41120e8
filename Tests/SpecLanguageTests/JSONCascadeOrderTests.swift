import XCTest
@testable import SpecLanguage

/// A JSON node's members are applied shorthands first, then by name, whatever order they
/// are written in; members already in that order come back as they are.
final class JSONCascadeOrderTests: XCTestCase {
    private func members(_ keys: [String]) -> [JSONMember] {
        keys.enumerated().map { index, key in
            JSONMember(key: key, keyLine: index + 1, keyColumn: 1, value: JSONValue(content: .number(Double(index)), line: index + 1, column: 5))
        }
    }

    func testShorthandsFirstThenByName() {
        let written = ["width", "margin-left", "size", "kind", "margin", "align", "padding"]
        let ordered = JSONSpecReader.cascadeOrder(members(written)).map(\.key)
        XCTAssertEqual(ordered, ["margin", "padding", "size", "align", "kind", "margin-left", "width"])
        // Every order of a few of them gives the same result.
        let few = ["size", "width", "border", "id"]
        for permutation in permutations(few) {
            XCTAssertEqual(JSONSpecReader.cascadeOrder(members(permutation)).map(\.key), ["border", "size", "id", "width"],
                           "\(permutation)")
        }
    }

    /// The JSON form's list of shorthand spellings is `Schema.isShorthand`'s names.
    func testTheShorthandSpellingsAreTheShorthands() {
        XCTAssertEqual(Set(Schema.shorthandNames), Set(AttributeName.allCases.filter(Schema.isShorthand).map(\.spelling)))
    }

    func testMembersAlreadyInOrderAreKeptWithTheirValues() {
        let input = members(["border", "size", "id", "kind", "width"])
        let ordered = JSONSpecReader.cascadeOrder(input)
        XCTAssertEqual(ordered.map(\.key), input.map(\.key))
        XCTAssertEqual(ordered.map(\.keyLine), [1, 2, 3, 4, 5])
        XCTAssertTrue(JSONSpecReader.cascadeOrder([]).isEmpty)
        XCTAssertEqual(JSONSpecReader.cascadeOrder(members(["x"])).map(\.key), ["x"])
    }

    private func permutations(_ items: [String]) -> [[String]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index -> [[String]] in
            var rest = items
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }
}

extension JSONCascadeOrderTests {
    func testMembersLeftOutAreNotReturned() {
        let input = members(["kind", "margin", "padding", "align", "grow", "children"])
        XCTAssertEqual(JSONSpecReader.cascadeOrder(input, leavingOut: ["kind", "children"]).map(\.key),
                       ["margin", "padding", "align", "grow"])
        let shuffled = members(["children", "grow", "kind", "padding", "align", "margin"])
        XCTAssertEqual(JSONSpecReader.cascadeOrder(shuffled, leavingOut: ["kind", "children"]).map(\.key),
                       ["margin", "padding", "align", "grow"])
    }
}
