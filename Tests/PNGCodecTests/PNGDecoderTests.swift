import Foundation
import XCTest
@testable import PNGCodec

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

func fixtureBytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
}

final class PNGDecoderTests: XCTestCase {
    /// Every fixture decodes to the pixels make_fixtures.py computed.
    func testEveryColourTypeAndBitDepth() throws {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: fixtures.appendingPathComponent("expected.json")))
        let expected = try XCTUnwrap(json as? [String: [String: Any]])
        XCTAssertEqual(expected.count, 17)
        for (name, entry) in expected.sorted(by: { $0.key < $1.key }) {
            let image = try PNGDecoder.decode(fixtureBytes(name))
            XCTAssertEqual(image.width, entry["width"] as? Int, name)
            XCTAssertEqual(image.height, entry["height"] as? Int, name)
            let rgba = (entry["rgba"] as? [Int] ?? []).map(UInt8.init)
            XCTAssertEqual(image.pixels, rgba, name)
        }
    }

    func testTextChunks() throws {
        let bytes = try fixtureBytes("rgba8_interlaced_text.png")
        let expected = [PNGTextChunk(key: "Software", value: "make_fixtures.py"), PNGTextChunk(key: "Comment", value: "café µ")]
        XCTAssertEqual(try PNGDecoder.textChunks(bytes), expected)
        XCTAssertEqual(try PNGDecoder.decodeWithText(bytes).text, expected)
    }

    /// The fast path (an 8-bit RGBA image) reads the text in its own walk over the chunks:
    /// the same chunks, in order, as the full walk; a tEXt chunk without its keyword
    /// separator drops the text, not the image, on both paths.
    func testTextChunksThroughTheFastPath() throws {
        let image = RGBAImage(width: 3, height: 2, pixels: (0..<24).map { UInt8($0 * 10) })
        let text = [PNGTextChunk(key: "Software", value: "layout-render"), PNGTextChunk(key: "Comment", value: "café")]
        var bytes = try PNGEncoder.encode(image, textChunks: text)
        let decoded = try PNGDecoder.decodeWithText(bytes)
        XCTAssertEqual(decoded.text, text)
        XCTAssertEqual(decoded.image.pixels, image.pixels)
        try bytes.withUnsafeBufferPointer { buffer in
            let declared = try PNGChunks.checkHeader(buffer, limits: PNGLimits())
            XCTAssertEqual(PNGFastDecoder.decode(buffer, declared: declared)?.text.count, 2)
        }
        // The first tEXt chunk's separator replaced (and its CRC mended).
        let chunk = try bytes.withUnsafeBufferPointer { try PNGChunks.chunks($0) }.first { $0.type == "tEXt" }!
        let separator = chunk.data.lowerBound + "Software".utf8.count
        XCTAssertEqual(bytes[separator], 0)
        bytes[separator] = UInt8(ascii: "x")
        let crc = bytes.withUnsafeBufferPointer { PNGChunks.crc32($0, (chunk.data.lowerBound - 4)..<chunk.data.upperBound) }
        for k in 0..<4 { bytes[chunk.data.upperBound + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        let damaged = try PNGDecoder.decodeWithText(bytes)
        XCTAssertEqual(damaged.text, [])
        XCTAssertEqual(damaged.image.pixels, image.pixels)
        XCTAssertThrowsError(try PNGDecoder.textChunks(bytes))
    }

    func testNotPNG() {
        XCTAssertThrowsError(try PNGDecoder.decode([])) { XCTAssertEqual($0 as? PNGError, .notPNG) }
        XCTAssertThrowsError(try PNGDecoder.decode(Array("GIF89a........".utf8))) { XCTAssertEqual($0 as? PNGError, .notPNG) }
    }

    func testTruncated() throws {
        let bytes = try fixtureBytes("rgb8.png")
        for length in [4, 8, 20, bytes.count - 30, bytes.count - 13] {
            XCTAssertThrowsError(try PNGDecoder.decode(Array(bytes[0..<length])), "\(length)") {
                XCTAssertEqual($0 as? PNGError, .truncated, "\(length)")
            }
        }
    }

    func testCorruptCRC() throws {
        var bytes = try fixtureBytes("rgb8.png")
        bytes[20] ^= 0x01  // inside IHDR: the CRC no longer matches
        XCTAssertThrowsError(try PNGDecoder.decode(bytes)) {
            guard case .corrupt = $0 as? PNGError else { return XCTFail("\($0)") }
        }
        var idat = try fixtureBytes("rgb8.png")
        idat[idat.count - 20] ^= 0xFF  // inside IDAT
        XCTAssertThrowsError(try PNGDecoder.decode(idat)) {
            guard case .corrupt = $0 as? PNGError else { return XCTFail("\($0)") }
        }
    }

    /// A chunk declaring more bytes than the file has is refused before libpng allocates its
    /// declared length (the fuzzer's 441-byte file declared a 1.9 GB tEXt chunk: 1.9 GB and
    /// five seconds of zeroing, then "truncated"). The answer is the same; the check that
    /// gives it before libpng runs is asserted on its own.
    func testChunkLongerThanTheFileIsRefusedBeforeLibpng() throws {
        var bytes = try fixtureBytes("rgba8_interlaced_text.png")
        // The second tEXt chunk ("Comment") starts after IHDR (25 bytes) and the first one.
        let first = 8 + 25
        let second = first + 12 + Int(PNGChunks.readUInt32(bytes.withUnsafeBufferPointer { $0 }, at: first))
        XCTAssertEqual(String(decoding: bytes[second + 4..<second + 8], as: UTF8.self), "tEXt")
        bytes.replaceSubrange(second..<second + 4, with: [0x74, 0x00, 0x00, 0x0E])
        // The file cut anywhere after that chunk's 8-byte header, even before its CRC's 4 bytes
        // could fit (the fuzzer's second find, 79 bytes declaring 1.4 GB).
        for cut in [bytes.count, second + 20, second + 12, second + 9, second + 8] {
            let prefix = Array(bytes[..<cut])
            XCTAssertThrowsError(try PNGDecoder.decode(prefix), "\(cut)") { XCTAssertEqual($0 as? PNGError, .truncated) }
            XCTAssertThrowsError(try prefix.withUnsafeBufferPointer { b throws(PNGError) in try PNGChunks.checkChunkLengths(b) },
                                 "\(cut)") { XCTAssertEqual($0 as? PNGError, .truncated) }
        }
        XCTAssertNoThrow(try fixtureBytes("rgba8_interlaced_text.png").withUnsafeBufferPointer { b throws(PNGError) in
            try PNGChunks.checkChunkLengths(b)
        })
    }

    /// 65535×65535 declared: rejected from IHDR alone, before libpng or any allocation.
    func testHugeDimensionsFailFast() {
        let ihdr: [UInt8] = [0, 0, 0xFF, 0xFF, 0, 0, 0xFF, 0xFF, 8, 6, 0, 0, 0]
        let body = Array("IHDR".utf8) + ihdr
        let crc = PNGChunks.crc32(body.withUnsafeBufferPointer { $0 }, 0..<body.count)
        let bytes = pngSignature + [0, 0, 0, 13] + body + withUnsafeBytes(of: crc.bigEndian, Array.init)
        XCTAssertThrowsError(try PNGDecoder.decode(bytes)) {
            XCTAssertEqual($0 as? PNGError, .tooLarge(width: 65535, height: 65535, limit: PNGLimits()))
        }
        XCTAssertThrowsError(try PNGDecoder.decode(try fixtureBytes("rgb8.png"), limits: PNGLimits(maxPixels: 80))) {
            XCTAssertEqual($0 as? PNGError, .tooLarge(width: 9, height: 9, limit: PNGLimits(maxPixels: 80)))
        }
    }
}

final class PNGEncoderTests: XCTestCase {
    func testRoundTripEverySpeed() throws {
        let width = 37, height = 23
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in pixels.indices { pixels[i] = UInt8(truncatingIfNeeded: i * 7 + i / 97) }
        let image = RGBAImage(width: width, height: height, pixels: pixels)
        for speed in [PNGEncoder.Speed.fast, .balanced, .smallest] {
            let bytes = try PNGEncoder.encode(image, text: [(key: "lr", value: "é=1")], speed: speed)
            let decoded = try PNGDecoder.decodeWithText(bytes)
            XCTAssertEqual(decoded.image, image)
            XCTAssertEqual(decoded.text, [PNGTextChunk(key: "lr", value: "é=1")])
        }
    }

    /// Opaque images are written as RGB (colour type 2), others as RGBA (6); both decode
    /// to the same RGBA pixels. Odd pixel counts check the pixel after the last 8-byte word.
    func testOpaqueImagesAreWrittenAsRGB() throws {
        for (width, height) in [(5, 3), (4, 2), (1, 1)] {
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            for i in pixels.indices where i % 4 != 3 { pixels[i] = UInt8(truncatingIfNeeded: i * 13) }
            var image = RGBAImage(width: width, height: height, pixels: pixels)
            var bytes = try PNGEncoder.encode(image)
            XCTAssertEqual(bytes[25], 2, "\(width)×\(height) opaque")
            XCTAssertEqual(try PNGDecoder.decode(bytes), image)
            for transparent in [3, pixels.count - 1] {
                image.pixels = pixels
                image.pixels[transparent] = 254
                bytes = try PNGEncoder.encode(image)
                XCTAssertEqual(bytes[25], 6, "\(width)×\(height) alpha at byte \(transparent)")
                XCTAssertEqual(try PNGDecoder.decode(bytes), image)
            }
        }
    }

    func testRoundTripFixtures() throws {
        for name in ["palette4_trns.png", "rgba16.png", "grey1.png"] {
            let image = try PNGDecoder.decode(fixtureBytes(name))
            XCTAssertEqual(try PNGDecoder.decode(PNGEncoder.encode(image)), image, name)
        }
    }

    func testInvalidInput() {
        XCTAssertThrowsError(try PNGEncoder.encode(RGBAImage(width: 2, height: 2, pixels: [0, 0, 0]))) {
            XCTAssertEqual($0 as? PNGError, .invalidImage("3 bytes for 2×2 RGBA (expected 16)"))
        }
        XCTAssertThrowsError(try PNGEncoder.encode(RGBAImage(width: 0, height: 2, pixels: []))) {
            XCTAssertEqual($0 as? PNGError, .invalidImage("size 0×2"))
        }
        let one = RGBAImage(width: 1, height: 1, filledWith: (1, 2, 3, 4))
        XCTAssertThrowsError(try PNGEncoder.encode(one, text: [(key: "", value: "x")])) {
            guard case .invalidText = $0 as? PNGError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try PNGEncoder.encode(one, text: [(key: "k", value: "€")])) {
            guard case .invalidText = $0 as? PNGError else { return XCTFail("\($0)") }
        }
    }

    func testAtomicWriteAndRead() throws {
        let dir = NSTemporaryDirectory() + "pngcodec-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let image = RGBAImage(width: 3, height: 2, filledWith: (10, 20, 30, 255))
        try PNGFile.write(image, to: dir + "/a.png")
        try PNGFile.write(image, to: dir + "/a.png")  // replaces
        XCTAssertEqual(try PNGFile.read(path: dir + "/a.png"), image)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["a.png"])
        XCTAssertThrowsError(try PNGFile.read(path: dir + "/missing.png")) {
            XCTAssertEqual($0 as? PNGError, .io(path: dir + "/missing.png", reason: "No such file or directory"))
        }
        XCTAssertThrowsError(try PNGFile.writeAtomically([1], to: dir + "/nodir/x.png")) {
            guard case .io = $0 as? PNGError else { return XCTFail("\($0)") }
        }
        // A FIFO with no writer: refused at once, not waited on (the open used to block).
        XCTAssertEqual(mkfifo(dir + "/fifo.png", 0o600), 0)
        XCTAssertThrowsError(try PNGFile.read(path: dir + "/fifo.png")) {
            XCTAssertEqual($0 as? PNGError, .io(path: dir + "/fifo.png", reason: "not a regular file"))
        }
        XCTAssertThrowsError(try PNGFile.read(path: dir)) {
            XCTAssertEqual($0 as? PNGError, .io(path: dir, reason: "not a regular file"))
        }
    }
}
