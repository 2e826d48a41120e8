import ArgumentParser
import Foundation
import LayoutRenderGolden
import LayoutRenderKit

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Render specs and compare them with their golden PNGs and frame dumps.",
        discussion: """
            Each spec named, and each spec in the folders named (NAME.spec, or NAME.json that is \
            a spec), is rendered and compared with NAME.png (and NAME.frames.json where present), \
            in the same folder or in --goldens DIR. A sidecar NAME.fixture.json gives a templated \
            spec its vars, data, sizes and scale; with sizes, the goldens are NAME-WxH.png. Prints \
            one line per case, its render warnings, and a closing 'N passed, N failed'.

            A missing golden is recorded when neither --update nor LAYOUT_RENDER_UPDATE says \
            otherwise and CI is not true: the case is reported as recorded (REC) and the run \
            fails, so that the new image is looked at before it is trusted. Under CI it fails.

            --shard I/N runs the I-th of N balanced shares of the cases, the same on every \
            machine (see merge-reports to join the shards' reports).

            Exit code 0 when all pass, 1 when any fails, a golden was recorded unasked, or a \
            folder has no specs, 2 for an error, 64 for bad usage (and --update refused under CI).
            """
    )

    @Argument(help: "Specs, and folders of specs, with golden files (default: fixtures).")
    var paths: [String] = []

    @Option(help: "The folder of the golden files (default: each spec's own folder).")
    var goldens: String?

    @Option(help: ArgumentHelp("Run only the cases whose name (card-320x568) or spec path a regular expression matches.",
                               valueName: "regex"))
    var grep: String?

    @Option(help: ArgumentHelp("Run the I-th of N stable, balanced shares of the cases (1/3, 2/3, 3/3 on three machines).",
                               valueName: "I/N"))
    var shard: String?

    @Option(help: "Perceptual colour threshold, 0 to 1.")
    var threshold: Double = 0.1

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences.")
    var includeAA = false

    @Option(name: .customLong("max-diff-pixels"), help: "Differing pixels tolerated per case (default 0).")
    var maxDiffPixels: Int?

    @Option(name: .customLong("max-diff-ratio"), help: "Largest fraction (0…1) of differing pixels tolerated per case.")
    var maxDiffRatio: Double?

    @Option(name: .customLong("ignore"), help: "A rectangle X,Y,W,H of device pixels not compared, in every case (repeatable).")
    var ignore: [IgnoreRect] = []

    @Option(name: .customLong("mask"), help: ArgumentHelp(
        "Paint the frame of the node with this id one colour in both images before comparing, in every case (repeatable).",
        valueName: "id"))
    var masks: [String] = []

    @Flag(help: "Fail a case whose render warns (a character drawn as a placeholder glyph, content cut off); record nothing for it.")
    var strict = false

    @Option(help: "Record golden files: none, missing, changed or all (default: LAYOUT_RENDER_UPDATE, else missing ones outside CI, failing the run; refused when CI is true).")
    var update: FixtureRunner.UpdateMode?

    @Option(help: "Write expected, actual and diff images of failing cases to this folder.")
    var artifacts: String?

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    @Option(help: "Write a self-contained HTML report to this file.")
    var html: String?

    func validate() throws {
        guard (0...1).contains(threshold) else { throw ValidationError("--threshold must be between 0 and 1.") }
        if let maxDiffPixels, maxDiffPixels < 0 { throw ValidationError("--max-diff-pixels must be 0 or more.") }
        if let maxDiffRatio, !(0...1).contains(maxDiffRatio) { throw ValidationError("--max-diff-ratio must be between 0 and 1.") }
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard '\(shard)' is not I/N with 1 ≤ I ≤ N ≤ \(Shard.maxCount) (e.g. 2/4).")
        }
        if let grep {
            do { _ = try CaseFilter(grep) } catch { throw ValidationError("--grep '\(grep)' is not a regular expression: \(error)") }
        }
        for id in masks where id.isEmpty { throw ValidationError("--mask needs a node id.") }
    }

    func run() throws {
        var options = FixtureRunner.Options()
        options.threshold = threshold
        options.includeAA = includeAA
        options.maxDiffPixels = maxDiffPixels
        options.maxDiffRatio = maxDiffRatio
        options.ignore = ignore.map(\.rect)
        options.maskIDs = Set(masks)
        options.strict = strict
        do {
            options.update = try GoldenUpdatePolicy.mode(requested: update)
        } catch {
            printError(error.diagnostic.headline)
            throw ExitCode(64)
        }
        options.recordsMissingUnasked = GoldenUpdatePolicy.recordsMissingUnasked(requested: update)
        options.artifactsDirectory = artifacts
        let runner = FixtureRunner(options: options)
        var cases = try discoverCases()
        if let grep, let filter = try? CaseFilter(grep) {
            cases = filter.select(cases)
            if cases.isEmpty {
                printError("error: no test cases match --grep '\(grep)'")
                throw ExitCode(1)
            }
        }
        let all = cases.count
        if let shard, let share = Shard(shard) {
            cases = share.select(cases)
            printOutput("shard \(share): \(cases.count) of \(all) case\(all == 1 ? "" : "s")")
        }
        var outcomes: [FixtureRunner.Outcome] = []
        for testCase in cases {
            let outcome = runner.run(testCase)
            outcomes.append(outcome)
            let mark = outcome.status == .failed ? "FAIL" : outcome.status == .recorded ? "REC " : "ok  "
            let sized = testCase.size.map { " at \($0.label)" } ?? ""
            printOutput("\(mark) \(testCase.specPath)\(sized)")
            for detail in outcome.details where outcome.status != .passed { printOutput("     \(detail)") }
            for warning in outcome.warnings {
                printOutput(warning.split(separator: "\n", omittingEmptySubsequences: false).map { "     " + $0 }.joined(separator: "\n"))
            }
            for artifact in outcome.artifacts { printOutput("     wrote \(artifact)") }
        }
        try writeReports(outcomes)
        let matched = outcomes.reduce(into: Set<String>()) { $0.formUnion($1.maskedIDs) }
        for id in masks where !matched.contains(id) && !cases.isEmpty {
            printError("warning: --mask '\(id)' matched no node in any case")
        }
        let failed = outcomes.filter { $0.status == .failed }.count
        let recorded = outcomes.filter { $0.status == .recorded }.count
        let unasked = outcomes.filter(\.recordedUnasked).count
        if recorded > 0 { print("recorded \(recorded) golden image\(recorded == 1 ? "" : "s")") }
        // Counted at the end too, so that a warning high up a long run is not lost.
        let warned = outcomes.filter { !$0.warnings.isEmpty }.count
        if warned > 0 && !strict {
            print("\(warned) case\(warned == 1 ? "" : "s") warned (listed under \(warned == 1 ? "it" : "them"); --strict fails on warnings)")
        }
        if unasked > 0 {
            print("\(outcomes.count - failed - unasked) passed, \(failed) failed, \(unasked) recorded unasked: "
                  + "look at \(unasked == 1 ? "it" : "them") and run again (under CI a missing golden fails)")
        } else {
            print("\(outcomes.count - failed) passed, \(failed) failed")
        }
        if failed > 0 || unasked > 0 { throw ExitCode(1) }
    }

    /// The cases of the paths given; a path that cannot be read ends the run (2), as does
    /// a file that is not a spec (64) or a folder without specs (1).
    private func discoverCases() throws -> [FixtureRunner.Case] {
        let found: (cases: [FixtureRunner.Case], emptyFolders: [String])
        do throws(GoldenError) {
            found = try FixtureRunner.discover(paths: paths.isEmpty ? ["fixtures"] : paths, goldenDirectory: goldens)
        } catch {
            switch error {
            case .missing(let path):
                printError("\(path): error: no such file or folder")
                throw ExitCode(2)
            case .unlistable(let path, let reason):
                printError("\(path): error: cannot list the folder: \(reason)")
                throw ExitCode(2)
            case .notASpec(let path):
                printError("\(path): error: not a spec: a test case is NAME.spec, or NAME.json that is a spec")
                throw ExitCode(64)
            case .notAReport:
                throw ExitCode(2)  // not thrown by discovery
            }
        }
        for folder in found.emptyFolders {
            printError("\(folder): error: no test cases: the folder has no NAME.spec (or NAME.json spec)")
        }
        if !found.emptyFolders.isEmpty { throw ExitCode(1) }
        return found.cases
    }

    private func writeReports(_ outcomes: [FixtureRunner.Outcome]) throws {
        try FixtureReportFiles.write(junit: junit, html: html, outcomes: outcomes)
    }
}

/// Writes the JUnit and HTML reports of `test` and `merge-reports`, creating their folders.
enum FixtureReportFiles {
    static func write(junit: String?, html: String?, outcomes: [FixtureRunner.Outcome]) throws {
        for (path, text) in [(junit, { FixtureReports.junit(outcomes) }), (html, { FixtureReports.html(outcomes) })] {
            guard let path else { continue }
            do {
                let folder = (path as NSString).deletingLastPathComponent
                if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            } catch {
                printError("\(path): error: cannot write the report: \(error.localizedDescription)")
                throw ExitCode(2)
            }
            do { try OutputFile.write(Array(text().utf8), to: path) } catch {
                printError(error.diagnostic.description)
                throw ExitCode(2)
            }
        }
    }
}

extension FixtureRunner.UpdateMode: ExpressibleByArgument {}
