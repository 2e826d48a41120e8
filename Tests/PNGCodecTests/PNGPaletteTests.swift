import Foundation
import XCTest
@_spi(Bench) @testable import PNGCodec

/// `.smallest` writes images of at most 256 colours as palette PNGs: lossless, and smaller.
final class PNGPaletteTests: XCTestCase {
    private var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// An image of `colors` distinct colours (some translucent when asked), in runs and noise.
    private func image(_ width: Int, _ height: Int, colors: Int, translucent: Bool, seed: UInt64) -> RGBAImage {
        var random = SplitMix64(seed: seed)
        var palette: [[UInt8]] = []
        for i in 0..<colors {
            let red = UInt8(i & 0xFF), green = UInt8((i * 7) & 0xFF)
            let blue = UInt8((i * 13 + i / 256) & 0xFF)
            let alpha: UInt8 = translucent && i % 3 == 0 ? UInt8((i * 5) & 0xFF) : 255
            palette.append([red, green, blue, alpha])
        }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for i in 0..<(width * height) {
            // Every colour at least once, then runs and noise.
            let index: Int
            if i < colors { index = i } else if random.next() % 4 == 0 { index = Int(random.next() % UInt64(colors)) } else { index = (i / 9) % colors }
            pixels += palette[index]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    func testPaletteImagesDecodeToEveryPixel() throws {
        for (width, height) in [(1, 1), (3, 1), (1, 5), (17, 13), (256, 3), (40, 40)] {
            for colors in [1, 2, 16, 255, 256] where colors <= width * height {
                for translucent in [false, true] {
                    let original = image(width, height, colors: colors, translucent: translucent, seed: UInt64(width * 1000 + colors))
                    let name = "\(width)×\(height) \(colors) colours translucent=\(translucent)"
                    let bytes = try XCTUnwrap(try PNGEncoder.encodePalette(original, textChunks: [PNGTextChunk(key: "k", value: "v")], level: 9), name)
                    XCTAssertEqual(bytes[25], 3, "colour type 3: \(name)")
                    let hasAlpha = (0..<(width * height)).contains { original.pixels[$0 * 4 + 3] != 255 }
                    XCTAssertEqual(Self.hasChunk("tRNS", bytes), hasAlpha, name)
                    let decoded = try PNGDecoder.decodeWithText(bytes)
                    XCTAssertEqual(decoded.image, original, name)
                    XCTAssertEqual(decoded.text, [PNGTextChunk(key: "k", value: "v")])
                }
            }
        }
    }

    func testMoreThan256ColoursHaveNoPalette() throws {
        let many = image(40, 40, colors: 257, translucent: false, seed: 3)
        XCTAssertNil(try PNGEncoder.encodePalette(many, textChunks: [], level: 9))
        let bytes = try PNGEncoder.encode(many, speed: .smallest)
        XCTAssertEqual(bytes[25], 2)
        XCTAssertEqual(try PNGDecoder.decode(bytes), many)
    }

    /// The docs figures of few colours (flat boxes and borders, no anti-aliased text or
    /// corners): smaller as palette PNGs than in RGB at the same level, and the same pixels.
    func testDocsImagesOfFewColoursAreSmallerAndTheSame() throws {
        let folder = repositoryRoot.appendingPathComponent("docs/images")
        var checked: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".png") {
            let original = try PNGDecoder.decode(Array(try Data(contentsOf: folder.appendingPathComponent(name))))
            guard try PNGEncoder.encodePalette(original, textChunks: [], level: 9) != nil else { continue }
            let smallest = try PNGEncoder.encode(original, speed: .smallest)
            let direct = try PNGEncoder.encode(original, textChunks: [], level: 9, filter: .adaptive)
            XCTAssertEqual(smallest[25], 3, name)
            XCTAssertLessThan(smallest.count, direct.count, name)
            XCTAssertEqual(try PNGDecoder.decode(smallest), original, name)
            checked.append("\(name) \(direct.count) → \(smallest.count) bytes")
        }
        print("palette PNGs: " + checked.joined(separator: "; "))
        XCTAssertFalse(checked.isEmpty, "no docs image has 256 colours or fewer")
    }

    private static func hasChunk(_ type: String, _ png: [UInt8]) -> Bool {
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[offset + 4..<offset + 8], as: UTF8.self) == type { return true }
            offset += 12 + length
        }
        return false
    }
}
