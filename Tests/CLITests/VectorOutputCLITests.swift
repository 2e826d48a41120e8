import Foundation
import XCTest

/// SVG and PDF output, and how the output's format is chosen (`--format`, the extension).
final class VectorOutputCLITests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private var card: String { CLIRunner.repositoryRoot.appendingPathComponent("examples/card.spec").path }
    private func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
    private func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: dir.appendingPathComponent(name))) }
    private func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }

    /// The path of a tool the test needs, or a skip when the machine lacks it (scripts/setup installs it).
    private func tool(_ name: String) throws -> String {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
            return folder + "/" + name
        }
        throw XCTSkip("\(name) is not installed (scripts/setup installs it)")
    }

    private func runTool(_ tool: String, _ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(arguments, in: dir, executable: URL(fileURLWithPath: tool))
    }

    func testTheExtensionChoosesSVGAndPDF() throws {
        for (name, head) in [("card.svg", "<?xml"), ("card.pdf", "%PDF-")] {
            let r = try CLIRunner.run([card, path(name)])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(String(decoding: try bytes(name).prefix(5), as: UTF8.self), head, name)
        }
        // The card is 480 points at scale 2: 960 × 564 device pixels, which are the document's units.
        let svg = String(decoding: try bytes("card.svg"), as: UTF8.self)
        XCTAssertTrue(svg.contains("width=\"960px\" height=\"564px\" viewBox=\"0 0 960 564\""), String(svg.prefix(400)))
        let pdf = String(decoding: try bytes("card.pdf"), as: UTF8.self)
        XCTAssertTrue(pdf.contains("/MediaBox [ 0 0 960 564 ]"), "the page is the PNG's size in points")
    }

    func testVectorOutputIsTheSameBytesEveryRun() throws {
        for name in ["a.svg", "b.svg", "a.pdf", "b.pdf"] {
            XCTAssertEqual(try CLIRunner.run([card, path(name)]).status, 0)
        }
        XCTAssertEqual(try bytes("a.svg"), try bytes("b.svg"))
        XCTAssertEqual(try bytes("a.pdf"), try bytes("b.pdf"))
        // No date from the clock: the fixed one.
        let pdf = String(decoding: try bytes("a.pdf"), as: UTF8.self)
        XCTAssertTrue(pdf.contains("/CreationDate (20000101000000Z)"), "the PDF's date is fixed")
    }

    func testPDFTextIsGlyphsOfAnEmbeddedFontAndSelectable() throws {
        XCTAssertEqual(try CLIRunner.run([card, path("card.pdf")]).status, 0)
        let pdf = String(decoding: try bytes("card.pdf"), as: UTF8.self)
        XCTAssertTrue(pdf.contains("/FontName /") && pdf.contains("DejaVuSansMono"), "the font is embedded")
        XCTAssertTrue(pdf.contains("/ToUnicode"), "glyphs map back to text")
        let text = try runTool(try tool("pdftotext"), [path("card.pdf"), "-"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdoutText.contains("LayoutRender: frames from a spec"), text.stdoutText)
    }

    /// The README card in SVG and PDF, rasterised back by librsvg and poppler, is the PNG
    /// render within a tolerance (poppler draws glyph edges its own way).
    func testVectorOutputRasterisedBackMatchesThePNG() throws {
        let rsvg = try tool("rsvg-convert"), pdftoppm = try tool("pdftoppm")
        for name in ["card.png", "card.svg", "card.pdf"] {
            let r = try CLIRunner.run([card, path(name)])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        XCTAssertEqual(try runTool(rsvg, [path("card.svg"), "-o", path("from-svg.png")]).status, 0)
        XCTAssertEqual(try runTool(pdftoppm, ["-r", "72", "-png", "-singlefile", path("card.pdf"), path("from-pdf")]).status, 0)
        let svg = try CLIRunner.run(["diff", path("card.png"), path("from-svg.png"), "--max-diff-ratio", "0.001"])
        XCTAssertEqual(svg.status, 0, svg.stdoutText + svg.stderr)
        let pdf = try CLIRunner.run(["diff", path("card.png"), path("from-pdf.png"), "--max-diff-ratio", "0.02"])
        XCTAssertEqual(pdf.status, 0, pdf.stdoutText + pdf.stderr)
    }

    /// A diagram of paths and connectors (every route and arrowhead, a dash, both layers;
    /// no text, which poppler draws its own way) in SVG and PDF, rasterised back, is the PNG.
    /// Straight lines are whole points wide on whole points: poppler snaps a 1-point line
    /// that straddles two pixels to one (stroke adjustment), which Cairo does not.
    func testConnectorsAndPathsAreTheSameInPNGSVGAndPDF() throws {
        let rsvg = try tool("rsvg-convert"), pdftoppm = try tool("pdftoppm")
        let spec = path("diagram.spec")
        try """
            canvas width=320 height=220 background=#ffffff
            box size=320x220
              box id=a left=20 top=20 size=80x40 background=#eef2ff border=1,#4f7cff radius=6
              box id=b left=220 top=20 size=80x40 background=#eef2ff border=1,#4f7cff radius=6
              box id=c left=120 top=150 size=80x40 background=#fff4e5 border=1,#ef8f00
              path "M12 2 L22 22 H2 Z" view-box="0 0 24 24" left=140 top=70 size=40x40 fill=#ef476f stroke=#1b1f3b line-join=round
            connector from=a to=b end-arrow=triangle start-arrow=circle stroke-width=2
            connector from=a to=c route=orthogonal end-arrow=diamond stroke-width=2
            connector from=b.bottom to=c.right route=curved end-arrow=open dash="4 3" stroke=#ef476f stroke-width=1.5
            connector from=c.left to=a.left route=orthogonal layer=below stroke=#06d6a0 stroke-width=3
            """.write(toFile: spec, atomically: false, encoding: .utf8)
        for name in ["d.png", "d.svg", "d.pdf"] {
            let r = try CLIRunner.run([spec, path(name)])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        XCTAssertEqual(try runTool(rsvg, [path("d.svg"), "-o", path("from-svg.png")]).status, 0)
        XCTAssertEqual(try runTool(pdftoppm, ["-r", "72", "-png", "-singlefile", path("d.pdf"), path("from-pdf")]).status, 0)
        for back in ["from-svg.png", "from-pdf.png"] {
            let r = try CLIRunner.run(["diff", path("d.png"), path(back), "--max-diff-ratio", "0.001"])
            XCTAssertEqual(r.status, 0, back + ": " + r.stdoutText + r.stderr)
        }
        // And the connectors are vector paths in the SVG, not pictures.
        let svg = String(decoding: try bytes("d.svg"), as: UTF8.self)
        XCTAssertFalse(svg.contains("<image"))
    }

    func testFormatWinsOverTheExtensionAndNamesTheInputFormToo() throws {
        let r = try CLIRunner.run(["render", card, path("card.png"), "--format", "PDF", "--format", "spec"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(Array(try bytes("card.png").prefix(5)), Array("%PDF-".utf8))
        let out = try CLIRunner.run(["render", card, "-", "--format", "svg"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stdoutText.hasPrefix("<?xml"))
        // Without an extension, PNG as always.
        XCTAssertEqual(try CLIRunner.run([card, path("picture")]).status, 0)
        XCTAssertEqual(Array(try bytes("picture").prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testUnknownFormatsAreRefusedNamingTheChoices() throws {
        let cases: [([String], String)] = [
            ([card, path("o.gif")], "Error: \(path("o.gif")): .gif is not a format layout-render writes; name the file .png, .jpg, .webp, .svg or .pdf, or give --format png|jpeg|webp|svg|pdf\n"),
            (["render", card, path("o.pdf"), "--format", "junk"], "Error: --format 'junk' is neither an output format (png, jpeg, webp, svg, pdf) nor an input form (auto, spec, json).\n"),
            (["render", card, path("o.pdf"), "--format", "pdf", "--format", "svg"], "Error: --format names two output formats, pdf and svg.\n"),
            (["render", card, path("o.pdf"), "--format", "json", "--format", "spec"], "Error: --format names two input forms, json and spec.\n"),
            (["render", card, path("o.pdf"), "--format", ""], "Error: --format '' is neither an output format (png, jpeg, webp, svg, pdf) nor an input form (auto, spec, json).\n"),
        ]
        for (arguments, message) in cases {
            let r = try CLIRunner.run(arguments)
            XCTAssertEqual(r.status, 64, arguments.joined(separator: " "))
            XCTAssertTrue(r.stderr.hasPrefix(message), r.stderr)
        }
        XCTAssertEqual(try contents(), [])
    }

    func testAHugeCanvasToPDFIsRefusedByTheSameLimitsAndWritesNothing() throws {
        let spec = path("huge.spec")
        try "canvas width=20000 height=20000\n".write(toFile: spec, atomically: false, encoding: .utf8)
        for name in ["huge.pdf", "huge.svg"] {
            let r = try CLIRunner.run([spec, path(name)])
            XCTAssertEqual(r.status, 1, name)
            XCTAssertEqual(r.stderr, "\(spec):1:1: error: the canvas is 20000x20000 pixels; the limit is 16384 pixels a side\n")
        }
        // Within the side limit and past the pixel count: 8000 × 8000 × 2².
        try "canvas width=8000 height=8000 scale=2\n".write(toFile: spec, atomically: false, encoding: .utf8)
        let r = try CLIRunner.run([spec, path("huge.pdf")])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "\(spec):1:1: error: the canvas is 16000x16000 pixels (256000000); the limit is 67108864 pixels\n")
        XCTAssertEqual(try contents(), ["huge.spec"])
    }

    func testThePaintBudgetAppliesToVectorOutput() throws {
        // 70 full-canvas boxes on a 4096² canvas paint 1.2 G pixels: past the default budget.
        var text = "canvas width=4096 height=4096\nzbox\n"
        for _ in 0..<70 { text += "  box size=4096x4096 background=#ff000080\n" }
        let spec = path("busy.spec")
        try text.write(toFile: spec, atomically: false, encoding: .utf8)
        let png = try CLIRunner.run([spec, path("busy.png")])
        let pdf = try CLIRunner.run([spec, path("busy.pdf")])
        XCTAssertEqual(png.status, 1, png.stderr)
        XCTAssertEqual(pdf.status, 1, pdf.stderr)
        XCTAssertEqual(pdf.stderr, png.stderr)
        XCTAssertTrue(pdf.stderr.contains("its work budget"), pdf.stderr)
        XCTAssertEqual(try contents(), ["busy.spec"])
    }
    func testOutDirWritesEveryPictureInTheFormatAsked() throws {
        let specs = dir.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        for name in ["a", "b"] {
            try "canvas width=20 height=10 background=#336699\n".write(to: specs.appendingPathComponent(name + ".spec"), atomically: false, encoding: .utf8)
        }
        for (arguments, ext, head) in [(["--format", "pdf"], "pdf", Array("%PDF-".utf8)), (["--format", "svg"], "svg", Array("<?xml".utf8)),
                                       (["--format", "jpeg", "--quality", "50"], "jpg", [0xFF, 0xD8, 0xFF]),
                                       (["--format", "webp"], "webp", Array("RIFF".utf8)),
                                       (["--compression", "smallest"], "png", [0x89, 0x50, 0x4E, 0x47])] {
            let out = path("out-" + ext)
            let r = try CLIRunner.run(["render", specs.path, "--out-dir", out] + arguments)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["a." + ext, "b." + ext])
            XCTAssertEqual(Array(Array(try Data(contentsOf: URL(fileURLWithPath: out + "/a." + ext))).prefix(head.count)), head, ext)
        }
        for (arguments, message) in [(["--format", "jpeg", "--quality", "0"], "Error: --quality 0 is outside 1...100.\n"),
                                     (["--quality", "50"], "Error: --quality applies to JPEG and WebP output, not PNG.\n"),
                                     (["--format", "svg", "--compression", "smallest"], "Error: --compression applies to PNG output, not SVG.\n"),
                                     (["--format", "gif"], "Error: --format 'gif' is neither an output format")] {
            let r = try CLIRunner.run(["render", specs.path, "--out-dir", path("refused")] + arguments)
            XCTAssertEqual(r.status, 64, arguments.joined(separator: " "))
            XCTAssertTrue(r.stderr.hasPrefix(message), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("refused")))
        }
    }
}
