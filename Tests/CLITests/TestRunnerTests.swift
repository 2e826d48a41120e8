import Foundation
import XCTest

/// `layout-render test` as a Playwright user drives it: single cases, `--grep`, `--shard`
/// and `merge-reports`, goldens recorded on the first run, masks, warnings.
final class TestRunnerTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func write(_ text: String, _ path: String) throws {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: dir.appendingPathComponent(path).path) }

    private func read(_ path: String) throws -> String { try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8) }

    /// A spec of one `size` pt black box on white, 10 pt square.
    private func box(_ colour: String = "#000000", size: String = "4x4") -> String {
        "canvas width=10 height=10 background=#ffffff\nvbox\n  box id=dot size=\(size) background=\(colour)\n"
    }

    private func test(_ arguments: [String], ci: String? = nil) throws -> CLIRunner.Result {
        try CLIRunner.run(["test"] + arguments, in: dir, withoutCI: ci == nil, environment: ci.map { ["CI": $0] } ?? [:])
    }

    /// The spec paths a run's output names, in order.
    private func casesRun(_ r: CLIRunner.Result) -> [String] {
        r.stdoutText.split(separator: "\n").compactMap { line in
            ["ok   ", "FAIL ", "REC  "].contains(where: line.hasPrefix) ? String(line.dropFirst(5)) : nil
        }
    }

    func testOneSpecSeveralAndFoldersMixedAndGrep() throws {
        for name in ["card", "list", "menu"] { try write(box(), "fx/\(name).spec") }
        try write(box(), "more/card-dark.spec")
        XCTAssertEqual(try test(["fx", "more", "--update", "all"]).status, 0)

        let one = try test(["fx/card.spec"])
        XCTAssertEqual(one.stdoutText, "ok   fx/card.spec\n1 passed, 0 failed\n")
        XCTAssertEqual(one.status, 0)
        // A file and the folder holding it: the spec runs once.
        let mixed = try test(["fx/menu.spec", "more", "fx"])
        XCTAssertEqual(casesRun(mixed), ["fx/menu.spec", "more/card-dark.spec", "fx/card.spec", "fx/list.spec"])
        let grep = try test(["fx", "more", "--grep", "^card"])
        XCTAssertEqual(casesRun(grep), ["fx/card.spec", "more/card-dark.spec"])
        XCTAssertEqual(casesRun(try test(["fx", "more", "--grep", "more/"])), ["more/card-dark.spec"])

        let none = try test(["fx", "--grep", "nothing"])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.stderr, "error: no test cases match --grep 'nothing'\n")
        let badRegex = try test(["fx", "--grep", "(card"])
        XCTAssertEqual(badRegex.status, 64)
        XCTAssertTrue(badRegex.stderr.contains("--grep '(card' is not a regular expression"), badRegex.stderr)
        let missing = try test(["fx/nope.spec"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "fx/nope.spec: error: no such file or folder\n")
        let notASpec = try test(["fx/card.png"])
        XCTAssertEqual(notASpec.status, 64)
        XCTAssertEqual(notASpec.stderr, "fx/card.png: error: not a spec: a test case is NAME.spec, or NAME.json that is a spec\n")
    }

    func testShardsCoverEveryCaseOnceBalancedAndStable() throws {
        let names = (1...10).map { "case\($0)" }
        for name in names { try write(box(), "fx/\(name).spec") }
        XCTAssertEqual(try test(["fx", "--update", "all"]).status, 0)
        func shards(_ n: Int) throws -> [[String]] {
            try (1...n).map { i in
                let r = try test(["fx", "--shard", "\(i)/\(n)"])
                XCTAssertEqual(r.status, 0, r.stdoutText)
                return casesRun(r)
            }
        }
        let before = try shards(3)
        XCTAssertEqual(before.flatMap { $0 }.sorted(), names.map { "fx/\($0).spec" }.sorted())  // each once
        XCTAssertEqual(before.map(\.count).sorted(), [3, 3, 4])
        XCTAssertEqual(try shards(3), before, "the same shares on every run")
        XCTAssertTrue(try test(["fx", "--shard", "2/3"]).stdoutText.hasPrefix("shard 2/3: \(before[1].count) of 10 cases\n"))

        // One case more moves at most one case across each of the two cuts.
        try write(box(), "fx/case11.spec")
        XCTAssertEqual(try test(["fx/case11.spec", "--update", "all"]).status, 0)
        let after = try shards(3)
        XCTAssertEqual(after.map(\.count).sorted(), [3, 4, 4])
        let moved = zip(before, after).map { Set($0).subtracting($1).count }.reduce(0, +)
        XCTAssertLessThanOrEqual(moved, 2, "\(before) → \(after)")

        // More shards than cases: the extra shards run nothing and pass.
        let empty = try shards(12).filter(\.isEmpty).count
        XCTAssertEqual(empty, 1)
        for bad in ["0/3", "4/3", "1/0", "x/3", "1"] {
            let r = try test(["fx", "--shard", bad])
            XCTAssertEqual(r.status, 64, bad)
            XCTAssertTrue(r.stderr.contains("--shard '\(bad)' is not I/N"), r.stderr)
        }
    }

    func testMergeReportsJoinsTheShardsJUnitAndHTML() throws {
        for name in ["a", "b", "c", "d"] { try write(box(), "fx/\(name).spec") }
        XCTAssertEqual(try test(["fx", "--update", "all"]).status, 0)
        try write(box("#ff0000"), "fx/c.spec")
        try write("canvas width=40 height=20 background=#ffffff\nlabel \"a\u{10FFFD}\"\n", "fx/d.spec")
        XCTAssertEqual(try test(["fx/d.spec", "--update", "all"]).status, 0)
        var statuses: [Int32] = []
        for i in 1...2 {
            let r = try test(["fx", "--shard", "\(i)/2", "--junit", "run/shard-\(i)/junit.xml",
                              "--artifacts", "run/shard-\(i)/artifacts"])
            statuses.append(r.status)
        }
        XCTAssertEqual(statuses.sorted(), [0, 1])
        // As a CI job downloads them: each shard's files in a folder of its own, elsewhere.
        try FileManager.default.moveItem(at: dir.appendingPathComponent("run"), to: dir.appendingPathComponent("downloaded"))
        let merge = try CLIRunner.run(["merge-reports", "downloaded", "--junit", "merged/junit.xml", "--html", "merged/report.html"], in: dir)
        XCTAssertEqual(merge.status, 1, merge.stderr)
        XCTAssertEqual(merge.stdoutText, "merged 2 reports: 3 passed, 1 failed\n")
        let xml = try read("merged/junit.xml")
        XCTAssertTrue(xml.contains(#"<testsuite name="layout-render" tests="4" failures="1" time=""#), xml)
        for name in ["a", "b", "c", "d"] { XCTAssertTrue(xml.contains(#"name="\#(name)" file="fx/\#(name).spec""#), xml) }
        let shardOfC = (1...2).first { (try? read("downloaded/shard-\($0)/junit.xml").contains(#"name="c""#)) ?? false }!
        XCTAssertTrue(xml.contains("[[ATTACHMENT|downloaded/shard-\(shardOfC)/artifacts/c.diff.png]]"), xml)
        XCTAssertTrue(xml.contains("<system-err>fx/d.spec:2:1: warning: the font and its fallback fonts do not cover"), xml)
        let html = try read("merged/report.html")
        XCTAssertTrue(html.contains("<h1>layout-render test: 3 passed, 1 failed</h1>"), html)
        XCTAssertTrue(html.contains("<summary>FAIL c (fx/c.spec)</summary>"), html)
        XCTAssertEqual(html.components(separatedBy: "data:image/png;base64,").count - 1, 5, "expected, actual, diff and the wipe's two")
        XCTAssertTrue(html.contains(#"<li class="warning"><pre>fx/d.spec:2:1: warning:"#), html)

        // A report merged alone comes back as it was written (but the suite's total time,
        // summed again from the cases' rounded times).
        let single = try CLIRunner.run(["merge-reports", "downloaded/shard-\(shardOfC)/junit.xml", "--junit", "one.xml"], in: dir)
        XCTAssertEqual(single.status, 1)
        func withoutSuiteTime(_ xml: String) -> String {
            xml.replacing(#/(<testsuite [^>]*) time="[0-9.]+">/#) { "\($0.output.1)>" }
        }
        let original = try read("downloaded/shard-\(shardOfC)/junit.xml")
            .replacingOccurrences(of: "[[ATTACHMENT|run/", with: "[[ATTACHMENT|downloaded/")
        XCTAssertTrue(original.contains("<testcase "), original)
        XCTAssertEqual(withoutSuiteTime(try read("one.xml")), withoutSuiteTime(original))
        XCTAssertNotEqual(withoutSuiteTime(original), original)

        // A report given twice (or shards of different N) counts its cases twice, and says so.
        let twice = try CLIRunner.run(["merge-reports", "downloaded/shard-1/junit.xml", "downloaded/shard-1/junit.xml",
                                       "--junit", "twice.xml"], in: dir)
        XCTAssertTrue(twice.stderr.hasPrefix("warning: "), twice.stderr)
        XCTAssertTrue(twice.stderr.contains("is in downloaded/shard-1/junit.xml and in downloaded/shard-1/junit.xml; were the shards given the same paths, --grep and N?\n"), twice.stderr)

        let noInput = try CLIRunner.run(["merge-reports", "nowhere", "--junit", "x.xml"], in: dir)
        XCTAssertEqual(noInput.status, 2)
        XCTAssertEqual(noInput.stderr, "nowhere: error: no such file or folder\n")
        try write("<html/>", "bad.xml")
        let bad = try CLIRunner.run(["merge-reports", "bad.xml", "--junit", "x.xml"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "bad.xml: error: not a JUnit report of layout-render test (no <testsuite>)\n")
        XCTAssertEqual(try CLIRunner.run(["merge-reports", "downloaded"], in: dir).status, 64)
    }

    func testAMissingGoldenIsRecordedOutsideCIAndFailsTheRun() throws {
        try write(box(), "fx/new.spec")
        let underCI = try test(["fx"], ci: "true")
        XCTAssertEqual(underCI.status, 1)
        XCTAssertEqual(underCI.stdoutText, "FAIL fx/new.spec\n     no golden image fx/new.png (record it with --update missing)\n0 passed, 1 failed\n")
        XCTAssertFalse(exists("fx/new.png"))
        XCTAssertEqual(try test(["fx", "--update", "none"]).status, 1)
        XCTAssertFalse(exists("fx/new.png"))
        let zero = try CLIRunner.run(["test", "fx"], in: dir, withoutCI: true, environment: ["LAYOUT_RENDER_UPDATE": "0"])
        XCTAssertEqual(zero.status, 1)
        XCTAssertFalse(exists("fx/new.png"))

        for ci in [nil, "false", "0", ""] as [String?] {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent("fx/new.png"))
            let first = try test(["fx"], ci: ci)
            XCTAssertEqual(first.status, 1, "CI=\(ci ?? "unset")")
            XCTAssertEqual(first.stdoutText, """
                REC  fx/new.spec
                     recorded a new golden image; the run fails so that this is not taken for a pass: look at fx/new.png, then run again
                recorded 1 golden image
                0 passed, 0 failed, 1 recorded unasked: look at it and run again (under CI a missing golden fails)

                """)
            XCTAssertTrue(exists("fx/new.png") && exists("fx/new.frames.json"))
        }
        let second = try test(["fx", "--junit", "j.xml"])
        XCTAssertEqual(second.status, 0)
        XCTAssertEqual(second.stdoutText, "ok   fx/new.spec\n1 passed, 0 failed\n")

        // In the reports the case is a failure, marked recorded.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("fx/new.png"))
        XCTAssertEqual(try test(["fx", "--junit", "j.xml", "--html", "r.html"]).status, 1)
        let xml = try read("j.xml")
        XCTAssertTrue(xml.contains(#"failures="1""#), xml)
        XCTAssertTrue(xml.contains(#"<property name="status" value="recorded"/>"#), xml)
        XCTAssertTrue(xml.contains(#"<failure message="recorded a new golden image; the run fails"#), xml)
        let html = try read("r.html")
        XCTAssertTrue(html.contains("<summary>RECORDED new (fx/new.spec)</summary>"), html)
        XCTAssertTrue(html.contains("<figcaption>recorded fx/new.png</figcaption>"), html)
        XCTAssertEqual(html.components(separatedBy: "data:image/png;base64,").count - 1, 1, "the recorded golden, to look at")
    }

    func testMasksPaintANodeInBothImagesAndNoMore() throws {
        let spec = """
            canvas width=30 height=10 background=#ffffff
            hbox
              box id=clock size=10x10 background=#ff0000 mask
              box id=after size=10x10 background=#000000

            """
        try write(spec, "fx/m.spec")
        XCTAssertEqual(try test(["fx", "--update", "all"]).status, 0)
        // What the mask covers may change; what is beside it may not.
        try write(spec.replacingOccurrences(of: "#ff0000", with: "#00ff00"), "fx/m.spec")
        XCTAssertEqual(try test(["fx"]).status, 0)
        try write(spec.replacingOccurrences(of: "#000000", with: "#0000ff"), "fx/m.spec")
        let beside = try test(["fx"])
        XCTAssertEqual(beside.status, 1)
        XCTAssertTrue(beside.stdoutText.contains("     100 px differ in the 10x10 px region at (10, 0)\n"), beside.stdoutText)
        // A masked node may not change size: a mask is for content that keeps it.
        try write(spec.replacingOccurrences(of: "size=10x10 background=#ff0000", with: "size=12x10 background=#ff0000"), "fx/m.spec")
        let resized = try test(["fx"])
        XCTAssertEqual(resized.status, 1)
        XCTAssertTrue(resized.stdoutText.contains("     `clock` grew 2 pt wider\n"), resized.stdoutText)

        // --mask ID does the same for a node without the attribute, in every case.
        let plain = spec.replacingOccurrences(of: " mask\n", with: "\n")
        try write(plain, "fx/m.spec")
        XCTAssertEqual(try test(["fx", "--update", "all"]).status, 0)
        try write(plain.replacingOccurrences(of: "#ff0000", with: "#00ff00"), "fx/m.spec")
        XCTAssertEqual(try test(["fx"]).status, 1)
        XCTAssertEqual(try test(["fx", "--mask", "clock"]).status, 0)
        XCTAssertEqual(try test(["fx", "--mask", "after"]).status, 1)
        let both = try test(["fx", "--mask", "after", "--mask", "clock"])
        XCTAssertEqual(both.status, 0)
        XCTAssertEqual(both.stderr, "")
        let typo = try test(["fx", "--mask", "clokc", "--mask", "clock"])
        XCTAssertEqual(typo.status, 0)
        XCTAssertEqual(typo.stderr, "warning: --mask 'clokc' matched no node in any case\n")

        // The JSON form takes the attribute too (as `convert` writes it).
        try write(spec, "src/j.spec")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("js"), withIntermediateDirectories: true)
        XCTAssertEqual(try CLIRunner.run(["convert", "src/j.spec", "--to", "json", "-o", "js/j.json"], in: dir).status, 0)
        let json = try read("js/j.json")
        XCTAssertTrue(json.contains(#""mask": true"#), json)
        XCTAssertEqual(try test(["js", "--update", "all"]).status, 0)
        try write(json.replacingOccurrences(of: "#ff0000", with: "#00ff00"), "js/j.json")
        XCTAssertEqual(try test(["js"]).status, 0)
        try write(json.replacingOccurrences(of: #""mask": true"#, with: #""mask": false"#)
            .replacingOccurrences(of: "#ff0000", with: "#00ff00"), "js/j.json")
        XCTAssertEqual(try test(["js"]).status, 1)
    }

    func testAnIgnoredNodeThatChangesSizeIsNamedWithAFixedSize() throws {
        let spec = """
            canvas width=40 height=10 background=#ffffff
            hbox
              box id=clock size=10x10 background=#ff0000 diff-ignore
              box id=after size=10x10 background=#000000

            """
        try write(spec, "fx/c.spec")
        XCTAssertEqual(try test(["fx", "--update", "all"]).status, 0)
        try write(spec.replacingOccurrences(of: "size=10x10 background=#ff0000", with: "size=14x10 background=#ff0000"), "fx/c.spec")
        let only = try test(["fx"])
        XCTAssertEqual(only.status, 1)
        XCTAssertEqual(only.stdoutText, """
            FAIL fx/c.spec
                 `clock` has diff-ignore but changed size (from 10x10 to 14x10 pt); the changes below follow only from that, as the nodes around it reflowed: give it a fixed size (size=10x10) so that its content can change without moving the others
                 `after` moved 4 pt right
                 40 px differ in the 4x10 px region at (20, 0)
            0 passed, 1 failed

            """)
        // With a change of its own elsewhere, the hint does not claim to explain everything.
        try write(spec.replacingOccurrences(of: "size=10x10 background=#ff0000", with: "size=14x10 background=#ff0000")
            .replacingOccurrences(of: "size=10x10 background=#000000", with: "size=10x8 background=#000000"), "fx/c.spec")
        let also = try test(["fx"])
        XCTAssertTrue(also.stdoutText.contains("     `clock` has diff-ignore but changed size (from 10x10 to 14x10 pt), which moves the nodes around it: give it a fixed size (size=10x10)"), also.stdoutText)
        XCTAssertTrue(also.stdoutText.contains("     `after` moved 4 pt right, shrank 2 pt shorter\n"), also.stdoutText)

        // A label's frame is width and height (its `size` is the font size).
        let label = "canvas width=200 height=20 background=#ffffff\nhbox\n  label \"12:00\" id=clock diff-ignore\n  box id=after size=10x10 background=#000000\n"
        try write(label, "fx/c.spec")
        XCTAssertEqual(try test(["fx", "--update", "all"]).status, 0)
        try write(label.replacingOccurrences(of: "12:00", with: "12:00:59 UTC"), "fx/c.spec")
        let reflowed = try test(["fx"])
        XCTAssertEqual(reflowed.status, 1)
        XCTAssertTrue(reflowed.stdoutText.contains("; the changes below follow only from that, as the nodes around it reflowed: give it a fixed size (width="), reflowed.stdoutText)
        XCTAssertTrue(reflowed.stdoutText.contains(" height=") && !reflowed.stdoutText.contains("(size="), reflowed.stdoutText)
    }

    func testWarningsAreReportedPerCaseAndStrictFailsOnThem() throws {
        let tofu = "canvas width=40 height=20 background=#ffffff\nlabel \"a\u{10FFFD}\"\n"
        try write(tofu, "fx/t.spec")
        try write(box(), "fx/u.spec")
        let warning = """
                 fx/t.spec:2:1: warning: the font and its fallback fonts do not cover '\u{10FFFD}' U+10FFFD; it is drawn as the font's replacement glyph
                     label "a\u{10FFFD}"
                     ^
            """
        // Recorded loudly: the placeholder is named on the case's own line.
        let record = try test(["fx", "--update", "all"])
        XCTAssertEqual(record.status, 0)
        XCTAssertTrue(record.stdoutText.hasPrefix("""
            REC  fx/t.spec
                 recorded a new golden image with placeholder glyphs in it (characters no font covers; see the warnings)
            \(warning)
            REC  fx/u.spec
            """), record.stdoutText)

        let run = try test(["fx", "--junit", "j.xml", "--html", "r.html"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdoutText, "ok   fx/t.spec\n\(warning)\nok   fx/u.spec\n"
                       + "1 case warned (listed under it; --strict fails on warnings)\n2 passed, 0 failed\n")
        XCTAssertTrue(try read("j.xml").contains("<system-err>fx/t.spec:2:1: warning: the font and its fallback fonts"))
        XCTAssertTrue(try read("r.html").contains(#"<li class="warning"><pre>fx/t.spec:2:1: warning: the font"#))

        let strict = try test(["fx", "--strict"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stdoutText.hasPrefix("FAIL fx/t.spec\n     --strict: the render gave 1 warning; nothing was compared or recorded\n"), strict.stdoutText)
        XCTAssertTrue(strict.stdoutText.hasSuffix("ok   fx/u.spec\n1 passed, 1 failed\n"), strict.stdoutText)
        // Under --strict a warning render is never recorded.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("fx/t.png"))
        XCTAssertEqual(try test(["fx", "--strict", "--update", "all"]).status, 1)
        XCTAssertFalse(exists("fx/t.png"))
    }

    func testTwoSpecsThatWouldShareAGoldenAreRefused() throws {
        try write(box(), "fx/a.spec")
        let json = try CLIRunner.run(["convert", "fx/a.spec", "--to", "json", "-o", "fx/a.json"], in: dir)
        XCTAssertEqual(json.status, 0, json.stderr)
        let r = try test(["fx", "--update", "all"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdoutText, """
            REC  fx/a.json
                 recorded a new golden image
            FAIL fx/a.spec
                 its golden fx/a.png is the golden of fx/a.json too; rename one of the two specs
            recorded 1 golden image
            1 passed, 1 failed

            """)
        // So does one --goldens folder for two folders' specs of one name.
        try write(box(), "other/b.spec")
        try write(box(), "more/b.spec")
        let shared = try test(["other", "more", "--goldens", "g", "--update", "all"])
        XCTAssertEqual(shared.status, 1)
        XCTAssertTrue(shared.stdoutText.contains("FAIL more/b.spec\n     its golden g/b.png is the golden of other/b.spec too"), shared.stdoutText)
    }
}
