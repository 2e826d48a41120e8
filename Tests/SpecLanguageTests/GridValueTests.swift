import XCTest
@testable import SpecLanguage

/// A grid's values: what is read, and every mistake and limit as an error at its place.
final class GridValueTests: XCTestCase {
    func testTrackListsReadTracksNamesAndRepeats() throws {
        let list = try GridValues.trackList("[a] 100 minmax(20%, 1fr) [b c] repeat(2, auto [x]) fit-content(40)")
        XCTAssertEqual(list.tracks.count, 1 + 1 + 2 + 1)
        XCTAssertEqual(list.lineNames, [["a"], [], ["b", "c"], ["x"], ["x"], []])
        XCTAssertEqual(list.tracks[1], GridTrackValue(min: .percent(20), max: .fr(1), fitContent: nil))
        XCTAssertEqual(list.tracks[4], GridTrackValue(min: .auto, max: .maxContent, fitContent: .points(40)))
        let auto = try GridValues.trackList("40 repeat(auto-fit, minmax(60, 1fr)) 10%")
        XCTAssertEqual(auto.tracks.count, 2)
        XCTAssertEqual(auto.autoRepeat?.position, 1)
        XCTAssertEqual(auto.autoRepeat?.fit, true)
        XCTAssertEqual(try GridValues.trackList("none").tracks, [])
    }

    func testSubgridReadsItsLineNames() throws {
        let plain = try GridValues.trackList("subgrid")
        XCTAssertTrue(plain.subgrid)
        XCTAssertEqual(plain.tracks, [])
        XCTAssertEqual(plain.lineNames, [[]])
        let named = try GridValues.trackList("subgrid [a] [] [b c]")
        XCTAssertTrue(named.subgrid)
        XCTAssertEqual(named.lineNames, [["a"], [], ["b", "c"]])
        XCTAssertThrowsError(try GridValues.trackList("subgridded"), "a word that starts with subgrid is no subgrid")
    }

    func testPlacementsAndAreas() throws {
        XCTAssertEqual(try GridValues.placement("2 / span 3").start, .line(2, name: nil))
        XCTAssertEqual(try GridValues.placement("2 / span 3").end, .span(3, name: nil))
        XCTAssertEqual(try GridValues.placement("-1").start, .line(-1, name: nil))
        XCTAssertEqual(try GridValues.placement("side").end, .ident("side"))
        XCTAssertEqual(try GridValues.placement("a 2 / span b").end, .span(1, name: "b"))
        let areas = try GridValues.areas("head head / nav main / . main")
        XCTAssertEqual(areas.columns, 2)
        XCTAssertEqual(areas.rows, 3)
        XCTAssertEqual(areas.areas.first { $0.name == "main" },
                       GridAreaValue(name: "main", columnStart: 1, columnEnd: 2, rowStart: 1, rowEnd: 3))
    }

    func testMistakesAreErrorsAtTheirPlace() {
        assertError("canvas width=10\ngrid columns=100fr2", "bad value for 'columns': '100fr2' is not a number", line: 2, column: 14)
        assertError("canvas width=10\ngrid columns=wide", "bad value for 'columns': 'wide' is not a track size (40, 25%, 1fr, auto, min-content, max-content, minmax(…), fit-content(…), repeat(…))",
                    line: 2, column: 14)
        assertError("canvas width=10\ngrid columns=\"10 minmax(1fr, 20)\"", "bad value for 'columns': the minimum of minmax() cannot be fr",
                    line: 2, column: 14)
        assertError("canvas width=10\ngrid columns=\"repeat(auto-fill, 1fr)\"",
                    "bad value for 'columns': the tracks of repeat(auto-fill, …) need a fixed size (points or %) on at least one side, and no fr or content size in minmax without one",
                    line: 2, column: 14)
        assertError("canvas width=10\ngrid columns=\"repeat(auto-fill, 10) repeat(auto-fit, 10)\"",
                    "bad value for 'columns': a track list has at most one repeat(auto-fill | auto-fit, …)", line: 2, column: 14)
        assertError("canvas width=10\ngrid rows=\"subgrid [a] 10\"", "bad value for 'rows': after subgrid only line names ([a] [b]), not '10'",
                    line: 2, column: 11)
        assertError("canvas width=10\ngrid columns=\"10 subgrid\"",
                    "bad value for 'columns': subgrid is a whole track list (columns=subgrid), not a track size", line: 2, column: 14)
        assertError("canvas width=10\ngrid areas=\"a b / b a\"", "bad value for 'areas': area 'a' is not a rectangle", line: 2, column: 12)
        assertError("canvas width=10\ngrid areas=\"a b / c\"", "bad value for 'areas': every row of areas has 2 cells; row 2 has 1",
                    line: 2, column: 12)
        assertError("canvas width=10\ngrid auto-flow=diagonal", "bad value for 'auto-flow': auto-flow is row, column, dense, or row dense / column dense, not 'diagonal'",
                    line: 2, column: 16)
        assertError("canvas width=10\ngrid\n  box column=0", "bad value for 'column': line 0 does not exist: lines count from 1 (or from -1 at the end)",
                    line: 3, column: 14)
        assertError("canvas width=10\ngrid justify-items=baseline",
                    "bad value for 'justify-items': 'baseline' is not one of normal, start, center, end, stretch", line: 2, column: 20)
        assertError("canvas width=10\ngrid cross-gap=4", "unknown attribute 'cross-gap' for grid; did you mean 'row-gap'?", line: 2, column: 6)
    }

    /// The hostile values of issue 38 §5: each a clear error, not work.
    func testLimits() {
        assertError("canvas width=10\ngrid columns=\"repeat(1001, 10)\"", "bad value for 'columns': at most 1000 tracks in a list",
                    line: 2, column: 14)
        assertError("canvas width=10\ngrid columns=\"repeat(500, 10 10) 10\"", "bad value for 'columns': at most 1000 tracks in a list",
                    line: 2, column: 14)
        assertError("canvas width=10\ngrid columns=1e308fr", "bad value for 'columns': fr is 0 to 1000000, not 1e+308",
                    line: 2, column: 14)
        assertError("canvas width=10\ngrid\n  box row=1000000000", "bad value for 'row': line numbers and spans are within ±1000, not 1000000000",
                    line: 3, column: 11)
        assertError("canvas width=10\ngrid\n  box row=\"span 1001\"", "bad value for 'row': line numbers and spans are within ±1000, not 1001",
                    line: 3, column: 11)
        assertError("canvas width=10\ngrid columns=2000000", "bad value for 'columns': a track size is 0 to 1000000 points",
                    line: 2, column: 14)
        let names = String(repeating: "[a] ", count: 1002)
        assertError("canvas width=10\ngrid columns=\"subgrid \(names)\"", "bad value for 'columns': a subgrid names at most 1001 lines",
                    line: 2, column: 14)
        let wide = (0..<101).map { _ in "a" }.joined(separator: " ")
        assertError("canvas width=10\ngrid areas=\"\(wide)\"", "bad value for 'areas': areas have at most 100 rows and columns",
                    line: 2, column: 12)
    }

    func testTheJSONFormReadsTheSameValues() throws {
        let json = #"{"canvas": {"width": 100}, "children": [{"kind": "grid", "columns": "1fr repeat(2, 40)", "gap": 4, "children": [{"kind": "box", "column": "2 / -1"}]}]}"#
        let fromJSON = try JSONSpecReader().parse(json)
        let fromText = try SpecParser().parse("canvas width=100\ngrid columns=\"1fr repeat(2, 40)\" gap=4\n  box column=\"2 / -1\"\n")
        XCTAssertEqual(strip(fromJSON), strip(fromText))
        XCTAssertThrowsError(try JSONSpecReader().parse(#"{"canvas": {"width": 100}, "children": [{"kind": "grid", "columns": "1e9fr"}]}"#))
        let subJSON = #"{"canvas": {"width": 100}, "children": [{"kind": "grid", "columns": "1fr 1fr", "children": [{"kind": "grid", "columns": "subgrid [a]", "column": "1 / -1"}]}]}"#
        let subText = "canvas width=100\ngrid columns=\"1fr 1fr\"\n  grid columns=\"subgrid [a]\" column=\"1 / -1\"\n"
        XCTAssertEqual(strip(try JSONSpecReader().parse(subJSON)), strip(try SpecParser().parse(subText)))
    }

    func testConvertWritesGridValuesBack() throws {
        let text = "canvas width=100\ngrid columns=\"[a] 60 repeat(auto-fill, 40)\" areas=\"x x / y z\" auto-flow=\"column dense\"\n  box area=x column=\"a / span 2\"\n"
        let document = try SpecParser().parse(text)
        XCTAssertEqual(strip(try SpecParser().parse(SpecWriter.specText(document))), strip(document))
        XCTAssertEqual(strip(try JSONSpecReader().parse(SpecWriter.json(document))), strip(document))
    }
}
