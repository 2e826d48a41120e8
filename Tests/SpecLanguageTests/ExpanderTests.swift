import XCTest
@testable import SpecLanguage

final class ExpanderTests: XCTestCase {
    private func expand(_ text: String, _ values: [String: DataValue]) throws -> Document {
        try SpecExpander().expand(try SpecParser().parse(text), environment: Environment(values: values))
    }

    private let responsive = """
        canvas width=100
        if width < 500 and not compact
          vbox id=a
        else
          hbox id=a
        box id=after
        """

    func testIfElseChoosesOneBranch() throws {
        let narrow = try expand(responsive, ["width": .number(320), "compact": .bool(false)])
        XCTAssertEqual(narrow.canvas.children.map(\.kind), [.vbox, .box])
        let wide = try expand(responsive, ["width": .number(800), "compact": .bool(false)])
        XCTAssertEqual(wide.canvas.children.map(\.kind), [.hbox, .box])
        let compact = try expand(responsive, ["width": .number(320), "compact": .bool(true)])
        XCTAssertEqual(compact.canvas.children.map(\.kind), [.hbox, .box])
    }

    func testConditionsCompareStringsAndNumbers() throws {
        let spec = "canvas width=1\nif theme == \"dark\" or (n >= 2 and n != 3)\n  box\n"
        XCTAssertEqual(try expand(spec, ["theme": .string("dark"), "n": .number(0)]).canvas.children.count, 1)
        XCTAssertEqual(try expand(spec, ["theme": .string("light"), "n": .number(2)]).canvas.children.count, 1)
        XCTAssertEqual(try expand(spec, ["theme": .string("light"), "n": .number(3)]).canvas.children.count, 0)
    }

    func testForRepeatsWithInterpolation() throws {
        let doc = try expand("""
            canvas width=1
            vbox
              for post in data.posts
                label "{index}. {post.title} {{x}}" id=post-{index}
            """, ["data": .object(["posts": .array([.object(["title": .string("A")]), .object(["title": .string("B")])])])])
        let labels = doc.canvas.children[0].children
        XCTAssertEqual(labels.map(\.argument), [.string("0. A {x}"), .string("1. B {x}")])
        XCTAssertEqual(labels.map(\.id), ["post-0", "post-1"])
        XCTAssertEqual(labels.map(\.location.line), [4, 4])
    }

    func testErrorsNameTheLine() {
        func message(_ text: String, _ values: [String: DataValue] = [:]) -> String {
            do { _ = try expand(text, values); return "no error" } catch { return "\((error as! SpecError).location.line): \((error as! SpecError).message)" }
        }
        XCTAssertEqual(message("canvas width=1\nif wdth < 3\n  box\n", ["width": .number(1)]),
                       "2: unknown name 'wdth' in the condition (known: width); give it with --var wdth=… or --data")
        XCTAssertEqual(message("canvas width=1\nif user.tier == 2\n  box\n", ["width": .number(1)]),
                       "2: unknown name 'user.tier' in the condition (known: width); give it with --data FILE.json ('user' an object)")
        XCTAssertEqual(message("canvas width=1\nlabel \"{nope}\"\n"),
                       "2: unknown name 'nope' in \"{nope}\"; give it with --var nope=… or --data")
        XCTAssertEqual(message("canvas width=1\nfor x in xs\n  box id=same\n", ["xs": .array([.null, .null])]),
                       "3: duplicate id 'same'; it is first used on line 3 (inside a loop: add {index} to the id)")
        XCTAssertEqual(message("canvas width=1\nfor x in xs\n  box\n", ["xs": .number(3)]), "2: 'xs' is not a list")
        XCTAssertEqual(message("canvas width=1\nif height > 3\n  box\n", ["height": .null]),
                       "2: '>' compares with a value that is not set (the canvas height is auto?)")
    }

    func testLoopsThatExpandTooFarAreStopped() {
        var limits = ParseLimits()
        limits.maxNodes = 1000
        let items = DataValue.array(Array(repeating: .null, count: 600))
        let spec = try! SpecParser().parse("canvas width=1\nfor a in xs\n  box\n  box\n")
        XCTAssertThrowsError(try SpecExpander(limits: limits).expand(spec, environment: Environment(values: ["xs": items]))) { e in
            XCTAssertEqual((e as? SpecError)?.message, "the spec expands to more than 1000 nodes (the limit)")
        }
    }

    /// Loops whose bodies make no node never reach the node limit; their steps are bounded
    /// (ten a node), so three nested loops over 1,000 items with a false `if` inside stop at
    /// once instead of running 10⁹ times (7 min 48 s before, found by the spec-structure fuzzer).
    func testLoopsThatMakeNoNodesAreBounded() throws {
        var limits = ParseLimits()
        limits.maxNodes = 1000
        let spec = try SpecParser().parse("canvas width=1\nfor a in xs\n  for b in xs\n    if flag == 1\n      box\n")
        let many = Environment(values: ["xs": .array(Array(repeating: .null, count: 200)), "flag": .number(0)])
        XCTAssertThrowsError(try SpecExpander(limits: limits).expand(spec, environment: many)) { e in
            XCTAssertEqual((e as? SpecError)?.message,
                           "the spec's if/for blocks take more than 10000 steps to expand (the limit: 10 a node)")
        }
        // 30 × 30 iterations, conditions and boxes: about 2,800 steps, under the limit.
        let few = Environment(values: ["xs": .array(Array(repeating: .null, count: 30)), "flag": .number(1)])
        let expanded = try SpecExpander(limits: limits).expand(spec, environment: few)
        XCTAssertEqual(expanded.canvas.children.count, 900)
    }

    /// A document with no if/else/for and no braces is its own expansion; one built in code
    /// past the expander's limits is still refused, and braces are still filled in.
    func testADocumentWithNothingToExpandIsItsOwnExpansion() throws {
        let spec = try SpecParser().parse("canvas width=100\nvbox id=a gap=4\n  label \"Hi\"\n  box width=3\n")
        XCTAssertEqual(try SpecExpander().expand(spec, environment: Environment()), spec)

        var limits = ParseLimits()
        limits.maxNodes = 2
        XCTAssertThrowsError(try SpecExpander(limits: limits).expand(spec, environment: Environment())) { e in
            XCTAssertEqual((e as? SpecError)?.message, "the spec expands to more than 2 nodes (the limit)")
        }
        let here = SourceLocation(line: 1, column: 1)
        var deep = Node(kind: .box, location: here)
        for _ in 0...ParseLimits.default.maxDepth + 1 { deep = Node(kind: .vbox, children: [deep], location: here) }
        XCTAssertThrowsError(try SpecExpander().expand(Document(canvas: Node(kind: .canvas, children: [deep], location: here)),
                                                       environment: Environment())) { e in
            XCTAssertEqual((e as? SpecError)?.message, "nesting deeper than \(ParseLimits.default.maxDepth) levels (the limit)")
        }
        let named = try expand("canvas width=100\nlabel \"{who}\"\n", ["who": .string("you")])
        XCTAssertEqual(named.canvas.children.first?.argument, .string("you"))
    }

    /// The parsers survey the tree as they read it (so the expander and the scene builder
    /// need not walk it again); the survey says what a walk over the tree says, and any
    /// change to the tree clears it.
    func testTheParsersSurveyTheTree() throws {
        let text = "canvas width=100\nvbox\n  hbox\n    box\n  if wide\n    box\nlabel \"Hi\"\n"
        let parsed = try SpecParser().parse(text)
        XCTAssertEqual(parsed.survey, TreeSurvey(nodeCount: 7, depth: 2, needsExpansion: true))
        XCTAssertEqual(try parsed.surveyed(checkingIDs: true), parsed.survey)
        // A brace anywhere in the source (here in a comment) is enough to say "maybe";
        // the walk looks at the strings themselves.
        let commented = try SpecParser().parse("canvas width=10\nbox # {not a name}\n")
        XCTAssertEqual(commented.survey, TreeSurvey(nodeCount: 2, depth: 0, needsExpansion: true))
        XCTAssertEqual(try commented.surveyed(checkingIDs: true), TreeSurvey(nodeCount: 2, depth: 0, needsExpansion: false))
        XCTAssertEqual(try SpecExpander().expand(commented, environment: Environment()), commented)
        let plain = try SpecParser().parse("canvas width=10\nvbox\n  label \"a\"\n")
        XCTAssertEqual(plain.survey, TreeSurvey(nodeCount: 3, depth: 1, needsExpansion: false))

        let json = try JSONSpecReader().parse(#"{"canvas": {"width": 10}, "children": [{"kind": "vbox", "children": [{"kind": "label", "text": "{n}"}]}]}"#)
        XCTAssertEqual(json.survey, TreeSurvey(nodeCount: 3, depth: 1, needsExpansion: true))

        // A change to the tree clears the survey, and an equal tree is equal either way.
        var changed = plain
        changed.canvas.children[0].children.append(Node(kind: .box, location: SourceLocation(line: 9, column: 1)))
        XCTAssertNil(changed.survey)
        XCTAssertEqual(changed.nodeCount, 4)
        changed.canvas.children[0].children.removeLast()
        XCTAssertEqual(changed, plain)
        XCTAssertEqual(changed.hashValue, plain.hashValue)

        // A document built in code is surveyed by the expander, its ids checked in tree order.
        let here = SourceLocation(line: 1, column: 1)
        func box(_ id: String, line: Int) -> Node {
            Node(kind: .box, attributes: [Attribute(.id, value: .string(id), location: SourceLocation(line: line, column: 5))],
                 location: SourceLocation(line: line, column: 1))
        }
        let duplicated = Document(canvas: Node(kind: .canvas, children: [
            Node(kind: .vbox, children: [box("a", line: 3), box("b", line: 4)], location: here), box("a", line: 5)], location: here))
        XCTAssertThrowsError(try SpecExpander().expand(duplicated, environment: Environment())) { e in
            XCTAssertEqual((e as? SpecError)?.message, "duplicate id 'a'; it is first used on line 3")
            XCTAssertEqual((e as? SpecError)?.location.line, 5)
        }
        XCTAssertThrowsError(try duplicated.surveyed(checkingIDs: true)) { e in
            XCTAssertEqual((e as? SpecError)?.location.line, 5)
        }
        let expanded = try SpecExpander().expand(plain, environment: Environment())
        XCTAssertEqual(expanded.survey?.nodeCount, 3)
    }

    func testParseErrorsOfControlLines() {
        func message(_ text: String) -> String {
            do { _ = try SpecParser().parse(text); return "no error" } catch { return "\(error.location): \(error.message)" }
        }
        XCTAssertEqual(message("canvas width=1\nelse\n  box\n"), "2:1: 'else' must follow an 'if' at the same indentation")
        XCTAssertEqual(message("canvas width=1\nif width <\n  box\n"), "2:11: bad condition: the condition ends where a value was expected")
        XCTAssertEqual(message("canvas width=1\nfor x of y\n  box\n"), "2:1: a loop is written: for NAME in LIST (LIST a variable or a path like data.posts)")
        // A label holds spans, under control lines too; anything else under it is refused where it is.
        XCTAssertEqual(message("canvas width=1\nlabel \"a\"\n  if width > 1\n    box\n"),
                       "4:5: a label's children are span lines (span \"text\" key=value…) and images and paths in its text, not a box (it is on line 2)")
        XCTAssertEqual(message("canvas width=1\nimage \"a.png\"\n  if width > 1\n    box\n"), "3:3: a image cannot have children (it is on line 2)")
        // Columns count characters: "e\u{301}" is one character of two scalars, read as scalars.
        XCTAssertEqual(message("canvas width=1\nif title == \"e\u{301}\" or >\n  box\n"),
                       "2:20: bad condition: expected a name, a number or a quoted string")
        XCTAssertEqual(message("canvas width=1\nif title == \"日本\" or >\n  box\n"),
                       "2:21: bad condition: expected a name, a number or a quoted string")
        // A `#` inside the condition's quotes is text; after them, a comment.
        XCTAssertEqual(message("canvas width=1\nif title == \"a#b\" # note\n  box\n"), "no error")
    }
}
