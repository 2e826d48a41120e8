import Foundation
import PNGCodec
import XCTest

/// JPEG and WebP output and `--quality`, decoded back by libjpeg-turbo's djpeg and libwebp's dwebp.
final class RasterOutputCLITests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private var card: String { CLIRunner.repositoryRoot.appendingPathComponent("examples/card.spec").path }
    private func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
    private func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: dir.appendingPathComponent(name))) }
    private func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }

    private func tool(_ name: String) throws -> URL {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
            return URL(fileURLWithPath: folder + "/" + name)
        }
        throw XCTSkip("\(name) is not installed (scripts/setup installs it)")
    }

    /// A binary PPM (P6, maxval 255) as djpeg writes it: width, height and RGB bytes.
    private func readPPM(_ data: [UInt8]) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        var fields: [String] = [], index = 0
        while fields.count < 4 {
            while index < data.count, data[index] == 0x20 || data[index] == 0x0A { index += 1 }
            var field = ""
            while index < data.count, data[index] != 0x20, data[index] != 0x0A { field.append(Character(UnicodeScalar(data[index]))); index += 1 }
            fields.append(field)
        }
        index += 1
        guard fields[0] == "P6", let w = Int(fields[1]), let h = Int(fields[2]), fields[3] == "255" else {
            throw XCTSkip("unexpected PPM header \(fields)")
        }
        return (w, h, Array(data[index...]))
    }

    func testJPEGIsTheRenderWithinItsLossAndQualityChangesItsSize() throws {
        let djpeg = try tool("djpeg")
        for arguments in [[card, path("card.png")], [card, path("card.jpg")], ["render", card, path("low.jpeg"), "--quality", "30"]] {
            let r = try CLIRunner.run(arguments)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        XCTAssertEqual(Array(try bytes("card.jpg").prefix(3)), [0xFF, 0xD8, 0xFF])
        XCTAssertLessThan(try bytes("low.jpeg").count, try bytes("card.jpg").count / 2)
        let png = try PNGDecoder.decode(try bytes("card.png"))
        let decoded = try CLIRunner.run([path("card.jpg")], executable: djpeg)
        XCTAssertEqual(decoded.status, 0, decoded.stderr)
        let jpeg = try readPPM(Array(decoded.stdout))
        XCTAssertEqual(jpeg.width, png.width)
        XCTAssertEqual(jpeg.height, png.height)
        // Quality 90 at 4:4:4: on average within 2 levels of the PNG's channels.
        var total = 0
        for i in 0..<(png.width * png.height) {
            for c in 0..<3 { total += abs(Int(jpeg.rgb[i * 3 + c]) - Int(png.pixels[i * 4 + c])) }
        }
        XCTAssertLessThan(Double(total) / Double(png.width * png.height * 3), 2.0)
    }

    func testJPEGFlattensTransparencyOverWhite() throws {
        let djpeg = try tool("djpeg")
        let spec = path("clear.spec")
        try "canvas width=16 height=8\nhbox\n  box size=8x8 background=#ff000080\n".write(toFile: spec, atomically: false, encoding: .utf8)
        XCTAssertEqual(try CLIRunner.run([spec, path("clear.jpg"), "--quality", "100"]).status, 0)
        let jpeg = try readPPM(Array(try CLIRunner.run([path("clear.jpg")], executable: djpeg).stdout))
        func pixel(_ x: Int, _ y: Int) -> [Int] { (0..<3).map { Int(jpeg.rgb[(y * jpeg.width + x) * 3 + $0]) } }
        // Half-transparent red over white is pink; nothing at all is white.
        for (actual, expected) in [(pixel(3, 4), [255, 127, 127]), (pixel(12, 4), [255, 255, 255])] {
            for c in 0..<3 { XCTAssertLessThanOrEqual(abs(actual[c] - expected[c]), 3, "\(actual) vs \(expected)") }
        }
    }

    func testWebPIsLosslessByDefaultAlphaIncludedAndLossyWithAQuality() throws {
        let dwebp = try tool("dwebp")
        let spec = path("alpha.spec")
        try "canvas width=40 height=20\nhbox gap=4\n  box size=10x10 background=#ff000080 radius=3\n  label \"Hi\" color=#0000ffc0\n"
            .write(toFile: spec, atomically: false, encoding: .utf8)
        for arguments in [[spec, path("a.png")], [spec, path("a.webp")], ["render", spec, path("lossy.webp"), "--quality", "50"]] {
            let r = try CLIRunner.run(arguments)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        XCTAssertEqual(Array(try bytes("a.webp")[8..<12]), Array("WEBP".utf8))
        XCTAssertEqual(Array(try bytes("a.webp")[12..<16]), Array("VP8L".utf8), "lossless")
        XCTAssertTrue(try bytes("lossy.webp").starts(with: Array("RIFF".utf8)))
        XCTAssertFalse(Array(try bytes("lossy.webp")[12..<16]) == Array("VP8L".utf8), "lossy")
        let r = try CLIRunner.run([path("a.webp"), "-o", path("back.png")], executable: dwebp)
        XCTAssertEqual(r.status, 0, r.stderr)
        let original = try PNGDecoder.decode(try bytes("a.png")), back = try PNGDecoder.decode(try bytes("back.png"))
        XCTAssertEqual(back.width, original.width)
        XCTAssertEqual(back.height, original.height)
        // Every pixel where it shows: libwebp may change the colour under alpha 0, which nothing sees.
        for i in 0..<(original.width * original.height) {
            let a = Array(original.pixels[i * 4..<i * 4 + 4]), b = Array(back.pixels[i * 4..<i * 4 + 4])
            if a[3] == 0 { XCTAssertEqual(b[3], 0) } else { XCTAssertEqual(a, b, "pixel \(i)") }
        }
    }

    func testQualityOutOfRangeOrMeaninglessIsAUsageErrorAndWritesNothing() throws {
        let cases: [([String], String)] = [
            (["render", card, path("o.jpg"), "--quality", "0"], "Error: --quality 0 is outside 1...100.\n"),
            (["render", card, path("o.jpg"), "--quality", "101"], "Error: --quality 101 is outside 1...100.\n"),
            (["render", card, path("o.webp"), "--quality", "-1"], "Error: Missing value for '--quality <1-100>'\n"),
            (["render", card, path("o.jpg"), "--quality", "NaN"], "Error: The value 'NaN' is invalid for '--quality <1-100>'\n"),
            (["render", card, path("o.jpg"), "--quality", "9999999999999999999999"], "Error: The value '9999999999999999999999' is invalid for '--quality <1-100>'\n"),
            (["render", card, path("o.png"), "--quality", "50"], "Error: --quality applies to JPEG and WebP output, not PNG.\n"),
            (["render", card, path("o.jpg"), "--format", "pdf", "--quality", "50"], "Error: --quality applies to JPEG and WebP output, not PDF.\n"),
        ]
        for (arguments, message) in cases {
            let r = try CLIRunner.run(arguments)
            XCTAssertEqual(r.status, 64, arguments.joined(separator: " "))
            XCTAssertTrue(r.stderr.hasPrefix(message), r.stderr)
        }
        XCTAssertEqual(try contents(), [])
    }

    func testWebPRefusesASideLibwebpCannotHoldAndWritesNothing() throws {
        let spec = path("wide.spec")
        try "canvas width=16384 height=1\n".write(toFile: spec, atomically: false, encoding: .utf8)
        let r = try CLIRunner.run([spec, path("wide.webp")])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "\(spec): error: WebP encoding failed: a 16384x1 image cannot be a WebP (at most 16383 pixels a side)\n")
        XCTAssertEqual(try contents(), ["wide.spec"])
    }
    func testCompressionSmallestWritesAPalettePNGOfTheSamePixels() throws {
        let spec = path("flat.spec")
        try "canvas width=120 height=60 background=#ffffff\nhbox gap=10 padding=10\n  box size=30x30 background=#4f7cff\n  box size=30x30 background=#ff000080 border=2,#000000\n"
            .write(toFile: spec, atomically: false, encoding: .utf8)
        for (name, level) in [("fast.png", nil), ("balanced.png", "balanced"), ("smallest.png", "smallest"),
                              ("fastest.png", "fastest")] {
            let r = try CLIRunner.run(["render", spec, path(name)] + (level.map { ["--compression", $0] } ?? []))
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let fast = try bytes("fast.png"), smallest = try bytes("smallest.png")
        XCTAssertEqual(fast[25], 2, "RGB")
        XCTAssertEqual(smallest[25], 3, "palette")
        XCTAssertLessThan(smallest.count, try bytes("balanced.png").count)
        XCTAssertEqual(try PNGDecoder.decode(smallest), try PNGDecoder.decode(fast))
        XCTAssertEqual(try PNGDecoder.decode(try bytes("balanced.png")), try PNGDecoder.decode(fast))
        XCTAssertEqual(try PNGDecoder.decode(try bytes("fastest.png")), try PNGDecoder.decode(fast))
    }

    func testCompressionJunkOrForAnotherFormatIsAUsageError() throws {
        let cases: [([String], String)] = [
            (["render", card, path("o.png"), "--compression", "best"], "Error: The value 'best' is invalid for '--compression <fast|balanced|smallest|fastest>'"),
            (["render", card, path("o.png"), "--compression", ""], "Error: The value '' is invalid for '--compression <fast|balanced|smallest|fastest>'"),
            (["render", card, path("o.jpg"), "--compression", "smallest"], "Error: --compression applies to PNG output, not JPEG.\n"),
            (["render", card, path("o.svg"), "--compression", "fast"], "Error: --compression applies to PNG output, not SVG.\n"),
        ]
        for (arguments, message) in cases {
            let r = try CLIRunner.run(arguments)
            XCTAssertEqual(r.status, 64, arguments.joined(separator: " "))
            XCTAssertTrue(r.stderr.hasPrefix(message), r.stderr)
        }
        XCTAssertEqual(try contents(), [])
    }
}
