import JPEGCodec
import PNGCodec
import XCTest

final class ExifOrientationTests: XCTestCase {
    /// A 3 × 2 image whose pixels are numbered 0…5 in their red channel, row by row.
    let numbered = RGBAImage(width: 3, height: 2, pixels: (0..<6).flatMap { [UInt8($0), 0, 0, 255] })

    func reds(_ image: RGBAImage) -> [Int] { stride(from: 0, to: image.pixels.count, by: 4).map { Int(image.pixels[$0]) } }

    // Stored:  0 1 2
    //          3 4 5
    func testEachOrientationMovesThePixels() {
        let expected: [ExifOrientation: (Int, Int, [Int])] = [
            .up: (3, 2, [0, 1, 2, 3, 4, 5]),
            .upMirrored: (3, 2, [2, 1, 0, 5, 4, 3]),
            .down: (3, 2, [5, 4, 3, 2, 1, 0]),
            .downMirrored: (3, 2, [3, 4, 5, 0, 1, 2]),
            .leftMirrored: (2, 3, [0, 3, 1, 4, 2, 5]),
            .right: (2, 3, [3, 0, 4, 1, 5, 2]),
            .rightMirrored: (2, 3, [5, 2, 4, 1, 3, 0]),
            .left: (2, 3, [2, 5, 1, 4, 0, 3]),
        ]
        for orientation in ExifOrientation.allCases {
            let turned = orientation.apply(to: numbered)
            let (w, h, order) = expected[orientation]!
            XCTAssertEqual([turned.width, turned.height], [w, h], "\(orientation)")
            XCTAssertEqual(reds(turned), order, "\(orientation)")
        }
    }

    func jpeg(withApp1 body: [UInt8]) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body + [0xFF, 0xD9]
    }

    func orientation(_ data: [UInt8]) -> ExifOrientation? { data.withUnsafeBufferPointer { ExifOrientation.inJPEG($0) } }

    func testReadsBothByteOrders() {
        let le: [UInt8] = Array("Exif\0\0II".utf8) + [42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]
        let be: [UInt8] = Array("Exif\0\0MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0]
        XCTAssertEqual(orientation(jpeg(withApp1: le)), .right)
        XCTAssertEqual(orientation(jpeg(withApp1: be)), .left)
    }

    func testDamagedExifIsIgnored() {
        let good: [UInt8] = Array("Exif\0\0II".utf8) + [42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]
        // Every truncation of the segment before the value ends, an IFD offset past the end, a huge entry count,
        // a value out of 1…8, a wrong type: no orientation, no read out of bounds.
        for end in 0..<(good.count - 2) { XCTAssertNil(orientation(jpeg(withApp1: Array(good[..<end]))), "\(end)") }
        var farIFD = good; farIFD[10] = 0xF0; farIFD[13] = 0x7F
        var manyEntries = good; manyEntries[14] = 0xFF; manyEntries[15] = 0xFF; manyEntries[16] = 0x00
        var badValue = good; badValue[24] = 9
        var badType = good; badType[18] = 4
        for data in [farIFD, manyEntries, badValue, badType] { XCTAssertNil(orientation(jpeg(withApp1: data))) }
        // A segment length past the end of the file.
        XCTAssertNil(orientation([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + good))
        XCTAssertNil(orientation([0xFF, 0xD8]))
    }
}
