import XCTest
@testable import SpecLanguage

/// `span` lines: runs of a label's text, in both forms, and the errors for misplaced ones.
final class SpanTests: XCTestCase {
    func testSpansAreALabelsChildrenWithTheirOwnTextAttributes() throws {
        let document = try SpecParser().parse("""
            canvas width=200
            style accent color=#d00 underline
            label "Total: " size=12 strikethrough=false
              span "42" weight=bold size=18 style=accent
              span " items" italic strikethrough font="DejaVu Sans" letter-spacing=1 text-transform=uppercase fallback=none
            """)
        let label = document.canvas.children[0]
        XCTAssertEqual(label.children.map(\.kind), [.span, .span])
        XCTAssertEqual(label.children.map(\.argument), [.string("42"), .string(" items")])
        XCTAssertEqual(label.children[0]["weight"], .integer(700))
        XCTAssertEqual(label.children[0]["size"], .number(18))
        XCTAssertEqual(label.children[0]["underline"], .bool(true))
        XCTAssertEqual(label.children[1]["strikethrough"], .bool(true))
        XCTAssertEqual(label["strikethrough"], .bool(false))
    }

    func testMisplacedSpansAndLabelChildren() {
        assertError("canvas width=10\nspan \"a\"",
                    "a span is a run of a label's text, so it is indented under a label, not under a canvas", line: 2, column: 1)
        assertError("canvas width=10\nvbox\n  span \"a\"",
                    "a span is a run of a label's text, so it is indented under a label, not under a vbox (it is on line 2)",
                    line: 3, column: 3)
        assertError("canvas width=10\nlabel \"a\"\n  span \"b\"\n    span \"c\"",
                    "a span cannot have children (it is on line 3)", line: 4, column: 5)
        assertError("canvas width=10\nlabel \"a\"\n  box",
                    "a label's children are span lines (span \"text\" key=value…) and images and paths in its text, not a box (it is on line 2)", line: 3, column: 3)
        assertError("canvas width=10\nlabel \"a\"\n  if width > 5\n    label \"b\"",
                    "a label's children are span lines (span \"text\" key=value…) and images and paths in its text, not a label (it is on line 2)", line: 4, column: 5)
    }

    func testSpanTextAndAttributes() {
        assertError("canvas width=10\nlabel \"a\"\n  span", "a span needs its text in quotes: span \"bold\" weight=bold",
                    line: 3, column: 3)
        assertError("canvas width=10\nlabel \"a\"\n  span \"\" color=red", "an empty span; give it text, or leave the line out",
                    line: 3, column: 8)
        assertError("canvas width=10\nlabel \"a\"\n  span \"b\" lines=2",
                    "a span does not take 'lines': a label's spans are one paragraph, so align, line-height, lines, truncate, wrap are the label's",
                    line: 3, column: 12)
        assertError("canvas width=10\nlabel \"a\"\n  span \"b\" line-height=2",
                    "a span does not take 'line-height': a label's spans are one paragraph, so align, line-height, lines, truncate, wrap are the label's",
                    line: 3, column: 12)
        assertError("canvas width=10\nlabel \"a\"\n  span \"b\" colr=red", "unknown attribute 'colr' for span; did you mean 'color'?",
                    line: 3, column: 12)
        assertError("canvas width=10\nlabel \"a\"\n  span \"b\" id=x", "a span does not take 'id'", line: 3, column: 12)
        assertError("canvas width=10\nlabel \"a\"\n  span \"b\" size=10x10", "a span's size is its font size, one number (size=12)",
                    line: 3, column: 17)
        assertError("canvas width=10\nlabel \"a\"\n  span \"b\" size=5000", "bad value for 'size': a font size is at most 4096 pt, not 5000",
                    line: 3, column: 17)
        assertError("canvas width=10\nstyle s lines=2\nlabel \"a\"\n  span \"b\" style=s",
                    "style 's' (line 2) sets 'lines', which a span does not take", line: 4, column: 18)
    }

    /// At most `maxSpansPerLabel` spans, counted again after `for` expands them.
    func testTheSpanLimit() throws {
        var limits = ParseLimits()
        limits.maxSpansPerLabel = 3
        let text = "canvas width=10\nlabel \"a\"\n" + String(repeating: "  span \"b\"\n", count: 4)
        XCTAssertThrowsError(try SpecParser(limits: limits).parse(text)) { error in
            XCTAssertEqual((error as? SpecError)?.message, "a label with more than 3 spans (the limit)")
            XCTAssertEqual((error as? SpecError)?.location, SourceLocation(line: 6, column: 3))
        }
        let loop = try SpecParser(limits: limits).parse("canvas width=10\nlabel \"a\"\n  for x in xs\n    span \"{x}\"\n")
        var environment = Environment()
        environment.values["xs"] = .array([.number(1), .number(2), .number(3), .number(4)])
        XCTAssertThrowsError(try SpecExpander(limits: limits).expand(loop, environment: environment)) { error in
            XCTAssertEqual((error as? SpecError)?.message, "a label with more than 3 spans (the limit)")
        }
        environment.values["xs"] = .array([.number(1), .number(2)])
        let expanded = try SpecExpander(limits: limits).expand(loop, environment: environment)
        XCTAssertEqual(expanded.canvas.children[0].children.map(\.argument), [.string("1"), .string("2")])
    }

    /// The JSON form: spans are children of kind span with their text in "text"; `convert`
    /// goes both ways.
    func testTheJSONFormAndTheRoundTrip() throws {
        let text = """
            canvas width=200
            label "Total: " size=12 underline
              span "42" weight=bold color=#d00
              span " items" underline=false strikethrough
            """
        let original = try SpecParser().parse(text)
        let json = SpecWriter.json(original)
        XCTAssertTrue(json.contains(#""kind": "span""#), json)
        let viaJSON = try JSONSpecReader().parse(Array(json.utf8))
        XCTAssertEqual(strip(viaJSON), strip(original))
        XCTAssertEqual(strip(try SpecParser().parse(SpecWriter.specText(viaJSON))), strip(original))
        XCTAssertTrue(SpecWriter.specText(original).contains("\n  span \"42\" "), SpecWriter.specText(original))

        func jsonError(_ json: String) -> SpecError? {
            do { _ = try JSONSpecReader().parse(Array(json.utf8)); return nil } catch { return error }
        }
        let head = #"{"canvas": {"width": 10}, "children": ["#
        XCTAssertEqual(jsonError(head + #"{"kind": "span", "text": "a"}]}"#)?.message,
                       "a span is a run of a label's text, so it is indented under a label, not under a canvas")
        XCTAssertEqual(jsonError(head + #"{"kind": "label", "text": "a", "children": [{"kind": "span", "text": ""}]}]}"#)?.message,
                       "an empty span; give it text, or leave it out")
        XCTAssertEqual(jsonError(head + #"{"kind": "label", "text": "a", "children": [{"kind": "span"}]}]}"#)?.message,
                       "a span needs \"text\"")
        XCTAssertEqual(jsonError(head + #"{"kind": "label", "text": "a", "children": [{"kind": "box"}]}]}"#)?.message,
                       "a label's children are span lines (span \"text\" key=value…) and images and paths in its text, not a box")
        let layout = jsonError(head + #"{"kind": "label", "text": "a", "children": [{"kind": "span", "text": "b", "truncate": "head"}]}]}"#)
        XCTAssertEqual(layout?.message,
                       "a span does not take 'truncate': a label's spans are one paragraph, so align, line-height, lines, truncate, wrap are the label's")
        XCTAssertEqual(layout?.location.path, "$.children[0].children[0].truncate")
    }

}
