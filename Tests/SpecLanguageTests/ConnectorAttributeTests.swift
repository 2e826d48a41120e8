import XCTest
@testable import SpecLanguage

/// A connector's attributes as the parser reads them, and their errors at their place.
final class ConnectorAttributeTests: XCTestCase {
    func testConnectorAttributes() throws {
        let document = try SpecParser().parse("""
            canvas width=10
            connector from=a to=b.left route=orthogonal start-arrow=circle end-arrow=open label="x y" layer=below size=10 background=#eeeeee
            """)
        let connector = document.canvas.children[0]
        XCTAssertEqual(connector.kind, .connector)
        XCTAssertEqual(connector[.from], .string("a"))
        XCTAssertEqual(connector[.to], .string("b.left"))
        XCTAssertEqual(connector[.route], .keyword("orthogonal"))
        XCTAssertEqual(connector[.startArrow], .keyword("circle"))
        XCTAssertEqual(connector[.endArrow], .keyword("open"))
        XCTAssertEqual(connector[.label], .string("x y"))
        XCTAssertEqual(connector[.layer], .keyword("below"))
        XCTAssertEqual(connector[.size], .number(10))
        XCTAssertEqual(connector[.background], .color(Color(red: 0xee, green: 0xee, blue: 0xee)))
        let viaJSON = try JSONSpecReader().parse(Array(SpecWriter.json(document).utf8))
        XCTAssertEqual(strip(viaJSON), strip(document))
        XCTAssertEqual(strip(try SpecParser().parse(SpecWriter.specText(viaJSON))), strip(document))
    }

    func testConnectorAttributeErrors() {
            assertError("canvas width=10\nconnector from=a to=b size=10x10",
                        "a connector's size is its label's font size, one number (size=12)", line: 2, column: 28)
            assertError("canvas width=10\nconnector from=a.middle to=b",
                        "bad value for 'from': 'middle' is not a side; a connector's end is ID or ID.SIDE, the side one of top, right, "
                        + "bottom, left, center", line: 2, column: 18)
            assertError("canvas width=10\nconnector from=a to=b route=elbow",
                        "bad value for 'route': 'elbow' is not one of straight, orthogonal, curved", line: 2, column: 29)
        assertError("canvas width=10\nconnector from=a to=b background=linear(0deg, #fff, #000)",
                    "bad value for 'background': 'linear(0deg, #fff, #000)' is not a color (#rgb, #rrggbb, #rrggbbaa or a name)", line: 2, column: 34)
        assertError("canvas width=10\nconnector from=a to=b\n  box", "a connector cannot have children (it is on line 2)", line: 3, column: 3)
    }
}
