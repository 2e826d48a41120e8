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

    /// Shortcuts must not change what a person sees: help and usage errors come from the
    /// full parser, with the whole command name.
    func testHelpAndUsageErrorsComeFromTheFullParser() throws {
        let help = try CLIRunner.run(["diff", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdoutText.contains("USAGE: layout-render diff <expected> <actual>"), help.stdoutText)
        let missing = try CLIRunner.run(["diff", "only-one.png"])
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.contains("Missing expected argument '<actual>'"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("layout-render diff --help"), missing.stderr)
        let bad = try CLIRunner.run(["diff", "a.png", "b.png", "--threshold", "2"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("--threshold must be within 0…1"), bad.stderr)
    }

    /// `--version` alone is answered without the parser, as the parser answers it.
    func testVersionIsWhatTheParserPrints() throws {
        let shortcut = try CLIRunner.run(["--version"])
        XCTAssertEqual(shortcut.status, 0)
        XCTAssertEqual(shortcut.stdoutText, LayoutRenderCommand.configuration.version + "\n")
        XCTAssertEqual(LayoutRenderCommand.configuration.version, "0.1.0")
        XCTAssertThrowsError(try LayoutRenderCommand.parseAsRoot(["--version"])) { error in
            XCTAssertEqual(LayoutRenderCommand.fullMessage(for: error) + "\n", shortcut.stdoutText)
            XCTAssertEqual(LayoutRenderCommand.exitCode(for: error), .success)
        }
    }
}
