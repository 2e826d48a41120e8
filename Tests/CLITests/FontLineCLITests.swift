import Foundation
import XCTest

/// `font "FAMILY" "FILE"…` lines through the real binary: a rendering whose label uses a
/// declared family, `convert` both ways, and every kind of bad declaration as an error at
/// FILE:LINE:COLUMN with exit status 1 and no picture.
final class FontLineCLITests: XCTestCase {
    var dir: URL!
    var root: String!
    override func setUpWithError() throws {
        dir = try CLIRunner.temporaryDirectory()
        root = URL(fileURLWithPath: dir.path).resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        for file in ["DejaVuSerifCondensed.ttf", "DejaVuSerifCondensed-Bold.ttf"] {
            try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/" + file,
                                             toPath: dir.path + "/fonts/" + file)
        }
        try Data("not a font".utf8).write(to: dir.appendingPathComponent("fonts/fake.ttf"))
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func write(_ text: String, _ name: String = "in.spec") throws -> String {
        try CLIRunner.write(text, name, in: dir)
    }

    /// Renders `text` and checks it fails with `message` (after `in.spec:`), writing nothing.
    private func assertFails(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try CLIRunner.assertRenderFails(text, message, in: dir, file: file, line: line)
    }

    func testADeclaredFamilyRendersAndConvertsBothWays() throws {
        let text = """
            canvas width=200 align=start background=#ffffff
            font "Brand" "fonts/DejaVuSerifCondensed.ttf" "fonts/DejaVuSerifCondensed-Bold.ttf"
            label "Hello, world" id=t font="Brand" weight=bold
            """
        let spec = try write(text)
        let png = dir.appendingPathComponent("out.png").path
        let frames = dir.appendingPathComponent("frames.json").path
        let rendered = try CLIRunner.run([spec, png, "--frames", frames])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let dump = try String(contentsOfFile: frames, encoding: .utf8)
        XCTAssertTrue(dump.contains(#"{"id": "t", "kind": "label", "line": 3, "x": 0, "y": 0, "width": 86, "height": 16}"#), dump)  // DejaVu Serif Condensed Bold, on whole pixels
        let chunks = String(decoding: try Data(contentsOf: URL(fileURLWithPath: png)), as: UTF8.self)
        XCTAssertTrue(chunks.contains("; declared fonts Brand: fonts/DejaVuSerifCondensed.ttf 347208 bytes checksum 0x926d37e9, "
                                      + "Brand: fonts/DejaVuSerifCondensed-Bold.ttf 331820 bytes checksum 0xa100a038"))
        let json = try CLIRunner.run(["convert", spec])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stdoutText.contains(
            #"{"family": "Brand", "files": ["fonts/DejaVuSerifCondensed.ttf", "fonts/DejaVuSerifCondensed-Bold.ttf"]}"#), json.stdoutText)
        let jsonSpec = try write(json.stdoutText, "in.json")
        let back = try CLIRunner.run(["convert", jsonSpec])
        XCTAssertEqual(back.status, 0, back.stderr)
        XCTAssertTrue(back.stdoutText.contains(
            "\nfont \"Brand\" \"fonts/DejaVuSerifCondensed.ttf\" \"fonts/DejaVuSerifCondensed-Bold.ttf\"\n"), back.stdoutText)
        let fromJSON = try CLIRunner.run([jsonSpec, dir.appendingPathComponent("json.png").path])
        XCTAssertEqual(fromJSON.status, 0, fromJSON.stderr)
    }

    func testBadDeclarationsAreErrorsAtTheirPlace() throws {
        let canvas = "canvas width=100\n"
        try assertFails(canvas + "font \"B\" \"fonts/none.ttf\"\n",
                        "2:10: error: font file 'fonts/none.ttf' not found in \(root!) (it must lie inside that folder)")
        try assertFails(canvas + "font \"B\" \"../in.spec\"\n",
                        "2:10: error: font file '../in.spec' not found in \(root!) (it must lie inside that folder)")
        try assertFails(canvas + "font \"B\" \"fonts/fake.ttf\"\n",
                        "2:10: error: font family 'B': font file \(root!)/fonts/fake.ttf is not a TrueType or OpenType font")
        try assertFails(canvas + "font \"B\" fonts\n",
                        "2:10: error: font family 'B': font file \(root!)/fonts cannot be read: it is not a regular file (it is a folder)")
        try assertFails(canvas + "font \"B\" \"fonts/DejaVuSerifCondensed.ttf\" \"fonts/../fonts/DejaVuSerifCondensed.ttf\"\n",
                        "2:43: error: 'fonts/../fonts/DejaVuSerifCondensed.ttf' is the file 'fonts/DejaVuSerifCondensed.ttf' names, already in font family 'B'")
        try assertFails(canvas + "font \"B\" \"fonts/DejaVuSerifCondensed.ttf\"\nfont \"b\" \"fonts/DejaVuSerifCondensed-Bold.ttf\"\n",
                        "3:6: error: font family 'b' is declared twice (first on line 2); give all its files on one line")
        try assertFails(canvas + "vbox\n  font \"B\" \"fonts/DejaVuSerifCondensed.ttf\"\n",
                        "3:3: error: fonts are declared at the top level: font \"FAMILY\" \"FILE\"…")
        try assertFails(canvas + "font \"B\" " + Array(repeating: "\"fonts/DejaVuSerifCondensed.ttf\"", count: 65).joined(separator: " ") + "\n",
                        "2:\(10 + 64 * 33): error: more than 64 font files declared (the limit)")
        try assertFails(canvas + "font \"Brand\" \"fonts/DejaVuSerifCondensed.ttf\"\nlabel \"x\" font=\"Brnd\"\n",
                        "3:16: error: font family 'Brnd' not found in /usr/share/fonts/truetype/dejavu, /usr/share/fonts/opentype/noto, "
                        + "/usr/share/fonts/truetype/noto, /usr/share/fonts/truetype/ancient-scripts; the families there are: ")
        // The declared family is listed with the system's (which vary by machine beyond setup's).
        let r = try CLIRunner.run([try CLIRunner.write(canvas + "font \"Brand\" \"fonts/DejaVuSerifCondensed.ttf\"\nlabel \"x\" font=\"Brnd\"\n", in: dir),
                                   dir.appendingPathComponent("out.png").path])
        XCTAssertTrue(CLIRunner.listedFamilies(in: r.stderr).isSuperset(of: ["Brand", "DejaVu Math TeX Gyre", "DejaVu Sans"]), r.stderr)
    }

    func testAFIFOIsRefusedWithoutBlocking() throws {
        let fifo = dir.appendingPathComponent("fonts/fifo.ttf").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let spec = try write("canvas width=100\nfont \"B\" \"fonts/fifo.ttf\"\n")
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("out.png").path], killAfter: 20)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("in.spec:2:10: error: font family 'B': font file \(root!)/fonts/fifo.ttf cannot be read: "
                                        + "it is not a regular file (it is a FIFO)"), r.stderr)
    }
}
