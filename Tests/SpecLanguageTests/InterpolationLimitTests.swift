import XCTest
@testable import SpecLanguage

/// `{name}` interpolation is charged by the bytes it produces (issue 37): a long value
/// referred to many times stops at `ParseLimits.maxInterpolatedBytes` with the place.
final class InterpolationLimitTests: XCTestCase {
    private func expand(_ text: String, _ values: [String: DataValue], limits: ParseLimits = .default) throws -> Document {
        try SpecExpander(limits: limits).expand(try SpecParser().parse(text), environment: Environment(values: values))
    }

    /// 1 MiB referred to 5 times in each of 20 labels: 100 MiB of text, refused at the
    /// label where the total passes 16 MiB (the fourth: 3 × 5 MiB fit, the fourth's 4th
    /// reference does not).
    func testALongValueReferredToManyTimesIsRefusedAtThePlace() throws {
        let big = String(repeating: "x", count: 1 << 20)
        var spec = "canvas width=100\nvbox\n"
        for _ in 0..<20 { spec += "  label \"{s}{s}{s}{s}{s}\"\n" }
        XCTAssertThrowsError(try expand(spec, ["s": .string(big)])) { error in
            let e = error as? SpecError
            XCTAssertEqual(e?.location.line, 6, "the fourth label: 3 × 5 MiB fit in 16 MiB, 4 × 5 do not")
            XCTAssertEqual(e?.message, "filling in {name}s produces more than \(16 << 20) bytes of text "
                           + "(the limit, all strings together); refer to long values fewer times")
        }
    }

    /// The literal text around a name counts too: it is copied into every expansion.
    func testTheLiteralTextAroundANameIsCounted() throws {
        var limits = ParseLimits()
        limits.maxInterpolatedBytes = 1_000
        let spec = "canvas width=100\nvbox\n  for x in xs\n    label \"\(String(repeating: "y", count: 100)){index}\"\n"
        let items = DataValue.array(Array(repeating: .null, count: 9))
        XCTAssertEqual(try expand(spec, ["xs": items], limits: limits).canvas.children[0].children.count, 9)
        XCTAssertThrowsError(try expand(spec, ["xs": .array(Array(repeating: .null, count: 10))], limits: limits)) { error in
            XCTAssertEqual((error as? SpecError)?.location.line, 4)
        }
    }

    /// Within the limit, nothing changes.
    func testShortValuesAreFilledIn() throws {
        let doc = try expand("canvas width=1\nlabel \"{a}-{a}\"\n", ["a": .string("hi")])
        XCTAssertEqual(doc.canvas.children[0].argument, .string("hi-hi"))
    }
}
