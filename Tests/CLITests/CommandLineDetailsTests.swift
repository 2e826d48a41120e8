import Foundation
import PNGCodec
import XCTest

/// The smaller command-line promises: `--size Wxauto`, a folder without specs, the usage
/// and help texts, and a style's bad value named at the node that used it.
final class CommandLineDetailsTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testSizeWxautoIsAnAutomaticHeightAsInASidecar() throws {
        let spec = try CLIRunner.write("canvas width=100 height=100 background=#ffffff\nvbox\n  box size=10x30 background=#000000\n", in: dir)
        let out = dir.appendingPathComponent("o.png").path
        let r = try CLIRunner.run([spec, out, "--size", "40xauto"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let png = try PNGFile.read(path: out)
        XCTAssertEqual([png.width, png.height], [40, 30])
        let two = try CLIRunner.run([spec, out, "--size", "40xauto", "--size", "50xAUTO"])
        XCTAssertEqual(two.status, 0, two.stderr)
        XCTAssertEqual(try PNGFile.read(path: dir.appendingPathComponent("o-40xauto.png").path).height, 30)
        XCTAssertEqual(try PNGFile.read(path: dir.appendingPathComponent("o-50xAUTO.png").path).width, 50)
        let bad = try CLIRunner.run([spec, out, "--size", "40xautox"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("--size '40xautox' is not WxH (e.g. 320x568), W or Wxauto (automatic height)."), bad.stderr)
    }

    func testRenderingAFolderWithoutSpecsIsAnErrorAsInTest() throws {
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try "not a spec".write(to: empty.appendingPathComponent("readme.txt"), atomically: false, encoding: .utf8)
        let r = try CLIRunner.run(["render", "empty", "--out-dir", "out"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "empty: error: no specs: the folder has no NAME.spec (or NAME.json spec)\n")
        XCTAssertEqual(r.stdoutText, "rendered 0 of 1 specs into out; 1 failed: empty\n")
        // With a spec beside it, the spec is still rendered and the run still fails.
        _ = try CLIRunner.write("canvas width=4 height=4\n", "a.spec", in: dir)
        let mixed = try CLIRunner.run(["render", "empty", "a.spec", "--out-dir", "out"], in: dir)
        XCTAssertEqual(mixed.status, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/a.png").path))
    }

    func testUsageShowsTheOutputAsRequiredAndHelpListsExitCode2() throws {
        let missing = try CLIRunner.run(["render", "in.spec"], in: dir)
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.contains("Usage: layout-render [render] <input> <output> [options]\n"), missing.stderr)
        XCTAssertFalse(missing.stderr.contains("[<output>]"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("layout-render render <input> --frames <file> --frames-only [options]"), missing.stderr)
        let help = try CLIRunner.run(["--help"])
        XCTAssertEqual(help.status, 0)
        let text = help.stdoutText.replacingOccurrences(of: "\n", with: " ")
        XCTAssertTrue(text.contains("2 a file could not be read or written;"), help.stdoutText)
        XCTAssertTrue(text.contains("64 bad usage"), help.stdoutText)
        XCTAssertTrue(help.stdoutText.contains("merge-reports"), help.stdoutText)
    }

    /// Every command's help is prose: no line continuation of the source shows in it.
    func testEveryHelpReadsWithoutStrayBackslashes() throws {
        for command in ["render", "diff", "test", "merge-reports", "convert", "serve"] {
            let help = try CLIRunner.run([command, "--help"])
            XCTAssertEqual(help.status, 0, "\(command): \(help.stderr)")
            XCTAssertTrue(help.stdoutText.contains("USAGE:"), "\(command): \(help.stdoutText)")
            XCTAssertFalse(help.stdoutText.contains("\\"), "\(command): \(help.stdoutText)")
        }
    }

    func testAStyleWhoseValueDoesNotSuitTheNodeNamesTheUse() throws {
        let text = "canvas width=100\nstyle s align=right\nvbox\n  label \"ok\" style=s\n  hbox style=s\n    box size=4x4\n"
        try CLIRunner.assertRenderFails(text, "2:15: error: bad value for 'align': 'right' is not one of start, center, end, stretch, baseline, safe-center, safe-end; in style 's', used by the hbox on line 5",
                                        in: dir)
        // The same style on a label alone is fine: there align is the text's.
        let spec = try CLIRunner.write("canvas width=100\nstyle s align=right\nvbox\n  label \"ok\" style=s\n", in: dir)
        XCTAssertEqual(try CLIRunner.run([spec, dir.appendingPathComponent("o.png").path]).status, 0)
    }
}
