import Foundation
import LayoutEngine
import LayoutRenderKit
import PNGCodec
import SpecLanguage
import Synchronization
import XCTest

/// A spec's `font` lines through the renderer: the face chosen for a label, its frame, the
/// fingerprint, and renders that share a renderer not seeing each other's fonts.
final class DeclaredFontRenderTests: XCTestCase {
    let renderer = LayoutRenderer()
    var dir: URL!
    static let dejavu = "/usr/share/fonts/truetype/dejavu/"

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("declared-fonts-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        for file in ["DejaVuSerifCondensed.ttf", "DejaVuSerifCondensed-Bold.ttf"] {
            try FileManager.default.copyItem(atPath: Self.dejavu + file, toPath: dir.path + "/fonts/" + file)
        }
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private var options: RenderOptions { RenderOptions(fileName: "in.spec", assetRoot: dir.path) }

    private func frame(_ spec: String, _ id: String = "t") throws -> Rect {
        let node = try XCTUnwrap(try renderer.layout(source: spec, options: options).frames.nodes.first { $0.id == id })
        return Rect(x: node.x, y: node.y, width: node.width, height: node.height)
    }

    func testADeclaredFamilyIsMatchedByWeightAndMeasuresAsItsFile() throws {
        let head = "canvas width=400 align=start\nfont \"Brand\" \"fonts/DejaVuSerifCondensed.ttf\" \"fonts/DejaVuSerifCondensed-Bold.ttf\"\n"
        let bold = try frame(head + "label \"Hello, world\" id=t font=\"Brand\" weight=bold\n")
        XCTAssertEqual(bold, try frame("canvas width=400 align=start\nlabel \"Hello, world\" id=t font=\"fonts/DejaVuSerifCondensed-Bold.ttf\"\n"))
        XCTAssertEqual(bold, Rect(x: 0, y: 0, width: 86, height: 16), "on whole pixels")
        XCTAssertEqual(try frame(head + "label \"Hello, world\" id=t font=\"brand\" weight=600\n"), bold, "600 is Bold (700)")
        let regular = try frame(head + "label \"Hello, world\" id=t font=\"Brand\" weight=300 italic\n")
        XCTAssertEqual(regular, try frame("canvas width=400 align=start\nlabel \"Hello, world\" id=t font=\"fonts/DejaVuSerifCondensed.ttf\"\n"))
        XCTAssertNotEqual(regular.width, bold.width)
        // Inherited from a container.
        XCTAssertEqual(try frame(head + "vbox font=\"Brand\" weight=bold\n  label \"Hello, world\" id=t\n"), bold)
        // The default family declared: the style keywords and a label with no font find its faces.
        let mono = "canvas width=400 align=start\nfont \"DejaVu Sans Mono\" \"fonts/DejaVuSerifCondensed.ttf\" \"fonts/DejaVuSerifCondensed-Bold.ttf\"\n"
        XCTAssertEqual(try frame(mono + "label \"Hello, world\" id=t font=bold\n"), bold)
        XCTAssertEqual(try frame(mono + "label \"Hello, world\" id=t\n"), regular)
    }

    /// The renderer reads the font file it draws with when it draws: a file truncated or
    /// rewritten between layout and drawing is an error, never a crash or other glyphs.
    func testAFontFileChangedBetweenLayoutAndDrawingIsAnError() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/fonts/DejaVuSerifCondensed.ttf"))
        for change in ["unchanged", "truncated", "rewritten"] {
            // A file of its own for each case: no face of another case's file is cached.
            let path = dir.path + "/fonts/\(change).ttf"
            try original.write(to: URL(fileURLWithPath: path))
            let spec = "canvas width=200 background=#ffffff\nlabel \"Hello, world\" font=\"fonts/\(change).ttf\"\n"
            let laidOut = try renderer.layout(source: spec, options: options)
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            if change == "truncated" {
                try handle.truncate(atOffset: UInt64(original.count / 3))
            } else if change == "rewritten" {
                usleep(20_000)  // past the file system's time granularity
                try handle.write(contentsOf: Data(original.reversed()))
            }
            try handle.close()
            if change == "unchanged" {
                XCTAssertNoThrow(try renderer.draw(laidOut, options: options))
            } else {
                XCTAssertThrowsError(try renderer.draw(laidOut, options: options), change)
            }
        }
    }

    func testAFamilyDeclaredInOneRenderIsNotSeenByTheNext() throws {
        let shadowing = "canvas width=400 align=start\nfont \"DejaVu Sans\" \"fonts/DejaVuSerifCondensed.ttf\"\nlabel \"Hello\" id=t font=\"DejaVu Sans\"\n"
        let plain = "canvas width=400 align=start\nlabel \"Hello\" id=t font=\"DejaVu Sans\"\n"
        let fresh = try LayoutRenderer().layout(source: plain, options: options).frames.nodes[1].width
        let declared = try frame(shadowing)
        XCTAssertNotEqual(declared.width, fresh)
        XCTAssertEqual(try frame(plain).width, fresh, "the next render finds the system's DejaVu Sans again")
        XCTAssertThrowsError(try renderer.layout(source: "canvas width=400\nlabel \"Hello\" font=\"Brand\"\n", options: options))
        XCTAssertEqual(try frame(shadowing), declared)
    }

    func testAFileInAFontDirAndAFallbackFamilyThatIsDeclared() throws {
        var options = self.options
        options.fontDirectories = ["/usr/share/fonts/opentype/noto"]
        let label = "label \"A日本\" id=t fallback=\"CJK\"\n"
        let declared = try renderer.layout(source: "canvas width=400 align=start\nfont CJK NotoSansCJK-Regular.ttc\n" + label,
                                           options: options)
        let system = try renderer.layout(source: "canvas width=400 align=start\nlabel \"A日本\" id=t fallback=\"Noto Sans CJK JP\"\n",
                                         options: options)
        XCTAssertEqual(declared.frames.nodes[1].width, system.frames.nodes[1].width)
        XCTAssertThrowsError(try renderer.layout(source: "canvas width=400\n" + label, options: options)) { error in
            XCTAssertTrue("\(error)".contains("fallback font family 'CJK' is needed for '日'"), "\(error)")
        }
    }

    /// Renders on many threads of one renderer, half of them declaring "DejaVu Sans" as
    /// another file: each gets its own spec's face, as the service's renders must.
    func testConcurrentRendersDoNotSeeEachOthersFonts() throws {
        let shadowing = "canvas width=400 align=start\nfont \"DejaVu Sans\" \"fonts/DejaVuSerifCondensed.ttf\"\nlabel \"Hello\" id=t font=\"DejaVu Sans\"\n"
        let plain = "canvas width=400 align=start\nlabel \"Hello\" id=t font=\"DejaVu Sans\"\n"
        let expected = [try frame(plain).width, try frame(shadowing).width]
        XCTAssertNotEqual(expected[0], expected[1])
        let widths = Mutex([Double?](repeating: nil, count: 64))
        let (renderer, options) = (self.renderer, self.options)
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let width = try? renderer.layout(source: i % 2 == 0 ? plain : shadowing, options: options).frames.nodes[1].width
            widths.withLock { $0[i] = width }
        }
        let got = widths.withLock { $0 }
        for i in 0..<64 { XCTAssertEqual(got[i], expected[i % 2], "render \(i)") }
    }

    func testTheFingerprintNamesTheDeclaredFiles() throws {
        let spec = "canvas width=40 height=20\nfont \"Brand\" \"fonts/DejaVuSerifCondensed-Bold.ttf\" fonts/DejaVuSerifCondensed.ttf\n"
        let image = try renderer.render(source: spec, options: options)
        let expected = Fingerprint.current.text + "; declared fonts Brand: fonts/DejaVuSerifCondensed-Bold.ttf 331820 bytes "
            + "checksum 0xa100a038, Brand: fonts/DejaVuSerifCondensed.ttf 347208 bytes checksum 0x926d37e9"
        XCTAssertEqual(image.fingerprint.text, expected)
        let chunks = try PNGDecoder.textChunks(try image.pngData())
        XCTAssertEqual(chunks.first { $0.key == "layout-render" }?.value, expected)
        // A PNG text chunk is Latin-1: other characters of the spec's names are escaped.
        let named = try renderer.render(source: "canvas width=40 height=20\nfont \"ブランド é\" \"fonts/DejaVuSerifCondensed.ttf\"\n",
                                        options: options)
        XCTAssertTrue(named.fingerprint.text.hasSuffix("; declared fonts \\u{30d6}\\u{30e9}\\u{30f3}\\u{30c9} é: "
                                                       + "fonts/DejaVuSerifCondensed.ttf 347208 bytes checksum 0x926d37e9"),
                      named.fingerprint.text)
        XCTAssertNoThrow(try named.pngData())
        let plain = try renderer.render(source: "canvas width=40 height=20\n", options: options)
        XCTAssertEqual(plain.fingerprint.text, Fingerprint.current.text, "no font lines: the fingerprint is the process's")
    }

    func testDeclarationsAreErrorsAtTheirFile() throws {
        func message(_ spec: String) -> String {
            do {
                _ = try renderer.layout(source: "canvas width=40\n" + spec, options: options)
                return "no error"
            } catch { return error.description }
        }
        try Data("not a font".utf8).write(to: dir.appendingPathComponent("fonts/fake.ttf"))
        let root = LayoutRenderer.resolvedAssetFolder(dir.path)
        XCTAssertEqual(message("font \"B\" \"fonts/none.ttf\"\n"),
                       "in.spec:2:10: error: font file 'fonts/none.ttf' not found in \(root) (it must lie inside that folder)\n"
                       + "    font \"B\" \"fonts/none.ttf\"\n             ^")
        XCTAssertTrue(message("font \"B\" \"../x.ttf\"\n").hasPrefix("in.spec:2:10: error: font file '../x.ttf' not found in"))
        XCTAssertTrue(message("font \"B\" \"fonts/fake.ttf\"\n").hasPrefix(
            "in.spec:2:10: error: font family 'B': font file \(root)/fonts/fake.ttf is not a TrueType or OpenType font"))
        XCTAssertTrue(message("font \"B\" \"fonts\"\n").hasPrefix(
            "in.spec:2:10: error: font family 'B': font file \(root)/fonts cannot be read: it is not a regular file (it is a folder)"))
        XCTAssertTrue(message("font \"B\" \"fonts/DejaVuSerifCondensed.ttf\" \"./fonts/DejaVuSerifCondensed.ttf\"\n").hasPrefix(
            "in.spec:2:43: error: './fonts/DejaVuSerifCondensed.ttf' is the file 'fonts/DejaVuSerifCondensed.ttf' names, already in font family 'B'"))
        XCTAssertEqual(message("font \"B\" \"fonts/DejaVuSerifCondensed.ttf\"\nfont \"C\" \"fonts/DejaVuSerifCondensed.ttf\"\n"),
                       "no error", "one file in two families is two names for it")
        XCTAssertEqual(message("font \"Unused\" \"fonts/DejaVuSerifCondensed.ttf\"\n"), "no error")
    }
}
