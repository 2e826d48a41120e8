import XCTest
@testable import SpecLanguage

/// `font="Family"`, `weight` and `italic`: read, checked, and written back in both forms.
final class FontFamilyAttributeTests: XCTestCase {
    func testFamilyWeightAndItalic() throws {
        let doc = try SpecParser().parse("""
            canvas width=100 font="DejaVu Serif" weight=300
            vbox weight=semi-bold italic
              label "a" font="DejaVu Sans" weight=bold italic=false
              label "b" font="fonts/Inter" weight=950
              label "c" font=bold
            """)
        XCTAssertEqual(doc.canvas["font"], .font(.family("DejaVu Serif")))
        XCTAssertEqual(doc.canvas["weight"], .integer(300))
        let vbox = doc.canvas.children[0]
        XCTAssertEqual(vbox["weight"], .integer(600))
        XCTAssertEqual(vbox["italic"], .bool(true))
        XCTAssertEqual(vbox.children[0]["font"], .font(.family("DejaVu Sans")))
        XCTAssertEqual(vbox.children[0]["weight"], .integer(700))
        XCTAssertEqual(vbox.children[0]["italic"], .bool(false))
        XCTAssertEqual(vbox.children[1]["font"], .font(.file("fonts/Inter")), "a path, by its slash")
        XCTAssertEqual(vbox.children[1]["weight"], .integer(950))
        XCTAssertEqual(vbox.children[2]["font"], .font(.style("bold")))
    }

    func testBadValuesAreErrorsAtTheirPlace() {
        let weight = "bad value for 'weight': ", font = "bad value for 'font': "
        let cases: [(String, String, Int)] = [
            ("label \"a\" weight=1001", weight + "a font weight is 1 to 1000 (400 regular, 700 bold) or one of thin, extra-light, light, regular, normal, medium, semi-bold, bold, extra-bold, black", 18),
            ("label \"a\" weight=0", weight + "a font weight is 1 to 1000 (400 regular, 700 bold) or one of thin, extra-light, light, regular, normal, medium, semi-bold, bold, extra-bold, black", 18),
            ("label \"a\" italic=maybe", "bad value for 'italic': expected true or false, not 'maybe'", 18),
            ("label \"a\" font=Inter", font + "font must be one of regular, bold, oblique, bold-oblique, a quoted family name (\"DejaVu Sans\") or a quoted path to a .ttf/.otf file", 16),
            ("label \"a\" font=\"\"", font + "a font family name is 1 to 200 characters, without control characters", 16),
            ("label \"a\" font=\"" + String(repeating: "x", count: 201) + "\"", font + "a font family name is 1 to 200 characters, without control characters", 16),
            ("label \"a\" font=\"a\\u{7}b\"", font + "a font family name is 1 to 200 characters, without control characters", 16),
        ]
        for (line, message, column) in cases {
            XCTAssertThrowsError(try SpecParser().parse("canvas width=100\n" + line)) { error in
                let e = error as? SpecError
                XCTAssertTrue(e?.message.hasPrefix(message) ?? false, "\(line): \(e?.message ?? "\(error)")")
                XCTAssertEqual(e?.location.line, 2, line)
                XCTAssertEqual(e?.location.column, column, line)
            }
        }
    }

    func testTheJSONFormSaysTheSame() throws {
        let json = #"{"canvas": {"width": 100}, "children": [{"kind": "label", "text": "a", "font": "DejaVu Sans", "weight": "bold", "italic": true}, {"kind": "label", "text": "b", "font": "bold"}, {"kind": "label", "text": "c", "font": "fonts/x.ttf", "weight": 200}]}"#
        let doc = try JSONSpecReader().parse(Array(json.utf8))
        let labels = doc.canvas.children
        XCTAssertEqual(labels[0]["font"], .font(.family("DejaVu Sans")))
        XCTAssertEqual(labels[0]["weight"], .integer(700))
        XCTAssertEqual(labels[0]["italic"], .bool(true))
        XCTAssertEqual(labels[1]["font"], .font(.style("bold")))
        XCTAssertEqual(labels[2]["font"], .font(.file("fonts/x.ttf")))
        XCTAssertEqual(labels[2]["weight"], .integer(200))
    }

    func testWrittenBackInBothForms() throws {
        let original = try SpecParser().parse("canvas width=100\nlabel \"a\" font=\"DejaVu Sans\" weight=light italic\n")
        let text = SpecWriter.specText(original)
        XCTAssertTrue(text.contains("font=\"DejaVu Sans\""), text)
        XCTAssertTrue(text.contains("weight=300"), text)
        let back = try SpecParser().parse(text)
        XCTAssertEqual(back.canvas.children[0]["font"], .font(.family("DejaVu Sans")))
        let viaJSON = try JSONSpecReader().parse(Array(SpecWriter.json(original).utf8))
        XCTAssertEqual(viaJSON.canvas.children[0]["font"], .font(.family("DejaVu Sans")))
        XCTAssertEqual(viaJSON.canvas.children[0]["weight"], .integer(300))
        XCTAssertEqual(viaJSON.canvas.children[0]["italic"], .bool(true))
    }

    func testTextTransform() throws {
        let doc = try SpecParser().parse("canvas width=100 text-transform=uppercase\nlabel \"a\" text-transform=none\n")
        XCTAssertEqual(doc.canvas["text-transform"], .keyword("uppercase"))
        XCTAssertEqual(doc.canvas.children[0]["text-transform"], .keyword("none"))
        XCTAssertThrowsError(try SpecParser().parse("canvas width=100\nlabel \"a\" text-transform=capitalize\n")) { error in
            XCTAssertEqual((error as? SpecError)?.message,
                           "bad value for 'text-transform': 'capitalize' is not one of none, uppercase, lowercase")
        }
        let viaJSON = try JSONSpecReader().parse(Array(SpecWriter.json(doc).utf8))
        XCTAssertEqual(viaJSON.canvas["text-transform"], .keyword("uppercase"))
        let spaced = try SpecParser().parse("canvas width=100 letter-spacing=-0.5\nlabel \"a\" letter-spacing=2\n")
        XCTAssertEqual(spaced.canvas["letter-spacing"], .number(-0.5))
        XCTAssertEqual(try JSONSpecReader().parse(Array(SpecWriter.json(spaced).utf8)).canvas.children[0]["letter-spacing"], .number(2))
        XCTAssertThrowsError(try SpecParser().parse("canvas width=100\nlabel \"a\" letter-spacing=1001\n"))
    }

    func testFallbackFamilies() throws {
        let doc = try SpecParser().parse("""
            canvas width=100 fallback="Noto Sans CJK JP, Noto Color Emoji"
            label "a" fallback=none
            label "b" fallback=" Noto Color Emoji "
            """)
        XCTAssertEqual(doc.canvas["fallback"], .string("Noto Sans CJK JP, Noto Color Emoji"))
        XCTAssertEqual(doc.canvas.children[0]["fallback"], .string("none"))
        let text = SpecWriter.specText(doc)
        XCTAssertTrue(text.contains("fallback=\"Noto Sans CJK JP, Noto Color Emoji\""), text)
        XCTAssertEqual(try SpecParser().parse(text).canvas["fallback"], doc.canvas["fallback"])
        let viaJSON = try JSONSpecReader().parse(Array(SpecWriter.json(doc).utf8))
        XCTAssertEqual(viaJSON.canvas["fallback"], .string("Noto Sans CJK JP, Noto Color Emoji"))
        XCTAssertEqual(viaJSON.canvas.children[0]["fallback"], .string("none"))
        XCTAssertEqual(viaJSON.canvas.children[1]["fallback"], .string(" Noto Color Emoji "))
    }

    func testBadFallbackListsAreErrorsAtTheirPlace() {
        let names = "bad value for 'fallback': font family names separated by commas (\"Noto Sans CJK JP, Noto Color Emoji\") or none; "
            + "each name is 1 to 200 characters, without control characters"
        let cases: [(String, String)] = [
            ("\"\"", names),
            ("\"A,,B\"", names),
            ("\"A, \"", names),
            ("\"A\\u{7}\"", names),
            ("\"" + String(repeating: "x", count: 201) + "\"", names),
            ("\"" + String(repeating: "A,", count: 100_000) + "A\"", "bad value for 'fallback': at most 16 font families"),
        ]
        for (value, message) in cases {
            XCTAssertThrowsError(try SpecParser().parse("canvas width=100\nlabel \"a\" fallback=" + value)) { error in
                let e = error as? SpecError
                XCTAssertEqual(e?.message, message, value.prefix(40) + "")
                XCTAssertEqual(e?.location.line, 2)
                XCTAssertEqual(e?.location.column, 20)
            }
        }
        // The JSON form says the same, at the value.
        XCTAssertThrowsError(try JSONSpecReader().parse(Array(#"{"canvas": {"width": 100, "fallback": "A,,B"}}"#.utf8))) { error in
            XCTAssertEqual((error as? SpecError)?.message, names)
        }
    }

    func testNormalLineHeight() throws {
        let doc = try SpecParser().parse("canvas width=100 line-height=normal\nlabel \"a\" line-height=1.5\n")
        XCTAssertEqual(doc.canvas["line-height"], .lineHeight(.normal))
        XCTAssertTrue(SpecWriter.specText(doc).contains("line-height=normal"))
        let viaJSON = try JSONSpecReader().parse(Array(SpecWriter.json(doc).utf8))
        XCTAssertEqual(viaJSON.canvas["line-height"], .lineHeight(.normal))
        XCTAssertThrowsError(try SpecParser().parse("canvas width=100\nlabel \"a\" line-height=Normal\n")) { error in
            XCTAssertEqual((error as? SpecError)?.location.column, 23)
        }
    }
}
