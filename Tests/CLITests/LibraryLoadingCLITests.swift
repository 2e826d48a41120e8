import Foundation
import XCTest

/// HarfBuzz is opened only when a proportional font is loaded: a render in the default
/// (fixed-pitch) font, PNG fingerprint included, never loads it (nor GLib, graphite2 and
/// PCRE2, which it brings); a render in DejaVu Sans does. Told by the dynamic loader's own
/// report of every library it maps (`LD_DEBUG=files`, on standard error).
final class LibraryLoadingCLITests: XCTestCase {
    private func librariesLoaded(rendering spec: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("library-loading-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.spec")
        try spec.write(to: input, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run([input.path, folder.appendingPathComponent("out.png").path],
                                       environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
        return result.stderr
    }

    func testAFixedPitchRenderNeverOpensHarfBuzz() throws {
        let report = try librariesLoaded(rendering: "canvas width=200 background=#ffffff\nlabel \"Fixed pitch\" size=14\n")
        XCTAssertTrue(report.contains("file=libc.so.6"), "the loader's report is there")
        XCTAssertFalse(report.contains("libharfbuzz"), report)
        XCTAssertFalse(report.contains("libglib"), report)
    }

    func testAProportionalRenderOpensHarfBuzz() throws {
        let report = try librariesLoaded(rendering: "canvas width=200 background=#ffffff\nlabel \"Proportional\" font=\"DejaVu Sans\" size=14\n")
        XCTAssertTrue(report.contains("file=libharfbuzz.so.0"), report)
    }
}
