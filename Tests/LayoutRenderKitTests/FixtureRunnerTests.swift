import Foundation
@testable import LayoutRenderGolden
import LayoutRenderKit
import PNGCodec
import XCTest

final class FixtureRunnerTests: XCTestCase {
    var dir: String!
    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lr-fixtures-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func spec(_ text: String) throws -> FixtureRunner.Case {
        try text.write(toFile: dir + "/t.spec", atomically: false, encoding: .utf8)
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
            "\(8 + 12) px differ in the 4x5 px region at (0, 0)",
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

    private func write(_ text: String, _ name: String) throws {
        try text.write(toFile: dir + "/" + name, atomically: false, encoding: .utf8)
    }

    // MARK: templated specs (sidecar NAME.fixture.json)

    static let templated = """
        canvas width=40 height=20 background=#ffffff
        vbox
          if width < 30
            box id=narrow size=4x4 background=#ff0000
          else
            box id=wide size=8x4 background=#0000ff
          label "{title}" id=title
          hbox
            for item in items
              box id=item-{index} size=2x2 background=#000000

        """

    func testASidecarGivesNamesDataScaleAndOneCasePerSize() throws {
        try write(Self.templated, "card.spec")
        try write(#"{"items": [1, 2, 3]}"#, "items.json")
        try write(#"{"vars": {"title": "Hi"}, "data": "items.json", "sizes": ["20x10", "40"], "scale": 2}"#, "card.fixture.json")
        let cases = try FixtureRunner.discover(in: dir)
        // items.json is the sidecar's data, not a spec; the sidecar itself is not one either.
        XCTAssertEqual(cases.map(\.name), ["card-20x10", "card-40xauto"])
        XCTAssertEqual(cases.map { ($0.goldenPNGPath as NSString).lastPathComponent }, ["card-20x10.png", "card-40xauto.png"])
        XCTAssertEqual(cases.map { ($0.goldenFramesPath as NSString).lastPathComponent },
                       ["card-20x10.frames.json", "card-40xauto.frames.json"])
        for c in cases { XCTAssertEqual(run(c, update: .missing).status, .recorded) }
        for c in cases { XCTAssertEqual(run(c).status, .passed, run(c).details.joined(separator: "\n")) }
        let narrow = try JSONDecoder().decode(FrameDump.self, from: Data(contentsOf: URL(fileURLWithPath: dir + "/card-20x10.frames.json")))
        let wide = try JSONDecoder().decode(FrameDump.self, from: Data(contentsOf: URL(fileURLWithPath: dir + "/card-40xauto.frames.json")))
        XCTAssertEqual([narrow.width, narrow.height, narrow.scale], [20, 10, 2])
        XCTAssertEqual(wide.width, 40)
        XCTAssertEqual(narrow.nodes.compactMap(\.id), ["narrow", "title", "item-0", "item-1", "item-2"])
        XCTAssertEqual(wide.nodes.compactMap(\.id), ["wide", "title", "item-0", "item-1", "item-2"])
        let png = try PNGFile.read(path: dir + "/card-20x10.png")
        XCTAssertEqual([png.width, png.height], [40, 20])  // scale 2
    }

    func testABadSidecarFailsItsCaseSayingWhere() throws {
        try write("canvas width=4 height=2\n", "t.spec")
        let cases: [(String, String)] = [
            (#"{"sizes": ["0x5"]}"#, "t.fixture.json:$.sizes[0]: error: a size is \"WxH\", \"W\" or \"Wxauto\" (e.g. \"320x200\"), with W and H above 0 and at most 100000"),
            // Too large to name: 1e308 would print as "inf".
            (#"{"sizes": ["20x10", "1e308x5"]}"#, "t.fixture.json:$.sizes[1]: error: a size is \"WxH\", \"W\" or \"Wxauto\" (e.g. \"320x200\"), with W and H above 0 and at most 100000"),
            (#"{"sizes": ["20x10", "20x10"]}"#, "t.fixture.json:$.sizes[1]: error: the size 20x10 is listed twice"),
            (#"{"data": "../outside.json"}"#, "t.fixture.json:$.data: error: the data file '../outside.json' is outside the spec's folder"),
            (#"{"data": "nope.json"}"#, "t.fixture.json:$.data: error: no data file 'nope.json' in the spec's folder"),
            (#"{"scale": 100}"#, "t.fixture.json:$.scale: error: scale is a number between 0.25 and 8"),
            (#"{"size": ["20x10"]}"#, "t.fixture.json:$.size: error: unknown key 'size' (a fixture file has vars, data, sizes and scale)"),
            (#"{"vars": [1]}"#, "t.fixture.json:$.vars: error: vars is an object of names: {\"title\": \"Hello\"}"),
            ("{", "t.fixture.json:1:2: error: the JSON text ends inside an object (at $)\n    {\n     ^"),
            (#"{"scale": 2, "scale": 3}"#, "t.fixture.json:1:14: error: duplicate key 'scale': it is first at 1:2 (at $.scale)\n    {\"scale\": 2, \"scale\": 3}\n                 ^"),
        ]
        for (sidecar, message) in cases {
            try write(sidecar, "t.fixture.json")
            let found = try FixtureRunner.discover(in: dir)
            XCTAssertEqual(found.count, 1)
            XCTAssertEqual(found.first?.problem, dir + "/" + message, sidecar)
            let outcome = run(try XCTUnwrap(found.first))
            XCTAssertEqual(outcome.status, .failed)
            XCTAssertEqual(outcome.details, [dir + "/" + message])
        }
    }

    func testAnOversizedSidecarIsNotReadWhole() throws {
        try write("canvas width=4 height=2\n", "t.spec")
        try write(String(repeating: " ", count: FixtureSettings.maxSidecarBytes) + "{}", "t.fixture.json")
        XCTAssertEqual(try FixtureRunner.discover(in: dir).first?.problem,
                       "\(dir!)/t.fixture.json: error: the fixture file is larger than 1048576 bytes")
    }

    func testSpecFolderListsSpecsNotFrameDumpsSidecarsOrData() throws {
        for name in ["a.spec", "b.json", "b.frames.json", "a.fixture.json", "names.json", "notes.txt", "c.png"] {
            try write(name == "a.fixture.json" ? #"{"data": "names.json"}"# : "{}", name)
        }
        XCTAssertEqual(try SpecFolder.specFiles(in: dir), ["a.spec", "b.json"])
    }

    // MARK: which nodes are named

    func testOnlyNodesThatMovedOnTheirOwnAreNamed() throws {
        let golden = """
            canvas width=40 height=40 background=#ffffff
            vbox id=root
              spacer 4
              vbox id=group
                hbox id=row
                  box id=a size=4x4 background=#000000
                  box id=b size=4x4 background=#000000
                vbox id=inner
                  box id=c size=4x4 background=#000000

            """
        _ = run(try spec(golden), update: .missing)
        let changed = run(try spec(golden.replacingOccurrences(of: "spacer 4", with: "spacer 8")))
        XCTAssertEqual(changed.status, .failed)
        // Not row, a, b, inner or c: they moved with `group`.
        XCTAssertEqual(changed.details, [
            "`root` grew 4 pt taller", "the spacer on line 3 grew 4 pt taller", "`group` moved 4 pt down",
            "\(32 + 16 + 16) px differ in the 8x12 px region at (0, 4)",  // a and b 4 down, c 4 down
        ])
    }

    // MARK: diff-ignore and diff-threshold on frames

    static let clock = """
        canvas width=200 height=20 background=#ffffff
        hbox id=bar width=200
          box id=logo size=10x10 background=#ff0000
          label "TIME" id=clock IGNORE

        """

    private func clockSpec(_ time: String, ignore: String = "diff-ignore") -> String {
        Self.clock.replacingOccurrences(of: "TIME", with: time).replacingOccurrences(of: "IGNORE", with: ignore)
    }

    func testAnIgnoredNodeMayChangeItsFrameAndBothFramesArePixelsIgnored() throws {
        _ = run(try spec(clockSpec("12:00")), update: .missing)
        let grown = run(try spec(clockSpec("12:00:59 UTC")))
        XCTAssertEqual(grown.status, .passed, grown.details.joined(separator: "\n"))
        // The other way: the old, wider frame's pixels are ignored too.
        _ = run(try spec(clockSpec("12:00:59 UTC")), update: .all)
        let shrunk = run(try spec(clockSpec("12:00")))
        XCTAssertEqual(shrunk.status, .passed, shrunk.details.joined(separator: "\n"))
    }

    func testWithoutDiffIgnoreTheClockFails() throws {
        _ = run(try spec(clockSpec("12:00", ignore: "")), update: .missing)
        let grown = run(try spec(clockSpec("12:00:59 UTC", ignore: "")))
        XCTAssertEqual(grown.status, .failed)
        XCTAssertEqual(grown.details.first, "`clock` grew 59 pt wider")
        // A colour tolerance covers the old and the new frame, but does not excuse a frame change.
        _ = run(try spec(clockSpec("12:00:59 UTC", ignore: "diff-threshold=1")), update: .all)
        let lenient = run(try spec(clockSpec("12:00", ignore: "diff-threshold=1")))
        XCTAssertEqual(lenient.details, ["`clock` shrank 59 pt narrower"])
    }

    // MARK: reports

    func testJUnitHasAClassPerFolderTimesAndArtifacts() throws {
        _ = run(try spec("canvas width=10 height=10 background=#ffffff\nvbox\n  box id=a size=4x2 background=#000000\n"), update: .missing)
        let failed = run(try spec("canvas width=10 height=10 background=#ffffff\nvbox\n  box id=a size=4x3 background=#000000\n"))
        let xml = FixtureReports.junit([failed])
        let folder = String(dir.dropFirst()).replacingOccurrences(of: "/", with: ".")
        XCTAssertTrue(xml.contains("<testcase classname=\"\(folder)\" name=\"t\" file=\"\(dir!)/t.spec\" time=\""), xml)
        XCTAssertTrue(xml.contains("<testsuite name=\"layout-render\" tests=\"1\" failures=\"1\" time=\""), xml)
        XCTAssertTrue(xml.contains("<system-out>[[ATTACHMENT|\(dir!)/artifacts/t.expected.png]]\n"), xml)
        let html = FixtureReports.html([failed])
        XCTAssertTrue(html.contains("<li><code>a</code> grew 1 pt taller</li>"), html)
        XCTAssertFalse(html.contains("`"))
    }
}
