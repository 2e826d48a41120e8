import Foundation
import XCTest
@testable import TextEngine

/// Families a spec declares: files identified under the declared name, matched by CSS's
/// rule in front of the font set, for the library made for one render only.
final class DeclaredFontTests: XCTestCase {
    let dejavu = FontLibrary.systemDejaVuDirectory + "/"

    func testADeclaredFileIsItsFacesUnderTheDeclaredName() throws {
        let file = try FontLibrary.declaredFile(path: dejavu + "DejaVuSerifCondensed-Bold.ttf", family: "Brand")
        XCTAssertEqual(file.faces, [FontFace(path: dejavu + "DejaVuSerifCondensed-Bold.ttf", faceIndex: 0, family: "Brand",
                                             styleName: "Condensed Bold", weight: 700, isItalic: false, widthClass: 4)])
        XCTAssertEqual(file.byteCount, 331_820)
        XCTAssertEqual(file.checksum, 0xa100_a038)
        let collection = try FontLibrary.declaredFile(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", family: "CJK")
        XCTAssertGreaterThan(collection.faces.count, 1, "every face of a collection")
        XCTAssertEqual(Set(collection.faces.map(\.family)), ["CJK"])
    }

    func testAFileThatIsNotAFontOrNotThereIsAnError() {
        XCTAssertThrowsError(try FontLibrary.declaredFile(path: "/nonexistent/x.ttf", family: "B")) { error in
            XCTAssertEqual(error as? TextError, .fontNotFound(path: "/nonexistent/x.ttf"))
        }
        XCTAssertThrowsError(try FontLibrary.declaredFile(path: "/etc/hostname", family: "B")) { error in
            guard case .fontUnreadable(let path, 0, _)? = error as? TextError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "/etc/hostname")
        }
        XCTAssertThrowsError(try FontLibrary.declaredFile(path: "/etc", family: "B")) { error in
            XCTAssertEqual(error as? TextError, .fontFileRefused(path: "/etc", reason: "it is not a regular file (it is a folder)"))
        }
    }

    func testDeclaredFacesAreMatchedByCSSRuleAndShadowTheirName() throws {
        let base = FontLibrary()
        let faces = try ["DejaVuSerifCondensed.ttf", "DejaVuSerifCondensed-Bold.ttf"].flatMap {
            try FontLibrary.declaredFile(path: dejavu + $0, family: "DejaVu Sans").faces
        } + FontLibrary.declaredFile(path: dejavu + "DejaVuSansMono-Bold.ttf", family: "Brand").faces
        let render = base.declaring(faces)
        // (weight, italic, file): the declared faces only, nearest weight, upright for italic.
        let cases: [(Int, Bool, String)] = [
            (400, false, "DejaVuSerifCondensed.ttf"), (700, false, "DejaVuSerifCondensed-Bold.ttf"),
            (600, false, "DejaVuSerifCondensed-Bold.ttf"), (500, false, "DejaVuSerifCondensed.ttf"),
            (200, true, "DejaVuSerifCondensed.ttf"),
        ]
        for (weight, italic, file) in cases {
            XCTAssertEqual(try render.font(family: "dejavu sans", weight: weight, italic: italic).path, dejavu + file,
                           "weight \(weight) italic \(italic)")
        }
        XCTAssertEqual(try render.font(family: "Brand", style: .regular).path, dejavu + "DejaVuSansMono-Bold.ttf",
                       "a family of one face gives it for every style")
        XCTAssertEqual(try render.font(family: "DejaVu Serif", weight: 700, italic: false).path, dejavu + "DejaVuSerif-Bold.ttf",
                       "other families are the base's")
        XCTAssertEqual(render.availableFaces.first?.family, "DejaVu Sans")
        XCTAssertThrowsError(try render.font(family: "Nope", weight: 400, italic: false)) { error in
            guard case .noSuchFamily(_, let available, _)? = error as? TextError else { return XCTFail("\(error)") }
            XCTAssertTrue(available.contains("Brand") && available.contains("DejaVu Serif"), "\(available)")
            XCTAssertEqual(available, available.sorted())
        }
        // The base library, shared by every render, never sees the declarations.
        XCTAssertEqual(try base.font(family: "DejaVu Sans", weight: 400, italic: false).path, dejavu + "DejaVuSans.ttf")
        XCTAssertThrowsError(try base.font(family: "Brand", weight: 400, italic: false))
        XCTAssertTrue(base.declaring([]) === base)
        // A loaded face is shared: the same file is read once.
        XCTAssertTrue(try render.font(path: dejavu + "DejaVuSans.ttf") === base.font(path: dejavu + "DejaVuSans.ttf"))
    }
}
