import XCTest
@testable import SpecLanguage

/// `font "FAMILY" "FILE"…` lines and the JSON form's `"fonts"`: what is read, where, and
/// every mistake as an error at its place.
final class FontDeclarationTests: XCTestCase {
    func testFontLinesAreReadInOrderWithTheirPlaces() throws {
        let document = try SpecParser().parse("""
            canvas width=100
            label "a" font="Brand"
            font "Brand" "fonts/Brand-Regular.ttf" fonts/Brand-Bold.ttf
            font Mono "m.ttc"  # a comment
            """)
        XCTAssertEqual(document.fonts, [
            FontDeclaration(family: "Brand", files: [
                .init(path: "fonts/Brand-Regular.ttf", location: SourceLocation(line: 3, column: 14)),
                .init(path: "fonts/Brand-Bold.ttf", location: SourceLocation(line: 3, column: 40)),
            ], location: SourceLocation(line: 3, column: 6)),
            FontDeclaration(family: "Mono", files: [.init(path: "m.ttc", location: SourceLocation(line: 4, column: 11))],
                            location: SourceLocation(line: 4, column: 6)),
        ])
        XCTAssertEqual(document.canvas.children.count, 1, "a font line is not a node")
    }

    func testBadFontLinesAreErrorsAtTheirPlace() {
        let usage = "a font line is: font \"FAMILY\" \"FILE\"… (font \"Brand\" \"fonts/Brand-Regular.ttf\" \"fonts/Brand-Bold.ttf\")"
        let badName = "a declared font family name is 1 to 200 characters without control characters, '/' or ',', "
            + "and does not end in .ttf, .otf or .ttc (so font=\"NAME\" and fallback=\"NAME\" name it)"
        assertError("canvas width=100\nfont\n", usage, line: 2, column: 1)
        assertError("canvas width=100\nfont \"Brand\"\n", "font family 'Brand' has no files; " + usage, line: 2, column: 6)
        assertError("canvas width=100\nfont \"Brand\" size=3\n", "unexpected 'size=…'; " + usage, line: 2, column: 14)
        assertError("canvas width=100\nfont \"a/b\" \"x.ttf\"\n", badName, line: 2, column: 6)
        assertError("canvas width=100\nfont \"A, B\" \"x.ttf\"\n", badName, line: 2, column: 6)
        assertError("canvas width=100\nfont \"x.TTF\" \"x.ttf\"\n", badName, line: 2, column: 6)
        assertError("canvas width=100\nfont \"\(String(repeating: "F", count: 201))\" \"x.ttf\"\n", badName, line: 2, column: 6)
        assertError("canvas width=100\nfont \"B\" \"\"\n", "a font file is a path of 1 to 4096 bytes without control characters",
                    line: 2, column: 10)
        assertError("canvas width=100\nfont \"B\" \"a\\u{0}.ttf\"\n",
                    "a font file is a path of 1 to 4096 bytes without control characters", line: 2, column: 10)
        assertError("canvas width=100\nfont \"Brand\" \"a.ttf\"\nfont \"BRAND\" \"b.ttf\"\n",
                    "font family 'BRAND' is declared twice (first on line 2); give all its files on one line", line: 3, column: 6)
        assertError("canvas width=100\nvbox\n  font \"Brand\" \"a.ttf\"\n",
                    "fonts are declared at the top level: font \"FAMILY\" \"FILE\"…", line: 3, column: 3)
        assertError("canvas width=100\nfnt \"Brand\" \"a.ttf\"\n", "unknown kind 'fnt'; did you mean 'font'?", line: 2, column: 1)
    }

    func testTheLimitOnFontFilesCountsEveryFamily() {
        var text = "canvas width=100\n"
        for family in 0..<8 { text += "font \"F\(family)\" " + (0..<8).map { "\"\($0).ttf\"" }.joined(separator: " ") + "\n" }
        XCTAssertNoThrow(try SpecParser().parse(text), "64 files is the limit")
        text += "font \"Last\" \"a.ttf\"\n"
        assertError(text, "more than 64 font files declared (the limit)", line: 10, column: 13)
    }

    func testTheJSONFormReadsAndWritesFonts() throws {
        let text = """
            canvas width=100
            font "Brand \\"B\\"" "fonts/Brand Regular.ttf" "fonts/Brand-Bold.ttf"
            font "Mono" "m.ttc"
            label "a" font="Brand \\"B\\"" weight=bold
            """
        let original = try SpecParser().parse(text)
        let json = SpecWriter.json(original)
        XCTAssertTrue(json.contains("""
              "fonts": [
                {"family": "Brand \\"B\\"", "files": ["fonts/Brand Regular.ttf", "fonts/Brand-Bold.ttf"]},
                {"family": "Mono", "files": ["m.ttc"]}
              ],
            """), json)
        let viaJSON = try JSONSpecReader().parse(json)
        XCTAssertEqual(strip(viaJSON), strip(original))
        XCTAssertEqual(viaJSON.fonts[0].files[1].location.path, "$.fonts[0].files[1]")
        let written = SpecWriter.specText(viaJSON)
        XCTAssertTrue(written.hasPrefix("""
            canvas width=100
            font "Brand \\"B\\"" "fonts/Brand Regular.ttf" "fonts/Brand-Bold.ttf"
            font "Mono" "m.ttc"

            """), written)
        XCTAssertEqual(strip(try SpecParser().parse(written)), strip(original))
        XCTAssertFalse(SpecWriter.json(try SpecParser().parse("canvas width=1\n")).contains("fonts"),
                       "no fonts, no key: the JSON of every other spec is as it was")
    }

    func testBadJSONFontsAreErrorsAtTheirPath() {
        func error(_ fonts: String) -> SpecError? {
            do {
                _ = try JSONSpecReader().parse("{\"canvas\": {\"width\": 10}, \"fonts\": \(fonts)}")
                XCTFail("expected an error for \(fonts)")
                return nil
            } catch { return error }
        }
        let usage = "fonts is a list of {\"family\": \"NAME\", \"files\": [\"FILE\", …]}"
        XCTAssertEqual(error("{}")?.message, usage)
        XCTAssertEqual(error("[1]")?.location.path, "$.fonts[0]")
        XCTAssertEqual(error("[{\"family\": \"B\", \"files\": [\"a\"], \"weight\": 4}]")?.message, "unknown key 'weight'; " + usage)
        XCTAssertEqual(error("[{\"files\": [\"a\"]}]")?.message, "a font needs its \"family\", a string")
        XCTAssertEqual(error("[{\"family\": \"B\"}]")?.message, "a font needs its \"files\", a list of strings")
        XCTAssertEqual(error("[{\"family\": \"B\", \"files\": [\"a\", 2]}]")?.location.path, "$.fonts[0].files[1]")
        let twice = error("[{\"family\": \"B\", \"files\": [\"a\"]}, {\"family\": \"b\", \"files\": [\"c\"]}]")
        XCTAssertEqual(twice?.message, "font family 'b' is declared twice (first on line 1); give all its files on one line")
        XCTAssertEqual(twice?.location.path, "$.fonts[1].family")
        XCTAssertEqual(error("[{\"family\": \"B\", \"files\": []}]")?.message,
                       "font family 'B' has no files; a font line is: font \"FAMILY\" \"FILE\"… (font \"Brand\" \"fonts/Brand-Regular.ttf\" \"fonts/Brand-Bold.ttf\")")
    }
}
