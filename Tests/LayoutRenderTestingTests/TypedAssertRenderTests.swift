import Foundation
import LayoutRenderKit
import LayoutRenderTesting
import PNGCodec
import XCTest

/// `assertRender` of typed layouts, the CLI's tolerances and masks, and missing goldens
/// recorded by default outside CI.
final class TypedAssertRenderTests: XCTestCase {
    private func temporaryFolder() throws -> String {
        let dir = NSTemporaryDirectory() + "lr-typed-assert-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// 10x10 pixels: a white canvas with a 4x4 square at (0, 0) of `square`, and a 2x2 one
    /// at (6, 6) of `corner`, the `clock`.
    static func tiles(square: UInt32 = 0x000000, corner: UInt32 = 0x000000) -> Layout {
        Layout(.width(10), .height(10), .background(.hex(0xffffff))) {
            Box(.size(width: 10, height: 10)) {
                Box(.size(width: 4, height: 4), .left(anchor: 0), .top(anchor: 0), .background(.hex(square)))
                Box(.id("clock"), .size(width: 2, height: 2), .left(anchor: 6), .top(anchor: 6), .background(.hex(corner)))
            }
        }
    }

    private func recordGolden(_ layout: Layout, at path: String) throws {
        let image = try LayoutRenderer().render(layout)
        try PNGFile.writeAtomically(try image.pngData(), to: path)
    }

    func testATypedLayoutMatchesItsGolden() throws {
        let dir = try temporaryFolder()
        try recordGolden(Self.tiles(), at: dir + "/tiles.png")
        assertRender(Self.tiles(), matches: dir + "/tiles.png", update: LayoutRenderTesting.UpdateMode.none)
        let changed = verifyRender(Self.tiles(square: 0xff0000), matches: dir + "/tiles.png", update: UpdateMode.none, environment: [:])
        XCTAssertEqual(changed.count, 1)
        XCTAssertTrue(changed[0].contains("16 px differ"), changed[0])
    }

    func testAMissingGoldenIsRecordedOutsideCIAndRefusedUnderIt() throws {
        let dir = try temporaryFolder()
        let underCI = verifyRender(Self.tiles(), matches: dir + "/ci.png", environment: ["CI": "true"])
        XCTAssertEqual(underCI, ["\(dir)/ci.png: no golden image \(dir)/ci.png (record it with --update missing)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/ci.png"))

        let recorded = verifyRender(Self.tiles(), matches: dir + "/new.png", environment: [:])
        XCTAssertEqual(recorded.count, 1)
        XCTAssertTrue(recorded[0].hasPrefix("\(dir)/new.png: recorded a new golden image"), recorded[0])
        XCTAssertEqual(try PNGFile.read(path: dir + "/new.png").width, 10)
        // Recorded, it passes; an explicit mode still wins over the default.
        XCTAssertEqual(verifyRender(Self.tiles(), matches: dir + "/new.png", environment: [:]), [])
        XCTAssertEqual(verifyRender(Self.tiles(), matches: dir + "/none.png", update: .none, environment: [:]),
                       ["\(dir)/none.png: no golden image \(dir)/none.png (record it with --update missing)"])
    }

    func testTheCLIsTolerancesApply() throws {
        let dir = try temporaryFolder()
        try recordGolden(Self.tiles(), at: dir + "/t.png")
        // The clock changes: 4 of 100 pixels.
        let ticked = Self.tiles(corner: 0xff0000)
        func verify(_ tolerances: Tolerances = Tolerances()) -> [String] {
            verifyRender(ticked, matches: dir + "/t.png", within: tolerances, update: UpdateMode.none, environment: [:])
        }
        XCTAssertEqual(verify().count, 1)
        XCTAssertTrue(verify()[0].hasPrefix("\(dir)/t.png: 4 px differ in the 2x2 px region at (6, 6)"), verify()[0])
        XCTAssertEqual(verify(Tolerances(maxDiffPixels: 4)), [])
        XCTAssertEqual(verify(Tolerances(maxDiffPixels: 3)).count, 1)
        XCTAssertEqual(verify(Tolerances(maxDiffRatio: 0.04)), [])
        XCTAssertEqual(verify(Tolerances(maxDiffRatio: 0.03)).count, 1)
        XCTAssertEqual(verify(Tolerances(maxDiffPixels: 3, maxDiffRatio: 0.04)).count, 1)
        XCTAssertEqual(verify(Tolerances(maxDiffPixels: 4, maxDiffRatio: 0.03)).count, 1)
        XCTAssertEqual(verify(Tolerances(threshold: 1)), [])
        XCTAssertEqual(verify(Tolerances(ignoring: [PixelRegion(x: 6, y: 6, width: 2, height: 2)])), [])
        XCTAssertEqual(verify(Tolerances(ignoring: [PixelRegion(x: 6, y: 6, width: 1, height: 2)])).count, 1)
        XCTAssertEqual(verify(Tolerances(masking: ["clock"])), [])
        XCTAssertEqual(verify(Tolerances(maxDiffRatio: 1.5)), ["maxDiffRatio must be between 0 and 1, not 1.5"])
        XCTAssertEqual(verify(Tolerances(ignoring: [PixelRegion(x: 0, y: 0, width: -1, height: 2)])),
                       ["an ignored region's width and height must be 0 or more, not -1x2"])
        XCTAssertEqual(verify(Tolerances(masking: [""])), ["a masked node needs an id"])
    }

    /// A typed layout's error names `<typed layout>:LINE:COLUMN` in its spec text, as
    /// docs/swift-api.md says, not `inline spec`; a layout nested too deep is a failure
    /// with its message, not a crash.
    func testATypedLayoutsErrorNamesTheTypedLayout() throws {
        let dir = try temporaryFolder()
        let bad = Layout(.width(10)) {
            VBox {
                Label("x", .opacity(2))
            }
        }
        let failures = verifyRender(bad, matches: dir + "/bad.png", update: UpdateMode.none, environment: [:])
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures[0].hasPrefix("\(dir)/bad.png: render failed: <typed layout>:3:"), failures[0])
        XCTAssertTrue(failures[0].contains("opacity"), failures[0])
        XCTAssertFalse(failures[0].contains("inline spec"), failures[0])

        var node = LayoutNode(.label, argument: .string("deep"))
        for _ in 0..<300 { node = LayoutNode(.vbox, children: [node]) }
        let deep = node
        let nested = verifyRender(Layout(.width(10)) { deep }, matches: dir + "/deep.png", update: UpdateMode.none, environment: [:])
        XCTAssertEqual(nested, ["\(dir)/deep.png: <typed layout>: error: the layout nests more than 256 levels deep"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/deep.png"))
    }
}
