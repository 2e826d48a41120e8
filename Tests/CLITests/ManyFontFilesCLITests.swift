import Foundation
import Glibc
import PNGCodec
import XCTest

/// A spec that uses more font files than the process may hold open: the renderer keeps at
/// most 64 open (`FontFileDescriptors`) and opens the others again as they are read, so a
/// process limited to 100 descriptors still draws 150 fonts, the same pixels as one font.
final class ManyFontFilesCLITests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testMoreFontFilesThanOpenDescriptorsAreAllDrawn() throws {
        let fonts = dir.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let source = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let count = 150
        // Hard links: 150 paths, each its own font to the renderer, no disk space.
        for index in 0..<count {
            XCTAssertEqual(link(source, fonts.appendingPathComponent("f\(index).ttf").path), 0)
        }
        func spec(_ font: (Int) -> String) -> String {
            "canvas width=600 height=\(count / 10 * 20) background=#ffffff\ngrid columns=\"\(Array(repeating: "60", count: 10).joined(separator: " "))\"\n"
                + (0..<count).map { "  label \"Ab\($0)\" font=\"\(font($0))\" size=11 color=#000000\n" }.joined()
        }
        let many = try CLIRunner.write(spec { "fonts/f\($0).ttf" }, "many.spec", in: dir)
        let one = try CLIRunner.write(spec { _ in "fonts/f0.ttf" }, "one.spec", in: dir)
        let limited = try CLIRunner.run(["-c", "ulimit -n 100 && exec \"$0\" \"$@\"", CLIRunner.binary.path,
                                         many, dir.appendingPathComponent("many.png").path],
                                        executable: URL(fileURLWithPath: "/bin/sh"), killAfter: 120)
        XCTAssertEqual(limited.status, 0, limited.stderr)
        let r = try CLIRunner.run([one, dir.appendingPathComponent("one.png").path], killAfter: 120)
        XCTAssertEqual(r.status, 0, r.stderr)
        let drawn = try PNGDecoder.decode(Array(try Data(contentsOf: dir.appendingPathComponent("many.png"))))
        let expected = try PNGDecoder.decode(Array(try Data(contentsOf: dir.appendingPathComponent("one.png"))))
        XCTAssertEqual(drawn.pixels, expected.pixels)
        XCTAssertTrue(expected.pixels.contains(0), "text was drawn")
    }
}
