import XCTest
@testable import TextEngine

/// The same request resolves to the same face of the same file whether the whole font set
/// is identified (as every process did before), only the faces that may be the family's
/// (the lazy path), or the faces a previous process stored (the catalogue store): for every
/// family the repository's specs name and a list of requests, at every weight, upright and
/// italic. Which families exist is the machine's; that the three ways agree is not.
final class FontResolutionTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The families of the `font=` and `fallback=` values of every spec in the repository.
    private func familiesOfTheSpecs() throws -> Set<String> {
        var families: Set<String> = []
        let walker = FileManager.default.enumerator(atPath: Self.root.path)
        while let relative = walker?.nextObject() as? String {
            if relative.hasPrefix(".build") || relative.hasPrefix(".git") { walker?.skipDescendants(); continue }
            guard relative.hasSuffix(".spec") else { continue }
            let text = try String(contentsOf: Self.root.appendingPathComponent(relative), encoding: .utf8)
            for key in ["font=\"", "fallback=\""] {
                var rest = Substring(text)
                while let start = rest.range(of: key) {
                    rest = rest[start.upperBound...]
                    guard let end = rest.firstIndex(of: "\"") else { break }
                    for family in rest[..<end].split(separator: ",") {
                        families.insert(family.trimmingCharacters(in: .whitespaces))
                    }
                    rest = rest[end...]
                }
            }
        }
        return families
    }

    private let requests = [
        "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "DejaVu Sans Condensed", "DejaVu Serif Condensed",
        "DejaVu Sans Light", "DejaVu Math TeX Gyre", "dejavu sans", "DEJAVU SERIF", " DejaVu Sans ",
        "Noto Sans CJK JP", "Noto Sans CJK KR", "Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK HK",
        "Noto Sans Mono CJK JP", "Noto Serif CJK JP", "Noto Serif CJK KR", "Noto Serif CJK SC", "Noto Serif CJK TC",
        "Noto Color Emoji", "Noto Sans", "Helvetica", "", "DejaVu",
    ]

    func testEveryRequestResolvesAsWhenEveryFontWasIdentified() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-resolution-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = FontCatalogStore(path: folder + "/font-catalogue")
        let directories = FontLibrary.systemFontDirectories
        let files = FontCatalog.fontFiles(in: directories)
        let everything = FontCatalog(directories: directories)
        let specFamilies = try familiesOfTheSpecs()
        XCTAssertTrue(specFamilies.isSuperset(of: ["DejaVu Sans", "DejaVu Serif", "Noto Sans CJK JP"]), "\(specFamilies.sorted())")
        let families = Set(requests).union(specFamilies).union(everything.families).sorted()

        let lazy = FontFileIndex(store: nil)
        let writer = FontFileIndex(store: store)
        for family in families {
            _ = writer.faces(ofFamily: family, in: files)
        }
        let reader = FontFileIndex(store: store)  // a later process: the stored faces
        var resolved = 0
        for family in families {
            let ways = [("lazy", lazy), ("stored", reader)].map { ($0.0, FontCatalog(faces: $0.1.faces(ofFamily: family, in: files))) }
            for weight in stride(from: 100, through: 900, by: 100) {
                for italic in [false, true] {
                    let expected = everything.match(family: family, weight: weight, italic: italic)
                    for (name, catalog) in ways {
                        let face = catalog.match(family: family, weight: weight, italic: italic)
                        XCTAssertEqual(face, expected, "\(name): \(family) \(weight) italic \(italic)")
                    }
                    if expected != nil { resolved += 1 }
                }
            }
        }
        XCTAssertEqual(reader.statistics, FontFileIndex.Statistics(), "the stored catalogue answered every request")
        XCTAssertEqual(lazy.allFaces(in: files), everything.faces)
        XCTAssertEqual(reader.allFaces(in: files), everything.faces)
        // DejaVu (Sans, Serif, Sans Mono, …) and Noto CJK, at 9 weights × 2: many resolve.
        XCTAssertGreaterThan(resolved, 18 * 10)
    }

    /// A library's answers (the loaded fonts' files) are those of a library that reads
    /// every font: the lookup through `FontLibrary`, with its caches and its error.
    func testTheLibraryResolvesAsBefore() throws {
        let lazy = FontLibrary(fontDirectories: [], systemDirectories: FontLibrary.systemFontDirectories, index: FontFileIndex(store: nil))
        let everything = FontCatalog(directories: FontLibrary.systemFontDirectories)
        for family in ["DejaVu Sans", "DejaVu Serif", "Noto Sans CJK SC", "Noto Color Emoji"] {
            for (weight, italic) in [(400, false), (700, false), (400, true), (200, false)] {
                guard let expected = everything.match(family: family, weight: weight, italic: italic) else { continue }
                let font = try lazy.font(family: family, weight: weight, italic: italic)
                XCTAssertEqual(font.path, expected.path, "\(family) \(weight) \(italic)")
                XCTAssertEqual(font.faceIndex, expected.faceIndex, "\(family) \(weight) \(italic)")
            }
        }
        XCTAssertThrowsError(try lazy.font(family: "Helvetica", weight: 400, italic: false)) { error in
            guard case .noSuchFamily(_, let available, _)? = error as? TextError else { return XCTFail("\(error)") }
            XCTAssertEqual(available, everything.families)
        }
    }
}

/// The environment fingerprint names the default font from its tables, as its loaded `Font` does.
final class FontLibraryDescriptionTests: XCTestCase {
    func testTheDefaultFontIsDescribedAsItsFontSaysWithoutLoadingIt() throws {
        let fresh = FontLibrary()
        let described = try XCTUnwrap(fresh.defaultFontDescription)
        let font = try fresh.font(family: FontLibrary.defaultFamily, style: .regular)
        XCTAssertEqual(described, "\(font.familyName) \(font.revision)")
        XCTAssertEqual(fresh.defaultFontDescription, described, "and from the loaded font")
        XCTAssertTrue(described.hasPrefix("DejaVu Sans Mono 2."), described)
    }
}
