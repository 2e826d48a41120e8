import Foundation
import LayoutRenderKit
import LayoutRenderTesting
import PNGCodec
import Testing

/// `expectRender` in Swift Testing: golden names from the running test, failures recorded as
/// issues at the call (checked with `withKnownIssue`, which fails if none is recorded).
struct ExpectRenderTests {
    static let box = "canvas width=8 height=4 background=#ffffff\nbox size=4x4 background=#000000\n"

    /// Compared with `__Snapshots__/ExpectRenderTests/goldenNamedAfterTheTest.png`, committed
    /// beside this file (recorded once with LAYOUT_RENDER_UPDATE=missing).
    @Test func goldenNamedAfterTheTest() {
        expectRender(Self.box)
    }

    @Test func aChangedRenderIsAnIssueAtTheCall() throws {
        let dir = NSTemporaryDirectory() + "lr-expect-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let image = try LayoutRenderer().render(source: Self.box, options: RenderOptions())
        try PNGFile.writeAtomically(try image.pngData(), to: dir + "/box.png")
        expectRender(Self.box, matches: dir + "/box.png", update: LayoutRenderTesting.UpdateMode.none)
        let line = #line + 2
        withKnownIssue {
            expectRender(Self.box.replacingOccurrences(of: "#000000", with: "#ff0000"), matches: dir + "/box.png",
                         update: LayoutRenderTesting.UpdateMode.none, artifacts: dir + "/artifacts")
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.contains("16 px differ in the 4x4 px region at (0, 0)") }
        }
    }

    @Test func anInlineSpecErrorIsAnIssueAtTheCall() {
        withKnownIssue {
            expectRender("canvas width=8\nbox widht=3\n", update: LayoutRenderTesting.UpdateMode.none)
        } matching: { issue in
            issue.sourceLocation?.fileName == "ExpectRenderTests.swift"
                && issue.comments.contains { $0.rawValue.contains("inline spec:2:5: error: unknown attribute 'widht'") }
        }
    }
}
