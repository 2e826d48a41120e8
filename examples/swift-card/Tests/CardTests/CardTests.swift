import Card
import Foundation
import LayoutRenderKit
import LayoutRenderSnapshotTesting
import LayoutRenderTesting
import XCTest

final class CardTests: XCTestCase {
    /// The repository's examples folder.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The typed card draws the pixels `layout-render examples/card-sans.spec` draws: the
    /// spec read and rendered as the CLI renders a file (its folder the asset root).
    func testTheTypedCardHasThePixelsOfTheSpec() throws {
        let path = Self.examples + "/card-sans.spec"
        let renderer = LayoutRenderer()
        let spec = try renderer.render(source: try LayoutRenderer.readSpec(path: path),
                                       options: RenderOptions(fileName: path, assetRoot: Self.examples))
        let typed = try renderer.render(CardLayout.layout())
        XCTAssertEqual(typed.bitmap.width, 960)
        XCTAssertEqual(typed.bitmap.width, spec.bitmap.width)
        XCTAssertEqual(typed.bitmap.height, spec.bitmap.height)
        XCTAssertTrue(typed.bitmap.pixels == spec.bitmap.pixels, "the typed card's pixels differ from the spec's")
        XCTAssertEqual(typed.frames.nodes.map { [$0.x, $0.y, $0.width, $0.height] },
                       spec.frames.nodes.map { [$0.x, $0.y, $0.width, $0.height] })
    }

    /// Against the README's picture of the card, through LayoutRenderTesting.
    func testTheCardMatchesTheREADMEPicture() {
        assertRender(CardLayout.layout(), matches: Self.examples + "/../docs/images/card-sans.png")
    }

    /// A card is a function of its post: a longer title is truncated to one line.
    func testALongerTitleStaysOnOneLine() throws {
        var post = Post.readme
        post.title += ", and a good deal more than fits"
        let frames = try LayoutRenderer().layout(CardLayout.layout(post)).frames.nodes
        let readme = try LayoutRenderer().layout(CardLayout.layout()).frames.nodes
        let title = { (nodes: [FrameDump.Entry]) in nodes.first { $0.id == "title" }!.height }
        XCTAssertEqual(title(frames), title(readme))
    }
}

extension CardTests {
    /// A body whose first run is bold or italic keeps it: the run is a span of its own.
    func testTheBodysFirstRunKeepsItsFormatting() throws {
        var post = Post.readme
        post.body = [.bold("Lead: "), .plain("the rest, "), .italic("and more")]
        let body = try XCTUnwrap(Self.node(id: "body", in: CardLayout.layout(post).canvas))
        XCTAssertEqual(body.argument, .string(""))
        XCTAssertEqual(body.children, [Span("Lead: ", .weight(700)).layoutNode, Span("the rest, ").layoutNode,
                                       Span("and more", .italic()).layoutNode])
        // A plain first run stays the label's own text, as in examples/card-sans.spec.
        let readme = try XCTUnwrap(Self.node(id: "body", in: CardLayout.layout().canvas))
        XCTAssertEqual(readme.argument, .string("Proportional text is shaped from the font's own tables: AVAWAY and To are kerned, "))
        XCTAssertEqual(readme.children.count, 4)
        XCTAssertNoThrow(try LayoutRenderer().render(CardLayout.layout(post)))
    }

    static func node(id: String, in node: LayoutNode) -> LayoutNode? {
        if node.attributes.contains(.id(id)) { return node }
        return node.children.lazy.compactMap { Self.node(id: id, in: $0) }.first
    }
}

/// The card through swift-snapshot-testing, with the strategies of
/// Integrations/LayoutRenderSnapshotTesting (recorded once in __Snapshots__).
final class CardSnapshotTests: XCTestCase {
    func testTheCard() {
        assertSnapshot(of: CardLayout.layout(), as: .png)
        assertSnapshot(of: CardLayout.layout(), as: .frames)
    }
}
