import Foundation
import PNGCodec
import XCTest

/// Security issue 13 (and the small things of 14): where outputs go, what is written when a
/// render fails, what asset errors reveal, and what messages put on a terminal.
final class OutputAndMessageSafetyTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private func write(_ text: String, _ name: String = "in.spec") throws -> String {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    private func fileType(_ path: String, followingLinks: Bool = true) -> mode_t? {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    // MARK: - Devices, FIFOs and standard output are written, never replaced

    // These tests must not break the machine when the bug comes back: as root, a renderer
    // that renames over its output replaces /dev/full or /dev/stdout itself. So as root they
    // use a device node of their own, and /dev/fd/1 (in /proc, where no file can be created).

    /// A device that fails every write with ENOSPC: /dev/full, or as root an equal node in the test's folder.
    private func fullDevice() throws -> String {
        if geteuid() != 0 { return "/dev/full" }
        let node = path("full")
        guard mknod(node, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0 else { throw XCTSkip("cannot make a device node") }
        return node
    }

    /// `/dev/stdout`, or as root `/dev/fd/1`, the same stream under a name no rename can reach.
    private var standardOutputAlias: String { geteuid() == 0 ? "/dev/fd/1" : "/dev/stdout" }

    func testDevFullIsWrittenAndItsErrorReported() throws {
        let full = try fullDevice()
        let error = "\(full): error: cannot write the output: No space left on device\n"
        let spec = try write("canvas width=4 height=4\n")
        let r = try CLIRunner.run([spec, full])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, error)
        let frames = try CLIRunner.run(["render", spec, "--frames-only", "--frames", full])
        XCTAssertEqual(frames.status, 2)
        XCTAssertEqual(frames.stderr, error)
        let diffInput = dir.appendingPathComponent("a.png").path
        XCTAssertEqual(try CLIRunner.run([spec, diffInput]).status, 0)
        let diff = try CLIRunner.run(["diff", diffInput, diffInput, "--out", full])
        XCTAssertEqual(diff.status, 2)
        XCTAssertEqual(diff.stderr, error)
        let convert = try CLIRunner.run(["convert", spec, "-o", full])
        XCTAssertEqual(convert.status, 2)
        XCTAssertEqual(convert.stderr, error)
        let report = try CLIRunner.run(["test", dir.path, "--junit", full])
        XCTAssertEqual(report.status, 2)
        XCTAssertTrue(report.stderr.hasSuffix(error), report.stderr)
        XCTAssertEqual(fileType(full), S_IFCHR, "still a device")
    }

    func testAFIFOIsWrittenThroughAndStaysAFIFO() throws {
        let spec = try write("canvas width=4 height=4\n")
        let fifo = path("out.png")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Opened without blocking and held: the renderer's open then succeeds at once, and a
        // renderer that replaced the FIFO leaves this end empty instead of hanging the test.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        let r = try CLIRunner.run([spec, fifo])
        XCTAssertEqual(r.status, 0, r.stderr)
        var received = [UInt8](repeating: 0, count: 1 << 16)  // the pipe's buffer holds the small PNG
        let count = read(reader, &received, received.count)
        XCTAssertGreaterThan(count, 8)
        XCTAssertEqual(Array(received.prefix(8)), Self.pngSignature)
        XCTAssertEqual(fileType(fifo), S_IFIFO, "still a FIFO")
    }

    func testDevStdoutAndDashWriteStandardOutput() throws {
        let spec = try write("canvas width=4 height=4\n")
        // A link of one's own to the descriptor: followed to the pipe, written there, kept.
        let link = path("stdout")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/fd/1")
        for output in ["-", standardOutputAlias, link] {
            let r = try CLIRunner.run([spec, output], in: dir)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(Array(r.stdout.prefix(8)), Self.pngSignature, output)
        }
        XCTAssertEqual(fileType(link, followingLinks: false), S_IFLNK, "still the link to the descriptor")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["in.spec", "stdout"])
    }

    func testFramesDashGoesToStandardOutputNotToAFileNamedDash() throws {
        let spec = try write("canvas width=10 height=6\nbox id=b height=4\n")
        let only = try CLIRunner.run(["render", spec, "--frames-only", "--frames", "-"], in: dir)
        XCTAssertEqual(only.status, 0, only.stderr)
        XCTAssertTrue(only.stdoutText.contains(#"{"id": "b", "kind": "box", "line": 2, "x": 0, "y": 0, "width": 10, "height": 4}"#),
                      only.stdoutText)
        let both = try CLIRunner.run(["render", spec, "out.png", "--frames", "-"], in: dir)
        XCTAssertEqual(both.status, 0, both.stderr)
        XCTAssertTrue(both.stdoutText.hasPrefix("{\n  \"width\": 10, \"height\": 6, \"scale\": 1,"), both.stdoutText)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["in.spec", "out.png"])
    }

    func testPNGAndFramesBothOnStandardOutputIsAUsageError() throws {
        let spec = try write("canvas width=4 height=4\n")
        for frames in ["-", standardOutputAlias] {
            let r = try CLIRunner.run(["render", spec, "-", "--frames", frames], in: dir)
            XCTAssertEqual(r.status, 64)
            XCTAssertTrue(r.stderr.hasPrefix(
                "Error: the PNG and --frames cannot both go to standard output; give one of them a file name.\n"), r.stderr)
            XCTAssertTrue(r.stdout.isEmpty)
        }
    }

    func testARegularFileBehindALinkIsReplacedAndTheLinkKept() throws {
        let spec = try write("canvas width=4 height=4\n")
        let real = path("real.png"), link = path("link.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        let r = try CLIRunner.run([spec, link])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(fileType(link, followingLinks: false), S_IFLNK)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: real)).prefix(8)), Self.pngSignature)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["in.spec", "link.png", "real.png"],
                       "no temporary file left")
    }

    // MARK: - Nothing is written unless the whole render succeeded

    func testFramesAreNotWrittenWhenDrawingFails() throws {
        // Lays out; drawing refuses the canvas.
        let spec = try write("canvas width=40000 height=25000\n")
        let frames = path("f.json"), out = path("out.png")
        let r = try CLIRunner.run(["render", spec, out, "--frames", frames])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("the canvas is 40000x25000 pixels; the limit is 16384 pixels a side"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: frames))
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testNoSizeIsWrittenWhenALaterSizeFails() throws {
        let spec = try write("canvas width=10 height=10\n")
        let out = path("out.png")
        let r = try CLIRunner.run(["render", spec, out, "--size", "10x10", "--size", "40000x25000"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["in.spec"])
    }

    // MARK: - An asset link leading outside says "outside" whether or not the file exists

    func testALinkOutOfTheAssetsGivesTheSameAnswerForFilesThatExistAndDoNot() throws {
        let assets = path("assets")
        try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: assets + "/link", withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: assets + "/gone", withDestinationPath: "/nonexistent-lr-dir/x")
        try FileManager.default.createSymbolicLink(atPath: assets + "/up", withDestinationPath: "../../../../../../etc")
        var messages: [String] = []
        for name in ["link/passwd", "link/nonexistent", "gone", "gone/x.png", "up/passwd", "up/nonexistent"] {
            let spec = try write("canvas width=10\nimage \"\(name)\"\n")
            let r = try CLIRunner.run(["render", spec, path("out.png"), "--assets", assets])
            XCTAssertEqual(r.status, 1, name)
            messages.append(r.stderr.replacingOccurrences(of: name, with: "NAME"))
        }
        let real = AssetFolder.real(assets)
        XCTAssertEqual(messages[0], "\(path("in.spec")):2:1: error: image 'NAME' is outside the asset folder \(real); "
                       + "images must lie inside it\n    image \"NAME\"\n    ^\n")
        XCTAssertEqual(Set(messages).count, 1, messages.joined(separator: "\n"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.png")))
    }

    func testLinksInsideTheAssetsStillWork() throws {
        let assets = path("assets")
        try FileManager.default.createDirectory(atPath: assets + "/sub", withIntermediateDirectories: true)
        try PNGFile.write(RGBAImage(width: 2, height: 3, pixels: [UInt8](repeating: 255, count: 24)), to: assets + "/sub/a.png")
        try FileManager.default.createSymbolicLink(atPath: assets + "/inner", withDestinationPath: "sub")
        try FileManager.default.createSymbolicLink(atPath: assets + "/sub/back", withDestinationPath: "../sub/a.png")
        try FileManager.default.createSymbolicLink(atPath: assets + "/absolute", withDestinationPath: AssetFolder.real(assets) + "/sub")
        for name in ["inner/a.png", "sub/back", "absolute/a.png"] {
            let spec = try write("canvas width=10\nimage \"\(name)\" id=i mode=top-left\n")
            let r = try CLIRunner.run(["render", spec, "--frames-only", "--frames", "-", "--assets", assets], in: dir)
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            XCTAssertTrue(r.stdoutText.contains(#"{"id": "i", "kind": "image", "line": 2, "x": 0, "y": 0, "width": 10, "height": 15}"#),
                          r.stdoutText)
        }
        let missing = try write("canvas width=10\nimage \"inner/none.png\"\n")
        let r = try CLIRunner.run(["render", missing, path("out.png"), "--assets", assets])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("error: image 'inner/none.png' not found in \(AssetFolder.real(assets))"), r.stderr)
    }

    // MARK: - Messages never carry control characters to the terminal

    func testEscapesAndNULFromTheSpecAreEscapedInMessages() throws {
        let value = "\u{1B}[31mred\u{1B}]0;pwned\u{07}\u{0}\u{202E}x\u{9B}"
        let spec = try write("canvas width=10\nbox background=\(value)\n", "bad\u{1B}[2J.spec")
        let r = try CLIRunner.run([spec, path("out.png")])
        XCTAssertEqual(r.status, 1)
        let controls = r.stderr.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
        }
        XCTAssertEqual(controls.count, 0, r.stderr.debugDescription)
        XCTAssertTrue(r.stderr.hasPrefix(path("bad\\u{1B}[2J.spec") + ":2:"), r.stderr)
        XCTAssertTrue(r.stderr.contains(#"\u{1B}[31mred\u{1B}]0;pwned\u{7}\u{0}\u{202E}x\u{9B}"#), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.png")))
    }

    func testUsageErrorsEscapeWhatTheyQuote() throws {
        let r = try CLIRunner.run(["render", "a.spec", "o.png", "--size", "1\u{1B}[2Jx2"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains(#"--size '1\u{1B}[2Jx2' is not WxH"#), r.stderr)
        XCTAssertFalse(r.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, r.stderr.debugDescription)
    }

    // MARK: - Batches report every spec

    func testABatchReportsEverySpecAndKeepsGoing() throws {
        _ = try write("canvas width=2 height=2\n", "specs/a.spec")
        _ = try write("canvas width=3\nbx\n", "specs/b.spec")
        _ = try write("canvas width=40000 height=25000\n", "specs/c.spec")
        _ = try write("{\"canvas\": {\"width\": 2, \"height\": 2}}", "specs/a.json")
        _ = try write("canvas width=5 height=5\n", "more/d.spec")
        let out = path("out")
        let r = try CLIRunner.run(["render", path("specs"), path("nope.spec"), path("more/d.spec"), "--out-dir", out])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdoutText, "rendered 2 of 6 specs into \(out); 4 failed: "
                       + [path("nope.spec"), path("specs/a.spec"), path("specs/b.spec"), path("specs/c.spec")]
                           .sorted().joined(separator: ", ") + "\n")
        XCTAssertTrue(r.stderr.contains("\(path("nope.spec")): error: no such file or folder\n"), r.stderr)
        XCTAssertTrue(r.stderr.contains("b.spec:2:1: error: unknown kind 'bx'; did you mean 'box'?"), r.stderr)
        XCTAssertTrue(r.stderr.contains("c.spec:1:1: error: the canvas is 40000x25000 pixels"), r.stderr)
        XCTAssertTrue(r.stderr.contains("\(out)/a.png: error: cannot write the output: it is the image of \(path("specs/a.json")) too; "
                                        + "rename one of the two specs"), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["a.png", "d.png"])
    }

    // MARK: - Issue 14: usage and names

    func testVarWithoutAValueIsAUsageError() throws {
        let spec = try write("canvas width=4 height=4\n")
        let r = try CLIRunner.run(["render", spec, path("out.png"), "--var", "title"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.hasPrefix("Error: --var 'title' is not NAME=VALUE.\n"), r.stderr)
        XCTAssertFalse(r.stderr.contains("spec:") || r.stderr.contains("<spec>"), r.stderr)
    }

    func testAMissingDataFileSaysWhy() throws {
        let spec = try write("canvas width=4 height=4\n")
        let r = try CLIRunner.run(["render", spec, path("out.png"), "--data", "nope.json"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "nope.json: error: cannot read the data file: No such file or directory\n")
    }

    func testAMistypedCommandIsNamed() throws {
        _ = try write("canvas width=4 height=4\n", "a.spec")
        for (arguments, meant) in [(["rendr", "a.spec", "o.png"], "render"), (["tset", "."], "test"), (["dif", "a", "b"], "diff")] {
            let r = try CLIRunner.run(arguments, in: dir)
            XCTAssertEqual(r.status, 64, arguments.joined(separator: " "))
            XCTAssertTrue(r.stderr.hasPrefix("Error: '\(arguments[0])' is neither a command nor a file; did you mean '\(meant)'?\n"),
                          r.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["a.spec"])
    }

    func testOutputNamesWithoutAnExtensionArePNGAndUnknownExtensionsRefused() throws {
        let spec = try write("canvas width=4 height=4\n")
        let plain = try CLIRunner.run([spec, "picture"], in: dir)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(Array(try Data(contentsOf: dir.appendingPathComponent("picture")).prefix(8)), Self.pngSignature)
        for name in ["o.gif", "o.AVIF", "o.png.bak"] {
            for arguments in [[spec, name], ["render", spec, name, "--scale", "2"]] {
                let r = try CLIRunner.run(arguments, in: dir)
                XCTAssertEqual(r.status, 64, name)
                let ext = name.split(separator: ".").last!
                XCTAssertTrue(r.stderr.hasPrefix("Error: \(name): .\(ext) is not a format layout-render writes; "), r.stderr)
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["in.spec", "picture"])
    }
}

private enum AssetFolder {
    /// The folder as messages name it: symbolic links followed (/tmp may be one).
    static func real(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
