import XCTest
@testable import SpecLanguage

/// Gradient backgrounds and shadows: how they read, what they refuse (with the place),
/// and that both forms write them back.
final class DrawingValueTests: XCTestCase {
    private let white = Color(red: 255, green: 255, blue: 255), black = Color(red: 0, green: 0, blue: 0)
    private let blue = Color(red: 0x4f, green: 0x7c, blue: 0xff)

    private func value(_ attribute: String, on line: String = "box") throws -> Value? {
        let document = try SpecParser().parse("canvas width=100\n\(line) \(attribute)\n")
        let name = String(attribute.prefix { $0 != "=" })
        return document.canvas.children[0][name]
    }

    private func failure(_ text: String) -> (message: String, column: Int)? {
        do {
            _ = try SpecParser().parse(text)
            return nil
        } catch {
            return (error.message, error.location.column)
        }
    }

    // MARK: - Gradients

    func testLinearGradientWithAngleAndStops() throws {
        XCTAssertEqual(try value("background=linear(90deg, #fff, #4f7cff 60%, #000)"),
                       .gradient(Gradient(shape: .linear(angle: 90), stops: [
                           GradientStop(color: white), GradientStop(color: blue, position: 60), GradientStop(color: black),
                       ])))
        // No angle is CSS's `to bottom`; sides and turns are angles too.
        XCTAssertEqual(try value("background=linear(#fff,#000)"),
                       .gradient(Gradient(shape: .linear(angle: 180), stops: [GradientStop(color: white), GradientStop(color: black)])))
        XCTAssertEqual(try value("background=linear(to right, #fff, #000)"),
                       .gradient(Gradient(shape: .linear(angle: 90), stops: [GradientStop(color: white), GradientStop(color: black)])))
        XCTAssertEqual(try value("background=linear(0.5turn, #fff, #000)"),
                       .gradient(Gradient(shape: .linear(angle: 180), stops: [GradientStop(color: white), GradientStop(color: black)])))
        // A stop with two positions is two stops of one colour, as in CSS.
        XCTAssertEqual(try value("background=linear(0deg, #fff 10% 20%, #000)"),
                       .gradient(Gradient(shape: .linear(angle: 0), stops: [
                           GradientStop(color: white, position: 10), GradientStop(color: white, position: 20), GradientStop(color: black),
                       ])))
    }

    func testRadialGradient() throws {
        XCTAssertEqual(try value("background=radial(#fff, #000)"),
                       .gradient(Gradient(shape: .radial(circle: false), stops: [GradientStop(color: white), GradientStop(color: black)])))
        XCTAssertEqual(try value("background=radial(circle, #fff, #000 50%)"),
                       .gradient(Gradient(shape: .radial(circle: true), stops: [GradientStop(color: white), GradientStop(color: black, position: 50)])))
        XCTAssertEqual(try value("background=radial(ellipse, #fff, #000)"),
                       .gradient(Gradient(shape: .radial(circle: false), stops: [GradientStop(color: white), GradientStop(color: black)])))
    }

    func testPlainColoursStayColours() throws {
        XCTAssertEqual(try value("background=#fff"), .color(white))
        XCTAssertEqual(try value("background=red"), .color(Color(red: 255, green: 0, blue: 0)))
        let canvas = try SpecParser().parse("canvas width=10 background=linear(#fff, #000)\n").canvas
        XCTAssertEqual(canvas["background"], .gradient(Gradient(shape: .linear(angle: 180),
                                                                stops: [GradientStop(color: white), GradientStop(color: black)])))
    }

    func testBadGradientsSayWhereAndWhat() {
        // "canvas width=100\nbox background=" is 15 columns before the value on line 2.
        func at(_ value: String) -> (String, Int)? {
            failure("canvas width=100\nbox background=\(value)\n").map { ($0.message, $0.column - 16) }
        }
        XCTAssertEqual(at("linear(#fff)")?.0, "bad value for 'background': a gradient needs at least two colour stops, such as linear(90deg, #fff, #000)")
        XCTAssertEqual(at("linear(90deg, #fff, #00g)")?.0, "bad value for 'background': '#00g' has a character that is not a hex digit")
        XCTAssertEqual(at("linear(90deg, #fff, #00g)")?.1, 20)
        XCTAssertEqual(at("linear(90deg, #fff, #000 40)")?.0,
                       "bad value for 'background': a stop's position is a percentage of the gradient line, such as 60%, not '40'")
        XCTAssertEqual(at("linear(90deg, #fff, #000 40)")?.1, 25)
        XCTAssertEqual(at("linear(nandeg, #fff, #000)")?.0, "bad value for 'background': 'nandeg' is not an angle (such as 90deg or 0.25turn)")
        XCTAssertEqual(at("linear(infdeg, #fff, #000)")?.0, "bad value for 'background': 'infdeg' is not an angle (such as 90deg or 0.25turn)")
        XCTAssertEqual(at("linear(1e308deg, #fff, #000)")?.0, "bad value for 'background': the angle 1e+308deg is outside the range ±1000000deg")
        XCTAssertEqual(at("linear(90deg, #fff, #000 nan%)")?.0, "bad value for 'background': 'nan' is not a number")
        XCTAssertEqual(at("linear(90deg, #fff, #000 1e308%)")?.0, "bad value for 'background': 1e+308% is outside the range -10000%...10000%")
        XCTAssertEqual(at("linear(to top left, #fff, #000)")?.0,
                       "bad value for 'background': 'to top left' is not a direction: use to top, to right, to bottom, to left or an angle such as 135deg")
        XCTAssertEqual(at("radial(circle at top, #fff, #000)")?.0,
                       "bad value for 'background': a radial gradient here is centred and reaches the farthest corner; it takes only circle or ellipse before its stops")
        XCTAssertEqual(at("linear(90deg, #fff,, #000)")?.0, "bad value for 'background': a colour stop is missing between commas")
        XCTAssertEqual(at("linear-gradient(90deg, #fff, #000)")?.0, "bad value for 'background': CSS linear-gradient(…) is written linear(…) here")
        XCTAssertEqual(failure("canvas width=100\nbox background=linear(90deg, #fff, #000\n")?.message, "missing ')' in 'background'")
        let stops = (0..<65).map { _ in "#fff" }.joined(separator: ",")
        XCTAssertEqual(at("linear(\(stops))")?.0, "bad value for 'background': a gradient has at most 64 colour stops")
        XCTAssertNil(at("linear(\((0..<64).map { _ in "#fff" }.joined(separator: ",")))"))
    }

    // MARK: - Shadows

    func testShadowsAsCSSWritesThem() throws {
        XCTAssertEqual(try value("shadow=\"0 4 12 #0000004d\""),
                       .shadows([Shadow(x: 0, y: 4, blur: 12, color: Color(red: 0, green: 0, blue: 0, alpha: 0x4d))]))
        XCTAssertEqual(try value("shadow=\"1 2 3 -4 red, -1.5 0 0 #fff\""),
                       .shadows([Shadow(x: 1, y: 2, blur: 3, spread: -4, color: Color(red: 255, green: 0, blue: 0)),
                                 Shadow(x: -1.5, y: 0, blur: 0, color: white)]))
        // Two lengths are an offset, and the colour defaults to black.
        XCTAssertEqual(try value("shadow=\"2 2\""), .shadows([Shadow(x: 2, y: 2, color: black)]))
        XCTAssertEqual(try value("shadow=\"2pt 2pt 4pt\""), .shadows([Shadow(x: 2, y: 2, blur: 4, color: black)]))
    }

    func testBadShadowsSayWhatIsExpected() {
        func message(_ value: String) -> String? { failure("canvas width=100\nbox shadow=\"\(value)\"\n")?.message }
        XCTAssertEqual(message("4"), "bad value for 'shadow': a shadow is X Y BLUR SPREAD COLOR (2 to 4 lengths in points, then a colour), not 1 lengths")
        XCTAssertEqual(message("1 2 3 4 5 red"), "bad value for 'shadow': a shadow is X Y BLUR SPREAD COLOR (2 to 4 lengths in points, then a colour), not 5 lengths")
        XCTAssertEqual(message("1 2 -3 red"), "bad value for 'shadow': a shadow's blur is 0 to 1000 points, not -3")
        XCTAssertEqual(message("1 2 1001 red"), "bad value for 'shadow': a shadow's blur is 0 to 1000 points, not 1001")
        XCTAssertEqual(message("1 2 3 -1001 red"), "bad value for 'shadow': a shadow's spread is within ±1000 points, not -1001")
        XCTAssertEqual(message("nan 2 red"), "bad value for 'shadow': 'nan' is not a number")
        XCTAssertEqual(message("inf 2 red"), "bad value for 'shadow': 'inf' is not a number")
        XCTAssertEqual(message("1e308 2 red"), "bad value for 'shadow': 1e+308 is outside the range -1000000...1000000 (points)")
        XCTAssertEqual(message("1 2 red blue"), "bad value for 'shadow': a shadow has one colour (X Y BLUR SPREAD COLOR)")
        XCTAssertEqual(message("red 1 2"), "bad value for 'shadow': the colour comes after the lengths (X Y BLUR SPREAD COLOR)")
        XCTAssertEqual(message("inset 1 2 red"), "bad value for 'shadow': inset shadows are not drawn; a shadow here is outside the frame")
        XCTAssertEqual(message(Array(repeating: "1 1", count: 17).joined(separator: ",")), "bad value for 'shadow': at most 16 shadows, not 17")
        XCTAssertNil(message(Array(repeating: "1 1", count: 16).joined(separator: ",")))
        // Unquoted, the value ends at the first space: the error says to quote it.
        XCTAssertEqual(failure("canvas width=100\nbox shadow=0 4 12 red\n")?.message,
                       "unexpected '4'; a shadow has spaces, so quote it: shadow=\"0 4 …\"")
        // The canvas takes no shadow.
        XCTAssertEqual(failure("canvas width=100 shadow=\"1 1 red\"\n")?.message, "a canvas does not take 'shadow'")
    }

    // MARK: - Both forms

    func testBothFormsWriteThemBack() throws {
        let text = """
            canvas width=100 background=radial(circle, #fff, #000 50%)
            box background=linear(45deg, #fff, #4f7cff 60%, #000) shadow="0 4 12 #0000004d, 1 1 0 -2 red"
            box background=linear(#fff 10% 20%, #000) radius=8

            """
        let original = try SpecParser().parse(text)
        let written = SpecWriter.specText(original)
        XCTAssertTrue(written.contains("background=linear(45deg, #ffffff, #4f7cff 60%, #000000)"), written)
        XCTAssertTrue(written.contains("shadow=\"0 4 12 #0000004d, 1 1 0 -2 #ff0000\""), written)
        let json = SpecWriter.json(original)
        XCTAssertTrue(json.contains("\"shadow\": \"0 4 12 #0000004d, 1 1 0 -2 #ff0000\""), json)
        XCTAssertTrue(json.contains("\"background\": \"radial(circle, #ffffff, #000000 50%)\""), json)
        let viaJSON = try JSONSpecReader().parse(Array(json.utf8))
        let viaText = try SpecParser().parse(written)
        for document in [viaJSON, viaText] {
            XCTAssertEqual(document.canvas["background"], original.canvas["background"])
            for (a, b) in zip(document.canvas.children, original.canvas.children) {
                XCTAssertEqual(a.attributes.map { [$0.key: $0.value] }, b.attributes.map { [$0.key: $0.value] })
            }
        }
    }

    func testJSONErrorsPointIntoTheValue() {
        do {
            _ = try JSONSpecReader().parse(Array(#"{"canvas": {"width": 100}, "root": {"kind": "box", "shadow": "1 2 2000 red"}}"#.utf8))
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.message, "bad value for 'shadow': a shadow's blur is 0 to 1000 points, not 2000")
            XCTAssertEqual(error.location.path, "$.root.shadow")
        }
    }
}

/// `radius` with a radius per corner, as CSS `border-radius` takes one to four.
final class CornerRadiusValueTests: XCTestCase {
    private func radius(_ text: String) throws -> Value? {
        try SpecParser().parse("canvas width=100\nbox radius=\(text)\n").canvas.children[0]["radius"]
    }

    func testOneToFourRadiiInCSSOrder() throws {
        XCTAssertEqual(try radius("8"), .number(8))
        XCTAssertEqual(try radius("8,0"), .corners(topLeft: 8, topRight: 0, bottomRight: 8, bottomLeft: 0))
        XCTAssertEqual(try radius("1,2,3"), .corners(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 2))
        XCTAssertEqual(try radius("1,2,3,4"), .corners(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 4))
        XCTAssertEqual(try radius("4,4,4,4"), .number(4), "four alike are one radius")
        XCTAssertEqual(try radius("2pt,0"), .corners(topLeft: 2, topRight: 0, bottomRight: 2, bottomLeft: 0))
    }

    func testBadRadiiSayWhereAndWhat() {
        func failure(_ text: String) -> (String, Int)? {
            do { _ = try SpecParser().parse("canvas width=100\nbox radius=\(text)\n"); return nil } catch {
                return (error.message, error.location.column - 12)
            }
        }
        XCTAssertEqual(failure("1,2,3,4,5")?.0,
                       "bad value for 'radius': radius takes 1 to 4 comma-separated radii (top-left, top-right, bottom-right, bottom-left), not 5")
        XCTAssertEqual(failure("1,-2")?.0, "bad value for 'radius': -2 is below the minimum 0")
        XCTAssertEqual(failure("1,-2")?.1, 2)
        XCTAssertEqual(failure("1,2,nan")?.0, "bad value for 'radius': 'nan' is not a number")
        XCTAssertEqual(failure("1,2,nan")?.1, 4)
        XCTAssertEqual(failure("1e308,0")?.0, "bad value for 'radius': 1e+308 is above the maximum 1000000")
        XCTAssertEqual(failure("1,,2")?.0, "bad value for 'radius': '' is not a number")
    }

    func testBothFormsWriteThemBack() throws {
        let original = try SpecParser().parse("canvas width=100\nbox radius=1,2,3,4\nbox radius=8\n")
        XCTAssertTrue(SpecWriter.specText(original).contains("box radius=1,2,3,4\n"))
        let json = SpecWriter.json(original)
        XCTAssertTrue(json.contains("\"radius\": \"1,2,3,4\""), json)
        XCTAssertTrue(json.contains("\"radius\": 8"), json)
        let back = try JSONSpecReader().parse(Array(json.utf8))
        XCTAssertEqual(back.canvas.children.map { $0["radius"] }, original.canvas.children.map { $0["radius"] })
    }
}

/// `text-shadow`: CSS's form without a spread, on labels and the containers they inherit from.
final class TextShadowValueTests: XCTestCase {
    func testReadLikeCSSWithoutSpread() throws {
        let document = try SpecParser().parse("""
            canvas width=100 text-shadow="0 1 2 #0004"
            vbox text-shadow=none
              label "a" text-shadow="1 1 0 red, 0 0 4 #fff"

            """)
        XCTAssertEqual(document.canvas["text-shadow"], .shadows([Shadow(x: 0, y: 1, blur: 2, color: Color(red: 0, green: 0, blue: 0, alpha: 0x44))]))
        XCTAssertEqual(document.canvas.children[0]["text-shadow"], .shadows([]))
        XCTAssertEqual(document.canvas.children[0].children[0]["text-shadow"],
                       .shadows([Shadow(x: 1, y: 1, color: Color(red: 255, green: 0, blue: 0)), Shadow(x: 0, y: 0, blur: 4, color: Color(red: 255, green: 255, blue: 255))]))
        let written = SpecWriter.specText(document)
        XCTAssertTrue(written.contains("vbox text-shadow=none\n"), written)
        XCTAssertTrue(written.contains("text-shadow=\"1 1 0 #ff0000, 0 0 4 #ffffff\""), written)
        let back = try JSONSpecReader().parse(Array(SpecWriter.json(document).utf8))
        XCTAssertEqual(back.canvas.children[0]["text-shadow"], .shadows([]))
        XCTAssertEqual(back.canvas.children[0].children[0]["text-shadow"], document.canvas.children[0].children[0]["text-shadow"])
    }

    func testNoSpreadAndNotOnImages() {
        func message(_ text: String) -> String? {
            do { _ = try SpecParser().parse(text); return nil } catch { return error.message }
        }
        XCTAssertEqual(message("canvas width=100\nlabel \"a\" text-shadow=\"1 1 1 1 red\"\n"),
                       "bad value for 'text-shadow': a shadow is X Y BLUR COLOR (2 to 3 lengths in points, then a colour), not 4 lengths")
        XCTAssertEqual(message("canvas width=100\nimage \"a.png\" text-shadow=\"1 1 red\"\n"), "a image does not take 'text-shadow'")
        XCTAssertNil(message("canvas width=100\nstyle card shadow=\"0 1 2 #0004\"\nbox style=card shadow=none\n"))
    }
}

final class BorderStyleValueTests: XCTestCase {
    func testKeywordsAndTheirErrors() throws {
        let box = try SpecParser().parse("canvas width=100\nbox border=2 border-style=dashed\n").canvas.children[0]
        XCTAssertEqual(box["border-style"], .keyword("dashed"))
        do {
            _ = try SpecParser().parse("canvas width=100\nbox border-style=doted\n")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.message, "bad value for 'border-style': 'doted' is not one of solid, dashed, dotted; did you mean 'dotted'?")
            XCTAssertEqual(error.location.column, 18)
        }
    }
}

/// `transform`: CSS's rotate, scale and translate, for the drawing only.
final class TransformValueTests: XCTestCase {
    private func value(_ text: String) throws -> Value? {
        try SpecParser().parse("canvas width=100\nbox transform=\(text)\n").canvas.children[0]["transform"]
    }

    private func failure(_ text: String) -> String? {
        do { _ = try SpecParser().parse("canvas width=100\nbox transform=\(text)\n"); return nil } catch { return error.message }
    }

    func testFunctionsAsCSSWritesThem() throws {
        XCTAssertEqual(try value("rotate(15deg)"), .transform([.rotate(15)]))
        XCTAssertEqual(try value("\"rotate(0.25turn) scale(1.2) translate(10, 5)\""),
                       .transform([.rotate(90), .scale(x: 1.2, y: 1.2), .translate(x: 10, y: 5)]))
        XCTAssertEqual(try value("\"scale(1, -1) translate(4)\""), .transform([.scale(x: 1, y: -1), .translate(x: 4, y: 0)]))
    }

    func testBadTransformsSayWhatIsExpected() {
        XCTAssertEqual(failure("rotat(15deg)"), "bad value for 'transform': 'rotat' is not a transform function (rotate, scale, translate); did you mean 'rotate'?")
        XCTAssertEqual(failure("rotate(15)"), "bad value for 'transform': an angle is in deg or turn, such as 15deg, not '15'")
        XCTAssertEqual(failure("scale(0)"), "bad value for 'transform': a scale factor is 0.01 to 100 either way, not 0")
        XCTAssertEqual(failure("scale(1000)"), "bad value for 'transform': a scale factor is 0.01 to 100 either way, not 1000")
        XCTAssertEqual(failure("scale(nan)"), "bad value for 'transform': 'nan' is not a number")
        XCTAssertEqual(failure("translate(1e308)"), "bad value for 'transform': 1e+308 is outside the range -1000000...1000000 (points)")
        XCTAssertEqual(failure("rotate(1e308deg)"), "bad value for 'transform': the angle 1e+308deg is outside the range ±1000000deg")
        XCTAssertEqual(failure("\"scale(1) skew(4deg)\""), "bad value for 'transform': 'skew' is not a transform function (rotate, scale, translate)")
        XCTAssertEqual(failure("\"\(Array(repeating: "scale(1)", count: 9).joined(separator: " "))\""),
                       "bad value for 'transform': a transform has at most 8 functions")
        XCTAssertEqual(failure("\"rotate(1deg\""), "bad value for 'transform': missing ')' after rotate(")
        XCTAssertEqual(failure("\"\""), "bad value for 'transform': a transform needs a function, such as rotate(15deg)")
    }

    func testBothFormsWriteThemBack() throws {
        let original = try SpecParser().parse("canvas width=100\nbox transform=\"rotate(15deg) scale(2) translate(1.5, -3)\"\n")
        let text = SpecWriter.specText(original)
        XCTAssertTrue(text.contains("transform=\"rotate(15deg) scale(2, 2) translate(1.5, -3)\""), text)
        let json = SpecWriter.json(original)
        XCTAssertTrue(json.contains("\"transform\": \"rotate(15deg) scale(2, 2) translate(1.5, -3)\""), json)
        for document in [try SpecParser().parse(text), try JSONSpecReader().parse(Array(json.utf8))] {
            XCTAssertEqual(document.canvas.children[0]["transform"], original.canvas.children[0]["transform"])
        }
    }
}
