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
        // Empty, small and a few megabytes.
        for size in [0, 1, 4096, (2 << 20) - 1, 2 << 20, (2 << 20) + 4099] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ size) }
            let path = folder.appendingPathComponent("\(size).bin").path
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            let file = try FontFile.read(path: path)
            XCTAssertEqual(file.bytes.count, size)
            XCTAssertTrue(file.bytes.elementsEqual(bytes), "\(size)")
        }
    }

    /// Reads through the handle give the file's bytes at every offset and length, from its
    /// pages and kept tables or straight from the file, and short at the file's end.
    func testReadsGiveTheFilesBytesWhereverTheyAreKept() throws {
        let folder = try temporaryFolder()
        let size = 3 * FontFileHandle.cachedReadBytes + 1234
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 9) }
        let path = folder + "/file.bin"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let file = try FontFileHandle(path: path)
        let ranges = [(0, 1), (0, 2), (4095, 2), (4095, 4098), (100, 16 << 10), (200, 20_000), (size - 3, 3),
                      (size - 3, 10), (size - 20_000, 30_000), (size, 4), (12_345, 16_383), (100, 16 << 10), (0, size)]
        for (offset, count) in ranges {
            var buffer = [UInt8](repeating: 0xEE, count: count)
            let read = buffer.withUnsafeMutableBytes { file.read(at: offset, count: count, into: $0.baseAddress!) }
            let expected = Array(bytes[min(offset, size)..<min(offset + count, size)])
            XCTAssertEqual(read, expected.count, "\(offset)+\(count)")
            XCTAssertEqual(Array(buffer.prefix(read)), expected, "\(offset)+\(count)")
        }
        let shared = try XCTUnwrap(file.sharedBytes(at: 200, count: 20_000))
        XCTAssertTrue(shared === file.sharedBytes(at: 200, count: 20_000), "a table is read once and shared")
        XCTAssertEqual(Array(shared.bytes.prefix(20_000)), Array(bytes[200..<20_200]))
    }

    /// At most `limit` font files are open at once, however many are loaded; a file closed
    /// for that is opened again by its path when read, and reads its bytes, unless the path
    /// has led to another file since: then it reads nothing and says it changed.
    func testOpenFontFilesAreBoundedAndOpenedAgainOnlyWhileTheSame() throws {
        let folder = try temporaryFolder()
        let descriptors = FontFileDescriptors(limit: 4)
        let paths = (0..<12).map { folder + "/font-\($0).bin" }
        for (index, path) in paths.enumerated() {
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(repeating: UInt8(index), count: 10_000)))
        }
        let files = try paths.map { try FontFileHandle(path: $0, descriptors: descriptors) }
        XCTAssertEqual(descriptors.counts.open, 4)
        for round in 0..<2 {
            for (index, file) in files.enumerated() {
                var byte: UInt8 = 0xFF
                XCTAssertEqual(file.read(at: 50, count: 1, into: &byte), 1, "\(round) \(index)")
                XCTAssertEqual(byte, UInt8(index))
                XCTAssertLessThanOrEqual(descriptors.counts.open, 4)
            }
        }
        XCTAssertGreaterThan(descriptors.counts.reopened, 0)
        XCTAssertTrue(files.allSatisfy(\.isUnchanged))

        // font-0 is closed by now (the least recently read); another file takes its name.
        let replacement = folder + "/replacement.bin"
        XCTAssertTrue(FileManager.default.createFile(atPath: replacement, contents: Data(repeating: 99, count: 10_000)))
        XCTAssertEqual(rename(replacement, paths[0]), 0)
        // (Page 0 of it was read and is kept: its bytes are still the first file's.)
        var byte: UInt8 = 0xFF
        XCTAssertEqual(files[0].read(at: 1, count: 1, into: &byte), 1)
        XCTAssertEqual(byte, 0)
        XCTAssertEqual(files[0].read(at: 8000, count: 1, into: &byte), 0, "not the other file's bytes")
        XCTAssertFalse(files[0].isUnchanged)
        XCTAssertFalse(files[0].isCurrent)
        // An open file read after its name leads elsewhere is still the file it opened.
        XCTAssertEqual(files[11].read(at: 8000, count: 1, into: &byte), 1)
        XCTAssertEqual(byte, 11)

        let counts = descriptors.counts
        _ = consume files
        XCTAssertEqual(descriptors.counts.open, 0, "closed with their handles (\(counts))")
    }

    private func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-file-tests-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.path
    }
}
