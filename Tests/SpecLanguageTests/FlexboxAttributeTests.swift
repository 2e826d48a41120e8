import XCTest
@testable import SpecLanguage

/// The flexbox attributes of the language (issue 15, section 1): how each reads, what it
/// refuses and where, and that both forms write it back to the same tree.
final class FlexboxAttributeTests: XCTestCase {
    /// The first node under the canvas.
    private func node(_ line: String, in parent: String? = nil) throws -> Node {
        let text = "canvas width=100\n" + (parent.map { $0 + "\n  " } ?? "") + line
        let root = try SpecParser().parse(text).canvas.children[0]
        return parent == nil ? root : root.children[0]
    }

    private func error(_ text: String) -> SpecError? {
        do {
            _ = try SpecParser().parse(text)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Reading

    func testPositionAndInsets() throws {
        let n = try node("box position=absolute top=10 left=-5 bottom=25% right=auto", in: "vbox")
        XCTAssertEqual(n["position"], .keyword("absolute"))
        XCTAssertEqual(n["top"], .anchor(.points(10)))
        XCTAssertEqual(n["left"], .anchor(.points(-5)))
        XCTAssertEqual(n["bottom"], .anchor(.percent(25)))
        XCTAssertEqual(n["right"], .length(.auto))
        XCTAssertEqual(try node("box position=relative")["position"], .keyword("relative"))
    }

    func testOrderIsAWholeNumberInItsRange() throws {
        XCTAssertEqual(try node("box order=-3")["order"], .integer(-3))
        XCTAssertEqual(try node("box order=1000000")["order"], .integer(1_000_000))
        assertError("canvas width=10\nbox order=1000001", "bad value for 'order': 1000001 is above the maximum 1000000", line: 2, column: 11)
        assertError("canvas width=10\nbox order=-1000001", "bad value for 'order': -1000001 is below the minimum -1000000", line: 2, column: 11)
        assertError("canvas width=10\nbox order=1.5", "bad value for 'order': '1.5' is not a whole number", line: 2, column: 11)
        assertError("canvas width=10\nbox order=99999999999999999999999", "bad value for 'order': '99999999999999999999999' is not a whole number",
                    line: 2, column: 11)
    }

    func testReverseAndWrapReverse() throws {
        XCTAssertEqual(try node("hbox reverse")["reverse"], .bool(true))
        XCTAssertEqual(try node("vbox reverse=false")["reverse"], .bool(false))
        XCTAssertEqual(try SpecParser().parse("canvas width=10 reverse").canvas["reverse"], .bool(true))
        XCTAssertEqual(try node("hbox wrap")["wrap"], .bool(true))
        XCTAssertEqual(try node("hbox wrap=false")["wrap"], .bool(false))
        XCTAssertEqual(try node("hbox wrap=reverse")["wrap"], .keyword("reverse"))
        assertError("canvas width=10\nhbox wrap=revrse", "bad value for 'wrap': expected true, false or reverse (wrap-reverse), not 'revrse'; did you mean 'reverse'?",
                    line: 2, column: 11)
        assertError("canvas width=10\nbox reverse", "a box does not take 'reverse'", line: 2, column: 5)
        // A label's wrap is still how its text breaks.
        XCTAssertEqual(try node("label \"a\" wrap=char")["wrap"], .keyword("char"))
        assertError("canvas width=10\nlabel \"a\" wrap=reverse", "bad value for 'wrap': 'reverse' is not one of word, char", line: 2, column: 16)
    }

    func testAlignContentBaselineAndSafeAlignment() throws {
        for k in ["normal", "start", "center", "end", "stretch", "space-between", "space-around", "space-evenly", "safe-center", "safe-end"] {
            XCTAssertEqual(try node("hbox wrap align-content=\(k)")["align-content"], .keyword(k))
        }
        XCTAssertEqual(try node("hbox align=baseline")["align"], .keyword("baseline"))
        XCTAssertEqual(try node("box align-self=baseline")["align-self"], .keyword("baseline"))
        XCTAssertEqual(try node("box align-self=safe-end")["align-self"], .keyword("safe-end"))
        XCTAssertEqual(try node("zbox justify=safe-center align=safe-end")["justify"], .keyword("safe-center"))
        assertError("canvas width=10\nhbox align-content=spaec-between",
                    "bad value for 'align-content': 'spaec-between' is not one of normal, start, center, end, stretch, space-between, space-around, space-evenly, safe-center, safe-end; did you mean 'space-between'?",
                    line: 2, column: 20)
        assertError("canvas width=10\nhbox align=safecenter",
                    "bad value for 'align': 'safecenter' is not one of start, center, end, stretch, baseline, safe-center, safe-end; did you mean 'safe-center'?",
                    line: 2, column: 12)
        assertError("canvas width=10\nzbox align-content=center", "a zbox does not take 'align-content'", line: 2, column: 6)
    }

    func testAutoMarginsAndSides() throws {
        XCTAssertEqual(try node("box margin=auto")["margin"], .insets(top: .auto, right: .auto, bottom: .auto, left: .auto))
        XCTAssertEqual(try node("box margin=0,auto")["margin"], .insets(top: .points(0), right: .auto, bottom: .points(0), left: .auto))
        let n = try node("vbox margin-left=auto margin-top=4 padding-right=10% padding-bottom=2")
        XCTAssertEqual(n["margin-left"], .length(.auto))
        XCTAssertEqual(n["margin-top"], .length(.points(4)))
        XCTAssertEqual(n["padding-right"], .length(.percent(10)))
        XCTAssertEqual(n["padding-bottom"], .length(.points(2)))
        assertError("canvas width=10\nvbox padding=auto", "bad value for 'padding': 'auto' is not allowed here", line: 2, column: 14)
        assertError("canvas width=10\nvbox padding=4,-2", "bad value for 'padding': -2 is below the minimum 0", line: 2, column: 16)
        assertError("canvas width=10\nvbox padding-left=-1", "bad value for 'padding-left': -1 is below the minimum 0", line: 2, column: 19)
        assertError("canvas width=10\nvbox margin=1,2,3,4,5",
                    "bad value for 'margin': insets take 1, 2, 3 or 4 comma-separated lengths (top, right, bottom, left), not 5",
                    line: 2, column: 13)
        assertError("canvas width=10\nbox margin-lfet=2", "unknown attribute 'margin-lfet' for box; did you mean 'margin-left'?", line: 2, column: 5)
        assertError("canvas width=10\nlabel \"a\" padding-top=2", "a label does not take 'padding-top'", line: 2, column: 11)
    }

    /// As CSS cascades declarations: the later of a shorthand and a side wins, styles
    /// before the node's own attributes.
    func testALaterShorthandReplacesEarlierSides() throws {
        let sideLast = try node("box margin=8 margin-left=4")
        XCTAssertEqual(sideLast["margin"], .insets(top: .points(8), right: .points(8), bottom: .points(8), left: .points(8)))
        XCTAssertEqual(sideLast["margin-left"], .length(.points(4)))
        let shorthandLast = try node("box margin-left=4 margin=8")
        XCTAssertNil(shorthandLast["margin-left"])
        let styled = try SpecParser().parse("""
            canvas width=100
            style inset margin-left=4 padding-top=3 border-bottom=2,#f00
            vbox style=inset margin=8 padding-top=5 border=1
            """).canvas.children[0]
        XCTAssertNil(styled["margin-left"], "the node's margin replaces the style's margin-left")
        XCTAssertEqual(styled["padding-top"], .length(.points(5)))
        XCTAssertNil(styled["border-bottom"], "the node's border replaces the style's border-bottom")
        let styledSide = try SpecParser().parse("""
            canvas width=100
            style inset margin=8
            vbox style=inset margin-left=4
            """).canvas.children[0]
        XCTAssertEqual(styledSide["margin-left"], .length(.points(4)))
        XCTAssertNotNil(styledSide["margin"])
    }

    func testSizingKeywords() throws {
        for (name, attribute) in [("min-content", Length.minContent), ("max-content", .maxContent), ("fit-content", .fitContent)] {
            let n = try node("box width=\(name) height=\(name) basis=\(name) min-width=\(name) max-height=\(name)")
            for key in ["width", "height", "basis", "min-width", "max-height"] {
                XCTAssertEqual(n[key], .length(attribute), "\(key)=\(name)")
            }
        }
        assertError("canvas width=10\nbox width=max-contnet",
                    "bad value for 'width': 'max-contnet' is not a length (points, N%, auto, min-content, max-content or fit-content); did you mean 'max-content'?",
                    line: 2, column: 11)
        // A word that is no slip for a keyword is read as an anchor, and told so.
        assertError("canvas width=10\nbox width=my-long-header",
                    "bad value for 'width': expected a number, a percentage or an anchor such as my-long-header.bottom, not 'my-long-header'",
                    line: 2, column: 11)
        assertError("canvas width=10\nbox size=max-contentx20",
                    "bad value for 'size': a size pair takes points, % or auto; give a sizing keyword with width= and height=",
                    line: 2, column: 10)
        assertError("canvas width=10\nbox margin=fit-content",
                    "bad value for 'margin': 'fit-content' sizes a node; only width, height, min-/max- sizes and basis take it",
                    line: 2, column: 12)
        assertError("canvas width=10\nvbox gap=min-content",
                    "bad value for 'gap': 'min-content' sizes a node; only width, height, min-/max- sizes and basis take it",
                    line: 2, column: 10)
        assertError("canvas width=max-content", "the canvas needs a width in points greater than 0: canvas width=600", line: 1, column: 1)
        assertError("canvas width=10 height=fit-content", "the canvas height is points or auto (the height the layout needs)", line: 1, column: 24)
        assertError("canvas width=10 height=50%", "the canvas height is points or auto (the height the layout needs)", line: 1, column: 24)
        // An anchor in a box is still an anchor.
        XCTAssertEqual(try node("box width=parent.width*0.5", in: "box"),
                       try node("box width=parent.width*0.5", in: "box"))
        if case .anchor? = try node("box width=parent.width*0.5", in: "box")["width"] {} else { XCTFail("not an anchor") }
    }

    /// Flexbox users write CSS: its names get the attribute that says it here.
    func testCSSNamesGetTheirSpelling() {
        assertError("canvas width=10\nhbox align-items=center", "unknown attribute 'align-items' for hbox; CSS align-items is 'align' here (see docs/spec.md)",
                    line: 2, column: 6)
        assertError("canvas width=10\nhbox flex-direction=row-reverse",
                    "unknown attribute 'flex-direction' for hbox; CSS flex-direction is 'reverse' here (see docs/spec.md)", line: 2, column: 6)
        assertError("canvas width=10\nvbox\n  hbox wrap row-gap=4", "unknown attribute 'row-gap' for hbox; CSS row-gap is 'cross-gap' here (see docs/spec.md)",
                    line: 3, column: 13)
        assertError("canvas width=10\nvbox row-gap=4", "unknown attribute 'row-gap' for vbox; CSS row-gap is 'gap' here (see docs/spec.md)",
                    line: 2, column: 6)
        assertError("canvas width=10\nhbox justify=flex-end",
                    "bad value for 'justify': 'flex-end' is not one of start, center, end, space-between, space-around, space-evenly, safe-center, safe-end; CSS flex-end is 'end' here",
                    line: 2, column: 14)
        assertError("canvas width=10\nhbox wrap=wrap-reverse",
                    "bad value for 'wrap': expected true, false or reverse (wrap-reverse), not 'wrap-reverse'; CSS wrap-reverse is 'reverse' here",
                    line: 2, column: 11)
        // A near miss of a real attribute still wins.
        assertError("canvas width=10\nhbox aling=center", "unknown attribute 'aling' for hbox; did you mean 'align'?", line: 2, column: 6)
    }

    func testPercentageGaps() throws {
        let n = try node("hbox wrap gap=5% cross-gap=12")
        XCTAssertEqual(n["gap"], .length(.percent(5)))
        XCTAssertEqual(n["cross-gap"], .length(.points(12)))
        assertError("canvas width=10\nvbox gap=-1%", "bad value for 'gap': -1% is below the minimum 0", line: 2, column: 10)
        assertError("canvas width=10\nvbox gap=10001%", "bad value for 'gap': 10001% is above the maximum 10000%", line: 2, column: 10)
        assertError("canvas width=10\nvbox cross-gap=1e7", "bad value for 'cross-gap': 10000000 is above the maximum 1000000", line: 2, column: 16)
    }

    func testPerSideBorders() throws {
        let n = try node("box border=1,#000 border-left=4,#f00 border-bottom=2")
        XCTAssertEqual(n["border-left"], .border(width: 4, color: Color(red: 255, green: 0, blue: 0)))
        XCTAssertEqual(n["border-bottom"], .border(width: 2, color: Color(red: 0, green: 0, blue: 0)))
        assertError("canvas width=10\nbox border-top=-1,#000", "bad value for 'border-top': a border width cannot be negative", line: 2, column: 16)
        assertError("canvas width=10\nbox border-right=2,#ff", "bad value for 'border-right': '#ff' is not a color: use #rgb, #rgba, #rrggbb or #rrggbbaa",
                    line: 2, column: 20)
        assertError("canvas width=10\nbox border-rigth=2", "unknown attribute 'border-rigth' for box; did you mean 'border-right'?", line: 2, column: 5)
    }

    func testInsetValues() throws {
        assertError("canvas width=10\nvbox\n  box top=1e7", "bad value for 'top': 10000000 is outside the range -1000000...1000000 (points)",
                    line: 3, column: 11)
        assertError("canvas width=10\nvbox\n  box left=20000%", "bad value for 'left': 20000% is outside the range -10000%...10000%",
                    line: 3, column: 12)
        assertError("canvas width=10\nvbox\n  box top=nan", "bad value for 'top': 'nan' is not a finite number", line: 3, column: 11)
        assertError("canvas width=10\nvbox\n  box top=atuo",
                    "bad value for 'top': expected points, a percentage or auto (or in a box, an anchor such as header.bottom+8), not 'atuo'; did you mean 'auto'?",
                    line: 3, column: 11)
        assertError("canvas width=10\nvbox\n  box top=10px",
                    "bad value for 'top': unexpected 'px' in anchor", line: 3, column: 13)
        assertError("canvas width=10\nvbox\n  box position=fixed",
                    "bad value for 'position': 'fixed' is not one of relative, absolute", line: 3, column: 16)
    }

    // MARK: - Writing back

    static let everything = """
        canvas width=300 reverse
        style side border-left=4,#ff0000 margin-right=auto
        hbox wrap=reverse align-content=space-evenly gap=5% cross-gap=2% justify=safe-center align=baseline reverse
          box position=absolute top=10 left=-5% bottom=auto right=auto order=-2 clip
          box style=side margin=0,auto align-self=safe-end width=fit-content min-width=min-content max-width=max-content basis=max-content
          vbox padding=4 padding-left=8 margin-top=auto border=1,#000 border-bottom=3,#00f height=min-content
            label "x" order=1000000 border-top=2,#123
        zbox justify=safe-end align=safe-center
          box position=relative top=-2 left=3
        box size=50x50
          box left=parent.left+4 top=10% width=parent.width*0.5 height=10
        """

    func testEveryAttributeRoundTripsThroughBothForms() throws {
        let original = try SpecParser().parse(Self.everything)
        let json = SpecWriter.json(original)
        let viaJSON = try JSONSpecReader().parse(Array(json.utf8))
        XCTAssertEqual(strip(viaJSON), strip(original))
        let text = SpecWriter.specText(original)
        XCTAssertEqual(strip(try SpecParser().parse(text)), strip(original))
        XCTAssertEqual(strip(try SpecParser().parse(SpecWriter.specText(viaJSON))), strip(original))
        // The spellings as written back.
        XCTAssertTrue(text.contains("hbox align=baseline align-content=space-evenly cross-gap=2% gap=5% justify=safe-center reverse wrap=reverse"), text)
        // Shorthands first, so what they set comes after them and wins again.
        XCTAssertTrue(text.contains("\n  vbox border=1,#000000 padding=4 border-bottom=3,#0000ff height=min-content margin-top=auto padding-left=8\n"), text)
        XCTAssertTrue(text.contains("margin=0,auto,0,auto"), text)
        XCTAssertTrue(text.contains("width=fit-content"), text)
        XCTAssertTrue(json.contains("\"wrap\": \"reverse\""), json)
        XCTAssertTrue(json.contains("\"order\": -2"), json)
        XCTAssertTrue(json.contains("\"reverse\": true"), json)
        XCTAssertTrue(json.contains("\"margin-top\": \"auto\""), json)
        XCTAssertTrue(json.contains("\"top\": 10"), json)
        XCTAssertFalse(json.contains("margin-right"), "the node's margin replaced the style's margin-right")
    }

    func testJSONReadsEveryNewAttribute() throws {
        let json = #"""
            {"canvas": {"width": 100, "reverse": true},
             "root": {"kind": "hbox", "wrap": "reverse", "gap": "10%", "align-content": "center", "align": "safe-end",
                      "children": [
                        {"kind": "box", "position": "absolute", "top": 4, "left": "50%", "order": 2,
                         "margin": "auto", "margin-left": 3, "border-left": "2,#f00", "width": "min-content"},
                        {"kind": "label", "text": "a", "align-self": "baseline"}]}}
            """#
        let document = try JSONSpecReader().parse(Array(json.utf8))
        let row = document.canvas.children[0]
        XCTAssertEqual(document.canvas["reverse"], .bool(true))
        XCTAssertEqual(row["wrap"], .keyword("reverse"))
        XCTAssertEqual(row["gap"], .length(.percent(10)))
        let box = row.children[0]
        XCTAssertEqual(box["top"], .anchor(.points(4)))
        XCTAssertEqual(box["left"], .anchor(.percent(50)))
        XCTAssertEqual(box["order"], .integer(2))
        // JSON objects have no order: a side wins over its shorthand.
        XCTAssertEqual(box["margin-left"], .length(.points(3)))
        XCTAssertNotNil(box["margin"])
        XCTAssertEqual(box["width"], .length(.minContent))
        XCTAssertEqual(row.children[1]["align-self"], .keyword("baseline"))
    }

    func testJSONErrorsNameThePlace() {
        func message(_ json: String) -> String {
            do {
                _ = try JSONSpecReader().parse(Array(json.utf8))
                return "no error"
            } catch {
                return "\(error.location.line):\(error.location.column) \(error.location.path ?? "") \(error.message)"
            }
        }
        XCTAssertEqual(message(#"{"canvas": {"width": 10}, "root": {"kind": "box", "order": 2.5}}"#),
                       "1:60 $.root.order bad value for 'order': '2.5' is not a whole number")
        XCTAssertEqual(message(#"{"canvas": {"width": 10}, "root": {"kind": "hbox", "wrap": "backwards"}}"#),
                       "1:60 $.root.wrap bad value for 'wrap': expected true, false or reverse (wrap-reverse), not 'backwards'")
        XCTAssertEqual(message(#"{"canvas": {"width": 10}, "root": {"kind": "box", "margin-top": "-auto"}}"#),
                       "1:65 $.root.margin-top bad value for 'margin-top': '-auto' is not a number")
        XCTAssertEqual(message(#"{"canvas": {"width": 10}, "root": {"kind": "box", "border-left": 2}}"#),
                       "no error")
    }
}
