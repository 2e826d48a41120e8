import ArgumentParser
import Foundation
import LayoutRenderGolden
import LayoutRenderKit

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Render specs and compare them with their golden PNGs and frame dumps.",
        discussion: """
            Each spec in the folders (NAME.spec, or NAME.json that is a spec) is rendered and \
            compared with NAME.png (and NAME.frames.json where present), in the same folder or \
            in --goldens DIR. A sidecar NAME.fixture.json gives a templated spec its vars, data, \
            sizes and scale; with sizes, the goldens are NAME-WxH.png. Prints one line per case \
            and a closing 'N passed, N failed'. Exit code 0 when all pass, 1 when any fails or a \
            folder has no specs, 2 for an error, 64 for bad usage (and --update refused under CI).
            """
    )

    @Argument(help: "Folders of specs with golden files (default: fixtures).")
    var directories: [String] = []

    @Option(help: "The folder of the golden files (default: each spec's own folder).")
    var goldens: String?

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

    @Option(help: "Record golden files: none, missing, changed or all (default: LAYOUT_RENDER_UPDATE, else none; refused when CI is true).")
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
    }

    func run() throws {
        var options = FixtureRunner.Options()
        options.threshold = threshold
        options.includeAA = includeAA
        // With only a ratio, the ratio alone limits; with both, both must hold (as in `diff`).
        options.maxDiffPixels = maxDiffPixels ?? (maxDiffRatio == nil ? 0 : Int.max)
        options.maxDiffRatio = maxDiffRatio
        options.ignore = ignore.map(\.rect)
        do {
            options.update = try GoldenUpdatePolicy.mode(requested: update)
        } catch {
            printError(error.diagnostic.headline)
            throw ExitCode(64)
        }
        options.artifactsDirectory = artifacts
        let runner = FixtureRunner(options: options)
        var suites: [(directory: String, cases: [FixtureRunner.Case])] = []
        for directory in directories.isEmpty ? ["fixtures"] : directories {
            do {
                suites.append((directory, try FixtureRunner.discover(in: directory, goldenDirectory: goldens)))
            } catch {
                printError("\(directory): error: cannot list the folder: \(error.localizedDescription)")
                throw ExitCode(2)
            }
        }
        let empty = suites.filter { $0.cases.isEmpty }
        for suite in empty {
            printError("\(suite.directory): error: no test cases: the folder has no NAME.spec (or NAME.json spec)")
        }
        if !empty.isEmpty { throw ExitCode(1) }
        var outcomes: [FixtureRunner.Outcome] = []
        for testCase in suites.flatMap(\.cases) {
            let outcome = runner.run(testCase)
            outcomes.append(outcome)
            let mark = outcome.status == .failed ? "FAIL" : outcome.status == .recorded ? "REC " : "ok  "
            let sized = testCase.size.map { " at \($0.label)" } ?? ""
            printOutput("\(mark) \(testCase.specPath)\(sized)")
            for detail in outcome.details where outcome.status != .passed { printOutput("     \(detail)") }
            for artifact in outcome.artifacts { printOutput("     wrote \(artifact)") }
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
