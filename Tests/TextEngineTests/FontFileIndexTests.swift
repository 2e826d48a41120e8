import XCTest
@testable import TextEngine
import CFreeType

/// The font catalogue a lookup builds as far as it needs (`FontFileIndex`) and keeps between
/// processes (`FontCatalogStore`). A "process" here is a new index over the same store file:
/// what a second `layout-render` finds. What was opened is counted, never timed.
final class FontFileIndexTests: XCTestCase {
    private let dejavu = FontLibrary.systemDejaVuDirectory + "/"
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-index-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// `file` (of fonts-dejavu-core, which scripts/setup installs) copied to `name` in the folder.
    private func copy(_ file: String, to name: String) throws {
        let target = folder + "/" + name
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: dejavu + file, toPath: target)
    }

    private var store: FontCatalogStore { FontCatalogStore(path: folder + "/cache/font-catalogue") }

    /// A library over the folder alone, with a fresh index ("a new process") on `store`.
    private func library(store: FontCatalogStore?) -> FontLibrary {
        FontLibrary(fontDirectories: [folder], systemDirectories: [], index: FontFileIndex(store: store))
    }

    private func fileNames(_ paths: [String]) -> [String] {
        paths.map { String($0.split(separator: "/").last!) }.sorted()
    }

    // MARK: - The lazy path

    func testALookupOpensOnlyTheFilesWhoseNamesMayBeTheFamily() throws {
        try copy("DejaVuSans.ttf", to: "Sans.ttf")
        try copy("DejaVuSans-Bold.ttf", to: "SansBold.ttf")
        try copy("DejaVuSerif.ttf", to: "Serif.ttf")
        try copy("DejaVuSansMono.ttf", to: "Mono.ttf")
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: folder + "/broken.ttf"))
        let fonts = library(store: nil)
        XCTAssertEqual(try fonts.font(family: "DejaVu Serif", weight: 400, italic: false).path, folder + "/Serif.ttf")
        let statistics = fonts.index.statistics
        // Every file's name table is read (a few hundred bytes each)…
        XCTAssertEqual(fileNames(statistics.nameTablesRead), ["Mono.ttf", "Sans.ttf", "SansBold.ttf", "Serif.ttf", "broken.ttf"])
        // …but FreeType opens only the face that may be DejaVu Serif, and the file whose
        // names cannot be read (it might be anything; it is no font, so it adds no face).
        XCTAssertEqual(fileNames(statistics.facesOpened), ["Serif.ttf#0", "broken.ttf#0"])

        XCTAssertEqual(try fonts.font(family: "DejaVu Sans", weight: 700, italic: false).path, folder + "/SansBold.ttf")
        // Sans and Sans Bold now; nothing twice.
        XCTAssertEqual(fileNames(fonts.index.statistics.facesOpened), ["Sans.ttf#0", "SansBold.ttf#0", "Serif.ttf#0", "broken.ttf#0"])
        XCTAssertEqual(fonts.index.statistics.nameTablesRead.count, 5)
    }

    func testTheSystemFontsOpenedForAFamilyAreThoseThatMayBeIt() throws {
        let fonts = FontLibrary(fontDirectories: [], systemDirectories: FontLibrary.systemFontDirectories,
                                index: FontFileIndex(store: nil))
        _ = try fonts.font(family: "DejaVu Serif", weight: 700, italic: true)
        _ = try fonts.font(family: "Noto Sans CJK SC", weight: 400, italic: false)
        let opened = fonts.index.statistics.facesOpened
        let openedFiles = Set(opened.map { String($0[..<$0.lastIndex(of: "#")!]) })
        for path in FontLibrary.systemFontFiles {
            let (fd, size) = try FontFile.open(path: path)
            defer { close(fd) }
            let names = SfntNames.familyNames(fd: fd, size: size)
            let mayBe = names.isEmpty || names.contains { SfntNames.mayBe("DejaVu Serif", names: $0) || SfntNames.mayBe("Noto Sans CJK SC", names: $0) }
            XCTAssertEqual(openedFiles.contains(path), mayBe, path)
        }
        XCTAssertFalse(openedFiles.contains(dejavu + "DejaVuSans.ttf"))
        // Of a collection, its first face (which says how many there are) and the ones that
        // may be the family: Noto Sans CJK SC is face 2 of 10.
        let regular = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        XCTAssertEqual(opened.filter { $0.hasPrefix(regular + "#") }, [regular + "#0", regular + "#2"])
        XCTAssertFalse(openedFiles.contains("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc"))
    }

    // MARK: - The store

    func testASecondProcessOpensNoFontToFindAFamily() throws {
        try copy("DejaVuSans.ttf", to: "Sans.ttf")
        try copy("DejaVuSerif.ttf", to: "Serif.ttf")
        let first = library(store: store)
        let serif = try first.font(family: "DejaVu Serif", weight: 400, italic: false).path
        XCTAssertEqual(first.index.statistics.facesOpened.count, 1)

        let second = library(store: store)
        XCTAssertEqual(try second.font(family: "DejaVu Serif", weight: 400, italic: false).path, serif)
        XCTAssertEqual(second.index.statistics, FontFileIndex.Statistics(), "nothing read or opened")
        // A family the first did not ask for: its faces are opened, then stored.
        XCTAssertEqual(try second.font(family: "DejaVu Sans", weight: 400, italic: false).path, folder + "/Sans.ttf")
        XCTAssertEqual(fileNames(second.index.statistics.facesOpened), ["Sans.ttf#0"])
        let third = library(store: store)
        _ = try third.font(family: "DejaVu Sans", weight: 400, italic: false)
        XCTAssertEqual(third.index.statistics, FontFileIndex.Statistics())
    }

    func testAChangedFileIsReadAgain() throws {
        try copy("DejaVuSans.ttf", to: "Face.ttf")
        XCTAssertEqual(try library(store: store).font(family: "DejaVu Sans", weight: 400, italic: false).path, folder + "/Face.ttf")

        // The same path now holds another family, its times set back to the old file's: the
        // change time (and the size) still tell, so the stored faces are not trusted.
        let path = folder + "/Face.ttf"
        var before = stat()
        XCTAssertEqual(stat(path, &before), 0)
        let serif = try Data(contentsOf: URL(fileURLWithPath: dejavu + "DejaVuSerif.ttf"))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: serif)
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)

        let next = library(store: store)
        XCTAssertEqual(try next.font(family: "DejaVu Serif", weight: 400, italic: false).path, path)
        XCTAssertEqual(fileNames(next.index.statistics.nameTablesRead), ["Face.ttf"])
        XCTAssertThrowsError(try next.font(family: "DejaVu Sans", weight: 400, italic: false)) { error in
            guard case .noSuchFamily(_, let available, _)? = error as? TextError else { return XCTFail("\(error)") }
            XCTAssertEqual(available, ["DejaVu Serif"])
        }
    }

    func testAChangedStampIsNotTheStoredOne() throws {
        try copy("DejaVuSans.ttf", to: "Face.ttf")
        var info = stat()
        XCTAssertEqual(stat(folder + "/Face.ttf", &info), 0)
        let stamp = FileStamp(info)
        var later = stamp
        later.changed.tv_nsec += 1
        XCTAssertNotEqual(stamp, later)
        var moved = stamp
        moved.inode += 1
        XCTAssertNotEqual(stamp, moved)
    }

    func testARemovedFileIsGone() throws {
        try copy("DejaVuSans.ttf", to: "Sans.ttf")
        try copy("DejaVuSans-Bold.ttf", to: "SansBold.ttf")
        XCTAssertEqual(try library(store: store).font(family: "DejaVu Sans", weight: 700, italic: false).path, folder + "/SansBold.ttf")
        XCTAssertEqual(Set(store.load().keys), [folder + "/Sans.ttf", folder + "/SansBold.ttf"])

        try FileManager.default.removeItem(atPath: folder + "/SansBold.ttf")
        let next = library(store: store)
        // The nearest weight to 700 there is now, never the stored face of a file that is gone.
        XCTAssertEqual(try next.font(family: "DejaVu Sans", weight: 700, italic: false).path, folder + "/Sans.ttf")
        XCTAssertEqual(next.availableFaces.map(\.path), [folder + "/Sans.ttf"])

        // The next store written leaves it out.
        try copy("DejaVuSerif.ttf", to: "Serif.ttf")
        _ = try library(store: store).font(family: "DejaVu Serif", weight: 400, italic: false)
        XCTAssertEqual(Set(store.load().keys), [folder + "/Sans.ttf", folder + "/Serif.ttf"])
    }

    func testADamagedStoreIsIgnoredAndRewritten() throws {
        try copy("DejaVuSans.ttf", to: "Sans.ttf")
        _ = try library(store: store).font(family: "DejaVu Sans", weight: 400, italic: false)
        let good = try Data(contentsOf: URL(fileURLWithPath: store.path))
        var damaged = good
        let weightLine = try XCTUnwrap(String(decoding: good, as: UTF8.self).range(of: "\t400\t"))
        let offset = String(decoding: good, as: UTF8.self).utf8.distance(
            from: String(decoding: good, as: UTF8.self).startIndex, to: weightLine.lowerBound) + 1
        damaged[offset] = UInt8(ascii: "7")  // a plausible face, weight 700: the checksum tells
        let cases: [(String, Data)] = [
            ("garbage", Data("\u{0}\u{1}not a catalogue".utf8)),
            ("cut short", good.prefix(good.count / 2)),
            ("one byte changed", damaged),
            ("empty", Data()),
        ]
        for (name, bytes) in cases {
            try bytes.write(to: URL(fileURLWithPath: store.path))
            XCTAssertTrue(store.load().isEmpty, name)
            let fonts = library(store: store)
            XCTAssertEqual(try fonts.font(family: "DejaVu Sans", weight: 700, italic: false).path, folder + "/Sans.ttf", name)
            XCTAssertEqual(fileNames(fonts.index.statistics.facesOpened), ["Sans.ttf#0"], name)
            XCTAssertEqual(store.load()[folder + "/Sans.ttf"]?.faces[0]?.weight, 400, "\(name): rewritten")
        }
    }

    /// A stored record that is intact but wrong (written by hand, or by another version)
    /// is found out when the face is loaded: the file is read again, and the family the
    /// store claimed is not there, never a substitute.
    func testAStoreThatNamesAnotherFamilyIsReadAgainNotTrusted() throws {
        try copy("DejaVuSans.ttf", to: "Face.ttf")
        _ = try library(store: store).font(family: "DejaVu Sans", weight: 400, italic: false)
        var records = store.load()
        let path = folder + "/Face.ttf"
        var record = try XCTUnwrap(records[path])
        record.names = [["dejavu serif"]]
        record.faces[0]?.family = "DejaVu Serif"
        records[path] = record
        try Data(FontCatalogStore.encode(records)).write(to: URL(fileURLWithPath: store.path))

        let fonts = library(store: store)
        XCTAssertThrowsError(try fonts.font(family: "DejaVu Serif", weight: 400, italic: false)) { error in
            guard case .noSuchFamily(_, let available, _)? = error as? TextError else { return XCTFail("\(error)") }
            XCTAssertEqual(available, ["DejaVu Sans"])
        }
        XCTAssertEqual(fileNames(fonts.index.statistics.nameTablesRead), ["Face.ttf"], "read again")
        XCTAssertEqual(store.load()[path]?.faces[0]?.family, "DejaVu Sans", "and the store corrected")
        XCTAssertEqual(try library(store: store).font(family: "DejaVu Sans", weight: 400, italic: false).path, path)
    }

    func testTwoWritersAtOnceLeaveAValidStore() throws {
        try copy("DejaVuSans.ttf", to: "Sans.ttf")
        try copy("DejaVuSerif.ttf", to: "Serif.ttf")
        let one = library(store: nil)
        let faces = one.availableFaces
        let records = one.index.records
        let sans = records.filter { $0.key.hasSuffix("/Sans.ttf") }
        let serif = records.filter { $0.key.hasSuffix("/Serif.ttf") }
        // Two writers (threads here; the store's temporary file and rename are what make two
        // processes safe too), each many times: the file is always one writer's whole store.
        let store = self.store
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for _ in 0..<50 {
                store.save(writer == 0 ? sans : serif)
                let read = store.load()
                XCTAssertFalse(read.isEmpty, "a reader always finds a whole store")
            }
        }
        let final = store.load()
        XCTAssertFalse(final.isEmpty)
        for (path, record) in final { XCTAssertEqual(record, records[path], path) }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder + "/cache")
        XCTAssertEqual(left, ["font-catalogue"], "no temporary file left")
        XCTAssertEqual(library(store: store).availableFaces, faces)
    }

    func testTheStoreIsNeverAFailure() throws {
        try copy("DejaVuSans.ttf", to: "Sans.ttf")
        // A store in a folder that cannot be made (a file is in the way).
        try Data().write(to: URL(fileURLWithPath: folder + "/in-the-way"))
        let unwritable = FontCatalogStore(path: folder + "/in-the-way/font-catalogue")
        XCTAssertEqual(try library(store: unwritable).font(family: "DejaVu Sans", weight: 400, italic: false).path, folder + "/Sans.ttf")
        XCTAssertTrue(unwritable.load().isEmpty)
    }

    func testTheStoreKeepsRecordsAsTheyWere() throws {
        let stamp = FileStamp(size: 12, modified: timespec(tv_sec: 1, tv_nsec: 2), changed: timespec(tv_sec: 3, tv_nsec: 4),
                              inode: 5, device: 6)
        let odd = "/fonts/a\tb\\c\nd.ttc"
        var record = FontFileRecord(stamp: stamp, names: [["dejavu sans"], nil, ["a", "b\\c"]], faceCount: 3)
        record.faces[0] = FontFace(path: odd, faceIndex: 0, family: "Odd\tFamily", styleName: "Book", weight: 400,
                                   isItalic: false, widthClass: 5)
        record.faces[2] = FontFace(path: odd, faceIndex: 2, family: "B", styleName: "Bold Italic", weight: 700,
                                   isItalic: true, widthClass: 3)
        record.failed = [1]
        let unopened = FontFileRecord(stamp: stamp, names: [], faceCount: nil)
        let records = [odd: record, "/fonts/plain.ttf": unopened]
        let bytes = FontCatalogStore.encode(records)
        XCTAssertEqual(bytes.withUnsafeBytes { FontCatalogStore.decode($0) }, records)
    }

    func testTheStoreIsConfiguredByTheEnvironment() {
        func configured(_ variables: [String: String?]) -> String? {
            let names = ["LAYOUT_RENDER_FONT_CACHE", "XDG_CACHE_HOME", "HOME"]
            let saved = names.map { name in getenv(name).map { String(cString: $0) } }
            defer { for (name, value) in zip(names, saved) { if let value { setenv(name, value, 1) } else { unsetenv(name) } } }
            for name in names {
                if let value = variables[name] ?? nil { setenv(name, value, 1) } else { unsetenv(name) }
            }
            return FontCatalogStore.configured()?.path
        }
        XCTAssertEqual(configured(["HOME": "/home/u"]), "/home/u/.cache/layout-render/font-catalogue-1")
        XCTAssertEqual(configured(["HOME": "/home/u", "XDG_CACHE_HOME": "/c"]), "/c/layout-render/font-catalogue-1")
        XCTAssertEqual(configured(["HOME": "/home/u", "XDG_CACHE_HOME": "relative"]), "/home/u/.cache/layout-render/font-catalogue-1")
        XCTAssertEqual(configured(["HOME": "/home/u", "LAYOUT_RENDER_FONT_CACHE": "/tmp/x"]), "/tmp/x")
        XCTAssertNil(configured(["HOME": "/home/u", "LAYOUT_RENDER_FONT_CACHE": "off"]))
        XCTAssertNil(configured([:]))
    }
}

/// Advances read from the `hmtx` table are FreeType's, face by face.
final class FontAdvanceTableTests: XCTestCase {
    func testTableAdvancesAreFreeTypesForEveryFaceOfTheSystemFonts() throws {
        let library = try FreeTypeLibrary()
        var compared = 0
        for path in FontLibrary.systemFontFiles {
            let file = try FontFile.read(path: path)
            let first = try FreeTypeFace(file: file, path: path, faceIndex: 0, library: library)
            for index in 0..<max(1, first.numberOfFaces) {
                let face = index == 0 ? first : try FreeTypeFace(file: file, path: path, faceIndex: index, library: library)
                let count = Int(face.handle.pointee.num_glyphs)
                let tables = FontFileTables(file: try FontFileHandle(path: path), faceIndex: index)
                guard let fromTable = Font.tableAdvances(face, count: count, tables: tables) else { continue }
                XCTAssertEqual(fromTable, try Font.freeTypeAdvances(face, count: count, path: path, faceIndex: index), "\(path)#\(index)")
                compared += 1
            }
        }
        // DejaVu's 22 files and the Noto CJK collections' 30 faces (not the colour emoji).
        XCTAssertGreaterThanOrEqual(compared, 22 + 30)
    }

    func testTableCharacterMapsAreFreeTypesForEveryFaceOfTheSystemFonts() throws {
        let library = try FreeTypeLibrary()
        var compared = 0
        for path in FontLibrary.systemFontFiles {
            let file = try FontFile.read(path: path)
            let first = try FreeTypeFace(file: file, path: path, faceIndex: 0, library: library)
            for index in 0..<max(1, first.numberOfFaces) {
                let face = index == 0 ? first : try FreeTypeFace(file: file, path: path, faceIndex: index, library: library)
                guard FT_Select_Charmap(face.handle, FT_ENCODING_UNICODE) == 0,
                      let fromTable = Font.tableCharacterMap(face, tables: FontFileTables(file: try FontFileHandle(path: path),
                                                                                            faceIndex: index)) else { continue }
                let walked = Font.freeTypeCharacterMap(face)
                XCTAssertTrue(fromTable.bmp == walked.bmp, "\(path)#\(index): BMP")
                XCTAssertEqual(fromTable.supplementary, walked.supplementary, "\(path)#\(index)")
                compared += 1
            }
        }
        // The Noto CJK collections' 30 faces have format 12 maps, and so does Noto Color Emoji.
        XCTAssertGreaterThanOrEqual(compared, 30)
    }
}
