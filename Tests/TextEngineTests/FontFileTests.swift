import XCTest
@testable import TextEngine

/// A font file read once into memory of its own, and the digest the renderer finds its
/// face by: the same for the same bytes, another for any byte changed, in a word or in the
/// tail, and for a length that differs by zeros.
final class FontFileTests: XCTestCase {
    func testTheDigestTellsEveryByteAndTheLength() {
        let bytes = (0..<1003).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let digest = bytes.withUnsafeBytes { FontFile.digest($0) }
        XCTAssertEqual(digest, bytes.withUnsafeBytes { FontFile.digest($0) })
        var seen: Set<UInt64> = [digest]
        // Bytes of the first words, the middle, the last word (992…999) and the tail.
        for position in [0, 7, 8, 15, 16, 24, 31, 32, 500, 991, 992, 999, 1000, 1002] {
            var changed = bytes
            changed[position] ^= 1
            XCTAssertTrue(seen.insert(changed.withUnsafeBytes { FontFile.digest($0) }).inserted, "\(position)")
        }
        for extra in 1...9 {
            let longer = bytes + [UInt8](repeating: 0, count: extra)
            XCTAssertTrue(seen.insert(longer.withUnsafeBytes { FontFile.digest($0) }).inserted, "\(extra)")
        }
        // Two words swapped.
        var swapped = bytes
        swapped.swapAt(0, 8)
        XCTAssertNotEqual(swapped.withUnsafeBytes { FontFile.digest($0) }, digest)
    }

    func testAFileIsReadWholeAtEverySize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-file-tests-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Below and above the size read into huge-page memory (2 MiB).
        for size in [0, 1, 4096, (2 << 20) - 1, 2 << 20, (2 << 20) + 4099] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ size) }
            let path = folder.appendingPathComponent("\(size).bin").path
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            let file = try FontFile.read(path: path)
            XCTAssertEqual(file.bytes.count, size)
            XCTAssertTrue(file.bytes.elementsEqual(bytes), "\(size)")
        }
    }
}
