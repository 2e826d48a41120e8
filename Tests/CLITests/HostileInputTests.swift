import Foundation
import XCTest

/// Inputs written to break the tool: each gets a clear error, a non-zero exit and no image.
final class HostileInputTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private var out: String { dir.appendingPathComponent("out.png").path }

    private func render(_ data: Data, name: String = "in.spec") throws -> CLIRunner.Result {
        let url = dir.appendingPathComponent(name)
        try data.write(to: url)
        let r = try CLIRunner.run([url.path, out])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no image after a failure")
        return r
    }

    private func render(_ text: String) throws -> CLIRunner.Result { try render(Data(text.utf8)) }

    func testInvalidUTF8() throws {
        let r = try render(Data([0x63, 0x61, 0x6E, 0x76, 0x61, 0x73, 0x20, 0xFF, 0xFE, 0x0A]))
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasSuffix("in.spec: error: cannot read the spec: not valid UTF-8 text\n"), r.stderr)
    }

    func testHugeFileIsRefusedBeforeReading() throws {
        let r = try render(Data(repeating: 0x61, count: 17 << 20))
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("cannot read the spec: the file is \(17 << 20) bytes; specs are limited to \(16 << 20)"), r.stderr)
    }

    func testHugeStringOnOneLine() throws {
        let r = try render("canvas width=100\nlabel \"" + String(repeating: "x", count: 15 << 20))
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains(":2:7: error: unterminated string: no closing quote on this line"), r.stderr)
    }

    func testDeepNestingHitsTheLimitNotTheStack() throws {
        var text = "canvas width=100\n"
        for depth in 0..<100_000 where depth < 400 { text += String(repeating: "  ", count: depth) + "vbox\n" }
        let r = try render(text)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains(":258:513: error: nesting deeper than 256 levels (the limit)"), r.stderr)
    }

    func testAHundredMillionPixelCanvasNamesThePixelLimit() throws {
        let r = try render("canvas width=10000 height=10000\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("the canvas is 10000x10000 pixels (100000000); the limit is 67108864 pixels\n"), r.stderr)
    }

    /// 40000 x 10 pixels is few pixels but a side over 16,384: the message names the side limit.
    func testALongThinCanvasNamesTheSideLimit() throws {
        let r = try render("canvas width=40000 height=10\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("the canvas is 40000x10 pixels; the limit is 16384 pixels a side\n"), r.stderr)
    }

    func testNonFiniteNumbers() throws {
        for value in ["nan", "inf", "-infinity", "1e400"] {
            let r = try render("canvas width=100\nbox height=\(value)\n")
            XCTAssertEqual(r.status, 1, value)
            XCTAssertTrue(r.stderr.contains("error: bad value for 'height':"), r.stderr)
        }
    }

    func testLoopsThatWouldMakeMillionsOfNodes() throws {
        let data = dir.appendingPathComponent("d.json")
        try Data(("{\"xs\": [" + Array(repeating: "0", count: 2000).joined(separator: ",") + "]}").utf8).write(to: data)
        let spec = dir.appendingPathComponent("loop.spec")
        try "canvas width=10\nfor a in xs\n  for b in xs\n    box\n".write(to: spec, atomically: false, encoding: .utf8)
        let r = try CLIRunner.run([spec.path, out, "--data", data.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains(":4:5: error: the spec expands to more than 100000 nodes (the limit)"), r.stderr)
    }

    /// A PNG whose header declares 65535×65535: refused from the header, before any large allocation.
    func testImageDeclaringHugeDimensions() throws {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let ihdr: [UInt8] = [0x49, 0x48, 0x44, 0x52, 0, 0, 0xFF, 0xFF, 0, 0, 0xFF, 0xFF, 8, 6, 0, 0, 0]
        png.append(contentsOf: [0, 0, 0, 13] + ihdr + crc32(ihdr))
        try png.write(to: dir.appendingPathComponent("huge.png"))
        let r = try render("canvas width=10\nimage \"huge.png\"\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("in.spec:2:1: error: image 'huge.png': "), r.stderr)
        XCTAssertTrue(r.stderr.contains("65535"), r.stderr)
    }

    func testTruncatedImage() throws {
        let good = try Data(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("fixtures/assets/photo.png"))
        try good.prefix(good.count / 2).write(to: dir.appendingPathComponent("cut.png"))
        let r = try render("canvas width=10\nimage \"cut.png\"\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("in.spec:2:1: error: image 'cut.png': "), r.stderr)
    }

    private func crc32(_ bytes: [UInt8]) -> [UInt8] {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        return [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }
}
