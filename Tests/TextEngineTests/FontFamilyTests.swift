import XCTest
@testable import TextEngine

/// Families by name, weight and italic from the font set Debian's packages install
/// (fonts-dejavu-core and -extra, fonts-noto-cjk), by CSS's matching rule.
final class FontFamilyTests: XCTestCase {
    let library = FontLibrary()
    let dejavu = FontLibrary.systemDejaVuDirectory + "/"

    func testCSSNearestWeight() {
        // (desired, available, chosen): CSS Fonts 4 §5.2, step "font-weight".
        let table: [(Int, [Int], Int)] = [
            (400, [300, 500, 700], 500),  // 400–500: up to 500 first
            (450, [300, 600], 300),       // then below, descending
            (500, [400, 700], 400),
            (400, [600, 700], 600),       // then above 500, ascending
            (600, [400, 800], 800),       // above 500: heavier first
            (700, [200, 400], 400),       // then lighter, descending
            (300, [200, 400], 200),       // below 400: lighter first
            (100, [400, 700], 400),       // then heavier, ascending
            (700, [700], 700),
        ]
        for (desired, available, chosen) in table {
            XCTAssertEqual(FontCatalog.nearestWeight(desired, among: available), chosen, "\(desired) among \(available)")
        }
        XCTAssertNil(FontCatalog.nearestWeight(400, among: []))
    }

    func testDejaVuSansFacesByWeightAndItalic() throws {
        let cases: [(Int, Bool, String)] = [
            (400, false, "DejaVuSans.ttf"),           // the normal width, not Condensed
            (700, false, "DejaVuSans-Bold.ttf"),
            (700, true, "DejaVuSans-BoldOblique.ttf"),
            (400, true, "DejaVuSans-Oblique.ttf"),
            (200, false, "DejaVuSans-ExtraLight.ttf"),
            (300, false, "DejaVuSans-ExtraLight.ttf"), // below 400: lighter first
            (500, false, "DejaVuSans.ttf"),           // 400–500: then lighter
            (600, false, "DejaVuSans-Bold.ttf"),      // above 500: heavier first
            (900, false, "DejaVuSans-Bold.ttf"),      // then lighter
            (200, true, "DejaVuSans-Oblique.ttf"),    // italic first, then the weight
        ]
        for (weight, italic, file) in cases {
            let font = try library.font(family: "DejaVu Sans", weight: weight, italic: italic)
            XCTAssertEqual(font.path, dejavu + file, "weight \(weight) italic \(italic)")
        }
        XCTAssertEqual(try library.font(family: "dejavu serif", weight: 700, italic: true).path, dejavu + "DejaVuSerif-BoldItalic.ttf",
                       "family names are compared without case")
    }

    func testACollectionFaceIsFoundByItsFamily() throws {
        let font = try library.font(family: "Noto Sans CJK SC", weight: 700, italic: false)
        XCTAssertEqual(font.path, "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
        XCTAssertEqual(font.faceIndex, 2)
        XCTAssertEqual(font.familyName, "Noto Sans CJK SC")
    }

    func testAMissingFamilyListsTheFamiliesThereAre() {
        XCTAssertThrowsError(try library.font(family: "Helvetica", weight: 400, italic: false)) { error in
            guard case .noSuchFamily(let family, let available, let searched)? = error as? TextError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(family, "Helvetica")
            XCTAssertTrue(available.contains("DejaVu Sans") && available.contains("DejaVu Serif") && available.contains("Noto Sans CJK JP"),
                          "\(available)")
            XCTAssertEqual(available, available.sorted())
            XCTAssertEqual(searched, FontLibrary.systemFontDirectories)
        }
    }

    func testFontDirectoriesComeFirst() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-dir-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: dejavu + "DejaVuSerif.ttf", toPath: folder + "/Serif.ttf")
        let withFolder = FontLibrary(fontDirectories: [folder])
        XCTAssertEqual(try withFolder.font(family: "DejaVu Serif", weight: 400, italic: false).path, folder + "/Serif.ttf")
        XCTAssertEqual(withFolder.availableFaces.first?.path, folder + "/Serif.ttf")
    }
}
