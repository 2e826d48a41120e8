import Foundation
import PNGCodec
import XCTest

/// Issue 37 through the real binary: work, memory and output the limits did not see, and
/// wrong pictures from bad files. Each gets a clear error, a non-zero exit and no output.
final class HostileRenderClassesCLITests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    private func write(_ data: Data, _ name: String) throws -> String {
        try data.write(to: dir.appendingPathComponent(name))
        return path(name)
    }

    private func write(_ text: String, _ name: String) throws -> String { try write(Data(text.utf8), name) }

    /// Renders, expecting a failure that leaves no output file.
    private func refused(_ arguments: [String], output: String, file: StaticString = #filePath,
                         line: UInt = #line) throws -> CLIRunner.Result {
        let r = try CLIRunner.run(arguments, killAfter: 120)
        XCTAssertEqual(r.status, 1, r.stderr, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "no output after a failure", file: file, line: line)
        return r
    }

    /// 2,025 long thin boxes with dotted borders from a few bytes of `for` loops: refused by
    /// the paint budget at once (it took over 30 s, a dot at a time).
    func testDottedBordersFromLoopsAreCharged() throws {
        let data = try write("{\"xs\": [" + (0..<45).map(String.init).joined(separator: ",") + "]}", "xs.json")
        let spec = try write("""
            {"canvas": {"width": 4096, "background": "#fff"}, "children": [{"kind": "vbox", "children": [
              {"kind": "for", "each": "a in xs", "children": [{"kind": "for", "each": "b in xs", "children": [
                {"kind": "box", "width": 4096, "height": 2, "border": 1, "border-style": "dotted"}]}]}]}]}
            """, "dots.json")
        let r = try refused([spec, "--data", data, path("out.png")], output: path("out.png"))
        XCTAssertTrue(r.stderr.contains("painted pixels, its work budget"), r.stderr)
    }

    /// A 1 MiB `--data` string referred to 100 times: refused where the text passes 16 MiB.
    func testInterpolationOfALongValueIsBounded() throws {
        let data = try write("{\"s\": \"" + String(repeating: "x", count: 1 << 20) + "\"}", "big.json")
        var text = "canvas width=100\nvbox\n"
        for _ in 0..<20 { text += "  label \"{s}{s}{s}{s}{s}\"\n" }
        let spec = try write(text, "big.spec")
        let r = try refused([spec, "--data", data, path("out.png")], output: path("out.png"))
        XCTAssertTrue(r.stderr.contains("big.spec:6:3: error: filling in {name}s produces more than 16777216 bytes of text"),
                      r.stderr)
    }

    /// A JPEG whose header says 200 × 200 over a 64 × 96 scan: an error, not grey.
    func testAJPEGWhoseScanEndsEarlyIsAnError() throws {
        let jpeg = CLIRunner.repositoryRoot.appendingPathComponent("Tests/JPEGCodecTests/Fixtures/header-200x200-scan-64x96.jpg")
        _ = try write(try Data(contentsOf: jpeg), "liar.jpg")
        let spec = try write("canvas width=200 height=200\nimage \"liar.jpg\" size=200x200\n", "liar.spec")
        let r = try refused([spec, path("out.png")], output: path("out.png"))
        XCTAssertTrue(r.stderr.contains("liar.spec:2:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("JPEG data is truncated"), r.stderr)
    }

    /// A picture of 4 Mi pixels drawn 80 times from a loop into an SVG or PDF: each drawing
    /// embeds it again, 320 MB by the estimate (80 MB for a PDF, whose content is
    /// compressed), over the 64 MiB vector budget; refused before Cairo builds the
    /// document, and no file is written.
    func testAVectorDocumentPastItsSizeLimitIsRefused() throws {
        let png = try PNGEncoder.encode(RGBAImage(width: 2048, height: 2048, filledWith: (200, 40, 40, 255)))
        _ = try write(Data(png), "big.png")
        let data = try write("{\"xs\": [" + (0..<80).map(String.init).joined(separator: ",") + "]}", "xs.json")
        let spec = try write("canvas width=2048 height=2048\nzbox\n  for x in xs\n    image \"big.png\" size=2048x2048\n", "many.spec")
        for name in ["out.svg", "out.pdf"] {
            let r = try refused([spec, "--data", data, path(name)], output: path(name))
            XCTAssertTrue(r.stderr.contains("many.spec: error: the render needs more than 67108864 bytes of SVG or PDF output"), r.stderr)
        }
        // One drawing of it is a document like any other.
        let one = try write("canvas width=2048 height=2048\nimage \"big.png\" size=2048x2048\n", "one.spec")
        XCTAssertEqual(try CLIRunner.run([one, path("one.svg")]).status, 0)
    }

    private func svgSpec(_ svg: String, _ name: String) throws -> String {
        _ = try write(svg, name + ".svg")
        return try write("canvas width=400 height=400\nimage \"\(name).svg\" size=400x400\n", name + ".spec")
    }

    /// 10,000 uses of a blurred rect in about a kilobyte (uses of groups of uses): refused
    /// by the survey before librsvg draws it (it ran past 25 s), naming the image's line.
    func testAnSVGOfTenThousandBlurredUsesIsRefused() throws {
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"400\" height=\"400\">"
            + "<defs><filter id=\"b\"><feGaussianBlur stdDeviation=\"20\"/></filter>"
            + "<rect id=\"r\" width=\"400\" height=\"400\" fill=\"red\" filter=\"url(#b)\"/>"
        for (name, inner) in [("a", "r"), ("c", "a"), ("d", "c")] {
            svg += "<g id=\"\(name)\">" + String(repeating: "<use xlink:href=\"#\(inner)\"/>", count: 10) + "</g>"
        }
        svg += "</defs>" + String(repeating: "<use xlink:href=\"#d\"/>", count: 10) + "</svg>"
        let spec = try svgSpec(svg, "uses")
        let r = try refused([spec, path("out.png")], output: path("out.png"))
        XCTAssertTrue(r.stderr.contains("uses.spec:2:1: error: image 'uses.svg': SVG: its filters, every <use> and reference "
                                        + "expanded, run more than 1000 filter primitives (the limit)"), r.stderr)
    }

    /// A 41 KB SVG holding a data: PNG of 16,000 × 16,000: refused from the PNG's header
    /// (it was decoded, 1.7 GB, and drawn).
    func testAnImageInsideAnSVGIsHeldToTheImageLimits() throws {
        let png = try PNGEncoder.encode(RGBAImage(width: 16_000, height: 1, filledWith: (0, 0, 0, 255)))
        // The same file, its header saying 16,000 rows (the data is never read that far).
        var bytes = png
        bytes[20...23] = [0, 0, 0x3E, 0x80]
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"100\" height=\"100\">"
            + "<image width=\"100\" height=\"100\" xlink:href=\"data:image/png;base64,\(Data(bytes).base64EncodedString())\"/></svg>"
        let spec = try svgSpec(svg, "inner")
        let r = try refused([spec, path("out.png")], output: path("out.png"))
        XCTAssertTrue(r.stderr.contains("inner.spec:2:1: error: image 'inner.svg': SVG: an image inside it (a data: URL) is a PNG "
                                        + "of 16000x16000 pixels; images are limited to 16384 pixels a side and 67108864 pixels"), r.stderr)
    }

    /// Sizes past the range of lengths: said as written (1e39 used to be "neither width and
    /// height nor a viewBox"; 3.4e38 was accepted).
    func testAnSVGSizePastTheValueRangeIsRefused() throws {
        let huge = try svgSpec("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1e39\" height=\"10\"/>", "huge")
        var r = try refused([huge, path("out.png")], output: path("out.png"))
        XCTAssertTrue(r.stderr.contains("huge.spec:2:1: error: image 'huge.svg': SVG: the root <svg>'s width=\"1e39\" and "
                                        + "height=\"10\" are not both lengths from 0 to 1000000 pixels, and it has no viewBox"), r.stderr)
        let big = try svgSpec("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"3.4e38\" height=\"10\"/>", "big")
        r = try refused([big, path("out.png")], output: path("out.png"))
        XCTAssertTrue(r.stderr.contains("big.spec:2:1: error: image 'big.svg': SVG: the image is "), r.stderr)
        XCTAssertTrue(r.stderr.contains("pixels; an SVG's size is limited to 1000000 pixels a side, the range of lengths in a spec"), r.stderr)
    }

    /// `scale(100,0.01)` inside `scale(0.01,100)` is the identity: the label is drawn (it
    /// was refused at 1:1 with "140000 device pixels per em"); text that is too large
    /// through its transforms is refused at its own line.
    func testTextSizesAreJudgedThroughTheComposedTransforms() throws {
        let identity = try write("canvas width=200 height=100\nbox size=200x100 transform=\"scale(0.01,100)\"\n"
                                 + "  box size=200x100 transform=\"scale(100,0.01)\"\n    label \"Hello\" size=14\n", "identity.spec")
        XCTAssertEqual(try CLIRunner.run([identity, path("identity.png")]).status, 0)
        let large = try write("canvas width=200 height=100\nbox size=200x100 transform=\"scale(10)\"\n"
                              + "  box size=200x100 transform=\"scale(100)\"\n    label \"Hello\" size=20\n", "large.spec")
        let r = try refused([large, path("large.png")], output: path("large.png"))
        XCTAssertTrue(r.stderr.contains("large.spec:4:5: error: text would be drawn at 20000 device pixels per em"), r.stderr)
    }
}
