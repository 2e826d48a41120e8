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

    /// Every command line the quick reading accepts is read by the full parser into the same
    /// job; the others are left to it.
    func testTheQuickFormsAreReadAsTheFullParserReadsThem() throws {
        let names = LayoutRenderCommand.commandNames
        let accepted: [[String]] = [
            ["in.spec", "out.png"],
            ["in.spec", "--frames-only", "--frames", "f.json"],
            ["in.spec", "out.png", "--frames", "f.json"],
            ["--frames-only", "in.spec", "--frames", "f.json", "--max-nodes", "2000000", "--max-spec-mb", "64"],
            ["in.spec", "out.png", "--compression", "fastest", "--strict", "--debug"],
            ["in.json", "out.png", "--compression", "smallest"],
        ]
        for arguments in accepted {
            let quick = try XCTUnwrap(QuickRenderArguments.job(arguments, commandNames: names), "\(arguments)")
            let full = try LayoutRenderCommand.parseAsRoot(arguments)
            XCTAssertEqual((full as? RenderCommand)?.job, quick, "\(arguments)")
        }
        // Read, but refused by the job's validation: the main path then leaves it to the parser.
        let invalid = try XCTUnwrap(QuickRenderArguments.job(["in.spec", "out.webp", "--compression", "fast"], commandNames: names))
        XCTAssertThrowsError(try invalid.validate())
        XCTAssertThrowsError(try LayoutRenderCommand.parseAsRoot(["in.spec", "out.webp", "--compression", "fast"]))
        let refused: [[String]] = [
            [], ["in.spec"], ["in.spec", "out.png", "extra"], ["in.spec", "-"], ["-", "out.png"],
            ["in.spec", "--frames-only"], ["in.spec", "--frames", "f.json"], ["in.spec", "out.png", "--frames=f.json"],
            ["in.spec", "out.png", "--scale", "2"], ["in.spec", "out.png", "--compression", "best"],
            ["in.spec", "out.png", "--compression"], ["in.spec", "out.png", "--max-nodes", "0"],
            ["in.spec", "out.png", "--max-nodes", "lots"], ["in.spec", "out.png", "--strict", "--strict"],
            ["in.spec", "out.png", "--frames", "--debug"], ["in.spec", "out.png", "--help"], ["--version"],
            ["diff", "a.png", "b.png"], ["render", "in.spec", "out.png"], ["help", "render"],
        ]
        for arguments in refused {
            XCTAssertNil(QuickRenderArguments.job(arguments, commandNames: names), "\(arguments)")
        }
    }
}
