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
///     try assertRender("fixtures/card.spec", matches: "fixtures/card.png", within: Tolerances(maxDiffPixels: 20))
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
///   - tolerances: `layout-render test`'s `--threshold`, `--include-aa`,
///     `--max-diff-pixels`, `--max-diff-ratio`, `--ignore` and `--mask` (see `Tolerances`);
///     nodes' own `diff-threshold`/`diff-ignore` apply inside their old and new frames, and
///     `mask` paints them in both images.
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
                         within tolerances: Tolerances = Tolerances(), update: UpdateMode = .automatic,
                         artifacts: String? = nil,
                         file: StaticString = #filePath, testName: String = #function, line: UInt = #line) throws {
    let failures = verifyRender(spec, matches: golden, named: name, within: tolerances, update: update,
                                artifacts: artifacts, file: "\(file)", testName: testName)
    for failure in failures { XCTFail(failure, file: file, line: line) }
}

/// `assertRender` of a typed layout: its spec text rendered as `<typed layout>` (its errors
/// name `<typed layout>:LINE:COLUMN`), its images and fonts read from the test file's folder.
public func assertRender(_ layout: Layout, matches golden: String? = nil, named name: String? = nil,
                         within tolerances: Tolerances = Tolerances(), update: UpdateMode = .automatic,
                         artifacts: String? = nil,
                         file: StaticString = #filePath, testName: String = #function, line: UInt = #line) {
    let failures = verifyRender(layout, matches: golden, named: name, within: tolerances, update: update,
                                artifacts: artifacts, file: "\(file)", testName: testName)
    for failure in failures { XCTFail(failure, file: file, line: line) }
}
