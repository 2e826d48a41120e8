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

    /// A spec file with a sidecar is rendered with its names and data, at each of its sizes,
    /// against GOLDEN-WxH.png: without the sidecar the spec does not even render
    /// (`{title}` is unknown), and without the sizes there is no golden to compare with.
    func testASidecarIsHonoured() throws {
        let dir = NSTemporaryDirectory() + "lr-assert-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "canvas width=40 height=20 background=#ffffff\nvbox\n  label \"{title}\"\n  for n in items\n    box size=2x2 background=#000000\n"
            .write(toFile: dir + "/card.spec", atomically: true, encoding: .utf8)
        try #"{"vars": {"title": "Hi"}, "data": {"items": [1, 2]}, "sizes": ["20x10", "30x12"]}"#
            .write(toFile: dir + "/card.fixture.json", atomically: true, encoding: .utf8)
        var options = FixtureRunner.Options()
        options.update = .missing  // recorded here directly: recording through assertRender is refused under CI
        let cases = FixtureRunner.Case.cases(specPath: dir + "/card.spec", goldenPNGPath: dir + "/card.png")
        XCTAssertEqual(cases.map { FixtureRunner(options: options).run($0).status }, [.recorded, .recorded])
        XCTAssertEqual(try PNGFile.read(path: dir + "/card-30x12.png").width, 30)
        try assertRender(dir + "/card.spec", matches: dir + "/card.png", update: FixtureRunner.UpdateMode.none)
    }
}
