import Foundation
import LayoutRenderKit
import XCTest

final class FixtureRunnerTests: XCTestCase {
    var dir: String!
    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lr-fixtures-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func spec(_ text: String) throws -> FixtureRunner.Case {
        try text.write(toFile: dir + "/t.spec", atomically: true, encoding: .utf8)
        return try XCTUnwrap(FixtureRunner.discover(in: dir).first)
    }

    private func run(_ testCase: FixtureRunner.Case, update: FixtureRunner.UpdateMode = .none) -> FixtureRunner.Outcome {
        var options = FixtureRunner.Options()
        options.update = update
        options.artifactsDirectory = dir + "/artifacts"
        return FixtureRunner(options: options).run(testCase)
    }

    func testMissingGoldenFailsUnlessAskedToRecord() throws {
        let c = try spec("canvas width=4 height=2 background=#ffffff\n")
        XCTAssertEqual(run(c).status, .failed)
        XCTAssertEqual(run(c).details, ["no golden image \(dir!)/t.png (record it with --update missing)"])
        XCTAssertEqual(run(c, update: .missing).status, .recorded)
        XCTAssertEqual(run(c).status, .passed)
    }

    func testChangedPixelsFailWithArtifactsAndMovedNodesAreNamed() throws {
        _ = run(try spec("canvas width=10 height=10 background=#ffffff\nvbox\n  box id=a size=4x2 background=#000000\n"), update: .missing)
        let changed = run(try spec("canvas width=10 height=10 background=#ffffff\nvbox padding=2,0\n  box id=a size=4x3 background=#000000\n"))
        XCTAssertEqual(changed.status, .failed)
        // Frames first, in tree order; then the pixels: 8 turned white (rows 0–1), 12 black (rows 2–4).
        XCTAssertEqual(changed.details, [
            "the vbox on line 2 grew 5 pt taller",
            "`a` moved 2 pt down, grew 1 pt taller",
            "\(8 + 12) pixels differ inside (0, 0, 4x5)",
        ])
        XCTAssertEqual(changed.artifacts.map { ($0 as NSString).lastPathComponent },
                       ["t.expected.png", "t.actual.png", "t.diff.png"])
    }

    func testNodeTolerancesApplyInsideTheirFrames() throws {
        let golden = "canvas width=4 height=2 background=#ffffff\nhbox\n  box size=2x2 background=#000000 diff-ignore\n  box size=2x2 background=#ff0000\n"
        _ = run(try spec(golden), update: .missing)
        let ignoredChanged = golden.replacingOccurrences(of: "#000000", with: "#00ff00")
        XCTAssertEqual(run(try spec(ignoredChanged)).status, .passed)
        let strictChanged = golden.replacingOccurrences(of: "#ff0000", with: "#00ff00")
        XCTAssertEqual(run(try spec(strictChanged)).status, .failed)
        let lenient = strictChanged.replacingOccurrences(of: "box size=2x2 background=#00ff00", with: "box size=2x2 background=#00ff00 diff-threshold=1")
        XCTAssertEqual(run(try spec(lenient)).status, .passed)
    }
}
