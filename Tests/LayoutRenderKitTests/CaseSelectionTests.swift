import Foundation
@testable import LayoutRenderGolden
import LayoutRenderKit
import XCTest

/// `--shard`, `--grep` and the JUnit reports `merge-reports` reads back.
final class CaseSelectionTests: XCTestCase {
    private func cases(_ names: [String]) -> [FixtureRunner.Case] {
        names.map { FixtureRunner.Case(name: $0, specPath: "fx/\($0).spec", goldenPNGPath: "fx/\($0).png", goldenFramesPath: "fx/\($0).frames.json") }
    }

    /// The 8-byte PNG signature and a little more: what the report page takes for a PNG.
    private let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]

    private func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("case-selection-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func testShardTextIsIOverN() {
        for (text, parsed) in [("1/1", [1, 1]), ("2/4", [2, 4]), ("4/4", [4, 4])] {
            XCTAssertEqual(Shard(text).map { [$0.index, $0.count] }, parsed, text)
        }
        for bad in ["0/4", "5/4", "1/0", "-1/4", "1/4/2", "a/b", "", "1", "/4", "1/10001"] {
            XCTAssertNil(Shard(bad), bad)
        }
    }

    /// The FNV-1a 64 reference values: the hash must not depend on the machine.
    func testTheHashIsFNV1a() {
        XCTAssertEqual(Shard.fnv1a(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(Shard.fnv1a("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(Shard.fnv1a("foobar"), 0x8594_4171_f739_67e8)
    }

    func testSharesPartitionTheCasesInBalancedRuns() {
        for total in [0, 1, 5, 17, 100] {
            let all = cases((0..<total).map { "case-\($0)" })
            for n in [1, 2, 3, 7] {
                let shares = (1...n).map { Shard("\($0)/\(n)")!.select(all) }
                XCTAssertEqual(shares.flatMap { $0 }.map(\.name).sorted(), all.map(\.name).sorted(), "\(total) in \(n)")
                let sizes = shares.map(\.count)
                XCTAssertLessThanOrEqual(sizes.max()! - sizes.min()!, 1, "\(total) in \(n): \(sizes)")
            }
        }
    }

    func testAddingACaseMovesAtMostOneCaseAcrossEachCut() {
        let names = (0..<200).map { "spec-\($0 * 7919 % 1000)" }
        for n in [2, 3, 5, 8] {
            let before = (1...n).map { Set(Shard("\($0)/\(n)")!.select(cases(names)).map(\.name)) }
            for added in ["zz-new", "aa-new", "spec-5000", "m"] {
                let after = (1...n).map { Set(Shard("\($0)/\(n)")!.select(cases(names + [added])).map(\.name)) }
                let moved = zip(before, after).map { $0.subtracting($1).count }.reduce(0, +)
                XCTAssertLessThanOrEqual(moved, n - 1, "\(added) into \(n) shards")
            }
        }
    }

    func testTheKeyIsThePathAsGivenWithoutDotSlashAndTheSize() {
        var c = cases(["card"])[0]
        c.specPath = "./././fx/card.spec"
        XCTAssertEqual(Shard.key(c), "fx/card.spec")
        c.size = FixtureSize("320x568")
        XCTAssertEqual(Shard.key(c), "fx/card.spec@320x568")
    }

    func testGrepMatchesTheNameOrTheSpecPath() throws {
        let all = cases(["card", "card-dark", "list"])
        XCTAssertEqual(try CaseFilter("^card").select(all).map(\.name), ["card", "card-dark"])
        XCTAssertEqual(try CaseFilter("fx/l").select(all).map(\.name), ["list"])
        XCTAssertEqual(try CaseFilter("dark$").select(all).map(\.name), ["card-dark"])
        XCTAssertThrowsError(try CaseFilter("(unclosed"))
    }

    /// What `FixtureReports.junit` writes, `JUnitReport.read` reads back to the same report.
    func testJUnitReadsBackWhatItWrote() throws {
        var outcomes = cases(["ok", "bad", "new", "warned"]).map {
            FixtureRunner.Outcome(testCase: $0, status: .passed, details: [], seconds: 0.25)
        }
        outcomes[1].status = .failed
        outcomes[1].details = ["`bar` moved 1 pt down", "4 px differ in the 2x2 px region at (0, 0) & <more>"]
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        outcomes[1].artifacts = [folder + "/bad.expected.png", folder + "/bad.actual.png"]
        for path in outcomes[1].artifacts { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(png))) }
        outcomes[2].status = .recorded
        outcomes[2].recordedUnasked = true
        outcomes[2].details = ["recorded a new golden image; the run fails"]
        outcomes[3].warnings = ["fx/warned.spec:2:1: warning: one\n    label \"a\"\n    ^", "fx/warned.spec:3:1: warning: \"two\""]
        let xml = FixtureReports.junit(outcomes)
        let read = try JUnitReport.read(xml, reportPath: folder + "/junit.xml")
        XCTAssertEqual(read.map(\.testCase.name), ["ok", "bad", "new", "warned"])
        XCTAssertEqual(read.map(\.status), [.passed, .failed, .recorded, .passed])
        XCTAssertEqual(read.map(\.failsRun), [false, true, true, false])
        XCTAssertEqual(read[1].details, outcomes[1].details)
        XCTAssertEqual(read[1].artifacts, outcomes[1].artifacts)
        XCTAssertEqual(read[3].warnings, outcomes[3].warnings)
        XCTAssertEqual(read.map(\.seconds), [0.25, 0.25, 0.25, 0.25])
        XCTAssertEqual(FixtureReports.junit(read), xml)
        XCTAssertThrowsError(try JUnitReport.read("<html></html>"))
    }

    /// A report is data from another machine: the attachments it names are read only from
    /// its own folder, links resolved, and only regular files that are PNGs are shown.
    func testAttachmentsOutsideTheReportsFolderAreLeftOut() throws {
        let base = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let fm = FileManager.default
        let folder = base + "/shard-1", outside = base + "/outside"
        try fm.createDirectory(atPath: folder + "/artifacts", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: outside, withIntermediateDirectories: true)
        XCTAssertTrue(fm.createFile(atPath: outside + "/secret.diff.png", contents: Data(png)))
        XCTAssertTrue(fm.createFile(atPath: folder + "/artifacts/c.diff.png", contents: Data(png)))
        try fm.createSymbolicLink(atPath: folder + "/artifacts/link.diff.png", withDestinationPath: outside + "/secret.diff.png")
        XCTAssertEqual(mkfifo(folder + "/artifacts/fifo.diff.png", 0o600), 0)
        var outcome = FixtureRunner.Outcome(testCase: cases(["c"])[0], status: .failed, details: ["moved"])
        outcome.artifacts = [outside + "/secret.diff.png", "../outside/secret.diff.png", "artifacts/link.diff.png",
                             "run/artifacts/c.diff.png", "artifacts/fifo.diff.png", "/etc/passwd"]
        let read = try JUnitReport.read(FixtureReports.junit([outcome]), reportPath: folder + "/junit.xml")
        XCTAssertEqual(read[0].artifacts, [folder + "/artifacts/c.diff.png", folder + "/artifacts/fifo.diff.png"])
        XCTAssertEqual(read[0].details, ["moved"] + [outside + "/secret.diff.png", "../outside/secret.diff.png",
                                                     "artifacts/link.diff.png", "/etc/passwd"]
            .map { "an attachment outside the report's folder was left out: \($0)" })
        // The page shows the PNG and not the FIFO (reading it would wait for a writer for ever).
        let page = FixtureReports.html(read)
        XCTAssertEqual(page.components(separatedBy: "data:image/png;base64,").count - 1, 1)
    }

    /// Found by the junit-report fuzzer: a NUL in a case's file (as `&#0;` or a raw byte)
    /// trapped in Foundation's path methods when the report was written back.
    func testAReportWithNULsInItsPathsReadsAndWritesBack() throws {
        let xml = "<testsuite><testcase name=\"a\" file=\"f/x&#0;.spec\"><failure message=\"m\">m</failure>"
            + "<system-out>[[ATTACHMENT|a\u{0}.diff.png]]</system-out></testcase></testsuite>"
        let read = try JUnitReport.read(xml, reportPath: "r/junit.xml")
        XCTAssertEqual(read.map(\.testCase.specPath), ["f/x\u{0}.spec"])
        XCTAssertEqual(read[0].artifacts, [])
        XCTAssertTrue(FixtureReports.junit(read).contains("classname=\"f\""))
        XCTAssertEqual(FixtureReports.className("./fixtures/card.spec"), "fixtures")
        XCTAssertEqual(FixtureReports.className("/abs/docs/examples/a.spec"), "abs.docs.examples")
        XCTAssertEqual(FixtureReports.className("a.spec"), ".")
    }

    /// Found by the junit-report fuzzer: reports that are not of our writing (a failure
    /// without text, a message over two lines, an attachment on a passing case) are
    /// written back in one form that reads back to itself.
    func testAReportWrittenBackIsAFixedPoint() throws {
        for xml in ["<testsuite><testcase name=\"a\" file=\"f.spec\"><failure message=\"m</testcase></testsuite>",
                    "<testsuite><testcase name=\"a\" file=\"f.spec\"><failure message=\"one&#10;two\"/></testcase></testsuite>",
                    "<testsuite><testcase name=\"a\"><system-out>[[ATTACHMENT|x.diff.png]]</system-out></testcase></testsuite>"] {
            let once = FixtureReports.junit(try JUnitReport.read(xml))
            XCTAssertEqual(FixtureReports.junit(try JUnitReport.read(once)), once, xml)
        }
    }

    func testEntitiesAreDecoded() {
        XCTAssertEqual(JUnitReport.decode("a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#65;&#x42; & f &unknown;"),
                       "a & b <c> \"d\" 'e' AB & f &unknown;")
    }
}
