import Foundation
import PNGCodec
import WebPCodec
import XCTest

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

func fixture(_ name: String) throws -> [UInt8] {
    try [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name)))
}

func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
    let i = (y * image.width + x) * 4
    return image.pixels[i..<(i + 4)].map(Int.init)
}

final class WebPDecoderTests: XCTestCase {
    let red = [255, 0, 0, 255], green = [0, 255, 0, 255], blue = [0, 0, 255, 255], yellow = [255, 255, 0, 255]

    func assertQuadrants(_ image: RGBAImage, tolerance: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual([image.width, image.height], [24, 16], file: file, line: line)
        for (x, y, colour) in [(6, 4, red), (18, 4, green), (6, 12, blue), (18, 12, yellow)] {
            let actual = pixel(image, x, y)
            XCTAssert(zip(actual, colour).allSatisfy { abs($0 - $1) <= tolerance }, "\(actual) vs \(colour)", file: file, line: line)
        }
    }

    func testLosslessIsExact() throws {
        let image = try WebPDecoder.decode(try fixture("lossless.webp"))
        assertQuadrants(image, tolerance: 0)
        XCTAssertEqual(image.pixels.count, 24 * 16 * 4)
    }

    func testLossy() throws {
        assertQuadrants(try WebPDecoder.decode(try fixture("lossy.webp")), tolerance: 12)
    }

    func testAlphaIsStraight() throws {
        let image = try WebPDecoder.decode(try fixture("alpha.webp"))
        XCTAssertEqual(pixel(image, 2, 2), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 20, 2), [255, 0, 0, 128])
    }

    func testExifOrientationIsHonoured() throws {
        let data = try fixture("oriented-6.webp")
        let size = try WebPDecoder.size(of: data)
        XCTAssertEqual([size.width, size.height], [24, 16])
        assertQuadrants(try WebPDecoder.decode(data), tolerance: 0)
        XCTAssertEqual(WebPDecoder.orientation(data), .right)
        XCTAssertEqual(WebPDecoder.orientation(try fixture("lossless.webp")), .up)
    }

    func testAnimatedIsRefused() throws {
        XCTAssertThrowsError(try WebPDecoder.decode(try fixture("animated.webp"))) { XCTAssertEqual($0 as? WebPError, .animated) }
        XCTAssertEqual(WebPError.animated.description,
                       "animated WebP is not supported; export one frame as a still WebP or PNG")
    }

    func testBombIsRefusedFromItsHeader() throws {
        let limits = PNGLimits(maxPixels: 67_108_864, maxDimension: 16_384)
        let expected = WebPError.tooLarge(width: 16383, height: 16383, limit: limits)
        XCTAssertThrowsError(try WebPDecoder.size(of: try fixture("bomb.webp"), limits: limits)) { XCTAssertEqual($0 as? WebPError, expected) }
        XCTAssertThrowsError(try WebPDecoder.decode(try fixture("bomb.webp"), limits: limits)) { XCTAssertEqual($0 as? WebPError, expected) }
    }

    func testTruncatedAndDamaged() throws {
        XCTAssertThrowsError(try WebPDecoder.decode(try fixture("truncated.webp"))) { XCTAssertEqual($0 as? WebPError, .truncated) }
        XCTAssertThrowsError(try WebPDecoder.decode(Array("RIFF\u{4}\0\0\0WEBPjunk".utf8))) { error in
            guard case .corrupt? = error as? WebPError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try WebPDecoder.decode(Array("GIF89a".utf8))) { XCTAssertEqual($0 as? WebPError, .notWebP) }
        // Every prefix of a real file fails cleanly; a damaged EXIF chunk length is ignored.
        let whole = try fixture("oriented-6.webp")
        for end in 0..<whole.count { _ = try? WebPDecoder.decode(Array(whole[..<end])) }
        var longExif = whole
        let exif = try XCTUnwrap(whole.indices.first { whole[$0..<min($0 + 4, whole.count)].elementsEqual("EXIF".utf8) })
        longExif[exif + 7] = 0x7F
        XCTAssertEqual(WebPDecoder.orientation(longExif), .up)
    }
}
