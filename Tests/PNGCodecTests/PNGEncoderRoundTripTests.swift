import Foundation
import XCTest
@_spi(Bench) @testable import PNGCodec
import WorkerThreads

/// The libdeflate writer's output read back by libpng: every filter, level and shape.
final class PNGEncoderRoundTripTests: XCTestCase {
    /// Noise and flat rectangles, opaque and translucent, at sizes that catch row-edge
    /// mistakes (1×1, odd widths for the two-pixel RGB packing, one row, one column).
    func testRandomImagesEveryFilterAndLevel() throws {
        var random = SplitMix64(seed: 18)
        let sizes = [(1, 1), (2, 1), (1, 2), (3, 3), (7, 5), (64, 1), (1, 64), (333, 2), (2, 257), (31, 17)]
        for (width, height) in sizes {
            for opaque in [true, false] {
                for kind in ["noise", "rectangles"] {
                    let image = makeImage(width, height, opaque: opaque, noise: kind == "noise", &random)
                    for filter in PNGRowFilter.allCases {
                        for (level, parts): (Int32, Int) in [(1, 1), (1, 2), (1, 3), (6, 2), (9, 1)] {
                            let name = "\(width)×\(height) opaque=\(opaque) \(kind) \(filter) level \(level) parts \(parts)"
                            let bytes = try PNGEncoder.encode(
                                image, textChunks: [], level: level, filter: filter, parts: parts)
                            XCTAssertEqual(bytes[25], opaque ? 2 : 6, name)
                            XCTAssertEqual(try PNGDecoder.decode(bytes), image, name)
                        }
                    }
                }
            }
        }
    }

    /// A wide and a tall image through every speed, with text.
    func testWideAndTallEverySpeed() throws {
        var random = SplitMix64(seed: 7)
        for (width, height) in [(4001, 3), (3, 4001)] {
            let image = makeImage(width, height, opaque: false, noise: false, &random)
            for speed in [PNGEncoder.Speed.fast, .balanced, .smallest] {
                let bytes = try PNGEncoder.encode(image, text: [(key: "k", value: "v")], speed: speed)
                let decoded = try PNGDecoder.decodeWithText(bytes)
                XCTAssertEqual(decoded.image, image, "\(width)×\(height) \(speed)")
                XCTAssertEqual(decoded.text, [PNGTextChunk(key: "k", value: "v")])
            }
        }
    }

    /// Chunks in order, each CRC right, IDAT split at 1 MiB: 1024×1024 of noise does not
    /// compress, so its four megabytes need four or more IDAT chunks.
    func testChunkLayoutAndSplitImageData() throws {
        var random = SplitMix64(seed: 3)
        let image = makeImage(1024, 1024, opaque: false, noise: true, &random)
        let bytes = try PNGEncoder.encode(image, text: [(key: "a", value: "1"), (key: "b", value: "2")])
        let chunks = try bytes.withUnsafeBufferPointer { buffer throws(PNGError) in try PNGChunks.chunks(buffer) }
        let types = chunks.map(\.type)
        XCTAssertEqual(Array(types.prefix(3)), ["IHDR", "tEXt", "tEXt"])
        XCTAssertEqual(types.last, "IEND")
        let idats = chunks.filter { $0.type == "IDAT" }
        XCTAssertEqual(idats.count, types.count - 4)
        XCTAssertGreaterThanOrEqual(idats.count, 4)
        XCTAssertEqual(idats.dropLast().map(\.data.count), Array(repeating: 1 << 20, count: idats.count - 1))
        XCTAssertEqual(try PNGDecoder.decode(bytes), image)
    }

    /// Our decoder skips Adler-32 (PNG_IGNORE_ADLER32), so the zlib header and the trailer
    /// of parts compressed apart (their checksums combined) are checked here, against an
    /// Adler-32 computed from the unfiltered rows the stream must hold.
    func testZlibHeaderAndAdler32OfJoinedParts() throws {
        var random = SplitMix64(seed: 11)
        for opaque in [true, false] {
            let image = makeImage(97, 61, opaque: opaque, noise: false, &random)
            var rows: [UInt8] = []
            for y in 0..<image.height {
                rows.append(0)
                for x in 0..<image.width {
                    let pixel = image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4]
                    rows += opaque ? Array(pixel.prefix(3)) : Array(pixel)
                }
            }
            var a: UInt32 = 1, b: UInt32 = 0
            for byte in rows {
                a = (a + UInt32(byte)) % 65521
                b = (b + a) % 65521
            }
            let adler = b << 16 | a
            for parts in [1, 2, 3, 61, 200] {
                let bytes = try PNGEncoder.encode(image, textChunks: [], level: 1, filter: .none, parts: parts)
                let stream = try bytes.withUnsafeBufferPointer { buffer throws(PNGError) in
                    try PNGChunks.chunks(buffer).filter { $0.type == "IDAT" }.flatMap { Array(buffer[$0.data]) }
                }
                XCTAssertEqual(Array(stream.prefix(2)), [0x78, 0x01], "parts \(parts)")
                let trailer = stream.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                XCTAssertEqual(trailer, adler, "opaque=\(opaque) parts \(parts)")
                XCTAssertEqual(try PNGDecoder.decode(bytes), image, "parts \(parts)")
            }
        }
    }

    /// The CRC-32 check value (ISO 3309) and the CRC every IEND chunk carries.
    func testCRC32() {
        let check = Array("123456789".utf8)
        XCTAssertEqual(check.withUnsafeBufferPointer { PNGChunks.crc32($0, 0..<9) }, 0xCBF4_3926)
        let iend = Array("IEND".utf8)
        XCTAssertEqual(iend.withUnsafeBufferPointer { PNGChunks.crc32($0, 0..<4) }, 0xAE42_6082)
    }

    /// `.fast` keeps every golden render within 10 % of its committed file's size (the
    /// goldens were written by zlib level 1 through libpng) with the same pixels.
    func testFastStaysWithinTenPercentOfGoldenSizes() throws {
        let goldens = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: goldens.path)
            .filter { $0.hasSuffix(".png") && !$0.contains(".diff.") }
        XCTAssertGreaterThanOrEqual(names.count, 7)
        for name in names {
            let file = [UInt8](try Data(contentsOf: goldens.appendingPathComponent(name)))
            let image = try PNGDecoder.decode(file)
            for onOneThread in [false, true] {
                let bytes = try PNGEncoder.encode(image, onOneThread: onOneThread)
                XCTAssertLessThanOrEqual(Double(bytes.count), Double(file.count) * 1.1, "\(name) onOneThread \(onOneThread)")
                XCTAssertEqual(try PNGDecoder.decode(bytes), image, "\(name) onOneThread \(onOneThread)")
            }
        }
    }

    /// A batch with a job per core encodes on one thread: one part, where the same image is
    /// otherwise split in two (it has two parts' bytes of rows or more: (640 × 3 + 1) × 300
    /// bytes, 512 KiB for zlib).
    func testOnOneThreadIsOnePart() throws {
        var random = SplitMix64(seed: 5)
        let image = makeImage(640, 300, opaque: false, noise: false, &random)
        let onePart = try PNGEncoder.encode(image, textChunks: [], level: 1, filter: .none, parts: 1)
        let twoParts = try PNGEncoder.encode(image, textChunks: [], level: 1, filter: .none, parts: 2)
        XCTAssertNotEqual(onePart, twoParts)
        XCTAssertEqual(try PNGEncoder.encode(image, speed: .fast), twoParts)
        XCTAssertEqual(try PNGEncoder.encode(image, speed: .fast, onOneThread: true), onePart)
        XCTAssertEqual(try PNGDecoder.decode(onePart), image)
    }

    /// Where a large image's parts fall depends on its size (and the compressor) only, so
    /// zlib's file is the same on every run, whichever thread compressed which part: the
    /// card is eight parts for zlib, one for igzip; a 4K render five for igzip.
    func testPartsFollowTheImageSizeOnly() throws {
        let cardRows = (1200 * 3 + 1) * 630
        XCTAssertEqual(PNGImageData.compressor(level: 1, total: cardRows, igzip: true), .igzip)
        XCTAssertEqual(PNGImageData.compressor(level: 1, total: cardRows, igzip: false), .zlib(level: 1))
        XCTAssertEqual(PNGImageData.compressor(level: 1, total: PNGImageData.igzipFrom - 1, igzip: true), .zlib(level: 1))
        XCTAssertEqual(PNGImageData.compressor(level: 6, total: cardRows, igzip: false), .zlib(level: 6))
        XCTAssertEqual(PNGImageData.partCount(total: cardRows, height: 630, compressor: .igzip), 1)
        XCTAssertEqual(PNGImageData.partCount(total: cardRows, height: 630, compressor: .zlib(level: 6)), 8)
        XCTAssertEqual(PNGImageData.partCount(total: (3840 * 3 + 1) * 2160, height: 2160, compressor: .igzip), 5)
        XCTAssertEqual(PNGImageData.partCount(total: 2 * PNGImageData.partBytes(.zlib(level: 9)) - 1, height: 630,
                                              compressor: .zlib(level: 9)), 1)
        XCTAssertEqual(PNGImageData.partCount(total: 1 << 34, height: 10_000, compressor: .igzip), PNGImageData.maxParts)
        XCTAssertEqual(PNGImageData.partCount(total: 1 << 30, height: 3, compressor: .zlib(level: 6)), 3)
        var random = SplitMix64(seed: 9)
        let card = makeImage(1200, 630, opaque: true, noise: false, &random)
        let eightFast = try PNGEncoder.encode(card, textChunks: [], level: 1, filter: .none, parts: 8)
        for run in 0..<6 {
            XCTAssertEqual(try PNGEncoder.encode(card, speed: .fast), eightFast, "run \(run)")
        }
        XCTAssertEqual(try PNGDecoder.decode(eightFast), card)
        // The fastest speed: a 4K image in five igzip parts on two threads, the same pixels.
        let image = makeImage(3840, 2160, opaque: true, noise: false, &random)
        XCTAssertEqual(try PNGDecoder.decode(try PNGEncoder.encode(image, speed: .fastest)), image)
        let eightParts = try PNGEncoder.encode(card, textChunks: [], level: 6, filter: .adaptive, parts: 8)
        for run in 0..<6 {
            XCTAssertEqual(try PNGEncoder.encode(card, speed: .balanced), eightParts, "run \(run)")
        }
        XCTAssertEqual(try PNGDecoder.decode(eightParts), card)
    }

    /// igzip's files stay within 10 % of zlib level 1's where it is used (256 KiB of rows
    /// or more): the goldens with the most text, drawn three times as large (each pixel
    /// a 3×3 block), and the same pixels either way.
    func testIgzipStaysWithinTenPercentOfZlib() throws {
        let fixtures = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures")
        for name in ["cjk.png", "bidi.png", "fallback-cjk.png", "ligatures.png", "spans.png"] {
            let golden = try PNGDecoder.decode([UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name))))
            var pixels = [UInt8](repeating: 0, count: golden.width * golden.height * 36)
            for y in 0..<golden.height * 3 {
                for x in 0..<golden.width * 3 {
                    let from = ((y / 3) * golden.width + x / 3) * 4, to = (y * golden.width * 3 + x) * 4
                    for channel in 0..<4 { pixels[to + channel] = golden.pixels[from + channel] }
                }
            }
            let image = RGBAImage(width: golden.width * 3, height: golden.height * 3, pixels: pixels)
            let opaque = PNGEncoder.isOpaque(image)
            let rows = PNGFilteredRows.stride(width: image.width, layout: opaque ? .rgb : .rgba) * image.height
            XCTAssertGreaterThanOrEqual(rows, PNGImageData.igzipFrom, name)
            let igzip = try PNGImageData.zlibStream(image, opaque: opaque, level: 1, filter: .none, parts: 1,
                                                    compressor: .igzip)
            let zlib = try PNGImageData.zlibStream(image, opaque: opaque, level: 1, filter: .none, parts: 1)
            XCTAssertLessThanOrEqual(Double(igzip.count), Double(zlib.count) * 1.1, name)
            XCTAssertEqual(try PNGDecoder.decode(try PNGEncoder.encode(image, speed: .fastest)), image, name)
        }
    }

    /// The calling thread compresses every part when no worker turns up, and a worker that
    /// starts after that finds nothing left to take: each part is compressed once.
    func testPartsNotTakenByAWorkerAreCompressedByTheCaller() throws {
        var random = SplitMix64(seed: 4)
        let image = makeImage(64, 40, opaque: false, noise: true, &random)
        try image.pixels.withUnsafeBytes { pixels in
            let jobs = (0..<5).map { index in
                PartJob(pixels: pixels, width: 64, rows: index * 8..<(index + 1) * 8, layout: .rgba, filter: .sub,
                        compressor: index % 2 == 0 ? .igzip : .zlib(level: 1), last: index == 4)
            }
            let queue = PartQueue(jobs)
            queue.compressPartsAndWait()
            let first = try jobs.map { try $0.result.get().deflated }
            XCTAssertTrue(first.allSatisfy { !$0.isEmpty })
            queue.compressParts()  // a late worker
            XCTAssertEqual(try jobs.map { try $0.result.get().deflated }, first)
        }
    }

    /// A worker thread runs its body (on a processor other than the caller's), or, where the
    /// process may use one processor only, none is started.
    func testWorkerThreadRunsItsBody() {
        let ran = expectation(description: "worker ran")
        if WorkerThread.start({ ran.fulfill() }) {
            wait(for: [ran], timeout: 10)
        } else {
            XCTAssertEqual(ProcessInfo.processInfo.activeProcessorCount, 1)
        }
    }

    private func makeImage(_ width: Int, _ height: Int, opaque: Bool, noise: Bool, _ random: inout SplitMix64)
        -> RGBAImage
    {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if noise {
            for i in pixels.indices { pixels[i] = UInt8(truncatingIfNeeded: random.next()) }
        } else {
            for _ in 0..<6 {
                let x0 = Int(random.next() % UInt64(width)), y0 = Int(random.next() % UInt64(height))
                let x1 = x0 + Int(random.next() % UInt64(width - x0)), y1 = y0 + Int(random.next() % UInt64(height - y0))
                let colour = random.next()
                for y in y0...y1 {
                    for x in x0...x1 {
                        for c in 0..<4 { pixels[(y * width + x) * 4 + c] = UInt8(truncatingIfNeeded: colour >> (8 * c)) }
                    }
                }
            }
        }
        if opaque {
            for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        } else {
            pixels[pixels.count - 1] = 128  // at least one translucent pixel: written as RGBA
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

/// A small seeded generator, so a failure reproduces.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49EB_311C_EB13
        return z ^ (z >> 31)
    }
}

/// Palette PNGs of indexed images: read back as the RGBA image, in one part or many, and
/// every malformed image refused.
final class IndexedImageEncoderTests: XCTestCase {
    func testIndexedImagesReadBackAsTheirColours() throws {
        var random = SplitMix64(seed: 9)
        for (width, height, colors) in [(1, 1, 1), (7, 3, 2), (640, 480, 27), (1100, 700, 256)] {
            let palette = (0..<colors * 3).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            // Runs of one index, as a diff image has.
            var indices = [UInt8](repeating: 0, count: width * height)
            var index: UInt8 = 0
            for i in indices.indices {
                if random.next() % 64 == 0 { index = UInt8(random.next() % UInt64(colors)) }
                indices[i] = index
            }
            let image = IndexedImage(width: width, height: height, indices: indices, palette: palette)
            for speed in [PNGEncoder.Speed.fastest, .fast, .balanced, .smallest] {
                for onOneThread in [false, true] {
                    let png = try PNGEncoder.encode(image, speed: speed, onOneThread: onOneThread)
                    XCTAssertEqual(png[25], 3, "colour type 3")
                    XCTAssertEqual(try PNGDecoder.decode(png), image.rgba, "\(width)×\(height) \(speed) \(onOneThread)")
                }
            }
        }
    }

    func testMalformedIndexedImagesAreRefused() {
        let bad = [
            IndexedImage(width: 0, height: 1, indices: [], palette: [0, 0, 0]),
            IndexedImage(width: 2, height: 1, indices: [0], palette: [0, 0, 0]),
            IndexedImage(width: 1, height: 1, indices: [0], palette: []),
            IndexedImage(width: 1, height: 1, indices: [0], palette: [0, 0]),
            IndexedImage(width: 1, height: 1, indices: [0], palette: [UInt8](repeating: 0, count: 257 * 3)),
            IndexedImage(width: 2, height: 1, indices: [0, 2], palette: [0, 0, 0, 9, 9, 9]),
        ]
        for image in bad {
            XCTAssertThrowsError(try PNGEncoder.encode(image)) { error in
                guard case .invalidImage? = error as? PNGError else { return XCTFail("\(error)") }
            }
        }
    }
}
