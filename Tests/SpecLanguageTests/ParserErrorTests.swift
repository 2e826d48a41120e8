import XCTest
@testable import SpecLanguage

/// Each error names the place (line, column) and says what to do.
final class ParserErrorTests: XCTestCase {
    func testUnknownKindSuggests() {
        assertError("canvas width=10\nvbx gap=2", "unknown kind 'vbx'; did you mean 'vbox'?", line: 2, column: 1)
    }

    func testColumnsCountCharactersNotBytes() {
        // "é" and "日本" are 2 and 6 bytes in UTF-8 but 1 and 2 columns.
        assertError("canvas width=10\nlabel \"é\" size=12 colr=red", "unknown attribute 'colr' for label; did you mean 'color'?",
                    line: 2, column: 19)
        assertError("canvas width=10\nlabel \"日本\" size=\"1\"", "bad value for 'size': expected a size WxH, not a quoted string",
                    line: 2, column: 17)
        assertError("canvas width=10\nlabel \"日本\\q\"", "unknown escape '\\q' (use \\\" \\\\ \\n \\t \\u{…})",
                    line: 2, column: 10)
        assertError("canvas width=10 background=#ｆｆｆ", "bad value for 'background': '#ｆｆｆ' has a character that is not a hex digit",
                    line: 1, column: 28)
    }

    func testUnknownAttributeSuggests() {
        assertError("canvas width=10\nvbox\n  label \"a\" colr=#fff",
                    "unknown attribute 'colr' for label; did you mean 'color'?", line: 3, column: 13)
    }

    func testAttributeOfAnotherKind() {
        assertError("canvas width=10\nvbox lines=2", "a vbox does not take 'lines'", line: 2, column: 6)
    }

    func testBadValues() {
        assertError("canvas width=10\nvbox gap=big", "bad value for 'gap': 'big' is not a number", line: 2, column: 10)
        assertError("canvas width=10\nvbox gap=-1", "bad value for 'gap': -1 is below the minimum 0", line: 2, column: 10)
        assertError("canvas width=10\nvbox justify=centre",
                    "bad value for 'justify': 'centre' is not one of start, center, end, space-between, space-around, space-evenly, safe-center, safe-end; did you mean 'center'?",
                    line: 2, column: 14)
        assertError("canvas width=10\nbox background=#12345", "bad value for 'background': '#12345' is not a color: use #rgb, #rgba, #rrggbb or #rrggbbaa",
                    line: 2, column: 16)
        assertError("canvas width=10\nbox padding=1,x", "bad value for 'padding': 'x' is not a number", line: 2, column: 15)
        assertError("canvas width=10\nbox\n  box top=header.botom",
                    "bad value for 'top': 'botom' is not an anchor (left, right, center-x, width, leading, trailing, top, bottom, center-y, height); did you mean 'bottom'?",
                    line: 3, column: 18)
        assertError("canvas width=10\nbox width=1e999", "bad value for 'width': '1e999' is not a finite number", line: 2, column: 11)
        assertError("canvas width=10\nbox\n  box left=min(1, 2", "missing ')' in 'left'", line: 3, column: 12)
    }

    func testIndentation() {
        assertError("canvas width=10\nvbox\n   label \"a\"", "indentation of 3 spaces; indent by two spaces per level", line: 3, column: 4)
        assertError("canvas width=10\nvbox\n    label \"a\"", "indented 4 spaces, more than one level (two spaces) below the line above", line: 3, column: 5)
        assertError("canvas width=10\nvbox\n\tlabel \"a\"", "a tab in the indentation; indent with two spaces per level", line: 3, column: 1)
        assertError("canvas width=10\n  vbox", "this line is indented but has no parent; top-level lines start at column 1", line: 2, column: 3)
    }

    func testStrings() {
        assertError("canvas width=10\nlabel \"abc", "unterminated string: no closing quote on this line", line: 2, column: 7)
        assertError("canvas width=10\nlabel \"a\\qb\"", "unknown escape '\\q' (use \\\" \\\\ \\n \\t \\u{…})", line: 2, column: 9)
        assertError("canvas width=10\nlabel size=3", "a label needs its text in quotes: label \"Hello\"", line: 2, column: 1)
    }

    func testDuplicateID() {
        assertError("canvas width=10\nvbox id=a\n  label \"x\" id=a", "duplicate id 'a'; it is first used on line 2", line: 3, column: 16)
    }

    func testStructure() {
        assertError("vbox", "no canvas line; a spec starts with e.g. 'canvas width=600'", line: 1, column: 1)
        assertError("canvas width=10\ncanvas width=20", "a second canvas; the first is on line 1", line: 2, column: 1)
        assertError("canvas width=10\nlabel \"a\"\n  label \"b\"", "a label's children are span lines (span \"text\" key=value…) and images and paths in its text, not a label (it is on line 2)",
                    line: 3, column: 3)
        assertError("canvas width=10\nspacer\n  label \"b\"", "a spacer cannot have children (it is on line 2)", line: 3, column: 3)
        assertError("canvas width=10\nvbox gap=1 gap=2", "'gap' is given twice (first at column 6)", line: 2, column: 12)
        assertError("canvas width=10\nvbox style=titel\nstyle title size=3",
                    "unknown style 'titel'; did you mean 'title'?", line: 2, column: 12)
        assertError("canvas width=10\nstyle s lines=2\nvbox style=s",
                    "style 's' (line 2) sets 'lines', which a vbox does not take", line: 3, column: 12)
    }

    /// Past 16 keys a line's keys are looked up in a dictionary: duplicates are still
    /// found there, with the first one's column, for attributes and for flags.
    func testDuplicatesOnALineWithManyKeys() {
        // "vbox " is 5 columns; each "kN=1 " for N in 10...29 is 6 columns.
        let keys = (10...29).map { "k\($0)=1" }.joined(separator: " ")
        assertError("canvas width=10\nvbox \(keys) k12=2", "'k12' is given twice (first at column \(6 + 2 * 6))",
                    line: 2, column: 6 + 20 * 6)
        assertError("canvas width=10\nvbox \(keys) k29=2", "'k29' is given twice (first at column \(6 + 19 * 6))",
                    line: 2, column: 6 + 20 * 6)
        assertError("canvas width=10\nvbox clip \(keys) clip", "'clip' is given twice", line: 2, column: 11 + 20 * 6)
    }

    func testLimits() {
        var limits = ParseLimits()
        limits.maxDepth = 3
        var text = "canvas width=10\n"
        for depth in 0..<5 { text += String(repeating: "  ", count: depth) + "vbox\n" }
        XCTAssertThrowsError(try SpecParser(limits: limits).parse(text)) { error in
            XCTAssertEqual((error as? SpecError)?.message, "nesting deeper than 3 levels (the limit)")
            XCTAssertEqual((error as? SpecError)?.location.line, 5)
        }
        limits = ParseLimits()
        limits.maxNodes = 2
        XCTAssertThrowsError(try SpecParser(limits: limits).parse("canvas width=1\nbox\nbox\nbox")) { error in
            XCTAssertEqual((error as? SpecError)?.message, "more than 2 nodes (the limit)")
        }
    }

    func testErrorQuotesTheLine() {
        let e = parseError("canvas width=10\nvbox gap=x")
        XCTAssertEqual(e?.sourceLine, "vbox gap=x")
    }
}
