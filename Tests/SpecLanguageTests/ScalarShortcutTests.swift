import XCTest
@testable import SpecLanguage

/// The expression readers' ASCII shortcuts (anchors, conditions) answer as the Unicode
/// properties they skip: `isNumber` and `isLetter` on every ASCII scalar, and the text of
/// a range of scalars, ASCII or not.
final class ScalarShortcutTests: XCTestCase {
    func testASCIIClassesMatchTheUnicodeProperties() {
        for value in UInt32(0)...0x7F {
            let scalar = Unicode.Scalar(value)!
            XCTAssertEqual(scalar.isNumber, scalar.properties.numericType != nil, "U+\(String(value, radix: 16))")
            XCTAssertEqual(scalar.isLetter, scalar.properties.isAlphabetic, "U+\(String(value, radix: 16))")
        }
        // Beyond ASCII the properties still decide.
        XCTAssertTrue(Unicode.Scalar(0x0663)!.isNumber)  // ARABIC-INDIC DIGIT THREE
        XCTAssertTrue(Unicode.Scalar(0x00E9)!.isLetter)  // é
        XCTAssertFalse(Unicode.Scalar(0x00D7)!.isLetter)  // ×
    }

    func testTextOfARangeIsTheScalarsSpelledOut() {
        for text in ["136", "parent.left+24", "x", "", "é+1", "header.bottom*0.5-8", "\u{1F600}1", "a\u{0301}b"] {
            let scalars = Array(scalarsOf: text)
            for start in 0...scalars.count {
                for end in start...scalars.count {
                    var expected = String.UnicodeScalarView()
                    expected.append(contentsOf: scalars[start..<end])
                    XCTAssertEqual(scalars.text(start..<end), String(expected), "\(text) \(start)..<\(end)")
                }
            }
        }
    }

    func testAnchorsAndSizesReadAsBefore() throws {
        let document = try SpecParser().parse("""
            canvas width=300
            box id=a left=24 top=parent.top+8.5 size=120x40
            box left=a.right*0.5-1e1 top=min(a.bottom, 30%) width=fit-content
            """)
        let boxes = document.canvas.children
        XCTAssertEqual(boxes[0][.left], .anchor(.points(24)))
        XCTAssertEqual(boxes[0][.top], .anchor(.reference(target: nil, attribute: .top, multiplier: 1, offset: 8.5)))
        XCTAssertEqual(boxes[0][.size], .size(width: .points(120), height: .points(40)))
        XCTAssertEqual(boxes[1][.left], .anchor(.reference(target: "a", attribute: .right, multiplier: 0.5, offset: -10)))
        XCTAssertEqual(boxes[1][.top], .anchor(.min([.reference(target: "a", attribute: .bottom, multiplier: 1, offset: 0),
                                                     .percent(30)])))
        XCTAssertEqual(boxes[1][.width], .length(.fitContent))
        XCTAssertThrowsError(try SpecParser().parse("canvas width=300\nbox size=fit-contentx40")) { error in
            XCTAssertTrue("\(error)".contains("a size pair takes points, % or auto"), "\(error)")
        }
        XCTAssertThrowsError(try SpecParser().parse("canvas width=300\nbox left=parent.left+٣")) { error in
            XCTAssertTrue("\(error)".contains("is not a number"), "\(error)")
        }
    }
}
