import Foundation
import XCTest
@testable import SpecLanguage

/// `JSONSpecReader.streamedDocument` (nodes made as they are scanned) against the whole
/// reading (`parseWhole`): the same document where it reads a spec, nil where it leaves it
/// to the whole reading, and every error the whole reading's.
final class StreamedJSONSpecTests: XCTestCase {
    let reader = JSONSpecReader()

    func streamed(_ text: String) -> Document? {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { reader.streamedDocument($0) } ?? nil
    }

    func assertSame(_ text: String, streams: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let whole = try reader.parseWhole(text)
        let fast = streamed(text)
        XCTAssertEqual(fast != nil, streams, "streamed or not", file: file, line: line)
        if let fast {
            XCTAssertEqual(fast, whole, file: file, line: line)
            // The survey taken as the nodes were made is the walk's (`==` leaves it out).
            XCTAssertEqual(fast.survey, whole.survey, "survey", file: file, line: line)
        }
        XCTAssertEqual(try reader.parse(text), whole, file: file, line: line)
        XCTAssertEqual(try reader.parse(Array(text.utf8)), whole, file: file, line: line)
    }

    func assertSameError(_ text: String, contains expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(streamed(text), file: file, line: line)
        var wholeError: SpecError?
        do { _ = try reader.parseWhole(text) } catch { wholeError = error }
        var thrown: SpecError?
        do { _ = try reader.parse(text) } catch { thrown = error }
        guard let wholeError, let error = thrown else { return XCTFail("no error", file: file, line: line) }
        XCTAssertEqual(error.description, wholeError.description, file: file, line: line)
        XCTAssertEqual(error.sourceLine, wholeError.sourceLine, file: file, line: line)
        XCTAssertTrue(error.message.contains(expected), "\(error)", file: file, line: line)
    }

    static let usual = """
        {"canvas": {"width": 300, "background": "#ffffff"},
         "styles": {"title": {"font": "bold", "size": 16}, "box": {"padding": "4", "margin-left": 2}},
         "children": [
          {"kind": "vbox", "gap": 12, "padding": "8,16", "style": "box", "children": [
            {"kind": "label", "text": "Hi", "style": "title", "id": "a"},
            {"kind": "label", "children": [{"kind": "span", "text": "x", "size": 9}], "text": "y"},
            {"kind": "spacer", "length": 4.5},
            {"kind": "if", "condition": "width < 500", "children": [{"kind": "hbox", "grow": 1}]},
            {"kind": "else", "children": []},
            {"kind": "for", "each": "post in posts", "children": [{"kind": "label", "text": "{post}"}]}
          ]}
         ]}
        """

    func testTheUsualOrderIsStreamedToTheSameDocument() throws {
        try assertSame(Self.usual, streams: true)
        try assertSame(#"{"canvas": {"width": 10}, "root": {"kind": "zbox", "children": [{"kind": "spacer"}]}}"#, streams: true)
        try assertSame(#"{"canvas": {"width": 10}}"#, streams: true)
        try assertSame(#"{"canvas": {"width": 10}, "children": []}"#, streams: true)
        try assertSame(#" {"children": [{"kind": "vbox"}], "canvas": {"width": 10}} "#, streams: false)
    }

    func testOtherKeyOrdersGiveTheSameDocument() throws {
        // children before the canvas or the styles, kind after children: read whole.
        try assertSame(#"{"children": [{"kind": "vbox", "gap": 2}], "canvas": {"width": 10}}"#, streams: false)
        try assertSame(#"{"canvas": {"width": 10}, "children": [{"kind": "vbox", "style": "s"}], "styles": {"s": {"gap": 2}}}"#,
                       streams: false)
        try assertSame(#"{"canvas": {"width": 10}, "children": [{"children": [{"kind": "spacer"}], "kind": "vbox"}]}"#,
                       streams: false)
        // Attributes in any order around kind and children are streamed.
        try assertSame(#"{"canvas": {"width": 10}, "children": [{"gap": 3, "kind": "vbox", "children": [], "width": 5, "margin": "1"}]}"#,
                       streams: true)
    }

    func testEveryRepositorySpecThroughJSONIsStreamed() throws {
        let checked = try JSONFormTests.forEachRepositorySpec { _, text in
            try assertSame(SpecWriter.json(try SpecParser().parse(text)), streams: true)
        }
        XCTAssertGreaterThan(checked, 10)
    }

    /// Attributes whose values are read straight from their bytes (strings without escapes,
    /// whole numbers, booleans) give the attributes, and locations, the whole reading
    /// gives; every other value, and a node that needs the general reading after some of its
    /// attributes were read so (a style, a quoted font), gives the same document too, its
    /// members read again with its children passed over, whatever they hold.
    func testValuesReadFromTheirBytesAreTheWholeReadings() throws {
        let values = [#""4""#, "4", "0", "12", "-3", "-0", "2.5", "2.50", "1e1", "1E1", "123456789012345", "1234567890123456",
                      "true", "false", #""a\u0020b""#, #""8,16""#, #""50%""#, #""auto""#, ##""#ff0000""##, #""red""#]
        for value in values {
            for key in ["gap", "padding", "width", "grow", "clip", "background", "id"] {
                let text = #"{"canvas": {"width": 10}, "children": [{"kind": "vbox", "\#(key)": \#(value)}]}"#
                if (try? reader.parseWhole(text)) != nil { try assertSame(text, streams: true) }
            }
        }
        let pretty = """
            {
              "canvas": {"width": 300},
              "styles": {"s": {"gap": 2}},
              "children": [
                {
                  "kind": "vbox",
                  "padding": "4",
                  "grow": 1,
                  "children": [
                    {"kind": "label", "text": "a ] } [ { \\" \\\\", "size": 12},
                    {"kind": "hbox", "margin": 2, "children": [{"kind": "spacer", "length": 3}]}
                  ],
                  "style": "s",
                  "clip": true
                },
                {"kind": "label", "text": "b", "size": 10, "font": "bold", "color": "#123456"},
                {"kind": "label", "text": "c", "size": 10, "font": "DejaVu Sans", "weight": 700}
              ]
            }
            """
        try assertSame(pretty, streams: true)
        let document = try XCTUnwrap(streamed(pretty))
        XCTAssertEqual(document.canvas.children[0][.grow], .number(1))
        XCTAssertEqual(document.canvas.children[0].attributes[.grow]?.location.line, 8)
        XCTAssertEqual(document.canvas.children[0].attributes[.grow]?.location.column, 15)
        XCTAssertEqual(document.canvas.children[0].children[0].argument, .string(#"a ] } [ { " \"#))
    }

    /// The survey counted node by node: nodes under `if`/`for` and spans counted, the
    /// deepest level, braces and control nodes as something to expand, and ids repeated
    /// only inside blocks allowed; a duplicate id outside them is the whole reading's
    /// error, the first in tree order (a parent's, written after its children, first).
    func testTheStreamedSurveyIsTheWalks() throws {
        let specs = [
            #"{"canvas": {"width": 10}, "children": [{"kind": "vbox", "id": "a", "children": [{"kind": "label", "text": "x", "children": [{"kind": "span", "text": "y"}]}]}]}"#,
            #"{"canvas": {"width": 10}, "children": [{"kind": "if", "condition": "wide", "children": [{"kind": "box", "id": "b"}]}, {"kind": "else", "children": [{"kind": "box", "id": "b"}]}]}"#,
            #"{"canvas": {"width": 10}, "children": [{"kind": "label", "text": "{name}"}, {"kind": "hbox", "children": [{"kind": "hbox", "children": [{"kind": "box"}]}]}]}"#,
            #"{"canvas": {"width": 10}, "children": []}"#,
        ]
        for spec in specs {
            let document = try XCTUnwrap(streamed(spec), spec)
            XCTAssertEqual(document.survey, try document.surveyed(checkingIDs: true), spec)
            try assertSame(spec, streams: true)
        }
        XCTAssertEqual(streamed(specs[0])?.survey, TreeSurvey(nodeCount: 4, depth: 2, needsExpansion: false))
        XCTAssertEqual(streamed(specs[2])?.survey?.needsExpansion, true)
        let duplicates = #"{"canvas": {"width": 10}, "children": [{"kind": "vbox", "children": [{"kind": "box", "id": "a"}], "id": "a"}, {"kind": "box", "id": "a"}]}"#
        assertSameError(duplicates, contains: "duplicate id 'a'; it is first used on line 1")
    }

    /// A deep chain of nodes that each have a value read from its bytes and need the
    /// general reading (a style) over a long list: read to the whole reading's document,
    /// each node's members read again without walking its children again (they are jumped
    /// over to where the streamed reading left them).
    func testADeepChainOfReReadNodesOverALongListIsTheWholeReadings() throws {
        let leaves = (0..<2_000).map { #"{"kind": "box", "width": \#($0 % 50)}"# }.joined(separator: ",\n")
        var node = #"{"kind": "vbox", "gap": 1, "style": "s", "children": [\#n\#(leaves)]}"#
        for depth in 0..<200 {
            node = #"{"kind": "\#(depth % 2 == 0 ? "hbox" : "vbox")", "gap": 2, "style": "s", "children": [\#(node)]}"#
        }
        let text = #"{"canvas": {"width": 300}, "styles": {"s": {"padding": "1"}}, "children": [\#(node)]}"#
        try assertSame(text, streams: true)
    }

    /// Values the bytes' reading leaves to the whole reading, which refuses them: the
    /// whole reading's error, not the streamed one's.
    func testValuesTheWholeReadingRefusesAreItsErrors() {
        for (value, expected) in [("01", "does not start with 0"), ("-", "needs digits"), ("tru", "expected a JSON value"),
                                  (String(repeating: "9", count: 40), "above the maximum"),
                                  (#""unterminated"#, "ends inside a string")] {
            assertSameError(#"{"canvas": {"width": 10}, "children": [{"kind": "vbox", "gap": \#(value)}]}"#, contains: expected)
        }
    }

    func testAnErrorLaterInTheTextWinsOverAnEarlierNode() {
        // The first node's kind is unknown, but the whole reading stops at the text's error first.
        assertSameError(#"{"canvas": {"width": 10}, "children": [{"kind": "vbx"}, {"kind": "vbox", "gap": 1,}]}"#,
                        contains: "expected a key in double quotes")
        assertSameError(#"{"canvas": {"width": 10}, "children": [{"kind": "vbx"}], "other": 1}"#, contains: "unknown key 'other'")
        assertSameError(#"{"canvas": {"width": 10}, "children": [{"kind": "vbox", "gap": "x"}"#, contains: "ends inside")
    }

    func testErrorsMidStreamAreTheWholeReadings() {
        assertSameError(#"{"canvas": {"width": 10}, "children": [{"kind": "vbx"}]}"#, contains: "unknown kind 'vbx'")
        assertSameError(#"{"canvas": {"width": 10}, "children": [{"kind": "vbox", "children": [], "children": []}]}"#,
                        contains: "duplicate key 'children'")
        assertSameError(#"{"canvas": {"width": 10}, "children": [{"kind": "vbox", "gap": 1, "kind": "hbox"}]}"#,
                        contains: "duplicate key 'kind'")
        assertSameError(#"{"canvas": {"width": 10}, "children": [], "children": []}"#, contains: "duplicate key 'children'")
        assertSameError(#"{"canvas": {"width": 10}, "children": [], "root": {"kind": "vbox"}}"#, contains: "give either children")
        assertSameError(#"{"canvas": {"width": 10}, "children": [{"kind": "image", "children": []}]}"#,
                        contains: "cannot have children")
        assertSameError(#"{"canvas": {"width": 10}, "children": [{"kind": "vbox", "gap": 1e999}]}"#, contains: "too large a number")
        assertSameError(#"{"canvas": {"width": 10}, "children": [{"kind": "vbox", "id": "a"}, {"kind": "hbox", "id": "a"}]}"#,
                        contains: "'a'")
        var deep = #"{"kind": "spacer"}"#
        for _ in 0..<300 { deep = #"{"kind": "vbox", "children": ["# + deep + "]}" }
        assertSameError(#"{"canvas": {"width": 10}, "children": ["# + deep + "]}", contains: "nesting deeper than")
        var list = "1"
        for _ in 0..<1_100 { list = "[" + list + "]" }
        assertSameError(#"{"canvas": {"width": 10}, "children": [{"kind": "vbox", "gap": "# + list + "}]}", contains: "nest at most")
    }

    func testTheNodeLimitIsTheWholeReadings() {
        var limits = ParseLimits()
        limits.maxNodes = 3
        let reader = JSONSpecReader(limits: limits)
        let text = #"{"canvas": {"width": 10}, "children": [{"kind": "spacer"}, {"kind": "spacer"}, {"kind": "spacer"}, {"kind": "spacer"}]}"#
        var streamedText = text
        streamedText.makeContiguousUTF8()
        XCTAssertNil(streamedText.utf8.withContiguousStorageIfAvailable { reader.streamedDocument($0) } ?? nil)
        XCTAssertThrowsError(try reader.parse(text)) { error in
            XCTAssertEqual("\(error)", "1:100 (at $.children[3]): more than 3 nodes (the limit)")
        }
    }
}
