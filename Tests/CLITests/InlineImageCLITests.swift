import Foundation
import XCTest

/// Images and paths in a label's text through the real binary: drawn where the text module
/// put them, the same in PNG, SVG and PDF, both ways through the JSON form, and every kind
/// of bad or hostile input an error at FILE:LINE:COLUMN with exit status 1 and no picture.
final class InlineImageCLITests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        dir = try CLIRunner.temporaryDirectory()
        for asset in ["check.svg", "badge.webp"] {
            try FileManager.default.copyItem(at: CLIRunner.repositoryRoot.appendingPathComponent("docs/examples/assets/" + asset),
                                             to: dir.appendingPathComponent(asset))
        }
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func write(_ text: String, _ name: String = "in.spec") throws -> String { try CLIRunner.write(text, name, in: dir) }
    private func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    private func assertFails(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try CLIRunner.assertRenderFails(text, message, in: dir, arguments: ["--strict"], file: file, line: line)
    }

    private func tool(_ name: String) throws -> String {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
            return folder + "/" + name
        }
        throw XCTSkip("\(name) is not installed (scripts/setup installs it)")
    }

    /// A 20 × 30 red path after "ab" (DejaVu Sans Mono, 14 pt, white on white) is drawn
    /// where the text module places it: from x = 2 cells = 16.857 → 17 (a glyph origin's
    /// pixel), y = 0, its bottom on the baseline, 30 below the line's top. One 10.25 tall
    /// reaches from 13 − 10.25 = 2.75 to the baseline at 13, drawn with its edges on pixels:
    /// from 3 to 13. The same pictures as red boxes there, through the diff tester with no
    /// pixel allowed to differ.
    func testAnInlinePathIsDrawnWhereTheTextModulePutIt() throws {
        for (height, box) in [("30", "left=17 top=0 size=20x30"), ("10.25", "left=17 top=3 size=20x10")] {
            let inline = try write("""
                canvas width=80 height=40 background=#ffffff
                box size=80x40
                  label "ab" left=0 top=0 color=#ffffff
                    path "M0 0h20v\(height)h-20z" view-box="0 0 20 \(height)" size=20x\(height) fill=#ff0000
                """, "inline.spec")
            let boxed = try write("""
                canvas width=80 height=40 background=#ffffff
                box size=80x40
                  box \(box) background=#ff0000
                """, "boxed.spec")
            for (spec, png) in [(inline, "inline.png"), (boxed, "boxed.png")] {
                let r = try CLIRunner.run([spec, path(png)])
                XCTAssertEqual(r.status, 0, r.stderr)
            }
            let diff = try CLIRunner.run(["diff", path("boxed.png"), path("inline.png"), "--threshold", "0", "--max-diff-pixels", "0"])
            XCTAssertEqual(diff.status, 0, height + ": " + diff.stdoutText + diff.stderr)
        }
    }

    /// Icons in a sentence (paths, an SVG and a WebP; the text drawn white, as poppler
    /// draws glyph edges its own way), in SVG and PDF rasterised back, are the PNG. (Poppler
    /// resamples the scaled WebP its own way: 38 of its edge pixels differ, 0.16 %.)
    func testInlineImagesAreTheSameInPNGSVGAndPDF() throws {
        let rsvg = try tool("rsvg-convert"), pdftoppm = try tool("pdftoppm")
        let spec = try write("""
            canvas width=240 background=#ffffff
            label "Press " font="DejaVu Sans" size=16 lines=0 color=#ffffff
              path "M2 2h20v20h-20z" view-box="0 0 24 24" fill=#1c7ed6 vertical-align=middle
              span " to save, "
              image "check.svg" size=24x24
              span " when done, and "
              image "badge.webp" height=32 vertical-align=middle
              span " to share: the line breaks around each one as around a word."
            """)
        for name in ["i.png", "i.svg", "i.pdf"] {
            let r = try CLIRunner.run([spec, path(name)])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        XCTAssertEqual(try CLIRunner.run([path("i.svg"), "-o", path("from-svg.png")], in: dir, executable: URL(fileURLWithPath: rsvg)).status, 0)
        XCTAssertEqual(try CLIRunner.run(["-r", "72", "-png", "-singlefile", path("i.pdf"), path("from-pdf")], in: dir,
                                         executable: URL(fileURLWithPath: pdftoppm)).status, 0)
        for (back, ratio) in [("from-svg.png", "0.001"), ("from-pdf.png", "0.002")] {
            let r = try CLIRunner.run(["diff", path("i.png"), path(back), "--max-diff-ratio", ratio])
            XCTAssertEqual(r.status, 0, back + ": " + r.stdoutText + r.stderr)
        }
    }

    func testTheJSONFormHoldsThemBothWays() throws {
        let spec = try write("""
            canvas width=200
            label "a "
              image "check.svg" height=12 vertical-align=middle
              path "M0 0h4v4z" view-box="0 0 4 4" fill=#00ff00 size=8x8
            """)
        let json = try CLIRunner.run(["convert", spec])
        XCTAssertEqual(json.status, 0, json.stderr)
        for field in [#""kind": "image""#, #""src": "check.svg""#, #""height": 12"#, #""vertical-align": "middle""#,
                      #""kind": "path""#, #""view-box": "0,0,4,4""#] {
            XCTAssertTrue(json.stdoutText.contains(field), field + " in " + json.stdoutText)
        }
        let back = try CLIRunner.run(["convert", try write(json.stdoutText, "in.json")])
        XCTAssertEqual(back.status, 0, back.stderr)
        XCTAssertTrue(back.stdoutText.contains("\n  image \"check.svg\" height=12 vertical-align=middle\n"), back.stdoutText)
        let png = try CLIRunner.run([path("in.json"), path("from-json.png")])
        XCTAssertEqual(png.status, 0, png.stderr)
        // An error in the JSON form names the node's path.
        try Data(#"{"canvas": {"width": 100}, "children": [{"kind": "label", "text": "a", "children": [{"kind": "image", "src": "check.svg", "margin": 2}]}]}"#.utf8)
            .write(to: dir.appendingPathComponent("bad.json"))
        let bad = try CLIRunner.run([path("bad.json"), path("bad.png")])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("$.children[0].children[0].margin") && bad.stderr.contains("an image in a label's text does not take 'margin'"),
                      bad.stderr)
    }

    func testBadInlineImagesAreErrorsAtTheirPlace() throws {
        let label = "canvas width=100\nlabel \"a\"\n"
        try assertFails(label + "  image \"missing.png\"\n", "3:3: error: image 'missing.png' not found in ")
        try Data("not an image\n".utf8).write(to: dir.appendingPathComponent("text.png"))
        try assertFails(label + "  image \"text.png\"\n",
                        "3:3: error: image 'text.png': not in a supported image format (PNG, JPEG, WebP, SVG)")
        try assertFails(label + "  image \"../outside.png\"\n",
                        "3:3: error: image '../outside.png' is outside the asset folder ")
        try assertFails(label + "  image \"check.svg\" width=100000\n",
                        "3:27: error: an image in a label's text is 0 to 16384 points wide and tall, not 100000")
        try assertFails(label + "  image \"check.svg\" height=-3\n",
                        "3:28: error: an image in a label's text is 0 to 16384 points wide and tall, not -3")
        try assertFails(label + "  image \"check.svg\" width=50%\n",
                        "3:27: error: an image in a label's text is sized in points (width=16), not by its container")
        // The other side from a huge one by the aspect ratio (check.svg is square).
        try assertFails(label + "  path \"M0 0h1v100z\" width=1000\n",
                        "3:3: error: a path in a label's text is at most 16384 points wide and tall; this one would be 1000.0×100000.0")
        try assertFails(label + "  image \"check.svg\" margin=3\n",
                        "3:28: error: an image in a label's text does not take 'margin': it takes height, size, style, vertical-align, width")
        try assertFails(label + "  image \"check.svg\" vertical-align=top\n",
                        "3:36: error: bad value for 'vertical-align': 'top' is not one of baseline, middle")
        try assertFails("canvas width=100\nimage \"check.svg\" vertical-align=middle\n",
                        "2:34: error: vertical-align places an image or a path in a label's text (indented under the label); this image is laid out on its own")
        try assertFails(label + "  vbox\n",
                        "3:3: error: a label's children are span lines (span \"text\" key=value…) and images and paths in its text, not a vbox")
    }

    /// Zero sizes render (taking no room, drawing nothing); more images than a label takes
    /// is an error at the first past the limit (10,000 spans and images), and a hundred
    /// thousand stop at the spec's node limit; ten thousand render.
    func testHostileCountsAndSizes() throws {
        let zero = try write("canvas width=100\nlabel \"a\"\n  image \"check.svg\" size=0x0\n  path \"M0 0h1\" width=0\n", "zero.spec")
        XCTAssertEqual(try CLIRunner.run([zero, path("zero.png")]).status, 0)
        let head = "canvas width=400\nlabel \"a\" lines=0\n"
        try assertFails(head + String(repeating: "  image \"check.svg\" size=8x8\n", count: 10_001),
                        "10003:3: error: a label with more than 10000 spans and images in its text (the limit)")
        try assertFails(head + String(repeating: "  image \"check.svg\" size=8x8\n", count: 100_000),
                        "100002:3: error: more than 100000 nodes (the limit)")
        let most = try write(head + String(repeating: "  image \"check.svg\" size=8x8\n", count: 10_000), "most.spec")
        let r = try CLIRunner.run([most, path("most.png")])
        XCTAssertEqual(r.status, 0, r.stderr)
    }
}
