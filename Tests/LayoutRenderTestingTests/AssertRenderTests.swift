import Foundation
@testable import LayoutRenderGolden
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
        try assertRender(spec, matches: dir + "/box.png", update: LayoutRenderTesting.UpdateMode.none)
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
            .write(toFile: dir + "/card.spec", atomically: false, encoding: .utf8)
        try #"{"vars": {"title": "Hi"}, "data": {"items": [1, 2]}, "sizes": ["20x10", "30x12"]}"#
            .write(toFile: dir + "/card.fixture.json", atomically: false, encoding: .utf8)
        var options = FixtureRunner.Options()
        options.update = .missing  // recorded here directly: recording through assertRender is refused under CI
        let cases = FixtureRunner.Case.cases(specPath: dir + "/card.spec", goldenPNGPath: dir + "/card.png")
        XCTAssertEqual(cases.map { FixtureRunner(options: options).run($0).status }, [.recorded, .recorded])
        XCTAssertEqual(try PNGFile.read(path: dir + "/card-30x12.png").width, 30)
        try assertRender(dir + "/card.spec", matches: dir + "/card.png", update: LayoutRenderTesting.UpdateMode.none)
    }

    private func temporaryFolder() throws -> String {
        let dir = NSTemporaryDirectory() + "lr-assert-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    static let box = "canvas width=8 height=4 background=#ffffff\nbox size=4x4 background=#000000\n"

    func testGoldensAreNamedAfterTheTestAndRecordingFails() throws {
        let dir = try temporaryFolder()
        let testFile = dir + "/Tests/CardTests.swift"
        func verify(_ name: String? = nil) -> [String] {
            verifyRender(Self.box, named: name, update: .missing, environment: [:], file: testFile, testName: "testCard()")
        }
        let snapshots = dir + "/Tests/__Snapshots__/CardTests"
        XCTAssertEqual(verify(), ["\(snapshots)/testCard.png: recorded a new golden image; check it, then run the test again"])
        XCTAssertEqual(verify("dark mode"), ["\(snapshots)/testCard.dark-mode.png: recorded a new golden image; check it, then run the test again"])
        XCTAssertEqual(verify(), ["\(snapshots)/testCard.2.png: recorded a new golden image; check it, then run the test again"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: snapshots).sorted(), [
            "testCard.2.frames.json", "testCard.2.png", "testCard.dark-mode.frames.json", "testCard.dark-mode.png",
            "testCard.frames.json", "testCard.png",
        ])
        // Recorded, it now passes.
        XCTAssertEqual(verifyRender(Self.box, named: "dark mode", environment: [:], file: testFile, testName: "testCard()"), [])
        let changed = Self.box.replacingOccurrences(of: "#000000", with: "#ff0000")
        XCTAssertEqual(verifyRender(changed, named: "dark mode", artifacts: dir + "/art", environment: [:], file: testFile, testName: "testCard()"), [
            "\(snapshots)/testCard.dark-mode.png: 16 px differ in the 4x4 px region at (0, 0) (artifacts: \(dir)/art/testCard.dark-mode.expected.png, \(dir)/art/testCard.dark-mode.actual.png, \(dir)/art/testCard.dark-mode.diff.png)",
        ])
    }

    func testAnInlineSpecsErrorsNameTheInlineSpecNotATemporaryFile() throws {
        let dir = try temporaryFolder()
        let failures = verifyRender("canvas width=8 height=4\nbox size=4x4 colr=#000000\n", matches: dir + "/x.png",
                                    environment: [:], file: dir + "/T.swift")
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures[0].hasPrefix("\(dir)/x.png: render failed: inline spec:2:"), failures[0])
        XCTAssertFalse(failures[0].contains(NSTemporaryDirectory() + "layout-render-"), failures[0])
    }

    func testTheUpdatePolicyIsTheToolsOne() {
        XCTAssertEqual(verifyRender(Self.box, matches: "/nonexistent/x.png", environment: ["LAYOUT_RENDER_UPDATE": "bogus"]),
                       ["LAYOUT_RENDER_UPDATE: error: 'bogus' is not an update mode; use none, missing, changed or all (1 means changed, 0 or empty none)"])
        XCTAssertEqual(verifyRender(Self.box, matches: "/nonexistent/x.png", update: .all, environment: ["CI": "yes"]),
                       ["--update all: error: recording golden files is refused when CI=yes: they are recorded on purpose, by a person"])
    }

    /// A user of LayoutRenderTesting needs no other module: its public declarations name
    /// none of LayoutRenderKit's types.
    func testPublicSignaturesUseNoTypeFromAnotherModule() throws {
        let folder = Self.root + "/Sources/LayoutRenderTesting"
        let kitTypes = ["FixtureRunner", "FixtureSettings", "FixtureSize", "RenderOptions", "LayoutRenderer", "Diagnostic",
                        "Tolerance", "FrameDump", "RenderedImage", "GoldenUpdatePolicy", "LayoutRenderError", "PixelRect"]
        var checked = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            var rest = Substring(text)
            while let start = rest.range(of: "\npublic ") ?? rest.range(of: "\n    public ") {
                let declaration = rest[start.lowerBound...].prefix { $0 != "{" }
                // Whole names: `Tolerances` (this module's) is not `Tolerance` (the kit's).
                let names = Set(declaration.split { !($0.isLetter || $0.isNumber || $0 == "_") })
                for type in kitTypes { XCTAssertFalse(names.contains(Substring(type)), "\(file): \(declaration)") }
                checked += 1
                rest = rest[start.upperBound...]
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 3)
    }

    /// A node's `mask` applies in `verifyRender` as in `layout-render test`.
    func testAMaskedNodeMayChangeItsContent() throws {
        let dir = try temporaryFolder()
        let spec = "canvas width=8 height=4 background=#ffffff\nhbox\n  box size=4x4 background=#000000 mask\n  box size=4x4 background=#00ff00\n"
        let image = try LayoutRenderer().render(source: spec, options: RenderOptions())
        try PNGFile.writeAtomically(try image.pngData(), to: dir + "/m.png")
        let recoloured = spec.replacingOccurrences(of: "#000000", with: "#ff0000")
        XCTAssertEqual(verifyRender(recoloured, matches: dir + "/m.png", update: LayoutRenderTesting.UpdateMode.none, environment: [:]), [])
        let unmasked = recoloured.replacingOccurrences(of: " mask", with: "")
        XCTAssertEqual(verifyRender(unmasked, matches: dir + "/m.png", update: LayoutRenderTesting.UpdateMode.none, environment: [:]).count, 1)
    }
}
