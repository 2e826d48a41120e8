import Foundation
import LayoutRenderKit
import LayoutRenderSnapshotTesting
import SnapshotTesting
import XCTest

final class LayoutSnapshottingTests: XCTestCase {
    static func badge(_ text: String, colour: UInt32 = 0x4f7cff) -> Layout {
        Layout(.width(120), .background(.hex(0xffffff))) {
            HBox(.id("badge"), .padding(8), .gap(6), .align(.center)) {
                Box(.id("dot"), .size(width: 10, height: 10), .radius(5), .background(.hex(colour)))
                Label(text, .size(12), .weight(700))
            }
        }
    }

    static let spec = "canvas width=40 height=20 background=#ffffff\nhbox gap=4\n  box size=10x10 background=#000000\n  box size=10x10 background=#ff0000\n"

    /// The snapshots in __Snapshots__ were recorded by the first run (swift-snapshot-testing
    /// records a missing one); under CI a missing one fails.
    func testATypedLayoutAsAPNG() {
        assertSnapshot(of: Self.badge("Ready"), as: .png)
    }

    func testATypedLayoutsFramesAsText() {
        assertSnapshot(of: Self.badge("Ready"), as: .frames)
    }

    func testASpecAsAPNGAndAsFrames() {
        assertSnapshot(of: Self.spec, as: .png)
        assertSnapshot(of: Self.spec, as: .frames)
    }

    /// A changed picture fails with the diff's count and region; tolerances let it pass.
    func testAChangeIsFoundByThePixelDiff() throws {
        let snapshot = Snapshotting<Layout, Data>.png
        func png(_ layout: Layout) -> Data {
            var data = Data()
            snapshot.snapshot(layout).run { data = $0 }
            return data
        }
        let old = png(Self.badge("Ready")), new = png(Self.badge("Ready", colour: 0xff0000))
        XCTAssertNil(Diffing<Data>.layoutRenderPNG().diffV2(old, old))
        let (message, attachments) = try XCTUnwrap(Diffing<Data>.layoutRenderPNG().diffV2(old, new))
        XCTAssertEqual(message, "60 px differ in the 8x8 px region at (9, 11)")
        guard case .data(let diffImage, let name)? = attachments.first else { return XCTFail("no diff image attached") }
        XCTAssertEqual(name, "diff.png")
        XCTAssertEqual(Array(diffImage.prefix(4)), [0x89, 0x50, 0x4e, 0x47])
        XCTAssertNil(Diffing<Data>.layoutRenderPNG(maxDiffRatio: 0.1).diffV2(old, new))
        XCTAssertNotNil(Diffing<Data>.layoutRenderPNG(maxDiffPixels: 10).diffV2(old, new))
        // As the CLI reads them: with both limits, both must hold (an explicit 0 included).
        XCTAssertNil(Diffing<Data>.layoutRenderPNG(maxDiffPixels: 60, maxDiffRatio: 0.1).diffV2(old, new))
        XCTAssertNotNil(Diffing<Data>.layoutRenderPNG(maxDiffPixels: 0, maxDiffRatio: 0.1).diffV2(old, new))
        XCTAssertNotNil(Diffing<Data>.layoutRenderPNG(maxDiffPixels: 60, maxDiffRatio: 0.001).diffV2(old, new))
        let wider = png(Layout(.width(130), .background(.hex(0xffffff))) { Label("Ready") })
        XCTAssertTrue(try XCTUnwrap(Diffing<Data>.layoutRenderPNG().diffV2(old, wider)).0.hasPrefix("the image is 130x"))
        XCTAssertTrue(try XCTUnwrap(Diffing<Data>.layoutRenderPNG().diffV2(old, Data("render failed: x".utf8))).0
            .contains("the new snapshot says: render failed: x"))
    }

    /// A typed layout that does not render is snapshotted as its message (`<typed layout>`
    /// and the place in its spec text), not as an empty spec's.
    func testATypedLayoutsErrorIsItsSnapshot() {
        let bad = Layout(.width(40)) {
            VBox {
                Label("x", .opacity(2))
            }
        }
        var text = ""
        Snapshotting<Layout, String>.frames.snapshot(bad).run { text = $0 }
        XCTAssertTrue(text.hasPrefix("render failed: <typed layout>:3:"), text)
        XCTAssertTrue(text.contains("opacity"), text)

        // One that cannot even be written as spec text (nested past the parser's depth) is
        // its own message, not an empty spec's.
        var node = LayoutNode(.label, argument: .string("deep"))
        for _ in 0..<300 { node = LayoutNode(.vbox, children: [node]) }
        let deep = node
        Snapshotting<Layout, String>.frames.snapshot(Layout(.width(40)) { deep }).run { text = $0 }
        XCTAssertEqual(text, "render failed: <typed layout>: error: the layout nests more than 256 levels deep\n")
    }

    func testTheFramesTextIsIndentedByDepth() {
        var text = ""
        Snapshotting<String, String>.frames.snapshot(Self.spec).run { text = $0 }
        XCTAssertEqual(text, "canvas 0,0 40x20\n  hbox 0,0 40x10\n    box 0,0 10x10\n    box 14,0 10x10\n")
    }
}
