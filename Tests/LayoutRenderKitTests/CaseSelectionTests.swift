@testable import LayoutRenderGolden
import LayoutRenderKit
import XCTest

/// `--shard`, `--grep` and the JUnit reports `merge-reports` reads back.
final class CaseSelectionTests: XCTestCase {
    private func cases(_ names: [String]) -> [FixtureRunner.Case] {
        names.map { FixtureRunner.Case(name: $0, specPath: "fx/\($0).spec", goldenPNGPath: "fx/\($0).png", goldenFramesPath: "fx/\($0).frames.json") }
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
        outcomes[1].artifacts = ["/abs/bad.expected.png", "/abs/bad.actual.png"]
        outcomes[2].status = .recorded
        outcomes[2].recordedUnasked = true
        outcomes[2].details = ["recorded a new golden image; the run fails"]
        outcomes[3].warnings = ["fx/warned.spec:2:1: warning: one\n    label \"a\"\n    ^", "fx/warned.spec:3:1: warning: \"two\""]
        let xml = FixtureReports.junit(outcomes)
        let read = try JUnitReport.read(xml)
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

    func testEntitiesAreDecoded() {
        XCTAssertEqual(JUnitReport.decode("a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#65;&#x42; & f &unknown;"),
                       "a & b <c> \"d\" 'e' AB & f &unknown;")
    }
}
