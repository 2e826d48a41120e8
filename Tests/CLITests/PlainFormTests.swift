import XCTest
@testable import layout_render

/// `layout-render IN OUT` skips option parsing; these keep the shortcut equal to the full path.
final class PlainFormTests: XCTestCase {
    func testTheFullParserBuildsTheSameJob() throws {
        let parsed = try RenderCommand.parse(["in.spec", "out.png"])
        XCTAssertEqual(parsed.job, RenderJob(input: "in.spec", output: "out.png"))
        let root = try LayoutRenderCommand.parseAsRoot(["in.spec", "out.png"])
        XCTAssertEqual((root as? RenderCommand)?.job, RenderJob(input: "in.spec", output: "out.png"))
    }

    func testWhichCommandLinesAreThePlainForm() {
        XCTAssertTrue(LayoutRenderCommand.isPlainRender(["in.spec", "out.png"]))
        XCTAssertTrue(LayoutRenderCommand.isPlainRender(["dir/serve.spec", "out.png"]))
        for arguments in [["in.spec"], ["in.spec", "out.png", "--debug"], ["in.spec", "-"], ["-", "out.png"],
                          ["diff", "a.png"], ["render", "in.spec"], ["test", "fixtures"], ["help", "serve"],
                          ["in.spec", "out.png", "extra"], ["--version", "x"]] {
            XCTAssertFalse(LayoutRenderCommand.isPlainRender(arguments), "\(arguments)")
        }
    }
}
