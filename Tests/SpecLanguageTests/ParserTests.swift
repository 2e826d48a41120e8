import XCTest
@testable import SpecLanguage

final class ParserTests: XCTestCase {
    private func parse(_ text: String) throws -> Document { try SpecParser().parse(text) }

    func testTreeShapeAndLocations() throws {
        let doc = try parse("""
            canvas width=600 height=auto background=#fff
            # a comment
            vbox id=root padding=20 gap=12
              label "Hello" size=16
              hbox gap=4
                spacer
                spacer 20
            box size=10x20
            """)
        XCTAssertEqual(doc.canvas["width"], .length(.points(600)))
        XCTAssertEqual(doc.canvas["height"], .length(.auto))
        XCTAssertEqual(doc.canvas["background"], .color(Color(red: 255, green: 255, blue: 255)))
        XCTAssertEqual(doc.canvas.children.map(\.kind), [.vbox, .box])
        let root = doc.canvas.children[0]
        XCTAssertEqual(root.id, "root")
        XCTAssertEqual(root.location, SourceLocation(line: 3, column: 1))
        XCTAssertEqual(root["padding"], .insets(top: .points(20), right: .points(20), bottom: .points(20), left: .points(20)))
        XCTAssertEqual(root.children.map(\.kind), [.label, .hbox])
        XCTAssertEqual(root.children[0].argument, .string("Hello"))
        XCTAssertEqual(root.children[0]["size"], .number(16))
        XCTAssertEqual(root.children[0].location, SourceLocation(line: 4, column: 3))
        XCTAssertEqual(root.children[1].children.map(\.argument), [nil, .number(20)])
        XCTAssertEqual(doc.canvas.children[1]["size"], .size(width: .points(10), height: .points(20)))
        XCTAssertEqual(doc.allNodes.count, 7)
    }

    func testCRLFLinesReadAsLines() throws {
        let doc = try parse("canvas width=100 height=50\r\nvbox gap=2\r\n  box size=10x10\r\n  label \"é\" size=12\r\n")
        XCTAssertEqual(doc.canvas.children.map(\.kind), [.vbox])
        XCTAssertEqual(doc.canvas.children[0].children.map(\.kind), [.box, .label])
        XCTAssertEqual(doc.canvas.children[0].children[1].location, SourceLocation(line: 4, column: 3))
        let lines = SourceLines("a\r\nb\nc\r")
        XCTAssertEqual((0..<lines.count).map { String(lines[$0]) }, ["a", "b", "c"])
    }

    func testValues() throws {
        let doc = try parse("""
            canvas width=100
            vbox margin=1,2 padding=1,2,3,4 border=2,#102030 opacity=0.5 clip width=50% justify=space-between wrap
              label "x\\"y\\\\z\\n\\u{263A}" line-height=20pt lines=0 truncate=middle align=justify color=#11223344 font=bold
              label "a" line-height=1.5 font="fonts/Inter.ttf" wrap=char
            """)
        let v = doc.canvas.children[0]
        XCTAssertEqual(v["margin"], .insets(top: .points(1), right: .points(2), bottom: .points(1), left: .points(2)))
        XCTAssertEqual(v["padding"], .insets(top: .points(1), right: .points(2), bottom: .points(3), left: .points(4)))
        XCTAssertEqual(v["border"], .border(width: 2, color: Color(red: 0x10, green: 0x20, blue: 0x30)))
        XCTAssertEqual(v["opacity"], .number(0.5))
        XCTAssertEqual(v["clip"], .bool(true))
        XCTAssertEqual(v["wrap"], .bool(true))
        XCTAssertEqual(v["width"], .length(.percent(50)))
        XCTAssertEqual(v["justify"], .keyword("space-between"))
        let l = v.children[0]
        XCTAssertEqual(l.argument, .string("x\"y\\z\n\u{263A}"))
        XCTAssertEqual(l["line-height"], .lineHeight(.points(20)))
        XCTAssertEqual(l["lines"], .integer(0))
        XCTAssertEqual(l["align"], .keyword("justify"))
        XCTAssertEqual(l["color"], .color(Color(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44)))
        XCTAssertEqual(l["font"], .font(.style("bold")))
        let l2 = v.children[1]
        XCTAssertEqual(l2["line-height"], .lineHeight(.multiple(1.5)))
        XCTAssertEqual(l2["font"], .font(.file("fonts/Inter.ttf")))
        XCTAssertEqual(l2["wrap"], .keyword("char"))
    }

    func testAnchors() throws {
        let doc = try parse("""
            canvas width=100
            box
              label "a" id=title left=8 top=10% right=parent.right-8
              label "b" top=title.bottom+4 center-x=title.center-x width=title.width*0.5 bottom=min(parent.bottom, 90%)
            """)
        let (a, b) = (doc.canvas.children[0].children[0], doc.canvas.children[0].children[1])
        XCTAssertEqual(a["left"], .anchor(.points(8)))
        XCTAssertEqual(a["top"], .anchor(.percent(10)))
        XCTAssertEqual(a["right"], .anchor(.reference(target: nil, attribute: .right, multiplier: 1, offset: -8)))
        XCTAssertEqual(b["top"], .anchor(.reference(target: "title", attribute: .bottom, multiplier: 1, offset: 4)))
        XCTAssertEqual(b["center-x"], .anchor(.reference(target: "title", attribute: .centerX, multiplier: 1, offset: 0)))
        XCTAssertEqual(b["width"], .anchor(.reference(target: "title", attribute: .width, multiplier: 0.5, offset: 0)))
        XCTAssertEqual(b["bottom"], .anchor(.min([.reference(target: nil, attribute: .bottom, multiplier: 1, offset: 0), .percent(90)])))
    }

    func testStylesApplyInOrderAndNodeWins() throws {
        let doc = try parse("""
            canvas width=100
            style a size=10 color=#ff0000 lines=2
            style b color=#00ff00
            label "x" style=a,b lines=3
            """)
        let l = doc.canvas.children[0]
        XCTAssertEqual(l["size"], .number(10))
        XCTAssertEqual(l["color"], .color(Color(red: 0, green: 255, blue: 0)))
        XCTAssertEqual(l["lines"], .integer(3))
        XCTAssertNil(l["style"])
    }
}
