import XCTest
@testable import SpecLanguage

/// Inputs written to crash or stall the parser (security issue 13): each is an error at the
/// place it goes wrong, never a stack overflow, a hang or a value that overflows in layout.
final class HostileSpecTests: XCTestCase {
    // MARK: - Depth of conditions and anchor expressions

    func testThirtyThousandParenthesesInACondition() {
        let condition = String(repeating: "(", count: 30_000) + "x" + String(repeating: ")", count: 30_000)
        // "if " is columns 1-3; the 65th '(' is the one too many.
        assertError("canvas width=10\nif \(condition)\n  vbox",
                    "bad condition: conditions nest at most 64 deep (parentheses, not, and, or)", line: 2, column: 3 + 65)
    }

    func testThirtyThousandNots() {
        let condition = String(repeating: "not ", count: 30_000) + "x"
        // The 65th "not" starts 4 × 64 characters after the first, which is at column 4.
        assertError("canvas width=10\nif \(condition)\n  vbox",
                    "bad condition: conditions nest at most 64 deep (parentheses, not, and, or)", line: 2, column: 4 + 4 * 64)
    }

    /// `a and b and c …` builds a tree as deep as the chain is long, which the expander,
    /// the writer and `Hashable` walk recursively.
    func testThirtyThousandAnds() {
        let condition = "x" + String(repeating: " and x", count: 30_000)
        // The 65th "and" is 6 × 64 characters after the first, at column 6.
        assertError("canvas width=10\nif \(condition)\n  vbox",
                    "bad condition: conditions nest at most 64 deep (parentheses, not, and, or)", line: 2, column: 6 + 6 * 64)
        let ors = "x" + String(repeating: " or x", count: 30_000)
        assertError("canvas width=10\nif \(ors)\n  vbox",
                    "bad condition: conditions nest at most 64 deep (parentheses, not, and, or)", line: 2, column: 6 + 5 * 64)
    }

    func testSixtyFourLevelsAreAllowed() throws {
        // Parentheses and nots count together.
        let condition = String(repeating: "not (", count: 32) + "x" + String(repeating: ")", count: 32)
        let document = try SpecParser().parse("canvas width=10\nif \(condition)\n  vbox")
        XCTAssertEqual(document.canvas.children.count, 1)
        let chain = "x" + String(repeating: " and x", count: 64)
        XCTAssertNoThrow(try SpecParser().parse("canvas width=10\nif \(chain)\n  vbox"))
        // What the writer makes of it reads back.
        let written = SpecWriter.specText(try SpecParser().parse("canvas width=10\nif \(chain)\n  vbox"))
        XCTAssertNoThrow(try SpecParser().parse(written))
    }

    /// The writer puts parentheses only where the reader needs them: each one counts
    /// towards the limit, so `not not … x` written as `not (not (…))` could not be read back.
    func testConditionsWriteBackWithinTheLimit() throws {
        func written(_ condition: String) throws -> String {
            let text = SpecWriter.specText(try SpecParser().parse("canvas width=10\nif \(condition)\n  vbox"))
            return String(text.split(separator: "\n")[1])
        }
        XCTAssertEqual(try written("not (a and b) or c and not d"), "if not (a and b) or c and not d")
        XCTAssertEqual(try written("a and (b or c) and (d and e)"), "if a and (b or c) and (d and e)")
        XCTAssertEqual(try written("(a or b) or (c or (d))"), "if a or b or (c or d)")
        XCTAssertEqual(try written("not not x < 3"), "if not not x < 3")
        let deepest = String(repeating: "not ", count: 64) + "x"
        XCTAssertEqual(try written(deepest), "if " + deepest)
        let alternating = (0..<32).reduce("x") { c, _ in "not (\(c) and y)" }
        let document = try SpecParser().parse("canvas width=10\nif \(alternating)\n  vbox")
        XCTAssertEqual(try SpecParser().parse(SpecWriter.specText(document)).canvas.children.first?.control,
                       document.canvas.children.first?.control)
    }

    func testThirtyThousandNestedMax() {
        let expression = String(repeating: "max(", count: 30_000) + "1" + String(repeating: ")", count: 30_000)
        // The value starts at column 11 ("  box top="); the 65th "max(" is 4 × 64 further.
        assertError("canvas width=10\nbox\n  box top=\(expression) left=0",
                    "bad value for 'top': anchor expressions nest min(…) and max(…) at most 64 deep", line: 3, column: 11 + 4 * 64)
        let mins = String(repeating: "min(1, ", count: 100) + "1" + String(repeating: ")", count: 100)
        assertError("canvas width=10\nbox\n  box top=\(mins) left=0",
                    "bad value for 'top': anchor expressions nest min(…) and max(…) at most 64 deep", line: 3, column: 11 + 7 * 64)
    }

    func testConditionDepthLimitInTheJSONForm() {
        let condition = String(repeating: "(", count: 30_000) + "x" + String(repeating: ")", count: 30_000)
        let json = #"{"canvas": {"width": 10}, "children": [{"kind": "if", "condition": "\#(condition)"}]}"#
        XCTAssertThrowsError(try JSONSpecReader().parse(Array(json.utf8))) { error in
            let e = error as! SpecError
            XCTAssertEqual(e.message, "bad condition: conditions nest at most 64 deep (parentheses, not, and, or)")
            XCTAssertEqual(e.location, SourceLocation(line: 1, column: 68, jsonPath: "$.children[0].condition"))
        }
    }

    func testDeepControlBlocksHitTheNestingLimit() {
        var text = "canvas width=10\n"
        for depth in 0..<300 { text += String(repeating: "  ", count: depth) + "if x\n" }
        assertError(text, "nesting deeper than 256 levels (the limit)", line: 258, column: 513)
    }

    /// A document built in code, deeper than the parsers allow, stops in the expander.
    func testExpanderBoundsItsRecursion() {
        var node = Node(kind: .vbox, location: SourceLocation(line: 1, column: 1))
        for _ in 0..<300 {
            node = Node(kind: .ifBlock, children: [node], location: SourceLocation(line: 1, column: 1),
                        control: .condition(.value(.bool(true))))
        }
        let canvas = Node(kind: .canvas, children: [node], location: SourceLocation(line: 1, column: 1))
        XCTAssertThrowsError(try SpecExpander().expand(Document(canvas: canvas), environment: Environment())) { error in
            XCTAssertEqual((error as! SpecError).message, "nesting deeper than 256 levels (the limit)")
        }
    }

    /// A condition built in code, deeper than the reader allows, stops in the evaluator.
    func testEvaluatorBoundsItsRecursion() {
        var condition = Condition.value(.bool(true))
        for _ in 0..<65 { condition = .not(condition) }
        let location = SourceLocation(line: 1, column: 1)
        let node = Node(kind: .ifBlock, children: [Node(kind: .vbox, location: location)], location: location,
                        control: .condition(condition))
        let canvas = Node(kind: .canvas, children: [node], location: location)
        XCTAssertThrowsError(try SpecExpander().expand(Document(canvas: canvas), environment: Environment())) { error in
            XCTAssertEqual((error as! SpecError).message, "conditions nest at most 64 deep (parentheses, not, and, or)")
        }
    }

    // MARK: - Extreme finite numbers are read within ranges

    func testExtremeNumbersAreOutOfRange() {
        func check(_ line: String, _ message: String, column: Int, file: StaticString = #filePath, fileLine: UInt = #line) {
            assertError("canvas width=100\n" + line, message, line: 2, column: column, file: file, line: fileLine)
        }
        check("label \"x\" line-height=1e308",
              "bad value for 'line-height': a line height is at most 100 times the font's, not 1e+308", column: 23)
        check("label \"x\" line-height=1e308pt",
              "bad value for 'line-height': 1e+308 is outside the range -1000000...1000000 (points)", column: 23)
        check("box aspect-ratio=1e-308 width=100",
              "bad value for 'aspect-ratio': 1e-308 is below the minimum 0.000001", column: 18)
        check("box aspect-ratio=1e308 width=100",
              "bad value for 'aspect-ratio': 1e+308 is above the maximum 1000000", column: 18)
        check("box grow=1e308", "bad value for 'grow': 1e+308 is above the maximum 1000000", column: 10)
        check("box shrink=1e308", "bad value for 'shrink': 1e+308 is above the maximum 1000000", column: 12)
        check("box margin=1e308", "bad value for 'margin': 1e+308 is outside the range -1000000...1000000 (points)", column: 12)
        check("box margin=-1e308", "bad value for 'margin': -1e+308 is outside the range -1000000...1000000 (points)", column: 12)
        check("vbox padding=1,1e308%", "bad value for 'padding': 1e+308% is above the maximum 10000%", column: 16)
        check("box width=1e308", "bad value for 'width': 1e+308 is outside the range -1000000...1000000 (points)", column: 11)
        check("box size=10x1e308", "bad value for 'size': 1e+308 is outside the range -1000000...1000000 (points)", column: 13)
        check("box basis=1e308%", "bad value for 'basis': 1e+308% is outside the range -10000%...10000%", column: 11)
        check("vbox gap=1e308", "bad value for 'gap': 1e+308 is above the maximum 1000000", column: 10)
        check("box radius=1e308", "bad value for 'radius': 1e+308 is above the maximum 1000000", column: 12)
        check("box border=1e308,#000", "bad value for 'border': 1e+308 is outside the range -1000000...1000000 (points)", column: 12)
        check("label \"x\" size=1e308", "bad value for 'size': a font size is at most 4096 pt, not 1e+308", column: 16)
        check("label \"x\" lines=99999999999", "bad value for 'lines': 99999999999 is above the maximum 1000000", column: 17)
        check("spacer 1e308", "a fixed spacer's length must be a number of points within 0...1000000", column: 8)
    }

    func testExtremeNumbersInAnchors() {
        func check(_ value: String, _ message: String, column: Int, file: StaticString = #filePath, line: UInt = #line) {
            assertError("canvas width=100\nbox\n  box left=0 top=\(value)", message, line: 3, column: column, file: file, line: line)
        }
        check("1e308", "bad value for 'top': 1e+308 is outside the range -1000000...1000000 (points)", column: 18)
        check("1e308%", "bad value for 'top': 1e+308% is outside the range -10000%...10000%", column: 18)
        check("parent.bottom*1e308", "bad value for 'top': the factor 1e+308 is outside the range -1000...1000", column: 32)
        check("parent.bottom-1e308", "bad value for 'top': 1e+308 is outside the range -1000000...1000000 (points)", column: 32)
        check("max(0, -1e308)", "bad value for 'top': -1e+308 is outside the range -1000000...1000000 (points)", column: 25)
    }

    func testLimitsThemselvesAreAllowed() throws {
        let document = try SpecParser().parse("""
            canvas width=1000000
            vbox gap=1000000 padding=10000%
              box aspect-ratio=0.000001 width=1000000 grow=1000000 shrink=1000000 margin=-1000000
              label "x" size=4096 line-height=100 lines=1000000
              label "y" line-height=1000000pt
            """)
        XCTAssertEqual(document.canvas.children.first?.children.count, 3)
    }

    func testJSONNumbersGoThroughTheSameRanges() {
        let json = #"{"canvas": {"width": 100},\#n "root": {"kind": "box", "grow": 1e308}}"#
        XCTAssertThrowsError(try JSONSpecReader().parse(Array(json.utf8))) { error in
            let e = error as! SpecError
            XCTAssertEqual(e.message, "bad value for 'grow': 1e+308 is above the maximum 1000000")
            XCTAssertEqual(e.location, SourceLocation(line: 2, column: 34, jsonPath: "$.root.grow"))
        }
    }

    // MARK: - Hints that would cost the product of two long lengths

    func testNoHintForAHugeUnknownName() {
        let key = String(repeating: "x", count: 200_000)
        guard let e = parseError("canvas width=10\nvbox \(key)=1") else { return }
        XCTAssertEqual(e.message, "unknown attribute '\(key)' for vbox")
    }

    func testNoHintAmongTensOfThousandsOfStyles() {
        let styles = (0..<20_000).map { "style s\($0) gap=1" }.joined(separator: "\n")
        assertError("canvas width=10\n\(styles)\nvbox style=s1x", "unknown style 's1x'", line: 20_002, column: 12)
        assertError("canvas width=10\nstyle s1 gap=1\nvbox style=s1x", "unknown style 's1x'; did you mean 's1'?", line: 3, column: 12)
    }

    // MARK: - Lines of a large source

    func testSourceLinesKeepsOffsetsNotSubstrings() {
        let lines = SourceLines("a\r\nbb\n\nccc")
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual((0..<4).map { String(lines[$0]) }, ["a", "bb", "", "ccc"])
        XCTAssertEqual(lines.line(at: SourceLocation(line: 4, column: 1)), "ccc")
        XCTAssertNil(lines.line(at: SourceLocation(line: 5, column: 1)))
        let many = SourceLines(String(repeating: "\n", count: 1_000_000))
        XCTAssertEqual(many.count, 1_000_001)
        XCTAssertEqual(many[999_999], "")
    }

    func testASpecOfNewlinesIsMissingItsCanvas() {
        assertError(String(repeating: "\n", count: 1 << 20), "no canvas line; a spec starts with e.g. 'canvas width=600'",
                    line: 1, column: 1)
    }
}
