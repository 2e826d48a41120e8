import Foundation
import PNGCodec
import XCTest

final class MoreCommandTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func write(_ text: String, _ name: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url.path
    }

    func testBatchRendersAFolderAndReportsFailuresWithoutStopping() throws {
        _ = try write("canvas width=2 height=2\n", "specs/a.spec")
        _ = try write("canvas width=3 height=3\n", "specs/b.spec")
        _ = try write("canvas width=3\nbx\n", "specs/c.spec")
        let out = dir.appendingPathComponent("out").path
        let r = try CLIRunner.run(["render", dir.appendingPathComponent("specs").path, "--out-dir", out])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdoutText.hasPrefix("rendered 2 of 3 specs into \(out); 1 failed: "), r.stdoutText)
        XCTAssertTrue(r.stderr.contains("c.spec:2:1: error: unknown kind 'bx'; did you mean 'box'?"), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["a.png", "b.png"])
    }

    /// `--jobs` sets how many specs render at once; the images do not depend on it.
    func testBatchJobsGiveTheSameImagesAndAreChecked() throws {
        for index in 0..<5 {
            _ = try write("canvas width=\(20 + index) height=8 background=#336699\nlabel \"\(index)\"\n", "specs/s\(index).spec")
        }
        let specs = dir.appendingPathComponent("specs").path
        var images: [[String: Data]] = []
        for jobs in ["1", "3"] {
            let out = dir.appendingPathComponent("out\(jobs)").path
            let r = try CLIRunner.run(["render", specs, "--out-dir", out, "--jobs", jobs])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stdoutText, "rendered 5 of 5 specs into \(out)\n")
            let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
            images.append(Dictionary(uniqueKeysWithValues: try names.map {
                ($0, try Data(contentsOf: URL(fileURLWithPath: out + "/" + $0)))
            }))
        }
        XCTAssertEqual(images[0].count, 5)
        XCTAssertEqual(images[0], images[1])
        let zero = try CLIRunner.run(["render", specs, "--out-dir", dir.appendingPathComponent("o").path, "--jobs", "0"])
        XCTAssertEqual(zero.status, 64)
        XCTAssertTrue(zero.stderr.contains("--jobs must be at least 1."), zero.stderr)
        let many = try CLIRunner.run(["render", specs, "--out-dir", dir.appendingPathComponent("o").path,
                                      "--jobs", "9223372036854775807"])
        XCTAssertEqual(many.status, 64)
        XCTAssertTrue(many.stderr.contains("--jobs is at most 256."), many.stderr)
        let single = try CLIRunner.run(["render", specs + "/s0.spec", dir.appendingPathComponent("x.png").path, "--jobs", "2"])
        XCTAssertEqual(single.status, 64)
        XCTAssertTrue(single.stderr.contains("--jobs applies to --out-dir batches."), single.stderr)
    }

    /// A label's `size` is its font size: a WxH pair there is refused with the hint, not
    /// taken silently as the label's frame.
    func testASizePairOnALabelIsAnErrorWithTheHint() throws {
        let spec = try write("canvas width=100 height=40\nlabel \"Hello\" size=12x12\n", "l.spec")
        let out = dir.appendingPathComponent("l.png").path
        let r = try CLIRunner.run([spec, out])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("\(spec):2:20: error: a label's size is its font size (size=12); "
                                         + "for its frame give width= and height="), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        let box = try write("canvas width=100 height=40\nbox size=12x12\n", "b.spec")
        XCTAssertEqual(try CLIRunner.run([box, out]).status, 0)
    }

    /// Content cut off by a canvas of set height is a warning naming the node (the render
    /// still succeeds); a canvas of automatic height grows instead, without a warning.
    func testContentPastAFixedCanvasIsAWarning() throws {
        let fixed = try write("canvas width=100 height=40\nvbox\n  box id=tall height=70 width=20\n", "o.spec")
        let out = dir.appendingPathComponent("o.png").path
        let r = try CLIRunner.run([fixed, out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("\(fixed):3:3: warning: 'tall' reaches 30 pt past its bottom, and is cut off there"),
                      r.stderr)
        let wide = try write("canvas width=100\nhbox\n  box width=150 height=10 shrink=0\n", "w.spec")
        XCTAssertTrue(try CLIRunner.run([wide, out]).stderr.contains("50 pt past the canvas's right edge"))
        let auto = try write("canvas width=100\nvbox\n  box height=70 width=20\n", "a.spec")
        XCTAssertEqual(try CLIRunner.run([auto, out]).stderr, "")
    }

    /// Standard input is read as a spec file is: UTF-8 only, for `render` and `convert`
    /// alike, and no more than a spec may be (endless input is refused once past it).
    func testStandardInputIsReadAsAFileIs() throws {
        let out = dir.appendingPathComponent("s.png").path
        for arguments in [["-", out], ["convert", "-"]] {
            let r = try CLIRunner.run(arguments, stdin: Data([0xFF, 0xFE, 0x0A]))
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssertEqual(r.stderr, "<stdin>: error: cannot read the spec: not valid UTF-8 text\n", "\(arguments)")
        }
        let endless = try CLIRunner.run(["-c", "head -c 20000000 /dev/zero | '\(CLIRunner.binary.path)' - '\(out)'"],
                                        executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(endless.status, 2)
        XCTAssertEqual(endless.stderr, "<stdin>: error: cannot read the spec: specs are limited to 16777216 bytes\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testVariablesDataAndSizesDriveTheLayout() throws {
        let spec = try write("""
            canvas width=100
            if width < 500
              label "narrow {title}" id=t
            else
              label "wide {title}" id=t
            for p in posts
              box id=p-{index} height=10
            """, "s.spec")
        let data = try write(#"{"posts": [1, 2, 3]}"#, "d.json")
        let frames = dir.appendingPathComponent("f.json").path
        let r = try CLIRunner.run([spec, "--frames-only", "--frames", frames, "--var", "title=x", "--data", data, "--size", "600"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try String(contentsOfFile: frames, encoding: .utf8)
        XCTAssertTrue(json.contains(#""id": "p-2", "kind": "box", "line": 7"#), json)
        XCTAssertTrue(json.contains(#""width": 600"#), json)
        let missing = try CLIRunner.run([spec, "--frames-only", "--frames", frames, "--data", data])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("\(spec):3:3: error: unknown name 'title' in \"narrow {title}\""), missing.stderr)
    }

    func testConvertRoundTripRendersTheSamePixels() throws {
        let spec = CLIRunner.repositoryRoot.appendingPathComponent("examples/card.spec").path
        let json = try CLIRunner.run(["convert", spec])
        XCTAssertEqual(json.status, 0, json.stderr)
        let jsonPath = try write(json.stdoutText, "card.json")
        let back = try CLIRunner.run(["convert", jsonPath])
        XCTAssertTrue(back.stdoutText.hasPrefix("canvas background=#f4f5f7 scale=2 width=480\n"), back.stdoutText)
        let a = try CLIRunner.run([spec, "-"]), b = try CLIRunner.run([jsonPath, "-"])
        XCTAssertEqual(a.status, 0)
        XCTAssertEqual(a.stdout, b.stdout)
    }

    func testJSONErrorsNameThePath() throws {
        let path = try write(#"{"canvas": {"width": 10}, "root": {"kind": "vbox", "gap": -2}}"#, "bad.json")
        let r = try CLIRunner.run([path, dir.appendingPathComponent("o.png").path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, """
            \(path):1:59: error: bad value for 'gap': -2 is below the minimum 0 (at $.root.gap)
                {"canvas": {"width": 10}, "root": {"kind": "vbox", "gap": -2}}
                                                                          ^

            """)
    }
}

final class FontOptionTests: XCTestCase {
    func testFontByPathFromAFontFolder() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fonts = dir.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                         toPath: fonts.appendingPathComponent("DejaVuSans.ttf").path)
        let spec = dir.appendingPathComponent("s.spec")
        try "canvas width=200\nhbox align=start\n  label \"iiii\" id=mono\n  label \"iiii\" id=sans font=\"DejaVuSans.ttf\"\n"
            .write(to: spec, atomically: false, encoding: .utf8)
        let frames = dir.appendingPathComponent("f.json").path
        let missing = try CLIRunner.run([spec.path, "--frames-only", "--frames", frames])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("s.spec:4:29: error: font file 'DejaVuSans.ttf' not found in "), missing.stderr)
        let r = try CLIRunner.run([spec.path, "--frames-only", "--frames", frames, "--font-dir", fonts.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try String(contentsOfFile: frames, encoding: .utf8)
        // Monospace: 4 × 1233/2048 em at 14 pt = 33.7 → 34 pt. DejaVu Sans's 'i' is narrower.
        XCTAssertTrue(json.contains(#""id": "mono", "kind": "label", "line": 3, "x": 0, "y": 0, "width": 34"#), json)
        XCTAssertFalse(json.contains(#""id": "sans", "kind": "label", "line": 4, "x": 34, "y": 0, "width": 34"#), json)
    }
}
