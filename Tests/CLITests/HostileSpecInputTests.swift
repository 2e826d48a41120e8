import Foundation
import XCTest

/// Specs written to crash or stall parsing and layout (security issue 13), through the real
/// binary and every command that reads a spec: each is a clear error with its place, exit
/// status 1 and no output file.
final class HostileSpecInputTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func write(_ text: String, _ name: String = "in.spec") throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Runs `text` through rendering, `--frames-only`, `convert` (unless the error is one of
    /// layout, which `convert` does not do) and a batch `render`, and checks each fails with
    /// `message` (a suffix of the headline: `in.spec:LINE:COL: error: …`).
    private func assertEveryCommandFails(_ text: String, _ message: String, inLayout: Bool = false,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        let spec = try write(text)
        let png = dir.appendingPathComponent("out.png").path
        let frames = dir.appendingPathComponent("frames.json").path
        let batch = dir.appendingPathComponent("batch")
        try FileManager.default.createDirectory(at: batch, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: batch.appendingPathComponent("in.spec"))
        let outDir = dir.appendingPathComponent("out").path
        let runs: [(String, [String])] = [
            ("render", [spec, png]),
            ("frames-only", [spec, "--frames-only", "--frames", frames]),
            ("convert", ["convert", spec]),
            ("batch render", ["render", batch.path, "--out-dir", outDir]),
        ]
        for (name, arguments) in runs where !(inLayout && name == "convert") {
            let r = try CLIRunner.run(arguments)
            XCTAssertEqual(r.status, 1, "\(name): \(r.stderr)", file: file, line: line)
            XCTAssertTrue(r.stderr.contains("in.spec:" + message + "\n"), "\(name): \(r.stderr.prefix(500))", file: file, line: line)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: png), file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: frames), file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: outDir + "/in.png"), file: file, line: line)
    }

    // MARK: - Paths

    /// A million commands in one path: refused at the first past the limit (the
    /// 100,001st: after `M0 0`, the 100,000th ` l1 0`, whose letter is its second
    /// character; the data starts at column 7).
    func testAPathOfAMillionCommands() throws {
        let data = "M0 0" + String(repeating: " l1 0", count: 1_000_000)
        try assertEveryCommandFails("canvas width=10 height=10\npath \"\(data)\"\n",
                                    "2:\(7 + 4 + (100_000 - 1) * 5 + 1): error: path data: more than 100000 path commands (the limit a path); "
                                    + "draw fewer, or split the path")
    }

    /// Radii of NaN or near 10^308 are no numbers a path takes.
    func testAnArcWithNaNOrHugeRadii() throws {
        try assertEveryCommandFails("canvas width=10 height=10\npath \"M0 0 A nan 5 0 0 1 5 5\"\n",
                                    "2:14: error: path data: expected a number, not 'n'")
        try assertEveryCommandFails("canvas width=10 height=10\npath \"M0 0 A 5 1.7e308 0 0 1 5 5\"\n",
                                    "2:16: error: path data: the number 1.7e308 is outside the range of path coordinates, ±1000000")
        try assertEveryCommandFails("canvas width=10 height=10\npath \"M0 0 L5 5\" dash=\"1e-9 1e308\"\n",
                                    "2:23: error: bad value for 'dash': 1e+308 is outside the range -1000000...1000000 (points)")
    }

    // MARK: - Nesting that used to overflow the stack (SIGSEGV)

    func testThirtyThousandParentheses() throws {
        let condition = String(repeating: "(", count: 30_000) + "x" + String(repeating: ")", count: 30_000)
        try assertEveryCommandFails("canvas width=10\nif \(condition)\n  box\n",
                                    "2:68: error: bad condition: conditions nest at most 64 deep (parentheses, not, and, or)")
    }

    func testThirtyThousandNots() throws {
        try assertEveryCommandFails("canvas width=10\nif " + String(repeating: "not ", count: 30_000) + "x\n  box\n",
                                    "2:260: error: bad condition: conditions nest at most 64 deep (parentheses, not, and, or)")
    }

    func testThirtyThousandAnds() throws {
        try assertEveryCommandFails("canvas width=10\nif x" + String(repeating: " and x", count: 30_000) + "\n  box\n",
                                    "2:390: error: bad condition: conditions nest at most 64 deep (parentheses, not, and, or)")
    }

    func testThirtyThousandNestedMax() throws {
        let expression = String(repeating: "max(", count: 30_000) + "1" + String(repeating: ")", count: 30_000)
        try assertEveryCommandFails("canvas width=10\nbox\n  box left=0 top=\(expression)\n",
                                    "3:274: error: bad value for 'top': anchor expressions nest min(…) and max(…) at most 64 deep")
    }

    func testDeeplyNestedJSON() throws {
        let json = "{\"canvas\": {\"width\": 10}, \"root\": " + String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000) + "}"
        let spec = try write(json, "in.json")
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("out.png").path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("in.json:1:1058: error: JSON lists and objects nest at most 1024 deep (at $.root[0][0][0]…"), r.stderr)
    }

    // MARK: - Extreme finite numbers that used to hang layout

    func testExtremeNumbersAreRefusedWhereTheyAreRead() throws {
        let cases: [(String, String)] = [
            ("label \"x\" line-height=1e308", "2:23: error: bad value for 'line-height': a line height is at most 100 times the font's, not 1e+308"),
            ("box aspect-ratio=1e-308 width=100", "2:18: error: bad value for 'aspect-ratio': 1e-308 is below the minimum 0.000001"),
            ("box grow=1e308", "2:10: error: bad value for 'grow': 1e+308 is above the maximum 1000000"),
            ("box margin=1e308", "2:12: error: bad value for 'margin': 1e+308 is outside the range -1000000...1000000 (points)"),
            ("vbox padding=1e308%", "2:14: error: bad value for 'padding': 1e+308% is above the maximum 10000%"),
            ("vbox padding-top=-1e308", "2:18: error: bad value for 'padding-top': -1e+308 is below the minimum 0"),
            ("box margin-left=1e308", "2:17: error: bad value for 'margin-left': 1e+308 is outside the range -1000000...1000000 (points)"),
            ("hbox gap=1e308%", "2:10: error: bad value for 'gap': 1e+308% is above the maximum 10000%"),
            ("box order=1e308", "2:11: error: bad value for 'order': '1e308' is not a whole number"),
            ("box order=-9223372036854775808", "2:11: error: bad value for 'order': -9223372036854775808 is below the minimum -1000000"),
            ("vbox\n  box top=-1e308", "3:11: error: bad value for 'top': -1e+308 is outside the range -1000000...1000000 (points)"),
            ("box border-top=1e308,#000", "2:16: error: bad value for 'border-top': 1e+308 is outside the range -1000000...1000000 (points)"),
            ("box width=1e308%", "2:11: error: bad value for 'width': 1e+308% is outside the range -10000%...10000%"),
            ("label \"x\" size=1e308", "2:16: error: bad value for 'size': a font size is at most 4096 pt, not 1e+308"),
        ]
        for (line, message) in cases {
            try assertEveryCommandFails("canvas width=100\n\(line)\n", message)
        }
    }

    /// `--size` sets the canvas past the spec's ranges; it is held to them too.
    func testAnEnormousSizeOption() throws {
        let spec = try write("canvas width=100\nlabel \"x\"\n")
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("out.png").path, "--size", "1e308x1e308"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("\(spec):1:1: error: the canvas size must be positive and at most 1000000 points\n"), r.stderr)
    }

    // MARK: - Grid placement

    /// Six thousand items that each span a thousand columns: the placement's work budget
    /// stops it at the grid's line, before any track is sized.
    func testGridItemsWithHugeSpansAreStoppedByTheWorkBudget() throws {
        let items = String(repeating: "  box column=\"span 1000\"\n", count: 6_000)
        try assertEveryCommandFails("canvas width=100 height=100\ngrid columns=\"1\" auto-columns=\"1\" auto-rows=\"1\"\n" + items,
                                    "2:1: error: placing the items of grid 'grid on line 2' takes more than 5000000 steps "
                                    + "(the layout's limit): give items lines of their own, smaller spans, or no dense packing",
                                    inLayout: true)
    }

    /// Forty rows aligned by their baselines, one in another: the work doubles a level, and
    /// the budget of content layouts stops it with an error at a node of the chain.
    func testNestedBaselineAlignmentIsStoppedByTheWorkBudget() throws {
        var text = "canvas width=100 height=100\n"
        for depth in 0..<40 { text += String(repeating: "  ", count: depth) + "hbox align=baseline\n" }
        text += String(repeating: "  ", count: 40) + "label \"deep\"\n"
        let spec = try write(text)
        let png = dir.appendingPathComponent("out.png").path
        let r = try CLIRunner.run([spec, png])
        XCTAssertEqual(r.status, 1, r.stderr)
        // (200,000 plus 100 for each of 42 nodes: the canvas, 40 rows and the label.)
        XCTAssertTrue(r.stderr.contains(": error: the layout takes more than \(200_000 + 100 * 42) layouts of content (the layout's limit; it stopped at '"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: png))
    }

    // MARK: - Memory

    /// 16 MiB of newlines took the CLI to 1.1 GB (an array of `Substring`s, 32 bytes a
    /// line, built twice over); it now takes about 110 MB. Run in 500 MB of address space,
    /// the old code could not finish.
    func testSixteenMebibytesOfNewlinesFitInSmallMemory() throws {
        let spec = try write(String(repeating: "\n", count: (16 << 20) - 64))
        let png = dir.appendingPathComponent("out.png").path
        let r = try CLIRunner.run(["-c", "ulimit -v 500000 && exec \"$0\" \"$1\" \"$2\"", CLIRunner.binary.path, spec, png],
                                  executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix(spec + ":1:1: error: no canvas line; a spec starts with e.g. 'canvas width=600'\n"), r.stderr)
    }

    // MARK: - JSON files

    func testJSONSyntaxErrorsGiveLineColumnAndPath() throws {
        let spec = try write("{\"canvas\": {\"width\": 100},\n \"root\": {\"kind\": \"vbox\" \"gap\": 2}}", "in.json")
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("out.png").path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, """
            \(spec):2:26: error: expected ',' or '}' in the object (at $.root)
                 "root": {"kind": "vbox" "gap": 2}}
                                         ^

            """)
        // Errors about values quote the JSON line too.
        let bad = try write("{\"canvas\": {\"width\": 100},\n \"root\": {\"kind\": \"vbox\", \"gap\": -2}}", "in.json")
        let v = try CLIRunner.run([bad, dir.appendingPathComponent("out.png").path])
        XCTAssertEqual(v.status, 1)
        XCTAssertEqual(v.stderr, """
            \(bad):2:34: error: bad value for 'gap': -2 is below the minimum 0 (at $.root.gap)
                 "root": {"kind": "vbox", "gap": -2}}
                                                 ^

            """)
    }

    func testDuplicateKeysInADataFile() throws {
        let spec = try write("canvas width=100\nlabel \"{a}\"\n")
        let data = try write("{\"a\": 1,\n \"a\": 2}", "d.json")
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("out.png").path, "--data", data])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, """
            \(data):2:2: error: duplicate key 'a': it is first at 1:2 (at $.a)
                 "a": 2}
                 ^

            """)
    }

    func testDeeplyNestedDataFile() throws {
        let spec = try write("canvas width=100\nlabel \"x\"\n")
        let data = try write("{\"a\": " + String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000) + "}", "d.json")
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("out.png").path, "--data", data])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("\(data):1:1030: error: JSON lists and objects nest at most 1024 deep (at $.a[0][0][0]…"), r.stderr)
    }
}
