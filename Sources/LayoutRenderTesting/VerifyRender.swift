import Foundation
import LayoutRenderGolden
import LayoutRenderKit

/// What `assertRender` checks, without failing a test: the failure messages, empty when
/// the render matches its golden images.
public func verifyRender(_ spec: String, matches golden: String? = nil, named name: String? = nil,
                         within tolerances: Tolerances = Tolerances(), update: UpdateMode = .automatic,
                         artifacts: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
                         file: String = #filePath, testName: String = #function) -> [String] {
    let goldenPath = SnapshotNames.goldenPath(golden, file: file, testName: testName, name: name)
    // A path names one line that ends in .spec or .json; anything else is the spec's text.
    let isFile = (spec.hasSuffix(".spec") || spec.hasSuffix(".json")) && !spec.contains("\n")
    let cases = isFile
        ? FixtureRunner.Case.cases(specPath: spec, goldenPNGPath: goldenPath)
        : [FixtureRunner.Case.inline(spec, named: "inline spec", goldenPNGPath: goldenPath, testFile: file)]
    return verify(cases, within: tolerances, update: update, artifacts: artifacts, environment: environment)
}

/// What `assertRender` checks of a typed layout, without failing a test: its spec text is
/// rendered as `<typed layout>`, so its errors name `<typed layout>:LINE:COLUMN`.
public func verifyRender(_ layout: Layout, matches golden: String? = nil, named name: String? = nil,
                         within tolerances: Tolerances = Tolerances(), update: UpdateMode = .automatic,
                         artifacts: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
                         file: String = #filePath, testName: String = #function) -> [String] {
    let goldenPath = SnapshotNames.goldenPath(golden, file: file, testName: testName, name: name)
    var testCase = FixtureRunner.Case.inline(nil, named: Layout.fileName, goldenPNGPath: goldenPath, testFile: file)
    do { testCase.source = try layout.specText() } catch { testCase.problem = error.diagnostic.description }
    return verify([testCase], within: tolerances, update: update, artifacts: artifacts, environment: environment)
}

/// Runs `cases` with these tolerances and update policy: a message for each case that
/// failed or recorded its golden.
func verify(_ cases: [FixtureRunner.Case], within tolerances: Tolerances, update: UpdateMode, artifacts: String?,
            environment: [String: String]) -> [String] {
    if let problem = tolerances.problem { return [problem] }
    var options = FixtureRunner.Options()
    tolerances.apply(to: &options)
    do {
        options.update = try GoldenUpdatePolicy.mode(requested: update.runnerMode, environment: environment)
    } catch {
        return [error.diagnostic.headline]
    }
    options.recordsMissingUnasked = GoldenUpdatePolicy.recordsMissingUnasked(requested: update.runnerMode,
                                                                             environment: environment)
    options.artifactsDirectory = artifacts ?? environment["LAYOUT_RENDER_ARTIFACTS"]
        ?? NSTemporaryDirectory() + "layout-render-artifacts"
    let runner = FixtureRunner(options: options)
    return cases.compactMap { testCase in
        let outcome = runner.run(testCase)
        switch outcome.status {
        case .passed:
            return nil
        case .recorded:
            // Recorded unasked, the runner's details already say to look and run again.
            let next = outcome.recordedUnasked ? "" : "; check it, then run the test again"
            return "\(testCase.goldenPNGPath): \(outcome.details.joined(separator: "; "))\(next)"
        case .failed:
            var message = "\(testCase.goldenPNGPath): " + outcome.details.joined(separator: "; ")
            if !outcome.artifacts.isEmpty { message += " (artifacts: " + outcome.artifacts.joined(separator: ", ") + ")" }
            return message
        }
    }
}

extension FixtureRunner.Case {
    /// A case whose spec is text, not a file: `source`, named `name` in its messages, its
    /// images and fonts read from the test file's folder.
    static func inline(_ source: String?, named name: String, goldenPNGPath: String, testFile: String) -> Self {
        let base = (goldenPNGPath as NSString).deletingPathExtension
        return Self(name: (base as NSString).lastPathComponent, specPath: name, goldenPNGPath: goldenPNGPath,
                    goldenFramesPath: base + ".frames.json", source: source,
                    assetRoot: (testFile as NSString).deletingLastPathComponent)
    }
}
