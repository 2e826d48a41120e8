#if canImport(Testing)
import Testing
import LayoutRenderKit

/// `assertRender` for Swift Testing: renders a spec and compares it with its golden PNG (and
/// frame dump), recording each failure as an issue at the call site, as `#expect` does.
///
/// ```swift
/// @Test func card() {
///     expectRender("fixtures/card.spec")  // Tests/…/__Snapshots__/CardTests/card.png
///     expectRender("fixtures/card.spec", matches: "fixtures/card.png")
/// }
/// ```
///
/// Golden names, sidecars, tolerances, the update policy (`LAYOUT_RENDER_UPDATE`, refused
/// under `CI`) and artifacts are those of `assertRender`; the automatic golden name comes
/// from the running test (`Test.current`), `__Snapshots__/TestFile/testName.png` beside the
/// test file. An inline spec's errors are reported at the call's file and line.
public func expectRender(_ spec: String, matches golden: String? = nil, named name: String? = nil,
                         within tolerances: Tolerances = Tolerances(), update: UpdateMode = .automatic,
                         artifacts: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let failures = verifyRender(spec, matches: golden, named: name, within: tolerances, update: update,
                                artifacts: artifacts, file: sourceLocation.filePath, testName: Test.current?.name ?? "test")
    for failure in failures { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
}

/// `expectRender` of a typed layout (see `assertRender(_:Layout…)`).
public func expectRender(_ layout: Layout, matches golden: String? = nil, named name: String? = nil,
                         within tolerances: Tolerances = Tolerances(), update: UpdateMode = .automatic,
                         artifacts: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let failures = verifyRender(layout, matches: golden, named: name, within: tolerances, update: update,
                                artifacts: artifacts, file: sourceLocation.filePath, testName: Test.current?.name ?? "test")
    for failure in failures { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
}
#endif
