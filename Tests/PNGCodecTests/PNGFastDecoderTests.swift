import Foundation
import XCTest

@testable import PNGCodec

/// The decoder's fast path (PNGFastDecoder, no libpng) against libpng: the same pixels for
/// every file it takes, and for damaged files the same outcome as libpng alone.
final class PNGFastDecoderTests: XCTestCase {
    /// The whole decode (fast path first) and libpng alone agree: equal images, or the
    /// same error. Returns whether the fast path took the file.
    @discardableResult
    private func assertSameAsLibPNG(
        _ data: [UInt8], limits: PNGLimits = .init(), _ name: String, file: StaticString = #filePath, line: UInt = #line
    ) -> Bool {
        let both: (Result<DecodedPNG, PNGError>, Result<DecodedPNG, PNGError>, Bool) = data.withUnsafeBufferPointer {
            bytes in
            let whole = Result { () throws(PNGError) -> DecodedPNG in try PNGDecoder.decodeWithText(data, limits: limits) }
            let libpng = Result { () throws(PNGError) -> DecodedPNG in
                let declared = try PNGChunks.checkHeader(bytes, limits: limits)
                return try PNGDecoder.decodeWithLibPNG(bytes, declared: declared)
            }
            var fast = false
            if let declared = try? PNGChunks.checkHeader(bytes, limits: limits) {
                fast = PNGFastDecoder.decode(bytes, declared: declared) != nil
            }
            return (whole, libpng, fast)
        }
        switch (both.0, both.1) {
        case let (.success(a), .success(b)):
            XCTAssertEqual(a.image.width, b.image.width, name, file: file, line: line)
            XCTAssertEqual(a.image.height, b.image.height, name, file: file, line: line)
            XCTAssert(a.image.pixels == b.image.pixels, "\(name): pixels differ from libpng's", file: file, line: line)
            XCTAssertEqual(a.text, b.text, name, file: file, line: line)
        case let (.failure(a), .failure(b)):
            XCTAssertEqual(a, b, name, file: file, line: line)
        case let (a, b):
            XCTFail("\(name): decode \(a) but libpng \(b)", file: file, line: line)
        }
        return both.2
    }

    /// Every PNG in the repository: the fixtures, the docs' images, the benchmark pair, the
    /// fuzzer's corpus (which holds damaged files).
    func testRepositoryPNGsDecodeAsWithLibPNG() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["fixtures", "docs/images", "bench", "Tests/PNGCodecTests/Fixtures", "Fuzz/corpus/png-decoder"] {
            let url = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker
            where file.pathExtension == "png" || folder.hasPrefix("Fuzz") && file.pathExtension.isEmpty {
                files.append(file)
            }
        }
        XCTAssertGreaterThan(files.count, 100)
        var fast = 0
        for file in files {
            let data = [UInt8](try Data(contentsOf: file))
            if assertSameAsLibPNG(data, file.path) { fast += 1 }
        }
        // The benchmark pair and most rendered images are 8-bit RGB/RGBA.
        XCTAssertGreaterThan(fast, 20)
    }

    /// Every colour type the fast path takes, with every filter type on every row and a
    /// mix of them, at widths and heights down to 1.
    func testGeneratedImagesOfEveryFilterAndColourType() {
        for colourType: UInt8 in [0, 2, 4, 6] {
            for filter in 0...5 {
                for (width, height) in [(1, 1), (1, 7), (5, 1), (17, 9), (64, 33)] {
                    let data = makePNG(width: width, height: height, colourType: colourType, filter: filter)
                    let name = "type \(colourType) filter \(filter) \(width)×\(height)"
                    XCTAssertTrue(assertSameAsLibPNG(data, name), "\(name): fast path not taken")
                }
            }
        }
    }

    /// The cases the fast path leaves to libpng still decode (tRNS, interlacing, 16 bits).
    func testFilesLeftToLibPNG() {
        var withTRNS = makePNG(width: 9, height: 4, colourType: 2, filter: 5)
        let trns = chunk("tRNS", [0, 10, 0, 20, 0, 30])
        withTRNS.insert(contentsOf: trns, at: 33)
        XCTAssertFalse(assertSameAsLibPNG(withTRNS, "tRNS"))
        var palette = makePNG(width: 9, height: 4, colourType: 2, filter: 5)
        palette.insert(contentsOf: chunk("PLTE", [1, 2, 3]), at: 33)
        XCTAssertFalse(assertSameAsLibPNG(palette, "PLTE in an RGB image"))
    }

    /// Damaged files give libpng's outcome (its error, or the image it still reads):
    /// truncated at many lengths, and single bytes changed with and without the chunk CRC
    /// fixed up (so that the damage reaches the zlib stream and the filter bytes).
    func testDamagedFilesGiveLibPNGsOutcome() {
        for colourType: UInt8 in [2, 6] {
            let good = makePNG(width: 23, height: 11, colourType: colourType, filter: 5, compressed: true)
            for length in stride(from: 0, to: good.count, by: 3) {
                assertSameAsLibPNG(Array(good[..<length]), "type \(colourType) truncated to \(length)")
            }
            var rng = SplitMix64(seed: UInt64(colourType))
            for position in 8..<good.count {
                for fixCRC in [false, true] {
                    var damaged = good
                    damaged[position] ^= UInt8(truncatingIfNeeded: rng.next() | 1)
                    if fixCRC { fixCRCs(&damaged) }
                    assertSameAsLibPNG(
                        damaged, limits: PNGLimits(maxPixels: 1 << 16, maxDimension: 1024),
                        "type \(colourType) byte \(position) changed, CRC fixed \(fixCRC)")
                }
            }
        }
        // A bad filter type byte, in a stream that is otherwise fine.
        var bad = makePNG(width: 4, height: 3, colourType: 2, filter: 9)
        fixCRCs(&bad)
        XCTAssertFalse(assertSameAsLibPNG(bad, "filter type 9"))
        // Image data one byte short and one byte long.
        for extra in [-1, 1] {
            let png = makePNG(width: 6, height: 5, colourType: 6, filter: 1, extraBytes: extra)
            XCTAssertFalse(assertSameAsLibPNG(png, "image data \(extra) bytes off"))
        }
    }

    // MARK: Building PNGs by hand

    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    private func be32(_ v: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8),
         UInt8(truncatingIfNeeded: v)]
    }

    private func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Recomputes every chunk's CRC (stopping where the chunk lengths stop making sense).
    private func fixCRCs(_ png: inout [UInt8]) {
        var offset = 8
        while png.count - offset >= 12 {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8
                | Int(png[offset + 3])
            guard png.count - offset - 12 >= length else { return }
            let crc = be32(Int(crc32(Array(png[(offset + 4)..<(offset + 8 + length)]))))
            png.replaceSubrange((offset + 8 + length)..<(offset + 12 + length), with: crc)
            offset += 12 + length
        }
    }

    /// A zlib stream: stored blocks, or (compressed) fixed-Huffman literals only.
    private func zlib(_ data: [UInt8], compressed: Bool) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        if compressed {
            // Fixed Huffman, literals 0–143 as 8-bit codes 0x30+, 144–255 as 9-bit 0x190+.
            var bits: [Bool] = [true, true, false]  // BFINAL, BTYPE = 01 (LSB first)
            func code(_ value: Int, _ length: Int) { for i in stride(from: length - 1, through: 0, by: -1) { bits.append(value >> i & 1 == 1) } }
            for b in data {
                if b < 144 { code(0x30 + Int(b), 8) } else { code(0x190 + Int(b) - 144, 9) }
            }
            code(0, 7)  // end of block
            var byte: UInt8 = 0
            for (i, bit) in bits.enumerated() {
                if bit { byte |= 1 << UInt8(i % 8) }
                if i % 8 == 7 { out.append(byte); byte = 0 }
            }
            if bits.count % 8 != 0 { out.append(byte) }
        } else {
            var start = 0
            repeat {
                let n = min(65535, data.count - start)
                let last: UInt8 = start + n == data.count ? 1 : 0
                out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
                out += data[start..<(start + n)]
                start += n
            } while start < data.count
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + be32(Int(b << 16 | a))
    }

    /// An 8-bit PNG of `colourType` with pseudo-random, partly smooth samples; `filter` 0–4
    /// on every row, 5 for the rows cycling through all five, anything else written as
    /// the type byte of every row.
    private func makePNG(
        width: Int, height: Int, colourType: UInt8, filter: Int, compressed: Bool = false, extraBytes: Int = 0
    ) -> [UInt8] {
        let bpp = [0: 1, 2: 3, 4: 2, 6: 4][Int(colourType)]!
        let rowBytes = width * bpp
        var rng = SplitMix64(seed: UInt64(width * 1000 + height * 10 + Int(colourType)))
        var rows: [[UInt8]] = []
        for y in 0..<height {
            rows.append((0..<rowBytes).map { i in
                i % 5 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : UInt8(truncatingIfNeeded: i * 7 + y * 3)
            })
        }
        var raw: [UInt8] = []
        for y in 0..<height {
            let type = filter == 5 ? y % 5 : filter
            raw.append(UInt8(type))
            let row = rows[y]
            let prior = y > 0 ? rows[y - 1] : [UInt8](repeating: 0, count: rowBytes)
            for i in 0..<rowBytes {
                let a = i >= bpp ? row[i - bpp] : 0
                let b = prior[i]
                let c = i >= bpp ? prior[i - bpp] : 0
                let predicted: UInt8
                switch type {
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = UInt8((Int(a) + Int(b)) / 2)
                case 4:
                    let p = Int(a) + Int(b) - Int(c)
                    let (pa, pb, pc) = (abs(p - Int(a)), abs(p - Int(b)), abs(p - Int(c)))
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: predicted = 0
                }
                raw.append(row[i] &- predicted)
            }
        }
        if extraBytes < 0 { raw.removeLast(-extraBytes) }
        if extraBytes > 0 { raw += [UInt8](repeating: 0, count: extraBytes) }
        let ihdr = be32(width) + be32(height) + [8, colourType, 0, 0, 0]
        let stream = zlib(raw, compressed: compressed)
        // The stream in two IDAT chunks with an empty one between, as encoders split it.
        let half = stream.count / 2
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
            + chunk("tEXt", Array("Title\u{0}fast path".utf8)) + chunk("IDAT", Array(stream[..<half]))
            + chunk("IDAT", []) + chunk("IDAT", Array(stream[half...])) + chunk("IEND", [])
    }
}
