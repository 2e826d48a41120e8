import Foundation
import PNGCodec
import XCTest

/// `layout-render watch`, through the real binary: it renders, renders again when the spec
/// is saved (in place or by rename), keeps the last good picture on an error it prints
/// with its place, and ends cleanly on SIGINT.
final class WatchCommandTests: XCTestCase {
    private var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    private func spec(colour: String) -> String {
        "canvas width=40 height=20 background=#ffffff\nbox id=swatch size=20x10 background=\(colour)\n"
    }

    /// Saves `text` as an editor that writes a new file and renames it over the old does.
    private func saveByRename(_ text: String, _ name: String = "in.spec") throws {
        try Data(text.utf8).write(to: dir.appendingPathComponent(name + ".swp"))
        XCTAssertEqual(rename(path(name + ".swp"), path(name)), 0)
    }

    /// The watch process, its output going to files the test reads while it runs.
    private struct Watch {
        let process: Process
        let stdout: URL
        let stderr: URL
        var output: String { (try? String(contentsOf: stdout, encoding: .utf8)) ?? "" }
        var errors: String { (try? String(contentsOf: stderr, encoding: .utf8)) ?? "" }

        /// Sends SIGINT, as Ctrl-C does, and waits for the end; the status.
        func interrupt() -> Int32 {
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    private func startWatch(_ arguments: [String]) throws -> Watch {
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = ["watch"] + arguments
        let out = dir.appendingPathComponent("watch.out"), err = dir.appendingPathComponent("watch.err")
        XCTAssertTrue(FileManager.default.createFile(atPath: out.path, contents: nil))
        XCTAssertTrue(FileManager.default.createFile(atPath: err.path, contents: nil))
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return Watch(process: process, stdout: out, stderr: err)
    }

    /// Waits until `condition` holds; a watchdog (not a timing assertion) fails the test
    /// after a minute instead of hanging the suite.
    private func waitUntil(_ what: String, _ watch: Watch, file: StaticString = #filePath, line: UInt = #line,
                           _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            guard Date() < deadline, watch.process.isRunning else {
                XCTFail("never saw: \(what)\nstdout: \(watch.output)\nstderr: \(watch.errors)", file: file, line: line)
                return
            }
            usleep(20_000)
        }
    }

    /// The colour of the pixel at (5, 5) of `out.png`, or nil when there is none to read.
    private func swatchColour() -> [UInt8]? {
        guard let bytes = FileManager.default.contents(atPath: path("out.png")),
              let image = try? PNGDecoder.decode(Array(bytes)) else { return nil }
        let i = (5 * image.width + 5) * 4
        return Array(image.pixels[i..<i + 4])
    }

    private func lines(_ text: String, containing word: String) -> Int {
        text.split(separator: "\n").filter { $0.contains(word) }.count
    }

    func testRendersAgainOnEverySaveKeepsTheLastGoodPictureAndStopsOnSIGINT() throws {
        _ = try CLIRunner.write(spec(colour: "#ff0000"), in: dir)
        let watch = try startWatch([path("in.spec"), path("out.png")])
        waitUntil("the first picture", watch) { swatchColour() == [255, 0, 0, 255] }
        // (The picture is on disk a moment before its line is printed.)
        waitUntil("the first render's line", watch) { lines(watch.output, containing: "wrote") == 1 }

        // An editor that saves by rename: a new inode under the same name.
        try saveByRename(spec(colour: "#00ff00"))
        waitUntil("the picture after a save by rename", watch) { swatchColour() == [0, 255, 0, 255] }

        // Written in place.
        _ = try CLIRunner.write(spec(colour: "#0000ff"), in: dir)
        waitUntil("the picture after a save in place", watch) { swatchColour() == [0, 0, 255, 255] }
        waitUntil("the third render's line", watch) { lines(watch.output, containing: "wrote") == 3 }

        // A mistake: its place is printed, the picture is the last good one.
        let good = FileManager.default.contents(atPath: path("out.png"))
        try saveByRename("canvas width=40 height=20 background=#ffffff\nbox id=swatch size=20x10 background=#zz\n")
        waitUntil("the error", watch) { watch.errors.contains("in.spec:2:37: error: bad value for 'background'") }
        waitUntil("the note that the picture was kept", watch) { watch.errors.contains("keeps the last good picture") }
        XCTAssertEqual(FileManager.default.contents(atPath: path("out.png")), good)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(),
                       ["in.spec", "out.png", "watch.err", "watch.out"], "no temporary file is left behind")

        // Fixed again: rendered again.
        try saveByRename(spec(colour: "#ff00ff"))
        waitUntil("the picture after the fix", watch) { swatchColour() == [255, 0, 255, 255] }

        XCTAssertEqual(watch.interrupt(), 0, watch.errors)
        XCTAssertTrue(watch.errors.contains("Stopped watching"), watch.errors)
        XCTAssertEqual(lines(watch.output, containing: "wrote"), 4, "one render per save, none for the unchanged file")
    }

    /// A font the spec names by file, rewritten in place between two renders (as a font
    /// tool saves it): the next render draws with the new file, as a fresh process would,
    /// never with glyphs missing (the process's first load of the font read nothing after
    /// the file changed, and Cairo drew no glyph without a word).
    func testAFontRewrittenBetweenRendersIsDrawnAsItIsNow() throws {
        let dejaVu = "/usr/share/fonts/truetype/dejavu/"
        let regular = try Data(contentsOf: URL(fileURLWithPath: dejaVu + "DejaVuSans.ttf"))
        let bold = try Data(contentsOf: URL(fileURLWithPath: dejaVu + "DejaVuSans-Bold.ttf"))
        let text = "canvas width=120 height=40 background=#ffffff\nlabel \"Hamburgefonts\" font=\"face.ttf\" size=18 color=#000000\n"
        try regular.write(to: dir.appendingPathComponent("face.ttf"))
        _ = try CLIRunner.write(text, in: dir)
        // What fresh processes draw with each file.
        func fresh(_ font: Data, _ name: String) throws -> [UInt8] {
            let other = try CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: other) }
            try font.write(to: other.appendingPathComponent("face.ttf"))
            let spec = try CLIRunner.write(text, in: other)
            let r = try CLIRunner.run([spec, other.appendingPathComponent(name).path], killAfter: 60)
            XCTAssertEqual(r.status, 0, r.stderr)
            return try PNGDecoder.decode(Array(try Data(contentsOf: other.appendingPathComponent(name)))).pixels
        }
        let regularPixels = try fresh(regular, "regular.png"), boldPixels = try fresh(bold, "bold.png")
        XCTAssertNotEqual(regularPixels, boldPixels)
        func pixels() -> [UInt8]? {
            guard let bytes = FileManager.default.contents(atPath: path("out.png")) else { return nil }
            return try? PNGDecoder.decode(Array(bytes)).pixels
        }

        let watch = try startWatch([path("in.spec"), path("out.png")])
        waitUntil("the first picture", watch) { pixels() == regularPixels }
        usleep(20_000)  // past the file system's time granularity
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path("face.ttf")))  // in place: the same inode
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bold)
        try handle.close()
        try saveByRename(text + "\n")
        waitUntil("the picture with the rewritten font", watch) { pixels() == boldPixels }
        XCTAssertEqual(watch.interrupt(), 0, watch.errors)
        XCTAssertFalse(watch.errors.contains("error"), watch.errors)
    }

    func testWaitsForASpecThatIsNotThereYetAndWatchesTheDataFile() throws {
        try Data(##"{"colour": "red"}"##.utf8).write(to: dir.appendingPathComponent("data.json"))
        let watch = try startWatch([path("in.spec"), path("out.png"), "--data", path("data.json")])
        waitUntil("the note that the spec is missing", watch) { watch.errors.contains("not there; waiting for it") }
        XCTAssertNil(swatchColour())
        try saveByRename("""
            canvas width=40 height=20 background=#ffffff
            if colour == "red"
              box id=swatch size=20x10 background=#ff0000
            else
              box id=swatch size=20x10 background=#00ff00
            """)
        waitUntil("the first picture", watch) { swatchColour() == [255, 0, 0, 255] }
        try saveByRename(##"{"colour": "green"}"##, "data.json")
        waitUntil("the picture after the data changed", watch) { swatchColour() == [0, 255, 0, 255] }
        XCTAssertEqual(watch.interrupt(), 0, watch.errors)
    }

    /// What the spec's name may lead to besides a spec: a FIFO (never opened to block on),
    /// a folder, a file over the limit, bytes that are not text. Each is an error with the
    /// name, the watch goes on and the picture stays the last good one.
    func testHostileFilesUnderTheWatchedNameAreErrorsAndTheWatchGoesOn() throws {
        _ = try CLIRunner.write(spec(colour: "#ff0000"), in: dir)
        let watch = try startWatch([path("in.spec"), path("out.png"), "--max-spec-mb", "1"])
        waitUntil("the first picture", watch) { swatchColour() == [255, 0, 0, 255] }
        let good = FileManager.default.contents(atPath: path("out.png"))
        let replacements: [(make: () throws -> Void, message: String)] = [
            ({ XCTAssertEqual(mkfifo(self.path("in.spec.swp"), 0o600), 0) }, "not a regular file"),
            ({ try FileManager.default.createDirectory(atPath: self.path("in.spec.swp"), withIntermediateDirectories: false) },
             "it is a folder"),
            ({ try Data(repeating: 0x20, count: (1 << 20) + 1).write(to: self.dir.appendingPathComponent("in.spec.swp")) },
             "specs are limited to 1048576"),
            ({ try Data([0x63, 0xff, 0xfe, 0x0a]).write(to: self.dir.appendingPathComponent("in.spec.swp")) },
             "not valid UTF-8 text"),
        ]
        for (count, replacement) in replacements.enumerated() {
            try? FileManager.default.removeItem(atPath: path("in.spec"))
            try replacement.make()
            XCTAssertEqual(rename(path("in.spec.swp"), path("in.spec")), 0)
            waitUntil("error \(count + 1): \(replacement.message)", watch) {
                lines(watch.errors, containing: "keeps the last good picture") == count + 1
            }
            XCTAssertTrue(watch.errors.contains(replacement.message), watch.errors)
            XCTAssertEqual(FileManager.default.contents(atPath: path("out.png")), good)
        }
        try? FileManager.default.removeItem(atPath: path("in.spec"))
        try saveByRename(spec(colour: "#00ff00"))
        waitUntil("the picture after the hostile files", watch) { swatchColour() == [0, 255, 0, 255] }
        XCTAssertEqual(watch.interrupt(), 0, watch.errors)
    }

    func testSIGTERMEndsTheWatchCleanlyToo() throws {
        _ = try CLIRunner.write(spec(colour: "#ff0000"), in: dir)
        let watch = try startWatch([path("in.spec"), path("out.png")])
        waitUntil("the first picture", watch) { swatchColour() == [255, 0, 0, 255] }
        watch.process.terminate()
        watch.process.waitUntilExit()
        XCTAssertEqual(watch.process.terminationReason, .exit)
        XCTAssertEqual(watch.process.terminationStatus, 0)
    }

    func testCommandLinesThatCannotBeWatchedAreUsageErrors() throws {
        let spec = try CLIRunner.write(spec(colour: "#ff0000"), in: dir)
        for (arguments, message) in [
            ([spec, "-"], "- (standard input or output) cannot be watched"),
            (["-", path("out.png")], "- (standard input or output) cannot be watched"),
            ([spec, path("out.png"), "--out-dir", path("o")], "--out-dir and --frames-only are render's"),
            ([spec, path("out.png"), "--frames", "-"], "--frames to a file, not to standard output"),
            ([spec, path("out.png"), "--size", "100x50", "--size", "200x80"], "give one --size"),
            ([spec, path("out.png"), "--scale", "99"], "--scale must be between 0.25 and 8."),
            ([spec, path("out.png"), "--bogus"], "Unknown option '--bogus'"),
            ([spec], "Missing expected argument '<output>'"),
        ] {
            let r = try CLIRunner.run(["watch"] + arguments, killAfter: 60)
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(arguments): \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.png")))
        }
    }
}
