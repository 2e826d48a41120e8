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
///   - threshold, includeAA, maxDiffPixels, maxDiffRatio: as `layout-render test`'s
///     `--threshold`, `--include-aa`, `--max-diff-pixels` and `--max-diff-ratio`; nodes'
///     own `diff-threshold`/`diff-ignore` apply inside their old and new frames, and `mask`
///     paints them in both images.
///   - ignoring: rectangles of device pixels not compared (`--ignore X,Y,W,H`).
///   - masking: ids of nodes painted over with one colour in both images (`--mask ID`), as
///     a node's own `mask` attribute does.
///   - update: which golden files may be (re)written; by default (`.automatic`) the
///     `LAYOUT_RENDER_UPDATE` environment variable decides (`none`, `missing`, `changed`,
///     `all`, `1` for changed; any other value fails), and recording is refused when `CI`
///     is true (`1`, `true`, `yes`). With neither, a missing golden is recorded when `CI`
///     is not true, as swift-snapshot-testing and Playwright do, and fails unrecorded under
///     CI. An assertion that records fails, saying what it wrote.
///   - artifacts: where expected, actual and diff images go when the comparison fails
///     (default: `LAYOUT_RENDER_ARTIFACTS`, else a temporary folder).
/// A failed comparison is an XCTest failure at the assertion's file and line that says which
/// nodes moved and how many pixels differ. (It is marked `throws` for the callers written
/// when it wrote inline specs to a file; it no longer throws.)
public func assertRender(_ spec: String, matches golden: String? = nil, named name: String? = nil,
                         threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int? = nil,
                         maxDiffRatio: Double? = nil, ignoring regions: [PixelRegion] = [], masking ids: Set<String> = [],
                         update: UpdateMode = .automatic, artifacts: String? = nil,
                         file: StaticString = #filePath, testName: String = #function, line: UInt = #line) throws {
    let failures = verifyRender(spec, matches: golden, named: name, threshold: threshold, includeAA: includeAA,
                                maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio, ignoring: regions, masking: ids,
                                update: update, artifacts: artifacts, file: "\(file)", testName: testName)
    for failure in failures { XCTFail(failure, file: file, line: line) }
}

/// `assertRender` of a typed layout: its spec text compared as an inline spec's, its
/// images and fonts read from the test file's folder.
public func assertRender(_ layout: Layout, matches golden: String? = nil, named name: String? = nil,
                         threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int? = nil,
                         maxDiffRatio: Double? = nil, ignoring regions: [PixelRegion] = [], masking ids: Set<String> = [],
                         update: UpdateMode = .automatic, artifacts: String? = nil,
                         file: StaticString = #filePath, testName: String = #function, line: UInt = #line) {
    let failures = verifyRender(layout, matches: golden, named: name, threshold: threshold, includeAA: includeAA,
                                maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio, ignoring: regions, masking: ids,
                                update: update, artifacts: artifacts, file: "\(file)", testName: testName)
    for failure in failures { XCTFail(failure, file: file, line: line) }
}

/// What `assertRender` checks of a typed layout, without failing a test.
public func verifyRender(_ layout: Layout, matches golden: String? = nil, named name: String? = nil,
                         threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int? = nil,
                         maxDiffRatio: Double? = nil, ignoring regions: [PixelRegion] = [], masking ids: Set<String> = [],
                         update: UpdateMode = .automatic, artifacts: String? = nil,
                         environment: [String: String] = ProcessInfo.processInfo.environment,
                         file: String = #filePath, testName: String = #function) -> [String] {
    let spec: String
    do { spec = try layout.specText() } catch { return ["typed layout: \(error)"] }
    return verifyRender(spec, matches: golden, named: name, threshold: threshold, includeAA: includeAA,
                        maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio, ignoring: regions, masking: ids,
                        update: update, artifacts: artifacts, environment: environment, file: file, testName: testName)
}

/// What `assertRender` checks, without failing a test: the failure messages, empty when
/// the render matches its golden images.
public func verifyRender(_ spec: String, matches golden: String? = nil, named name: String? = nil,
                         threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int? = nil,
                         maxDiffRatio: Double? = nil, ignoring regions: [PixelRegion] = [], masking ids: Set<String> = [],
                         update: UpdateMode = .automatic, artifacts: String? = nil,
                         environment: [String: String] = ProcessInfo.processInfo.environment,
                         file: String = #filePath, testName: String = #function) -> [String] {
    var options = FixtureRunner.Options()
    options.threshold = threshold
    options.includeAA = includeAA
    // With only a ratio, the ratio alone limits; with both, both must hold (as in the CLI).
    options.maxDiffPixels = maxDiffPixels ?? (maxDiffRatio == nil ? 0 : Int.max)
    options.maxDiffRatio = maxDiffRatio
    options.ignore = regions.map(\.pixelRect)
    options.maskIDs = ids
    if let problem = PixelRegion.problem(threshold: threshold, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio,
                                         regions: regions, masks: ids) {
        return [problem]
    }
    do {
        options.update = try GoldenUpdatePolicy.mode(requested: update.runnerMode,
                                                     environment: environment)
    } catch {
        return [error.diagnostic.headline]
    }
    options.recordsMissingUnasked = GoldenUpdatePolicy.recordsMissingUnasked(requested: update.runnerMode,
                                                                             environment: environment)
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
