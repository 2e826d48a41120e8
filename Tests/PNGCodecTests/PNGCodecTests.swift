import Foundation
import XCTest
@testable import PNGCodec

/// Decoding every colour type and bit depth PNG allows, against files assembled by hand
/// (Fixtures/make_fixtures.py, standard-library Python, independent of our encoder), and
/// the ways a file can be broken.
final class PNGCodecTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    struct Expected: Decodable { var width: Int; var height: Int; var rgba: [UInt8] }

    func testEveryColourTypeAndDepthDecodesToRGBA8() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("expected.json"))
        let expected = try JSONDecoder().decode([String: Expected].self, from: data)
        XCTAssertGreaterThanOrEqual(expected.count, 17)
        for (name, e) in expected.sorted(by: { $0.key < $1.key }) {
            let image = try PNGFile.read(path: Self.fixtures.appendingPathComponent(name).path)
            XCTAssertEqual(image.width, e.width, name)
            XCTAssertEqual(image.height, e.height, name)
            XCTAssertEqual(image.pixels, e.rgba, name)
        }
    }

    func testTextChunksAreRead() throws {
        let bytes = try PNGFile.readBytes(path: Self.fixtures.appendingPathComponent("rgba8_interlaced_text.png").path)
        XCTAssertFalse(try PNGDecoder.textChunks(bytes).isEmpty)
    }

    func testRoundTripKeepsPixelsAndText() throws {
        var pixels: [UInt8] = []
        for i in 0..<(7 * 5) { pixels += [UInt8(i * 7 % 256), UInt8(i * 13 % 256), UInt8(i * 29 % 256), UInt8(255 - i)] }
        let image = RGBAImage(width: 7, height: 5, pixels: pixels)
        let bytes = try PNGEncoder.encode(image, text: [(key: "layout-render", value: "fingerprint")])
        XCTAssertEqual(try PNGDecoder.decode(bytes), image)
        XCTAssertEqual(try PNGDecoder.textChunks(bytes), [PNGTextChunk(key: "layout-render", value: "fingerprint")])
    }

    func testBrokenFiles() throws {
        let good = try PNGFile.readBytes(path: Self.fixtures.appendingPathComponent("rgb8.png").path)
        XCTAssertThrowsError(try PNGDecoder.decode(Array("not a png at all".utf8))) { XCTAssertEqual($0 as? PNGError, .notPNG) }
        XCTAssertThrowsError(try PNGDecoder.decode(Array(good.prefix(good.count - 20))))
        XCTAssertThrowsError(try PNGDecoder.decode(Array(good.prefix(30))))
        var badCRC = good
        badCRC[29] ^= 0xFF // inside IHDR's CRC
        XCTAssertThrowsError(try PNGDecoder.decode(badCRC))
        XCTAssertThrowsError(try PNGDecoder.decode([]))
    }

    func testAbsurdDimensionsFailBeforeAllocating() throws {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        let ihdr: [UInt8] = [0x49, 0x48, 0x44, 0x52, 0, 0, 0xFF, 0xFF, 0, 0, 0xFF, 0xFF, 8, 6, 0, 0, 0]
        png += ihdr + crc(ihdr)
        XCTAssertThrowsError(try PNGDecoder.decode(png)) { error in
            guard case .tooLarge(let w, let h, _)? = error as? PNGError else { return XCTFail("\(error)") }
            XCTAssertEqual([w, h], [65535, 65535])
        }
    }

    func testAtomicWriteLeavesNoTemporaryFiles() throws {
        let dir = NSTemporaryDirectory() + "lr-png-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try PNGFile.writeAtomically([1, 2, 3], to: dir + "/a.bin")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["a.bin"])
        XCTAssertThrowsError(try PNGFile.writeAtomically([1], to: dir + "/missing/a.bin"))
    }

    private func crc(_ bytes: [UInt8]) -> [UInt8] {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        c ^= 0xFFFF_FFFF
        return [UInt8(c >> 24), UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
    }
}
