import Foundation
import PNGCodec
import XCTest

/// `layout-render test` and `render --out-dir` as a golden-test workflow: templated specs
/// with sidecars, empty folders, the update policy, tolerances and reports.
final class GoldenWorkflowTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func write(_ text: String, _ path: String) throws {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: dir.appendingPathComponent(path).path) }

    private func files(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent(path).path).sorted()
    }

    static let templated = """
        canvas width=40 height=20 background=#ffffff
        vbox
          if width < 30
            box id=narrow size=4x4 background=#ff0000
          else
            box id=wide size=8x4 background=#0000ff
          label "{title}" id=title
          hbox
            for item in items
              box id=item-{index} size=2x2 background=#000000

        """

    private func templatedFixture() throws {
        try write(Self.templated, "fx/card.spec")
        try write(#"{"items": [1, 2, 3]}"#, "fx/items.json")
        try write(#"{"vars": {"title": "Hi"}, "data": "items.json", "sizes": ["20x10", "40"], "scale": 2}"#, "fx/card.fixture.json")
    }

    func testATemplatedSpecIsTestedAtEachSizeWithItsNames() throws {
        try templatedFixture()
        let record = try CLIRunner.run(["test", "fx", "--update", "missing"], in: dir, withoutCI: true)
        XCTAssertEqual(record.status, 0, record.stdoutText + record.stderr)
        // The render's warnings are listed under their case, not lost.
        let warning = """
                 fx/card.spec:10:7: warning: 'item-2' reaches 12.5 pt past its bottom, and is cut off there
                           box id=item-{index} size=2x2 background=#000000
                           ^
            """
        XCTAssertEqual(record.stdoutText, """
            REC  fx/card.spec at 20x10
                 recorded a new golden image
            \(warning)
            REC  fx/card.spec at 40xauto
                 recorded a new golden image
            recorded 2 golden images
            1 case warned (listed under it; --strict fails on warnings)
            2 passed, 0 failed

            """)
        XCTAssertEqual(try files("fx"), ["card-20x10.frames.json", "card-20x10.png", "card-40xauto.frames.json", "card-40xauto.png",
                                         "card.fixture.json", "card.spec", "items.json"])
        let png = try PNGFile.read(path: dir.appendingPathComponent("fx/card-20x10.png").path)
        XCTAssertEqual([png.width, png.height], [40, 20])  // the sidecar's scale 2
        let frames = try String(contentsOf: dir.appendingPathComponent("fx/card-40xauto.frames.json"), encoding: .utf8)
        XCTAssertTrue(frames.contains(#""id": "wide""#) && frames.contains(#""id": "item-2""#), frames)
        let again = try CLIRunner.run(["test", "fx"], in: dir)
        XCTAssertEqual(again.status, 0, again.stdoutText)
        XCTAssertEqual(again.stdoutText, "ok   fx/card.spec at 20x10\n\(warning)\nok   fx/card.spec at 40xauto\n"
                       + "1 case warned (listed under it; --strict fails on warnings)\n2 passed, 0 failed\n")

        // A different name in the sidecar is a different picture.
        try write(#"{"vars": {"title": "Ho!"}, "data": "items.json", "sizes": ["20x10", "40"], "scale": 2}"#, "fx/card.fixture.json")
        XCTAssertEqual(try CLIRunner.run(["test", "fx"], in: dir).status, 1)
    }

    func testRenderOutDirHonoursTheSidecarAndRendersOnlySpecs() throws {
        try templatedFixture()
        try write("canvas width=4 height=4 background=#ffffff\n", "fx/plain.spec")
        let converted = try CLIRunner.run(["convert", "fx/plain.spec", "--to", "json", "-o", "fx/plain2.json"], in: dir)
        XCTAssertEqual(converted.status, 0, converted.stderr)
        try write(#"{"width": 4, "height": 4, "scale": 1, "nodes": []}"#, "fx/plain.frames.json")
        let r = try CLIRunner.run(["render", "fx", "--out-dir", "out"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        // Not items.json (the sidecar's data), card.fixture.json or plain.frames.json.
        XCTAssertEqual(try files("out"), ["card-20x10.png", "card-40xauto.png", "plain.png", "plain2.png"])
        XCTAssertEqual(r.stdoutText, "rendered 4 of 4 images into out\n")
        let png = try PNGFile.read(path: dir.appendingPathComponent("out/card-20x10.png").path)
        XCTAssertEqual([png.width, png.height], [40, 20])
    }

    func testABadSidecarFailsItsSpecInRenderAndTest() throws {
        try write("canvas width=4 height=4\n", "fx/t.spec")
        try write(#"{"sizes": ["20x0"]}"#, "fx/t.fixture.json")
        let message = "fx/t.fixture.json:$.sizes[0]: error: a size is \"WxH\", \"W\" or \"Wxauto\" (e.g. \"320x200\"), with W and H above 0 and at most 100000"
        let test = try CLIRunner.run(["test", "fx"], in: dir)
        XCTAssertEqual(test.status, 1)
        XCTAssertEqual(test.stdoutText, "FAIL fx/t.spec\n     \(message)\n0 passed, 1 failed\n")
        let render = try CLIRunner.run(["render", "fx", "--out-dir", "out"], in: dir)
        XCTAssertEqual(render.status, 1)
        XCTAssertEqual(render.stderr, message + "\n")
    }

    func testAFolderWithoutSpecsIsAFailure() throws {
        try write("not a spec", "empty/readme.txt")
        let r = try CLIRunner.run(["test", "empty"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "empty: error: no test cases: the folder has no NAME.spec (or NAME.json spec)\n")
        XCTAssertEqual(r.stdoutText, "")
    }

    func testCIRefusesUpdatingOnlyWhenTrueInOneLine() throws {
        try write("canvas width=4 height=4 background=#ffffff\n", "fx/t.spec")
        for value in ["0", "false", ""] {
            let r = try CLIRunner.run(["test", "fx", "--update", "missing"], in: dir, environment: ["CI": value])
            XCTAssertEqual(r.status, 0, "CI=\(value): " + r.stderr)
        }
        for value in ["1", "true", "yes"] {
            let r = try CLIRunner.run(["test", "fx", "--update", "all"], in: dir, environment: ["CI": value])
            XCTAssertEqual(r.status, 64)
            XCTAssertEqual(r.stderr, "--update all: error: recording golden files is refused when CI=\(value): they are recorded on purpose, by a person\n")
            XCTAssertEqual(r.stdoutText, "")
        }
        let fromVariable = try CLIRunner.run(["test", "fx"], in: dir, environment: ["CI": "true", "LAYOUT_RENDER_UPDATE": "all"])
        XCTAssertEqual(fromVariable.status, 64)
        XCTAssertTrue(fromVariable.stderr.hasPrefix("LAYOUT_RENDER_UPDATE=all: error: recording golden files is refused"), fromVariable.stderr)
        let bad = try CLIRunner.run(["test", "fx"], in: dir, environment: ["CI": nil, "LAYOUT_RENDER_UPDATE": "yes"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertEqual(bad.stderr, "LAYOUT_RENDER_UPDATE: error: 'yes' is not an update mode; use none, missing, changed or all (1 means changed, 0 or empty none)\n")
        let recordAll = try CLIRunner.run(["test", "fx"], in: dir, environment: ["CI": nil, "LAYOUT_RENDER_UPDATE": "all"])
        XCTAssertEqual(recordAll.stdoutText, "REC  fx/t.spec\n     re-recorded the golden image\nrecorded 1 golden image\n1 passed, 0 failed\n")
    }

    func testGoldensFolderRatioAndIgnore() throws {
        let spec = "canvas width=10 height=10 background=#ffffff\nvbox\n  box id=dot size=2x2 background=#000000\n"
        try write(spec, "specs/dot.spec")
        let record = try CLIRunner.run(["test", "specs", "--goldens", "goldens", "--update", "missing"], in: dir, withoutCI: true)
        XCTAssertEqual(record.status, 0, record.stdoutText)
        XCTAssertEqual(try files("specs"), ["dot.spec"])
        XCTAssertEqual(try files("goldens"), ["dot.frames.json", "dot.png"])
        XCTAssertEqual(try CLIRunner.run(["test", "specs", "--goldens", "goldens"], in: dir).status, 0)

        try write(spec.replacingOccurrences(of: "#000000", with: "#ff0000"), "specs/dot.spec")
        let failed = try CLIRunner.run(["test", "specs", "--goldens", "goldens"], in: dir)
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stdoutText.contains("     4 px differ in the 2x2 px region at (0, 0)\n"), failed.stdoutText)
        XCTAssertEqual(try CLIRunner.run(["test", "specs", "--goldens", "goldens", "--ignore", "0,0,2,2"], in: dir).status, 0)
        XCTAssertEqual(try CLIRunner.run(["test", "specs", "--goldens", "goldens", "--ignore", "0,0,1,2"], in: dir).status, 1)
        XCTAssertEqual(try CLIRunner.run(["test", "specs", "--goldens", "goldens", "--max-diff-ratio", "0.05"], in: dir).status, 0)
        let strict = try CLIRunner.run(["test", "specs", "--goldens", "goldens", "--max-diff-ratio", "0.03"], in: dir)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stdoutText.contains("     4 px differ (4.0000% of 100 px) in the 2x2 px region at (0, 0)\n"), strict.stdoutText)
        let both = try CLIRunner.run(["test", "specs", "--goldens", "goldens", "--max-diff-ratio", "0.05", "--max-diff-pixels", "3"], in: dir)
        XCTAssertEqual(both.status, 1)  // with both, both must hold
        let badRatio = try CLIRunner.run(["test", "specs", "--max-diff-ratio", "2"], in: dir)
        XCTAssertEqual(badRatio.status, 64)
        XCTAssertTrue(badRatio.stderr.contains("--max-diff-ratio must be between 0 and 1."), badRatio.stderr)
    }

    func testReportsHaveClassNamesTimesArtifactsAndPassedCases() throws {
        try write("canvas width=10 height=10 background=#ffffff\nvbox\n  box id=bar size=4x2 background=#000000\n", "fx/a.spec")
        try write("canvas width=10 height=10 background=#ffffff\n", "fx/b.spec")
        XCTAssertEqual(try CLIRunner.run(["test", "fx", "--update", "missing"], in: dir, withoutCI: true).status, 0)
        try write("canvas width=10 height=10 background=#ffffff\nvbox\n  box id=bar size=4x3 background=#000000\n", "fx/a.spec")
        let r = try CLIRunner.run(["test", "fx", "--artifacts", "art", "--junit", "art/j.xml", "--html", "art/r.html"], in: dir)
        XCTAssertEqual(r.status, 1)
        let xml = try String(contentsOf: dir.appendingPathComponent("art/j.xml"), encoding: .utf8)
        XCTAssertTrue(xml.contains(#"<testcase classname="fx" name="a" file="fx/a.spec" time=""#), xml)
        XCTAssertTrue(xml.contains(#"<testcase classname="fx" name="b" file="fx/b.spec" time=""#), xml)
        XCTAssertTrue(xml.contains("<system-out>[[ATTACHMENT|art/a.expected.png]]\n[[ATTACHMENT|art/a.actual.png]]\n[[ATTACHMENT|art/a.diff.png]]</system-out>"), xml)
        let html = try String(contentsOf: dir.appendingPathComponent("art/r.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<li><code>bar</code> grew 1 pt taller</li>"), html)
        XCTAssertTrue(html.contains(#"<details class="case passed"><summary>1 passed</summary><ul><li>b (fx/b.spec)</li></ul></details>"#), html)
        XCTAssertFalse(html.contains("`"))
    }

    /// The documentation images are goldens kept apart from their specs.
    func testTheDocumentationExamplesPassAgainstDocsImages() throws {
        let r = try CLIRunner.run(["test", "docs/examples", "--goldens", "docs/images"], in: CLIRunner.repositoryRoot)
        XCTAssertEqual(r.status, 0, r.stdoutText)
        let examples = try FileManager.default.contentsOfDirectory(atPath: CLIRunner.repositoryRoot.appendingPathComponent("docs/examples").path)
            .filter { $0.hasSuffix(".spec") }.count
        XCTAssertGreaterThanOrEqual(examples, 24)
        XCTAssertEqual(r.stdoutText.split(separator: "\n").last, "\(examples) passed, 0 failed")
    }
}
