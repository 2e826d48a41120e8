import Foundation
import JPEGCodec
import PNGCodec
import XCTest

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

func fixture(_ name: String) throws -> [UInt8] {
    try [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name)))
}

/// The pixel at (x, y), as four Ints.
func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
    let i = (y * image.width + x) * 4
    return image.pixels[i..<(i + 4)].map(Int.init)
}

func assertClose(_ actual: [Int], _ expected: [Int], tolerance: Int = 6,
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssert(zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance },
              "\(actual) is not within \(tolerance) of \(expected)", file: file, line: line)
}

final class JPEGDecoderTests: XCTestCase {
    let red = [255, 0, 0, 255], green = [0, 255, 0, 255], blue = [0, 0, 255, 255], yellow = [255, 255, 0, 255]

    /// The quadrant picture of the fixtures, upright: red, green / blue, yellow, 24 × 16.
    func assertUprightQuadrants(_ image: RGBAImage, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual([image.width, image.height], [24, 16], file: file, line: line)
        XCTAssertEqual(image.pixels.count, 24 * 16 * 4, file: file, line: line)
        assertClose(pixel(image, 6, 4), red, file: file, line: line)
        assertClose(pixel(image, 18, 4), green, file: file, line: line)
        assertClose(pixel(image, 6, 12), blue, file: file, line: line)
        assertClose(pixel(image, 18, 12), yellow, file: file, line: line)
    }

    func testEveryExifOrientationIsTurnedUpright() throws {
        for n in 1...8 {
            let data = try fixture("oriented-\(n).jpg")
            let size = try JPEGDecoder.size(of: data)
            XCTAssertEqual([size.width, size.height], [24, 16], "orientation \(n)")
            assertUprightQuadrants(try JPEGDecoder.decode(data))
        }
    }

    func testStoredSidesSwapForQuarterTurns() throws {
        for n in 1...8 {
            let data = try fixture("oriented-\(n).jpg")
            let orientation = data.withUnsafeBufferPointer { ExifOrientation.inJPEG($0) }
            XCTAssertEqual(orientation?.rawValue, n)
            XCTAssertEqual(orientation?.swapsSides, n >= 5)
        }
    }

    func testProgressive() throws {
        assertUprightQuadrants(try JPEGDecoder.decode(try fixture("progressive.jpg")))
    }

    func testGreyscaleBecomesOpaqueRGBA() throws {
        let image = try JPEGDecoder.decode(try fixture("grey.jpg"))
        XCTAssertEqual([image.width, image.height], [24, 16])
        assertClose(pixel(image, 4, 8), [64, 64, 64, 255], tolerance: 2)
        assertClose(pixel(image, 20, 8), [200, 200, 200, 255], tolerance: 2)
    }

    func testAdobeCMYKIsConverted() throws {
        let image = try JPEGDecoder.decode(try fixture("cmyk.jpg"))
        XCTAssertEqual([image.width, image.height], [16, 8])
        assertClose(pixel(image, 3, 4), red)
        assertClose(pixel(image, 12, 4), [127, 127, 127, 255])
    }

    func testTruncatedFile() throws {
        XCTAssertThrowsError(try JPEGDecoder.decode(try fixture("truncated.jpg"))) { error in
            XCTAssertEqual(error as? JPEGError, .truncated)
        }
    }

    /// A header of 200 × 200 over the scan of a 64 × 96 image: the scan meets the EOI
    /// marker early. libjpeg would pad the rest with grey and call it a picture.
    func testAScanEndingEarlyAtAMarkerIsTruncated() throws {
        let data = try fixture("header-200x200-scan-64x96.jpg")
        let size = try JPEGDecoder.size(of: data)
        XCTAssertEqual([size.width, size.height], [200, 200])
        XCTAssertThrowsError(try JPEGDecoder.decode(data)) { error in
            XCTAssertEqual(error as? JPEGError, .truncated)
        }
    }

    func testBombIsRefusedFromItsHeader() throws {
        let data = try fixture("bomb.jpg")
        let limits = PNGLimits(maxPixels: 67_108_864, maxDimension: 16_384)
        let tooLarge = JPEGError.tooLarge(width: 60000, height: 60000, limit: limits)
        XCTAssertThrowsError(try JPEGDecoder.size(of: data, limits: limits)) { XCTAssertEqual($0 as? JPEGError, tooLarge) }
        XCTAssertThrowsError(try JPEGDecoder.decode(data, limits: limits)) { XCTAssertEqual($0 as? JPEGError, tooLarge) }
        // The pixel count alone refuses it too.
        let wide = PNGLimits(maxPixels: 100_000_000, maxDimension: 65_535)
        XCTAssertThrowsError(try JPEGDecoder.decode(data, limits: wide)) {
            XCTAssertEqual($0 as? JPEGError, .tooLarge(width: 60000, height: 60000, limit: wide))
        }
    }

    func testNotAJPEG() throws {
        XCTAssertThrowsError(try JPEGDecoder.decode(Array("GIF89a".utf8))) { XCTAssertEqual($0 as? JPEGError, .notJPEG) }
        XCTAssertThrowsError(try JPEGDecoder.decode([])) { XCTAssertEqual($0 as? JPEGError, .notJPEG) }
        XCTAssertFalse(JPEGDecoder.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    func testDamagedMarkersAreCorrupt() throws {
        // SOI, then a marker segment whose length runs past the data.
        for data: [UInt8] in [[0xFF, 0xD8, 0xFF], [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08], [0xFF, 0xD8, 0xFF, 0xD9]] {
            XCTAssertThrowsError(try JPEGDecoder.decode(data)) { error in
                guard let error = error as? JPEGError else { return XCTFail("\(error)") }
                switch error {
                case .corrupt, .truncated: break
                default: XCTFail("\(error)")
                }
            }
        }
        // Every prefix of a real file fails cleanly or decodes; none crashes.
        let whole = try fixture("progressive.jpg")
        for end in stride(from: 0, to: whole.count, by: 7) { _ = try? JPEGDecoder.decode(Array(whole[..<end])) }
    }

    func testErrorMessages() {
        XCTAssertEqual(JPEGError.truncated.description, "JPEG data is truncated")
        XCTAssertEqual(JPEGError.tooLarge(width: 60000, height: 60000, limit: PNGLimits(maxPixels: 10, maxDimension: 5)).description,
                       "JPEG is too large: 60000×60000 (limits: 5 per side, 10 pixels)")
    }
}
