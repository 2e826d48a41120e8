import Foundation
import PNGCodec
import XCTest

final class DiffAndTestCommandTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func png(_ name: String, width: Int, height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) throws -> String {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { let p = pixel(x, y); pixels += [p.0, p.1, p.2, p.3] } }
        let path = dir.appendingPathComponent(name).path
        try PNGFile.writeAtomically(try PNGEncoder.encode(RGBAImage(width: width, height: height, pixels: pixels)), to: path)
        return path
    }

    func testDiffExitCodesAndJSON() throws {
        let white = try png("a.png", width: 4, height: 4) { _, _ in (255, 255, 255, 255) }
        let dot = try png("b.png", width: 4, height: 4) { x, y in x == 1 && y == 2 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let same = try CLIRunner.run(["diff", white, white])
        XCTAssertEqual(same.status, 0, same.stderr)
        let differ = try CLIRunner.run(["diff", white, dot, "--json", "--out", dir.appendingPathComponent("d.png").path])
        XCTAssertEqual(differ.status, 1)
        XCTAssertTrue(differ.stdoutText.contains(#""differentPixels":1"#), differ.stdoutText)
        XCTAssertTrue(differ.stdoutText.contains(#""boundingBox":{"height":1,"width":1,"x":1,"y":2}"#), differ.stdoutText)
        let diffImage = try PNGFile.read(path: dir.appendingPathComponent("d.png").path)
        XCTAssertEqual(Array(diffImage.pixels[(2 * 4 + 1) * 4..<(2 * 4 + 1) * 4 + 4]), [255, 0, 0, 255])
        XCTAssertEqual(try CLIRunner.run(["diff", white, dot, "--max-diff-pixels", "1"]).status, 0)
        XCTAssertEqual(try CLIRunner.run(["diff", white, dot, "--ignore", "1,2,1,1"]).status, 0)
        let missing = try CLIRunner.run(["diff", white, dir.appendingPathComponent("nope.png").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasSuffix("nope.png: error: No such file or directory\n"), missing.stderr)
        // With --json the error is JSON on standard output too, for the program reading it.
        let missingJSON = try CLIRunner.run(["diff", white, dir.appendingPathComponent("nope.png").path, "--json"])
        XCTAssertEqual(missingJSON.status, 2)
        let error = try JSONSerialization.jsonObject(with: missingJSON.stdout) as? [String: String]
        XCTAssertEqual(error?["error"], dir.appendingPathComponent("nope.png").path + ": error: No such file or directory")
    }

    func testDiffOfDifferentSizesIsADifference() throws {
        let a = try png("a.png", width: 4, height: 4) { _, _ in (255, 255, 255, 255) }
        let b = try png("b.png", width: 5, height: 4) { _, _ in (255, 255, 255, 255) }
        let r = try CLIRunner.run(["diff", a, b, "--json"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdoutText.contains(#""sizeMismatch":true"#), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains(#""differentPixels":4"#), r.stdoutText) // the fifth column
        XCTAssertTrue(r.stdoutText.contains(#""sizes":{"actual":[5,4],"expected":[4,4]}"#), r.stdoutText)
        let human = try CLIRunner.run(["diff", a, b])
        XCTAssertEqual(human.status, 1)
        XCTAssertTrue(human.stdoutText.contains("sizes differ: expected 4×4, actual 5×4 px\n"), human.stdoutText)
    }

    func testTestCommandRecordsComparesAndReports() throws {
        let fixtures = dir.appendingPathComponent("fx")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        let spec = fixtures.appendingPathComponent("card.spec")
        try "canvas width=20 height=10 background=#ffffff\nvbox\n  box id=bar height=4 background=#000000\n"
            .write(to: spec, atomically: false, encoding: .utf8)
        // Under CI a missing golden fails unrecorded (outside it, it is recorded: TestRunnerTests).
        let first = try CLIRunner.run(["test", fixtures.path], environment: ["CI": "true"])
        XCTAssertEqual(first.status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("card.png").path))
        XCTAssertTrue(first.stdoutText.hasSuffix("0 passed, 1 failed\n"), first.stdoutText)
        // Recording on purpose, in a temporary folder: allowed even when this suite runs under CI.
        let record = try CLIRunner.run(["test", fixtures.path, "--update", "missing"], withoutCI: true)
        XCTAssertEqual(record.status, 0, record.stdoutText)
        XCTAssertEqual(try CLIRunner.run(["test", fixtures.path]).stdoutText, "ok   \(spec.path)\n1 passed, 0 failed\n")

        try "canvas width=20 height=10 background=#ffffff\nvbox padding=1,0\n  box id=bar height=5 background=#000000\n"
            .write(to: spec, atomically: false, encoding: .utf8)
        let artifacts = dir.appendingPathComponent("artifacts").path
        let changed = try CLIRunner.run(["test", fixtures.path, "--artifacts", artifacts,
                                         "--junit", artifacts + "/j.xml", "--html", artifacts + "/r.html"])
        XCTAssertEqual(changed.status, 1)
        XCTAssertTrue(changed.stdoutText.contains("     `bar` moved 1 pt down, grew 1 pt taller\n"), changed.stdoutText)
        let files = try FileManager.default.contentsOfDirectory(atPath: artifacts).sorted()
        XCTAssertEqual(files, ["card.actual.png", "card.diff.png", "card.expected.png", "j.xml", "r.html"])
        XCTAssertTrue(try String(contentsOfFile: artifacts + "/j.xml", encoding: .utf8).contains("<failure message=\""))
        XCTAssertTrue(try String(contentsOfFile: artifacts + "/r.html", encoding: .utf8).contains("data:image/png;base64,"))
    }

    func testUpdatingIsRefusedUnderCI() throws {
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = ["test", dir.path, "--update", "all"]
        process.environment = ["CI": "true"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 64)
        // One line, not the usage.
        XCTAssertEqual(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                       "--update all: error: recording golden files is refused when CI=true: they are recorded on purpose, by a person\n")
    }
}
