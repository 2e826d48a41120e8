import Foundation
import LayoutRenderGolden
import LayoutRenderKit
import XCTest

/// Image snapshot tests for Swift on Linux: renders a spec and compares it with a golden
/// PNG (and its frame dump) through LayoutRender's diff tester, in XCTest.
///
/// ```swift
/// func testCard() throws {
///     try assertRender("fixtures/card.spec")  // Tests/…/__Snapshots__/CardTests/testCard.png
///     try assertRender("fixtures/card.spec", matches: "fixtures/card.png")
/// }
/// ```
///
/// - Parameters:
///   - spec: a path to a `.spec`/`.json` file, or the text of a spec. A spec file with a
///     sidecar `NAME.fixture.json` (vars, data, sizes, scale) is rendered with it; with
///     sizes, each size is compared with `GOLDEN-WxH.png`. An inline spec's errors are
///     reported at the assertion's file and line (`inline spec:3:7: error: …`), and it
///     reads images and fonts from the test file's folder.
///   - golden: the golden PNG; its frame dump is `NAME.frames.json` beside it. Relative
///     paths are relative to the current folder (the package root under `swift test`).
///     Without it: `__Snapshots__/TestFile/testName.png` beside the test file
///     (`testName.NAME.png` with `named:`; a test's second unnamed assertion is `testName.2.png`).
///   - threshold, includeAA, maxDiffPixels: as `layout-render test`; nodes' own
///     `diff-threshold`/`diff-ignore` apply inside their old and new frames, and `mask` paints them in both images.
///   - update: which golden files may be (re)written; by default the
///     `LAYOUT_RENDER_UPDATE` environment variable decides (`none`, `missing`, `changed`,
///     `all`, `1` for changed; any other value fails), and recording is refused when `CI`
///     is true (`1`, `true`, `yes`). An assertion that records fails, saying what it wrote.
///   - artifacts: where expected, actual and diff images go when the comparison fails
///     (default: `LAYOUT_RENDER_ARTIFACTS`, else a temporary folder).
/// A failed comparison is an XCTest failure at the assertion's file and line that says which
/// nodes moved and how many pixels differ. (It is marked `throws` for the callers written
/// when it wrote inline specs to a file; it no longer throws.)
public func assertRender(_ spec: String, matches golden: String? = nil, named name: String? = nil,
                         threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int = 0,
                         update: UpdateMode? = nil, artifacts: String? = nil,
                         file: StaticString = #filePath, testName: String = #function, line: UInt = #line) throws {
    let failures = verifyRender(spec, matches: golden, named: name, threshold: threshold, includeAA: includeAA,
                                maxDiffPixels: maxDiffPixels, update: update, artifacts: artifacts,
                                file: "\(file)", testName: testName)
    for failure in failures { XCTFail(failure, file: file, line: line) }
}

/// What `assertRender` checks, without failing a test: the failure messages, empty when
/// the render matches its golden images.
public func verifyRender(_ spec: String, matches golden: String? = nil, named name: String? = nil,
                         threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int = 0,
                         update: UpdateMode? = nil, artifacts: String? = nil,
                         environment: [String: String] = ProcessInfo.processInfo.environment,
                         file: String = #filePath, testName: String = #function) -> [String] {
    var options = FixtureRunner.Options()
    options.threshold = threshold
    options.includeAA = includeAA
    options.maxDiffPixels = maxDiffPixels
    do {
        options.update = try GoldenUpdatePolicy.mode(requested: update.map(\.runnerMode),
                                                     environment: environment)
    } catch {
        return [error.diagnostic.headline]
    }
    options.artifactsDirectory = artifacts ?? environment["LAYOUT_RENDER_ARTIFACTS"]
        ?? NSTemporaryDirectory() + "layout-render-artifacts"

    let goldenPath = golden.map { ($0 as NSString).expandingTildeInPath }
        ?? SnapshotNames.goldenPath(file: file, testName: testName, name: name)
    let base = (goldenPath as NSString).deletingPathExtension
    let isFile = (spec.hasSuffix(".spec") || spec.hasSuffix(".json")) && !spec.contains("\n")
    let cases = isFile
        ? FixtureRunner.Case.cases(specPath: spec, goldenPNGPath: goldenPath)
        : [FixtureRunner.Case(name: (base as NSString).lastPathComponent, specPath: "inline spec",
                              goldenPNGPath: goldenPath, goldenFramesPath: base + ".frames.json",
                              source: spec, assetRoot: (file as NSString).deletingLastPathComponent)]
    let runner = FixtureRunner(options: options)
    return cases.compactMap { testCase in
        let outcome = runner.run(testCase)
        switch outcome.status {
        case .passed:
            return nil
        case .recorded:
            return "\(testCase.goldenPNGPath): \(outcome.details.joined(separator: "; ")); check it, then run the test again"
        case .failed:
            var message = "\(testCase.goldenPNGPath): " + outcome.details.joined(separator: "; ")
            if !outcome.artifacts.isEmpty { message += " (artifacts: " + outcome.artifacts.joined(separator: ", ") + ")" }
            return message
        }
    }
}
