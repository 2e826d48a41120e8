import ArgumentParser
import Foundation
import LayoutRenderGolden
import LayoutRenderKit

/// `layout-render merge-reports`: the JUnit reports of a sharded `test` run joined into one
/// JUnit report and one HTML report, written by the same code as `test`'s own.
struct MergeReportsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Join the JUnit reports of sharded test runs into one JUnit and one HTML report.",
        usage: "layout-render merge-reports <report-or-folder>... [--junit <file>] [--html <file>]",
        discussion: """
            Each argument is a JUnit report written by layout-render test --junit, or a folder \
            searched (with its subfolders) for *.xml files. The cases are joined in the order \
            the reports are given (a folder's files sorted by path). An artifact a report \
            names by a relative path is looked for as written, then beside the report, so \
            each shard's --junit file and --artifacts folder can be downloaded into a folder \
            of its own (shard-1/junit.xml, shard-1/artifacts/…). Prints the merged \
            'N passed, N failed'. Exit code 0 when every case passed, 1 when one failed (or \
            was recorded unasked), 2 when a report cannot be read or written, 64 for bad usage.
            """
    )

    @Argument(help: "JUnit reports of `test --junit`, or folders holding them.")
    var inputs: [String] = []

    @Option(help: "Write the merged JUnit XML report to this file.")
    var junit: String?

    @Option(help: "Write the merged self-contained HTML report to this file.")
    var html: String?

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("Give the shards' JUnit reports, or folders holding them.") }
        if junit == nil && html == nil { throw ValidationError("Give --junit FILE, --html FILE or both.") }
    }

    func run() throws {
        var reports: [String] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                printError("\(input): error: no such file or folder")
                throw ExitCode(2)
            }
            if isDirectory.boolValue {
                let found = Self.xmlFiles(under: input)
                if found.isEmpty {
                    printError("\(input): error: no JUnit report (*.xml) in the folder")
                    throw ExitCode(2)
                }
                reports += found
            } else {
                reports.append(input)
            }
        }
        // An output inside an input folder (a second merge over the same folders) is not an input.
        let outputs = Set([junit, html].compactMap { $0.map(Self.standardized) })
        reports = reports.filter { !outputs.contains(Self.standardized($0)) }
        var outcomes: [FixtureRunner.Outcome] = []
        // A case in two reports: shards given different N, or a report given twice.
        var reportOfCase: [String: String] = [:]
        for report in reports {
            let bytes: [UInt8]
            do { bytes = try RegularFile.read(path: report, maxBytes: 256 << 20) } catch {
                printError("\(report): error: cannot read the report: \(error)")
                throw ExitCode(2)
            }
            let read: [FixtureRunner.Outcome]
            do {
                read = try JUnitReport.read(String(decoding: bytes, as: UTF8.self), reportPath: report)
            } catch {
                printError("\(report): error: not a JUnit report of layout-render test (no <testsuite>)")
                throw ExitCode(2)
            }
            for outcome in read {
                let key = outcome.testCase.specPath + "\u{0}" + outcome.testCase.name
                if let first = reportOfCase[key] {
                    printError("warning: \(outcome.testCase.name) (\(outcome.testCase.specPath)) is in \(first) and in \(report); "
                               + "were the shards given the same paths, --grep and N?")
                } else {
                    reportOfCase[key] = report
                }
            }
            outcomes += read
        }
        try FixtureReportFiles.write(junit: junit, html: html, outcomes: outcomes)
        let failed = outcomes.filter(\.failsRun).count
        printOutput("merged \(reports.count) report\(reports.count == 1 ? "" : "s"): \(outcomes.count - failed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode(1) }
    }

    /// The `.xml` files in `folder` and its subfolders, sorted by path.
    static func xmlFiles(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".xml") { found.append(folder + "/" + relative) }
        }
        return found.sorted()
    }

    static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
