import Foundation
import Glibc
import XCTest

/// Security issue 13 through the real binary: files that are not regular files, a font size
/// FreeType refuses, shapes too far for Cairo, and a render over its work budget.
final class RenderHardeningCLITests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private var out: String { dir.appendingPathComponent("out.png").path }

    private func write(_ text: String, _ name: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url.path
    }

    private func fifo(_ name: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        XCTAssertEqual(mkfifo(path, 0o600), 0, "mkfifo \(path)")
        return path
    }

    /// Runs the CLI on a spec; a FIFO used to block `open` forever, hence the watchdog.
    private func run(_ arguments: [String]) throws -> CLIRunner.Result {
        let r = try CLIRunner.run(arguments, killAfter: 60)
        return r
    }

    // MARK: - Files that are not regular files

    func testAnImageThatIsAFIFO() throws {
        _ = try fifo("pipe.png")
        let spec = try write("canvas width=100 height=50\nimage \"pipe.png\"\n", "in.spec")
        let r = try run([spec, out])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("\(spec):2:1: error: image 'pipe.png' cannot be read: it is not a regular file (it is a FIFO)\n"),
                      r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testAFontThatIsAFIFO() throws {
        let pipe = try fifo("pipe.ttf")
        let spec = try write("canvas width=100 height=50\nlabel \"x\" font=\"pipe.ttf\"\n", "in.spec")
        let r = try run([spec, out])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("\(spec):2:16: error: font file \(pipe) cannot be read: it is not a regular file (it is a FIFO)\n"),
                      r.stderr)
    }

    func testASpecThatIsAFIFO() throws {
        let pipe = try fifo("pipe.spec")
        let r = try run([pipe, out])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertEqual(r.stderr, "\(pipe): error: cannot read the spec: it is not a regular file (it is a FIFO)\n")
    }

    func testADataFileThatIsAFIFO() throws {
        let pipe = try fifo("pipe.json")
        let spec = try write("canvas width=100 height=50\n", "in.spec")
        let r = try run([spec, out, "--data", pipe])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "\(pipe): error: cannot read the data file: it is not a regular file (it is a FIFO)\n")
    }

    func testADeviceAsTheSpec() throws {
        let r = try run(["/dev/zero", out])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertEqual(r.stderr, "/dev/zero: error: cannot read the spec: it is not a regular file (it is a character device)\n")
    }

    // MARK: - Drawing

    /// `label "x" size=1000000` used to leave the shared font face broken for every later
    /// render. The size here is one the language allows; at scale 8 it is 32,768 pixels per em.
    func testAFontTooLargeInDevicePixels() throws {
        let spec = try write("canvas width=10 height=10 scale=8\nlabel \"x\" size=4096\n", "in.spec")
        let r = try run([spec, out])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("\(spec):2:16: error: text would be drawn at 32768 device pixels per em "
                                         + "(size × scale); the limit is 16384\n"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// Used to spin inside `cairo_arc` without end.
    /// 1e20 is refused where it is read; the largest radius and border the language takes,
    /// at scale 8, are drawn (they once spun inside cairo_arc).
    func testARadiusAndBorderOf1e20() throws {
        let spec = try write("canvas width=200 height=200 background=#ffffff\nbox width=100 height=100 radius=1e20 border=1e20\n",
                             "in.spec")
        let r = try run([spec, out])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("bad value for 'radius': 1e+20 is above the maximum 1000000"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        let largest = try write("canvas width=200 height=200 scale=8 background=#ffffff\n"
                                + "box width=100 height=100 radius=1000000 border=1000000\n", "largest.spec")
        let drawn = try run([largest, out])
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
    }

    /// 70 full-canvas boxes on a 4096² canvas paint 1.2 G pixels: past the default budget.
    func testPaintingPastTheBudget() throws {
        var text = "canvas width=4096 height=4096\nzbox\n"
        for _ in 0..<70 { text += "  box size=4096x4096 background=#ff000080\n" }
        let spec = try write(text, "in.spec")
        let r = try run([spec, out])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "\(spec): error: the render needs more than 1073741824 painted pixels, its work budget; "
                       + "make the spec smaller (fewer or smaller opacity groups, images or labels)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// 9000×9000 passes PNGCodec's own 100 M-pixel limit, so six references to a 10 KB file
    /// took 2.26 GB; a spec's images are held to the canvas limits, from the header.
    func testAnImageOverTheCanvasPixelLimit() throws {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let ihdr: [UInt8] = [0x49, 0x48, 0x44, 0x52, 0, 0, 0x23, 0x28, 0, 0, 0x23, 0x28, 8, 6, 0, 0, 0]
        png += [0, 0, 0, 13] + ihdr + crc32(ihdr)
        try Data(png).write(to: dir.appendingPathComponent("big.png"))
        let spec = try write("canvas width=100 height=100\nzbox\n" + String(repeating: "  image \"big.png\"\n", count: 6), "in.spec")
        let r = try run([spec, out])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("\(spec):3:3: error: image 'big.png': PNG is too large: 9000×9000 "
                                         + "(limits: 16384 per side, 67108864 pixels)\n"), r.stderr)
    }

    private func crc32(_ bytes: [UInt8]) -> [UInt8] {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        return [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    // MARK: - The parse limits from the command line

    /// `--max-nodes` raises or lowers the node limit for one run; `--max-spec-mb` the size of
    /// spec read (a file or standard input). Out of range is a usage error (64).
    func testParseLimitsFromTheCommandLine() throws {
        let spec = try write("canvas width=100\nvbox\n" + String(repeating: "  box height=1\n", count: 150), "in.spec")
        let frames = dir.appendingPathComponent("f.json").path
        XCTAssertEqual(try run([spec, "--frames-only", "--frames", frames]).status, 0)
        let lowered = try run([spec, "--frames-only", "--frames", frames, "--max-nodes", "100"])
        XCTAssertEqual(lowered.status, 1, lowered.stderr)
        XCTAssertTrue(lowered.stderr.contains("error: more than 100 nodes (the limit)"), lowered.stderr)

        // 1.5 MiB of spec: over a 1 MiB limit as a file and on standard input, and read with 2.
        let big = try write("canvas width=100\n" + String(repeating: "# padding padding padding padding\n", count: 45_000), "big.spec")
        let overFile = try run([big, "--frames-only", "--frames", frames, "--max-spec-mb", "1"])
        XCTAssertEqual(overFile.status, 2, overFile.stderr)
        XCTAssertTrue(overFile.stderr.contains("specs are limited to 1048576"), overFile.stderr)
        let overStdin = try CLIRunner.run(["-", "--frames-only", "--frames", frames, "--max-spec-mb", "1"],
                                          stdin: try Data(contentsOf: URL(fileURLWithPath: big)), killAfter: 60)
        XCTAssertEqual(overStdin.status, 2, overStdin.stderr)
        XCTAssertTrue(overStdin.stderr.contains("specs are limited to 1048576 bytes"), overStdin.stderr)
        XCTAssertEqual(try run([big, "--frames-only", "--frames", frames, "--max-spec-mb", "2"]).status, 0)

        for (flag, value, message) in [("--max-nodes", "0", "--max-nodes 0 is outside 1...10000000"),
                                       ("--max-spec-mb", "4096", "--max-spec-mb 4096 is outside 1...2048")] {
            let r = try run([spec, out, flag, value])
            XCTAssertEqual(r.status, 64, r.stderr)
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
    }

    /// Three nested loops over 1,000 items around a false `if`: 10⁹ iterations that make no
    /// node ran for minutes; now the expansion's step limit stops them.
    func testNestedLoopsThatMakeNothingStop() throws {
        let spec = try write("canvas width=100\nvbox\n  for a in xs\n    for b in xs\n      for c in xs\n        if flag > 0\n          box\n",
                             "loops.spec")
        let data = try write("{\"xs\": [" + Array(repeating: "0", count: 1000).joined(separator: ",") + "], \"flag\": 0}", "data.json")
        let r = try run([spec, out, "--data", data])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("\(spec):5:7: error: the spec's if/for blocks take more than 1000000 steps to expand"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// Anchors multiplied by 1,000 at each step make finite frames near 1e40: the overflow
    /// warning turned them into `Int` and the CLI died with SIGILL (found by the pipeline
    /// fuzzer). Now a warning, a picture, and `diff-ignore` on such a node in `test`.
    func testFramesFarBeyondTheCanvas() throws {
        var spec = "canvas width=240 height=200\nbox size=100%x100%\n  box id=a left=0 top=0 width=1000000 height=1000000\n"
        var previous = "a"
        for i in 0..<11 {
            spec += "  box id=b\(i) left=\(previous).right*1000 top=0 width=\(previous).width*1000 height=10"
            spec += i == 10 ? " diff-ignore\n" : "\n"
            previous = "b\(i)"
        }
        let path = try write(spec, "chain.spec")
        let r = try run([path, out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("warning: 'b10' reaches 1.2e+40 pt past the canvas's right edge"), r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
        let fixtures = dir.appendingPathComponent("fx")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        try spec.write(to: fixtures.appendingPathComponent("chain.spec"), atomically: false, encoding: .utf8)
        XCTAssertEqual(try CLIRunner.run(["test", fixtures.path, "--update", "missing"], withoutCI: true, killAfter: 60).status, 0)
        let again = try CLIRunner.run(["test", fixtures.path], killAfter: 60)
        XCTAssertEqual(again.status, 0, again.stdoutText + again.stderr)
    }
}
