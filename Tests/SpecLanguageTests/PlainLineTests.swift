import XCTest
@testable import SpecLanguage

/// The plain-line path (`PlainLineReader`, `ByteValueReader`) gives what the general path
/// gives: the same values, the same documents, the same errors, for every spelling here.
final class PlainLineTests: XCTestCase {
    /// Value spellings: plain ones the byte reader reads, and near misses it must leave to
    /// `ValueReader` (or read as it does).
    static let spellings = [
        "0", "-0", "1", "12", "1920", "1e3", "1E3", ".5", "-.5", "0.", "5.", "+3", "00012", "1.5e-3", "12pt", "50%",
        "-50%", "3e", "1e+2", "1..2", "--1", "-", ".", "1_000", "0x10", "١٢", "12.5pt", "1e15", "123456789012345",
        "1234567890123456", "99999999999999999999", "0.1", "0.30000000000000004", "2.675", "1.005", "-12.25",
        "0.000001", "1e-7", "12%pt", "5pt%", "%", "pt", "auto", "atuo", "AUTO", "min-content", "max-contnet",
        "fit-content", "inf", "-inf", "nan", "NaN", "Infinity", "1,2", "1,2,3", "1,2,3,4", "1,2,3,4,5", "1,,2", "auto,1",
        "1,auto", "-0.0", "000", "0.5%", "50.5%", "1e2%", "1000001", "10001%", "-1000001", "9999999", "12e", "e12",
        "12x10", "10X20", "autoxauto", "max-contentx10", "10x", "x10", "x", "-x", "1.2.3", "4é", "true", "false", "yes",
        "True", "reverse", "center", "stretch", "start", "end", "space-between", "flex-start", "baseline", "safe-center",
        "#fff", "#FFF", "#ffff", "#ffffff", "#ffffffff", "#fffff", "#ggg", "#", "red", "Red", "transparent", "reed",
        "#12", "#1234567", "1,#f00", "1,red", "1,", "-1,#fff", "1,#f00,x", "0.25", "8", "8.0001", "0.2499", "1.5", "2",
        "3.5", "-1", "1001", "700", "bold", "normal", "thin", "extra-bold", "regular", "bold-oblique", "a.ttf", "row-{i}",
        "_a", "a-b", "1a", "a.b", "tail", "word", "char", "none", "uppercase", "12ptpt", "0pt", "4096", "4096.5", "100",
        "100.5", "12pt", "0.0pt", "parent.right", "parent.right-8", "a.bottom", "header.bottom+8", "24", "-8",
        "100000%", "100001%", "-100001%", "1000000", "auto%", "%50", "50%%", "12%%",
    ]

    /// Every shape an attribute has, on some kind.
    static var shapes: [ValueShape] {
        var shapes: [ValueShape] = []
        for name in AttributeName.allCases {
            for kind in NodeKind.allCases {
                if let shape = Schema.shape(of: name, for: kind), !shapes.contains(shape) { shapes.append(shape) }
            }
        }
        return shapes
    }

    /// What the byte reader reads is what `ValueReader` reads, to the sign of a zero.
    func testByteReaderGivesValueReadersValue() {
        var read = 0
        for shape in Self.shapes {
            for spelling in Self.spellings {
                var text = spelling
                let fast = text.withUTF8 { ByteValueReader.read($0, shape: shape) }
                guard let fast else { continue }
                read += 1
                do {
                    let slow = try ValueReader.read(spelling, quoted: false, shape: shape)
                    XCTAssertEqual(fast, slow, "\(spelling) as \(shape)")
                    XCTAssertEqual("\(fast)", "\(slow)", "\(spelling) as \(shape)")
                } catch {
                    XCTFail("\(spelling) as \(shape): the byte reader read \(fast), ValueReader says \(error.message)")
                }
            }
        }
        XCTAssertGreaterThan(read, 200, "the byte reader reads the plain spellings")
    }

    func testByteReaderReadsThePlainSpellings() {
        func read(_ text: String, _ shape: ValueShape) -> Value? {
            var text = text
            return text.withUTF8 { ByteValueReader.read($0, shape: shape) }
        }
        XCTAssertEqual(read("12", .length(allowAuto: true)), .length(.points(12)))
        XCTAssertEqual(read("-12.25pt", .length(allowAuto: true)), .length(.points(-12.25)))
        XCTAssertEqual(read("50%", .lengthOrAnchor), .length(.percent(50)))
        XCTAssertEqual(read("fit-content", .lengthOrAnchor), .length(.fitContent))
        XCTAssertEqual(read("4,auto", .insets(allowAuto: true, nonNegative: false)),
                       .insets(top: .points(4), right: .auto, bottom: .points(4), left: .auto))
        XCTAssertEqual(read("#0a0b0c80", .color), .color(Color(red: 10, green: 11, blue: 12, alpha: 128)))
        XCTAssertEqual(read("44x30", .sizePair), .size(width: .points(44), height: .points(30)))
        XCTAssertEqual(read("1,#fff", .border), .border(width: 1, color: Color(red: 255, green: 255, blue: 255)))
        XCTAssertEqual(read("bold", .fontWeight), .integer(700))
        XCTAssertEqual(read("stretch", .keywords(Keywords.Align.spellings)), .keyword("stretch"))
        XCTAssertEqual(read("-0", .number(min: nil, max: nil)).map { "\($0)" }, "number(-0.0)")
        XCTAssertEqual(read("24", .inset), .anchor(.points(24)))
        XCTAssertEqual(read("-12.5%", .inset), .anchor(.percent(-12.5)))
        XCTAssertEqual(read("auto", .inset), .length(.auto))
        XCTAssertEqual(read("8", .anchor), .anchor(.points(8)))
        XCTAssertNil(read("auto", .anchor))
        XCTAssertNil(read("parent.right-8", .inset))
        // Left to `ValueReader`: other spellings of numbers, anchors, errors.
        XCTAssertNil(read("1e3", .number(min: nil, max: nil)))
        XCTAssertNil(read(".5", .number(min: nil, max: nil)))
        XCTAssertNil(read("+3", .integer(min: 0, max: 9)))
        XCTAssertNil(read("1234567890123456", .number(min: nil, max: nil)))
        XCTAssertNil(read("parent.right", .lengthOrAnchor))
        XCTAssertNil(read("-1", .length(allowAuto: false, nonNegative: true)))
        XCTAssertNil(read("#ggg", .color))
    }

    /// The outcome of parsing `text` by one path: the document's description, or the
    /// error's location, message and line.
    private func outcome(_ text: String, plain: Bool) -> String {
        var parser = SpecParser()
        parser.reading.plainLines = plain
        do {
            return "\(try parser.parse(text))"
        } catch {
            return "\(error.location) \(error.message) | \(error.sourceLine ?? "-")"
        }
    }

    private func assertSamePaths(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(outcome(text, plain: true), outcome(text, plain: false), text, file: file, line: line)
    }

    /// Every spelling on a line of every kind that takes the attribute, read by both paths.
    func testEverySpellingOnANodeLineReadsAsTheGeneralPathReadsIt() {
        let nodes: [(kind: String, prefix: String)] = [
            ("box", "box"), ("vbox", "vbox"), ("hbox", "hbox"), ("label", "label \"x\""), ("span", "span \"y\""),
            ("image", "image \"a.png\""), ("zbox", "zbox"), ("spacer", "spacer"),
        ]
        for name in AttributeName.allCases {
            for node in nodes {
                guard let kind = NodeKind(rawValue: node.kind), Schema.shape(of: name, for: kind) != nil else { continue }
                let parent = kind == .span ? "label \"x\"\n  " : ""
                for spelling in Self.spellings {
                    assertSamePaths("canvas width=400\n\(parent)\(node.prefix) \(name.spelling)=\(spelling)\n")
                }
                assertSamePaths("canvas width=400\n\(parent)\(node.prefix) \(name.spelling)\n")
            }
        }
        for spelling in Self.spellings { assertSamePaths("canvas width=\(spelling) height=\(spelling) scale=\(spelling)\n") }
    }

    /// Whole lines: several attributes, shorthands, flags, duplicates, comments, quotes,
    /// escapes, indentation, non-ASCII text, lines that are errors.
    func testWholeLinesReadAsTheGeneralPathReadsThem() {
        let lines = [
            "vbox gap=4 padding=8 margin=2 grow=1 shrink=0 align=stretch justify=start",
            "vbox margin-left=3 margin=1 padding=2 padding-top=9", "box size=10x20 width=5", "box width=5 size=10x20",
            "box size=40", "vbox size=12", "hbox clip hidden reverse wrap", "hbox wrap=reverse", "label \"x\" wrap",
            "label \"x\" wrap=char", "vbox gap=4 gap=5", "vbox clip clip", "vbox clip=true clip", "vbox gap=4 # comment",
            "vbox gap=4 #comment", "vbox gap=4#x", "vbox #", "vbox gap=4  ", "vbox  gap=4", "vbox gap=", "vbox gap= ",
            "vbox gap=\"4\"", "vbox gap=4\"", "vbox \"x\"", "vbox foo", "vbox gap=4 foo", "vbox\tgap=4", "vbox gap=4\tx",
            "label \"x\"", "label \"\"", "label \"a b  c\" color=red", "label \"a\\\"b\"", "label \"a\\nb\" size=12",
            "label \"x\"y", "label \"x\"#", "label \"x", "label", "label color=red", "label \"x\" \"y\"",
            "label \"héllo\" colr=red", "label \"日本\" color=red", "vbox gäp=4", "vbox ga\u{0301}p=4",
            "vbox align=center\u{0301}", "image \"a.png\" mode=center", "image mode=center", "spacer", "spacer 20",
            "spacer 1e3", "spacer -1", "box left=parent.right-8", "box left=min(a.right, 4)", "box left=min(a.right,",
            "box id=a", "box id=row-{i}", "box id=1a", "box style=x", "vbox gap=4 style=x", "box zz=1", "box gap=4",
            "box background=#fff border=1,#dde1e6 radius=10 opacity=0.5", "box radius=1,2", "box shadow=0 4 12 #0003",
            "box shadow=\"0 4 12 #0003\"", "label \"x\" font=bold weight=600 italic underline", "label \"x\" font=\"a b.ttf\"",
            "label \"x\" line-height=1.5 letter-spacing=-0.5 lines=2 truncate=tail", "label \"x\" lines=2.5",
            "vbox font=bold color=#333 size=14", "box size=14", "vbox\r", "vbox gap=4\r", "vbox gap=4\0",
            "canvas width=3", "box " + (0..<20).map { "k\($0)=1" }.joined(separator: " ") + " k3=2",
            "box opacity=1 grow=1 shrink=1 order=1 width=1 height=1 margin=1 padding-top=1 left=1 top=1 basis=1 "
                + "min-width=1 min-height=1 max-width=1 max-height=1 aspect-ratio=1 margin-top=1 grow=2",
        ]
        for line in lines {
            assertSamePaths("canvas width=400\n\(line)\n")
            assertSamePaths("canvas width=400\nvbox\n  \(line)\n")
            assertSamePaths("canvas width=400\nvbox\n   \(line)\n")
            assertSamePaths("canvas width=400\r\n\(line)\r\nvbox gap=x\r\n")
        }
        assertSamePaths("canvas width=400\nlabel \"x\"\n  span \"y\" size=2x2\n  span \"\"\n  span \"z\" lines=2\n")
        assertSamePaths("canvas width=400\nlabel \"x\"\n  span \"y\" color=red weight=bold\n")
        assertSamePaths("canvas width=400\nvbox gap=x\n  box widht=3\n")
        assertSamePaths("canvas width=400\nbox id=a\nbox id=a\n")
        assertSamePaths("canvas width=400\nvbox\n  canvas width=3\n")
        assertSamePaths("canvas width=400\ncanvas width=3\n")
        assertSamePaths("canvas width=400\nlabel \"x\"\n  box\n")
        assertSamePaths("canvas width=400\nvbox\n  span \"x\"\n")
        assertSamePaths("canvas width=400\n" + (0..<260).map { String(repeating: "  ", count: $0) + "vbox gap=1\n" }.joined())
    }

    func testEveryAttributeNameHasABitInTheReadersSet() {
        XCTAssertLessThanOrEqual(AttributeName.allCases.count, 128)
    }

    func testTheNodeLimitCountsPlainLines() {
        var parser = SpecParser()
        parser.limits.maxNodes = 3
        let text = "canvas width=400\nvbox\n  box width=1\n  box width=2\n  box width=3\n"
        XCTAssertThrowsError(try parser.parse(text)) { error in
            XCTAssertEqual((error as? SpecError)?.message, "more than 3 nodes (the limit)")
            XCTAssertEqual((error as? SpecError)?.location, SourceLocation(line: 5, column: 3))
        }
    }
}
