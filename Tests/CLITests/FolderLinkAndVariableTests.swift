import Foundation
import PNGCodec
import XCTest

/// Issue 37, files and values: a folder of specs is read only from inside (a spec, sidecar
/// or data file that is a link out is refused, with one message whether its target exists
/// or not, and no line of it quoted), and a `--var` value is drawn as it was written.
final class FolderLinkAndVariableTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// A first line no message may ever show: it is not a spec the user named.
    private static let secretLine = "SECRET-LINE root:x:0:0:do-not-quote"

    private func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    private func write(_ text: String, _ name: String) throws {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(name), withDestinationPath: target)
    }

    /// `specs/` with one good spec and `creds.spec`/`pw.json` linking out of it; `secret.txt`
    /// beside the folder (when `targetExists`).
    private func hostileFolder(targetExists: Bool) throws {
        try write("canvas width=20 height=10 background=#ffffff\n", "specs/good.spec")
        try link("specs/creds.spec", to: "../secret.txt")
        try link("specs/pw.json", to: targetExists ? path("secret.txt") : path("nowhere.txt"))
        if targetExists { try write(Self.secretLine + "\nmore\n", "secret.txt") }
    }

    /// The lines of `text` about `name`, with the temporary folder's path taken out.
    private func lines(about name: String, in text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.contains(name) }
            .map { $0.replacingOccurrences(of: dir.path, with: "DIR") }
    }

    func testRenderFolderRefusesSpecsThatLinkOutWithoutQuotingThem() throws {
        try hostileFolder(targetExists: true)
        let result = try CLIRunner.run(["render", path("specs"), "--out-dir", path("out")])
        let all = result.stdoutText + result.stderr
        XCTAssertNotEqual(result.status, 0, all)
        XCTAssertFalse(all.contains("SECRET-LINE"), all)
        XCTAssertFalse(all.contains("root:x"), all)
        XCTAssertTrue(all.contains("creds.spec"), all)
        XCTAssertTrue(all.contains("leaves its folder"), all)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("out/good.png")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/creds.png")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/pw.png")))
    }

    func testTestFolderRefusesSpecsThatLinkOutWithoutQuotingThem() throws {
        try hostileFolder(targetExists: true)
        let result = try CLIRunner.run(["test", path("specs"), "--update", "missing"], withoutCI: true)
        let all = result.stdoutText + result.stderr
        XCTAssertNotEqual(result.status, 0, all)
        XCTAssertFalse(all.contains("SECRET-LINE"), all)
        XCTAssertFalse(all.contains("root:x"), all)
        XCTAssertTrue(all.contains("leaves its folder"), all)
    }

    /// Whether the target exists must not show: the messages are the same either way.
    func testTheMessageIsTheSameWhetherTheTargetExists() throws {
        try hostileFolder(targetExists: true)
        let present = try CLIRunner.run(["render", path("specs"), "--out-dir", path("out")])
        try FileManager.default.removeItem(atPath: path("secret.txt"))
        try FileManager.default.removeItem(atPath: path("specs/pw.json"))
        try link("specs/pw.json", to: path("nowhere.txt"))
        let absent = try CLIRunner.run(["render", path("specs"), "--out-dir", path("out")])
        XCTAssertEqual(present.status, absent.status)
        for name in ["creds.spec", "pw.json"] {
            let before = lines(about: name, in: present.stdoutText + present.stderr)
            XCTAssertFalse(before.isEmpty, name)
            XCTAssertEqual(before, lines(about: name, in: absent.stdoutText + absent.stderr), name)
        }
    }

    /// A sidecar is read from the spec's folder only, even for a spec named on the command line.
    func testASidecarThatLinksOutIsRefusedUnquoted() throws {
        try write("canvas width=20 height=10\n", "specs/card.spec")
        try write(Self.secretLine + "\n", "secret.json")
        try link("specs/card.fixture.json", to: "../secret.json")
        let result = try CLIRunner.run(["render", path("specs/card.spec"), "--out-dir", path("out")])
        let all = result.stdoutText + result.stderr
        XCTAssertNotEqual(result.status, 0, all)
        XCTAssertFalse(all.contains("SECRET-LINE"), all)
        XCTAssertTrue(all.contains("card.fixture.json"), all)
        XCTAssertTrue(all.contains("leaves its folder"), all)
    }

    /// A golden image that links out is neither read nor overwritten by `--update`.
    func testAGoldenThatLinksOutIsNeitherReadNorWritten() throws {
        try write("canvas width=20 height=10\n", "specs/card.spec")
        try write("precious", "precious.png")
        try link("specs/card.png", to: "../precious.png")
        let result = try CLIRunner.run(["test", path("specs"), "--update", "all"], withoutCI: true)
        let all = result.stdoutText + result.stderr
        XCTAssertNotEqual(result.status, 0, all)
        XCTAssertTrue(all.contains("leaves its folder"), all)
        XCTAssertEqual(try String(contentsOfFile: path("precious.png"), encoding: .utf8), "precious")
    }

    /// A link inside the folder to a file inside it is still followed.
    func testALinkInsideTheFolderIsStillRead() throws {
        try write("canvas width=20 height=10\n", "specs/real.spec.txt")
        try link("specs/alias.spec", to: "real.spec.txt")
        let result = try CLIRunner.run(["render", path("specs"), "--out-dir", path("out")])
        XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("out/alias.png")))
    }

    // MARK: - A --var value is drawn as written

    /// The pixels of `spec` rendered with `arguments`.
    private func png(_ spec: String, _ arguments: [String] = []) throws -> [UInt8] {
        try write(spec, "v.spec")
        let out = path("v.png")
        try? FileManager.default.removeItem(atPath: out)
        let result = try CLIRunner.run(["render", path("v.spec"), out] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: out)))).pixels
    }

    func testVarValuesAreDrawnAsWritten() throws {
        for text in ["2.10", "01234", "1e3", "-0", "7"] {
            let drawn = try png("canvas width=160 height=30 background=#ffffff\nlabel \"{v}\" size=16\n", ["--var", "v=\(text)"])
            let literal = try png("canvas width=160 height=30 background=#ffffff\nlabel \"\(text)\" size=16\n")
            XCTAssertEqual(drawn, literal, "--var v=\(text) is not drawn as \"\(text)\"")
        }
    }

    /// Text that reads as a number still compares as one, and equals its own text.
    func testVarValuesStillCompareAsNumbers() throws {
        let spec = """
        canvas width=40 height=20 background=#ffffff
        if v > 2 and v == 2.1 and v == "2.10" and v != "2.1"
          vbox width=40 height=20 background=#ff0000
        """
        let taken = try png(spec, ["--var", "v=2.10"])
        let red = try png("canvas width=40 height=20 background=#ffffff\nvbox width=40 height=20 background=#ff0000\n")
        XCTAssertEqual(taken, red)
    }

    /// A name the condition of an `if` uses and the command line does not give says how to
    /// give it there (as the service's says `?site=…`), and the hint works: given as it says,
    /// the spec renders.
    func testAnUnknownNameInAConditionSaysHowToGiveIt() throws {
        try write("canvas width=40 height=20\nif tier == \"gold\"\n  box size=4x4\nif user.plan == 2\n  box size=4x4\n", "if.spec")
        let missing = try CLIRunner.run(["render", path("if.spec"), path("if.png"), "--var", "other=1"])
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("if.spec:2:"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("error: unknown name 'tier' in the condition (known: height, other, scale, width); "
                                              + "give it with --var tier=… or --data"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("if.png")))

        let member = try CLIRunner.run(["render", path("if.spec"), path("if.png"), "--var", "tier=gold"])
        XCTAssertEqual(member.status, 1, member.stderr)
        XCTAssertTrue(member.stderr.contains("unknown name 'user.plan' in the condition (known: height, scale, tier, width); "
                                             + "give it with --data FILE.json ('user' an object)"), member.stderr)

        try write(#"{"user": {"plan": 2}}"#, "names.json")
        let given = try CLIRunner.run(["render", path("if.spec"), path("if.png"), "--var", "tier=gold", "--data", path("names.json")])
        XCTAssertEqual(given.status, 0, given.stderr)
    }
}
