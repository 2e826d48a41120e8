import XCTest
@testable import SpecLanguage

/// SVG path data: the grammar of SVG 2 §9.3.9, its errors at the character, its limits.
final class PathDataTests: XCTestCase {
    private func commands(_ text: String) throws -> [PathData.Command] { try PathData.parse(text).commands }

    private func failure(_ text: String, maxCommands: Int = PathData.maxCommands) -> PathData.Failure? {
        do {
            _ = try PathData.parse(text, maxCommands: maxCommands)
            return nil
        } catch {
            return error
        }
    }

    func testEveryCommandAbsoluteAndRelative() throws {
        XCTAssertEqual(try commands("M1 2 L3 4 H5 V6 C1 2 3 4 5 6 S1 2 3 4 Q1 2 3 4 T5 6 A7 8 30 1 0 9 10 Z"), [
            .move(relative: false, x: 1, y: 2), .line(relative: false, x: 3, y: 4), .horizontal(relative: false, x: 5),
            .vertical(relative: false, y: 6), .cubic(relative: false, x1: 1, y1: 2, x2: 3, y2: 4, x: 5, y: 6),
            .smoothCubic(relative: false, x2: 1, y2: 2, x: 3, y: 4), .quadratic(relative: false, x1: 1, y1: 2, x: 3, y: 4),
            .smoothQuadratic(relative: false, x: 5, y: 6),
            .arc(relative: false, rx: 7, ry: 8, rotation: 30, largeArc: true, sweep: false, x: 9, y: 10), .close,
        ])
        XCTAssertEqual(try commands("m1 2 l3 4 h5 v6 z"), [
            .move(relative: true, x: 1, y: 2), .line(relative: true, x: 3, y: 4), .horizontal(relative: true, x: 5),
            .vertical(relative: true, y: 6), .close,
        ])
    }

    /// A repeated command may leave its letter out; pairs after a move are lines.
    func testImplicitRepeatsAndLinesAfterAMove() throws {
        XCTAssertEqual(try commands("M0 0 10 0 10 10"), [
            .move(relative: false, x: 0, y: 0), .line(relative: false, x: 10, y: 0), .line(relative: false, x: 10, y: 10),
        ])
        XCTAssertEqual(try commands("m1 1 2 2 h1 2"), [
            .move(relative: true, x: 1, y: 1), .line(relative: true, x: 2, y: 2),
            .horizontal(relative: true, x: 1), .horizontal(relative: true, x: 2),
        ])
    }

    /// Numbers as SVG reads them: signs and points start new numbers, exponents, commas;
    /// an arc's flags need no separator.
    func testCompactNumbersAndFlags() throws {
        XCTAssertEqual(try commands("M-1-2L.5.5,1e1-1E-1"), [
            .move(relative: false, x: -1, y: -2), .line(relative: false, x: 0.5, y: 0.5), .line(relative: false, x: 10, y: -0.1),
        ])
        XCTAssertEqual(try commands("M0 0a5 5 0 1020 0"), [
            .move(relative: false, x: 0, y: 0),
            .arc(relative: true, rx: 5, ry: 5, rotation: 0, largeArc: true, sweep: false, x: 20, y: 0),
        ])
        XCTAssertEqual(try commands("\n M 0,0\tL 1 , 1 z "), [
            .move(relative: false, x: 0, y: 0), .line(relative: false, x: 1, y: 1), .close,
        ])
    }

    /// Each error at the character where the data stops fitting the grammar.
    func testErrorsPointAtTheCharacter() {
        let cases: [(String, String, Int)] = [
            ("", "it is empty; path data starts with M (move to): \"M0 0 L10 10\"", 0),
            ("L1 1", "it starts with M or m (move to), not 'L'", 0),
            ("M0 0 L10", "L needs x y; the data ends or breaks off here", 8),
            ("M0 0 X5 5", "'X' is not a path command (M L H V C S Q T A Z, or lower case for relative)", 5),
            ("M0 0 L NaN 1", "expected a number, not 'N'", 7),
            ("M0 0 A5 5 0 2 1 9 9", "an arc's large-arc and sweep flags are 0 or 1, not '2'", 12),
            ("M0 0 Z 5", "Z (close path) takes no numbers; a command letter (M L H V C S Q T A Z) comes next", 7),
            ("M0,0,L1 1", "a comma in path data is followed by a number", 5),
            ("M0 0 L1 1 é", "'é' is not a path command (M L H V C S Q T A Z, or lower case for relative)", 10),
        ]
        for (text, message, offset) in cases {
            XCTAssertEqual(failure(text), PathData.Failure(message: message, offset: offset), text)
        }
    }

    /// Every number finite and within the range of points; 1e308 and overflowing
    /// exponents are refused where they start.
    func testNumbersOutsideTheRangeAreRefused() {
        XCTAssertEqual(failure("M0 0 A1e308 5 0 0 1 10 10"),
                       PathData.Failure(message: "the number 1e308 is outside the range of path coordinates, ±1000000", offset: 6))
        XCTAssertEqual(failure("M0 0 L1e999 0")?.offset, 6)
        XCTAssertEqual(failure("M0 0 L1000001 0")?.offset, 6)
        XCTAssertNil(failure("M0 0 L1000000 -1000000"))
        XCTAssertEqual(failure("M0 0 L" + String(repeating: "9", count: 400) + " 0")?.message,
                       "the number 999999999999999999999999… is outside the range of path coordinates, ±1000000")
    }

    /// The limit counts every command, implicit repeats included.
    func testTheCommandLimit() throws {
        XCTAssertNil(failure("M0 0 1 1 2 2", maxCommands: 3))
        XCTAssertEqual(failure("M0 0 1 1 2 2 3 3", maxCommands: 3),
                       PathData.Failure(message: "more than 3 path commands (the limit a path); draw fewer, or split the path", offset: 13))
        XCTAssertEqual(failure("M0 0 L1 1 2 2 Z", maxCommands: 3)?.offset, 14)
        let many = "M0 0" + String(repeating: " l1 0", count: PathData.maxCommands)
        XCTAssertEqual(failure(many)?.message,
                       "more than 100000 path commands (the limit a path); draw fewer, or split the path")
    }

    /// In a spec, an error in the data is at its line and column; in the JSON form at
    /// the member's place, with the character.
    func testErrorsInASpecPointIntoTheData() {
        assertError("canvas width=10\npath \"M0 0 L10\" size=10x10", "path data: L needs x y; the data ends or breaks off here",
                    line: 2, column: 15)
        assertError("canvas width=10\n  \n\npath \"M0 0 A 5 5 0 2 1 10 10\"",
                    "path data: an arc's large-arc and sweep flags are 0 or 1, not '2'", line: 4, column: 20)
        assertError("canvas width=10\npath size=10x10", "a path needs its SVG path data in quotes: path \"M2 2 L22 22\"",
                    line: 2, column: 1)
        let json = #"{"canvas": {"width": 10}, "children": [{"kind": "path", "d": "M0 0 Q1"}]}"#
        XCTAssertThrowsError(try JSONSpecReader().parse(Array(json.utf8))) { error in
            let e = error as! SpecError
            XCTAssertEqual("\(e.location): \(e.message)",
                           "1:62 (at $.children[0].d): path data: Q needs x1 y1 x y; the data ends or breaks off here (at character 8 of the data)")
        }
    }

    func testPathAttributes() throws {
        let document = try SpecParser().parse("""
            canvas width=10
            path "M0 0 L4 4" view-box="0 0 24 24" fill=none stroke=#ff0000 stroke-width=2 fill-rule=evenodd line-join=round line-cap=square dash="4 2,1"
            """)
        let path = document.canvas.children[0]
        XCTAssertEqual(path.kind, .path)
        XCTAssertEqual(path.argument, .string("M0 0 L4 4"))
        XCTAssertEqual(path[.viewBox], .numbers([0, 0, 24, 24]))
        XCTAssertEqual(path[.fill], .keyword("none"))
        XCTAssertEqual(path[.stroke], .color(Color(red: 255, green: 0, blue: 0)))
        XCTAssertEqual(path[.strokeWidth], .number(2))
        XCTAssertEqual(path[.fillRule], .keyword("evenodd"))
        XCTAssertEqual(path[.lineJoin], .keyword("round"))
        XCTAssertEqual(path[.lineCap], .keyword("square"))
        XCTAssertEqual(path[.dash], .numbers([4, 2, 1]))
        // Through the JSON form and back.
        let viaJSON = try JSONSpecReader().parse(Array(SpecWriter.json(document).utf8))
        XCTAssertEqual(strip(viaJSON), strip(document))
        XCTAssertEqual(strip(try SpecParser().parse(SpecWriter.specText(viaJSON))), strip(document))
    }

    func testViewBoxAndDashErrors() {
        assertError("canvas width=10\npath \"M0 0\" view-box=\"0 0 24\"",
                    "bad value for 'view-box': a view box is four numbers, MIN-X MIN-Y WIDTH HEIGHT (view-box=\"0 0 24 24\"), not 3",
                    line: 2, column: 22)
        assertError("canvas width=10\npath \"M0 0\" view-box=0,0,0,24",
                    "bad value for 'view-box': a view box's width and height are above 0, not 0", line: 2, column: 26)
        assertError("canvas width=10\npath \"M0 0\" dash=\"0 0\"",
                    "bad value for 'dash': a dash pattern of zeros draws nothing; leave dash out for a solid line", line: 2, column: 18)
        assertError("canvas width=10\npath \"M0 0\" dash=4,-2",
                    "bad value for 'dash': a dash length cannot be negative", line: 2, column: 20)
        assertError("canvas width=10\npath \"M0 0\" dash=1e308",
                    "bad value for 'dash': 1e+308 is outside the range -1000000...1000000 (points)", line: 2, column: 18)
        assertError("canvas width=10\npath \"M0 0\" stroke-width=nan",
                    "bad value for 'stroke-width': 'nan' is not a number", line: 2, column: 26)
        assertError("canvas width=10\nlabel \"x\" fill=red", "a label does not take 'fill'", line: 2, column: 11)
    }
}
