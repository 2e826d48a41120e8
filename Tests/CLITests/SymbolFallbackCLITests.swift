import Foundation
import XCTest

/// The default fallback chain ends with Symbola (`fonts-symbola`, installed by
/// scripts/setup): the symbols a diagram's labels use draw with `--strict`, and without it
/// they would not.
final class SymbolFallbackCLITests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    static let symbols = "⌕ ⚙ ✓ ✗ → ⇄ ☰ ⓘ ⏻"

    func testCommonSymbolsDrawThroughTheDefaultChain() throws {
        let spec = dir.appendingPathComponent("in.spec").path
        for font in ["", " font=\"DejaVu Sans\"", " font=bold", " font=\"Noto Sans CJK JP\""] {
            try "canvas width=300\nlabel \"\(Self.symbols)\" size=20\(font)\n".write(toFile: spec, atomically: false, encoding: .utf8)
            let r = try CLIRunner.run([spec, dir.appendingPathComponent("out.png").path, "--strict"])
            XCTAssertEqual(r.status, 0, font + ": " + r.stderr)
        }
        // The chain before Symbola was added leaves two of them uncovered.
        try "canvas width=300\nlabel \"\(Self.symbols)\" size=20 font=\"DejaVu Sans\" fallback=\"Noto Sans CJK SC, Noto Color Emoji\"\n"
            .write(toFile: spec, atomically: false, encoding: .utf8)
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("old.png").path, "--strict"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("do not cover '⌕' U+2315, '⏻' U+23FB"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("old.png").path))
    }

    /// The fingerprint's font set names the symbols font.
    func testTheFingerprintNamesSymbola() throws {
        let spec = dir.appendingPathComponent("in.spec").path
        try "canvas width=10 height=10\n".write(toFile: spec, atomically: false, encoding: .utf8)
        let png = dir.appendingPathComponent("out.png")
        XCTAssertEqual(try CLIRunner.run([spec, png.path]).status, 0)
        let text = String(decoding: try Data(contentsOf: png), as: UTF8.self)
        XCTAssertTrue(text.contains("Symbola_hint.ttf"))
    }
}
