import Foundation
import XCTest

/// Labels with `span` lines through the real binary: a rendering, and every kind of bad
/// input as an error at FILE:LINE:COLUMN with exit status 1 and no picture.
final class SpanCLITests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func write(_ text: String, _ name: String = "in.spec") throws -> String {
        try CLIRunner.write(text, name, in: dir)
    }

    /// Renders `text` (with --strict) and checks it fails with `message` (after `in.spec:`), writing nothing.
    private func assertFails(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try CLIRunner.assertRenderFails(text, message, in: dir, arguments: ["--strict"], file: file, line: line)
    }

    func testALabelWithSpansRendersAndConvertsBothWays() throws {
        let text = """
            canvas width=240 background=#ffffff
            label "Total: " font="DejaVu Sans" lines=0 underline=false
              span "42" weight=bold size=20 color=#c00000
              span " items, " italic
              span "struck" strikethrough
            """
        let spec = try write(text)
        let png = dir.appendingPathComponent("out.png").path
        let frames = dir.appendingPathComponent("frames.json").path
        let rendered = try CLIRunner.run([spec, png, "--frames", frames])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let dump = try String(contentsOfFile: frames, encoding: .utf8)
        // One label node: spans are part of its text, not nodes of the layout.
        XCTAssertEqual(dump.components(separatedBy: "\"kind\"").count - 1, 2, dump)  // the canvas and the label
        let json = try CLIRunner.run(["convert", spec])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stdoutText.contains(#""kind": "span""#), json.stdoutText)
        let back = try CLIRunner.run(["convert", try write(json.stdoutText, "in.json")])
        XCTAssertEqual(back.status, 0, back.stderr)
        XCTAssertTrue(back.stdoutText.contains("\n  span \"42\" size=20 color=#c00000 weight=700\n"), back.stdoutText)
    }

    func testBadSpansAreErrorsAtTheirPlace() throws {
        try assertFails("canvas width=100\nspan \"a\"\n",
                        "2:1: error: a span is a run of a label's text, so it is indented under a label, not under a canvas")
        try assertFails("canvas width=100\nlabel \"a\"\n  span \"b\" truncate=head\n",
                        "3:12: error: a span does not take 'truncate': a label's spans are one paragraph, so align, line-height, lines, truncate, wrap are the label's")
        try assertFails("canvas width=100\nlabel \"a\"\n  span \"b\"\n    span \"c\"\n",
                        "4:5: error: a span cannot have children (it is on line 3)")
        try assertFails("canvas width=100\nlabel \"a\"\n  span \"b\" colour=red\n",
                        "3:12: error: unknown attribute 'colour' for span; did you mean 'color'?")
        try assertFails("canvas width=100\nlabel \"a\"\n  span \"\"\n",
                        "3:8: error: an empty span; give it text, or leave the line out")
        try assertFails("canvas width=100\nlabel \"a\"\n  span \"b\" size=-3\n",
                        "3:17: error: bad value for 'size': a font size must be positive")
        // A size the spec allows but the scale makes too many pixels per em, at the span's size.
        try assertFails("canvas width=100 scale=8\nlabel \"a\"\n  span \"b\" size=4000\n",
                        "3:17: error: text would be drawn at 32000 device pixels per em (size × scale); the limit is 16384")
        try assertFails("canvas width=100\nlabel \"a\"\n  span \"b\" font=\"No Such Family\"\n",
                        "3:17: error: font family 'No Such Family' not found in /usr/share/fonts/truetype/dejavu, "
                        + "/usr/share/fonts/opentype/noto, /usr/share/fonts/truetype/noto, /usr/share/fonts/truetype/ancient-scripts; the families there are: ")
    }

    /// Sizes far apart in one label lay out to finite frames and draw; characters of a span
    /// that no font covers are reported as the label's (an error with --strict).
    func testHostileSizesAndUncoveredCharacters() throws {
        let spec = try write("canvas width=100\nlabel \"x\" size=4096 lines=0\n  span \" tiny\" size=0.000001\n  span \"y\" size=0.5 underline\n")
        let png = dir.appendingPathComponent("hostile.png").path
        let r = try CLIRunner.run([spec, png])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: png))
        try assertFails("canvas width=200\nlabel \"a \" fallback=none\n  span \"日本\" size=20\n",
                        "2:1: error: the font and its fallback fonts do not cover '日' U+65E5, '本' U+672C")
    }

    /// More spans than a label takes is an error at the first one past the limit, and a
    /// label with the most it takes renders.
    func testVeryManySpans() throws {
        let many = "canvas width=400\nlabel \"a\" lines=0\n" + String(repeating: "  span \"b \" weight=bold\n", count: 10_001)
        try assertFails(many, "10003:3: error: a label with more than 10000 spans (the limit)")
        let most = "canvas width=400\nlabel \"a\" lines=0\n" + String(repeating: "  span \"b \" size=9\n", count: 2_000)
        let png = dir.appendingPathComponent("most.png").path
        let r = try CLIRunner.run([try write(most, "most.spec"), png])
        XCTAssertEqual(r.status, 0, r.stderr)
    }
}
