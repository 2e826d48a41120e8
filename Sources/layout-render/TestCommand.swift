import ArgumentParser
import Foundation
import LayoutRenderKit

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Render specs and compare them with their golden PNGs and frame dumps.",
        discussion: """
            Each NAME.spec in the folders is rendered and compared with NAME.png (and \
            NAME.frames.json where present). Prints one line per case and a closing \
            'N passed, N failed'. Exit code 0 when all pass, 1 when any fails, 2 for an error.
            """
    )

    @Argument(help: "Folders of specs with golden files (default: fixtures).")
    var directories: [String] = []

    @Option(help: "Perceptual colour threshold, 0 to 1.")
    var threshold: Double = 0.1

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences.")
    var includeAA = false

    @Option(name: .customLong("max-diff-pixels"), help: "Differing pixels tolerated per case.")
    var maxDiffPixels = 0

    @Option(help: "Record golden files: missing, changed or all (refused when CI is set).")
    var update: FixtureRunner.UpdateMode = .none

    @Option(help: "Write expected, actual and diff images of failing cases to this folder.")
    var artifacts: String?

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    @Option(help: "Write a self-contained HTML report to this file.")
    var html: String?

    func validate() throws {
        guard (0...1).contains(threshold) else { throw ValidationError("--threshold must be between 0 and 1.") }
        if update != .none, ProcessInfo.processInfo.environment["CI"] != nil {
            throw ValidationError("--update is refused when CI is set: golden files are recorded on purpose, by a person.")
        }
    }

    func run() throws {
        var options = FixtureRunner.Options()
        options.threshold = threshold
        options.includeAA = includeAA
        options.maxDiffPixels = maxDiffPixels
        options.update = update
        options.artifactsDirectory = artifacts
        let runner = FixtureRunner(options: options)
        var outcomes: [FixtureRunner.Outcome] = []
        for directory in directories.isEmpty ? ["fixtures"] : directories {
            let cases: [FixtureRunner.Case]
            do {
                cases = try FixtureRunner.discover(in: directory)
            } catch {
                printError("\(directory): error: cannot list the folder: \(error.localizedDescription)")
                throw ExitCode(2)
            }
            for testCase in cases {
                let outcome = runner.run(testCase)
                outcomes.append(outcome)
                let mark = outcome.status == .failed ? "FAIL" : outcome.status == .recorded ? "REC " : "ok  "
                printOutput("\(mark) \(testCase.specPath)")
                for detail in outcome.details where outcome.status != .passed { printOutput("     \(detail)") }
                for artifact in outcome.artifacts { printOutput("     wrote \(artifact)") }
            }
        }
        let failed = outcomes.filter { $0.status == .failed }.count
        for (path, text) in [(junit, FixtureReports.junit(outcomes)), (html, FixtureReports.html(outcomes))] {
            guard let path else { continue }
            do {
                let folder = (path as NSString).deletingLastPathComponent
                if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            } catch {
                printError("\(path): error: cannot write the report: \(error.localizedDescription)")
                throw ExitCode(2)
            }
            do { try OutputFile.write(Array(text.utf8), to: path) } catch {
                printError(error.diagnostic.description)
                throw ExitCode(2)
            }
        }
        let recorded = outcomes.filter { $0.status == .recorded }.count
        if recorded > 0 { print("recorded \(recorded) golden image\(recorded == 1 ? "" : "s")") }
        print("\(outcomes.count - failed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode(1) }
    }
}

extension FixtureRunner.UpdateMode: ExpressibleByArgument {}
