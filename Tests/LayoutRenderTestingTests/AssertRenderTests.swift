import Foundation
import LayoutRenderKit
import LayoutRenderTesting
import PNGCodec
import XCTest

final class AssertRenderTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func testAFixtureMatchesItsGolden() throws {
        try assertRender(Self.root + "/fixtures/thin-slice.spec", matches: Self.root + "/fixtures/thin-slice.png")
    }

    func testSpecTextMatchesAGoldenMadeByTheRenderer() throws {
        let dir = NSTemporaryDirectory() + "lr-assert-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let spec = "canvas width=8 height=4 background=#ffffff\nbox size=4x4 background=#000000\n"
        // The golden is written here directly: recording through assertRender is refused under CI.
        let image = try LayoutRenderer().render(source: spec, options: RenderOptions())
        try PNGFile.writeAtomically(try image.pngData(), to: dir + "/box.png")
        try assertRender(spec, matches: dir + "/box.png", update: FixtureRunner.UpdateMode.none)
        // (A changed render failing is checked on FixtureRunner itself: XCTExpectFailure is not on Linux.)
    }
}
