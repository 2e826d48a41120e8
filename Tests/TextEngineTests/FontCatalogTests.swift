import XCTest
@testable import TextEngine

/// The font set is identified from the few tables a face record needs, read through a
/// stream, not from whole files (the Noto CJK collections are 90 MB).
final class FontCatalogTests: XCTestCase {
    /// The faces as the catalog read them before: each file read whole into memory.
    private func facesFromWholeFiles(_ path: String, library: FreeTypeLibrary) throws -> [FontFace] {
        let file = try FontFile.read(path: path)
        let first = try FreeTypeFace(file: file, path: path, faceIndex: 0, library: library)
        let count = max(1, min(Int(first.numberOfFaces), 256))
        return try (0..<count).map { index in
            let face = index == 0 ? first : try FreeTypeFace(file: file, path: path, faceIndex: index, library: library)
            return FontCatalog.face(face, path: path, index: index)
        }
    }

    /// Every face of every font file the system folders hold is the same read through a
    /// stream as read whole (a second reading); and the files `scripts/setup` installs are
    /// all found, with the faces their packages are known to hold. Fonts installed by other
    /// means are compared too but never counted: the expectation comes from the setup
    /// script, so a machine with more fonts and a fresh one agree.
    func testStreamedFacesAreTheFacesOfTheWholeFiles() throws {
        let library = try FreeTypeLibrary()
        let files = FontCatalog.fontFiles(in: FontLibrary.systemFontDirectories)
        var facesByFile: [String: Int] = [:]
        for path in files {
            let streamed = FontCatalog.faces(inFile: path, library: library)
            XCTAssertEqual(streamed, try facesFromWholeFiles(path, library: library), path)
            facesByFile[path] = streamed.count
        }
        let installed = try SetupFonts.files(under: FontLibrary.systemFontDirectories)
        XCTAssertEqual(Set(installed).subtracting(files), [], "setup's font files the catalog does not list")
        // fonts-dejavu-core and -extra: 22 single-face files; fonts-noto-color-emoji: one;
        // fonts-noto-cjk: the Sans collections of 10 faces (JP, KR, SC, TC, HK and their
        // Mono), the Serif ones of 5; fonts-symbola: one.
        XCTAssertEqual(installed.filter { $0.contains("/dejavu/") }.count, 22, "\(installed)")
        XCTAssertEqual(installed.map { facesByFile[$0] ?? 0 }.reduce(0, +), 22 + 1 + 2 * 10 + 2 * 5 + 1, "\(installed)")
    }

    func testIdentifyingAFaceReadsItsTablesNotItsFile() throws {
        // A TrueType face: its table directory, name, OS/2, hhea, cmap… (DejaVu Sans
        // ExtraLight, the most, reads 201 KB of 352). A CFF collection face: FreeType's CFF
        // driver also reads the charset and subroutine indexes, ~1.5 MB of the 20 MB file.
        let library = try FreeTypeLibrary()
        let installed = Set(try SetupFonts.files(under: FontLibrary.systemFontDirectories))
        var total = 0
        var fileTotal = 0
        for path in FontCatalog.fontFiles(in: FontLibrary.systemFontDirectories) {
            var bytesRead = 0
            let faces = FontCatalog.faces(inFile: path, library: library, bytesRead: &bytesRead)
            let fileBytes = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            let perFace = bytesRead / max(1, faces.count)
            if path.hasSuffix(".ttc") {
                XCTAssertLessThan(perFace, 1_600_000, path)
            } else {
                XCTAssertLessThan(perFace, 210_000, path)
            }
            XCTAssertLessThan(bytesRead, fileBytes, path)
            // The totals are those of the files scripts/setup installs (others vary by machine).
            guard installed.contains(path) else { continue }
            total += bytesRead
            fileTotal += fileBytes
        }
        XCTAssertGreaterThan(fileTotal, 110_000_000)
        XCTAssertLessThan(total, 46_000_000, "read \(total) of \(fileTotal) bytes")
        if ProcessInfo.processInfo.environment["LR_TIME_CATALOG"] != nil {
            let files = FontCatalog.fontFiles(in: FontLibrary.systemFontDirectories)
            var start = Date()
            for path in files { _ = FontCatalog.faces(inFile: path, library: library) }
            let streamed = Date().timeIntervalSince(start)
            start = Date()
            for path in files { _ = try facesFromWholeFiles(path, library: library) }
            print("catalog: streamed \(streamed) s, whole files \(Date().timeIntervalSince(start)) s")
        }
    }

    func testAFileThatIsNotAFontHasNoFaces() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(getpid()).ttf").path
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertEqual(FontCatalog.faces(inFile: path, library: try FreeTypeLibrary()), [])
        XCTAssertEqual(FontCatalog.faces(inFile: "/dev/null", library: try FreeTypeLibrary()), [])
    }
}
