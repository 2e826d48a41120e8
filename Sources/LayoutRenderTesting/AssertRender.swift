import Foundation
import LayoutRenderKit
import XCTest

/// Image snapshot tests for Swift on Linux: renders a spec and compares it with a golden
/// PNG (and its frame dump) through LayoutRender's diff tester, in XCTest.
///
/// ```swift
/// func testCard() throws {
///     try assertRender("fixtures/card.spec", matches: "fixtures/card.png")
/// }
/// ```
///
/// - Parameters:
///   - spec: a path to a `.spec`/`.json` file, or the text of a spec.
///   - golden: the golden PNG; its frame dump is `NAME.frames.json` beside it. Relative
///     paths are relative to the current folder (the package root under `swift test`).
///   - threshold, includeAA, maxDiffPixels: as `layout-render test`; nodes' own
///     `diff-threshold`/`diff-ignore` apply inside their frames.
///   - update: which golden files may be (re)written; by default taken from the
///     `LAYOUT_RENDER_UPDATE` environment variable (see `GoldenUpdatePolicy`: `none`,
///     `missing`, `changed`, `all`, `1` for changed); refused when `CI` is true.
///   A spec file with a sidecar `NAME.fixture.json` (vars, data, sizes, scale) is rendered
///   with it; with sizes, each size is compared with `GOLDEN-WxH.png`.
///   - artifacts: where expected, actual and diff images go when the comparison fails
///     (default: `LAYOUT_RENDER_ARTIFACTS`, else a temporary folder).
/// - Throws: when the spec cannot be read; a failed comparison is an XCTest failure that
///   says which nodes moved and how many pixels differ.
public func assertRender(_ spec: String, matches golden: String, threshold: Double = 0.1, includeAA: Bool = false,
                         maxDiffPixels: Int = 0, update: FixtureRunner.UpdateMode? = nil, artifacts: String? = nil,
                         file: StaticString = #filePath, line: UInt = #line) throws {
    let environment = ProcessInfo.processInfo.environment
    var options = FixtureRunner.Options()
    options.threshold = threshold
    options.includeAA = includeAA
    options.maxDiffPixels = maxDiffPixels
    do {
        options.update = try GoldenUpdatePolicy.mode(requested: update, environment: environment)
    } catch {
        XCTFail(error.diagnostic.headline, file: file, line: line)
        return
    }
    options.artifactsDirectory = artifacts ?? environment["LAYOUT_RENDER_ARTIFACTS"]
        ?? NSTemporaryDirectory() + "layout-render-artifacts"

    let goldenPath = (golden as NSString).expandingTildeInPath
    let name = ((goldenPath as NSString).lastPathComponent as NSString).deletingPathExtension
    let framesPath = (goldenPath as NSString).deletingPathExtension + ".frames.json"
    var specPath = spec
    var temporary: String?
    let isFile = (spec.hasSuffix(".spec") || spec.hasSuffix(".json")) && !spec.contains("\n")
    if !isFile {
        let path = NSTemporaryDirectory() + "layout-render-\(UUID().uuidString).spec"
        try spec.write(toFile: path, atomically: true, encoding: .utf8)
        specPath = path
        temporary = path
    }
    defer { if let temporary { try? FileManager.default.removeItem(atPath: temporary) } }
    // A spec file with a sidecar NAME.fixture.json is rendered with its names, scale and
    // sizes; with sizes, each size is compared with NAME-WxH.png beside `golden`.
    let cases = isFile
        ? FixtureRunner.Case.cases(specPath: specPath, goldenPNGPath: goldenPath)
        : [FixtureRunner.Case(name: name, specPath: specPath, goldenPNGPath: goldenPath, goldenFramesPath: framesPath)]
    let runner = FixtureRunner(options: options)
    for testCase in cases {
        report(runner.run(testCase), golden: testCase.goldenPNGPath, file: file, line: line)
    }
}

private func report(_ outcome: FixtureRunner.Outcome, golden: String, file: StaticString, line: UInt) {
    switch outcome.status {
    case .passed, .recorded:
        break
    case .failed:
        var message = "\(golden): " + outcome.details.joined(separator: "; ")
        if !outcome.artifacts.isEmpty { message += " (artifacts: " + outcome.artifacts.joined(separator: ", ") + ")" }
        XCTFail(message, file: file, line: line)
    }
}
