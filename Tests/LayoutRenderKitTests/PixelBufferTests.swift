import XCTest
@testable import Rendering

/// A bitmap's buffer is all zeros, below and above the size whose pages are mapped in one
/// call, and when it reuses memory another buffer filled and let go.
final class PixelBufferTests: XCTestCase {
    func testZeroedAtEverySizeAndOnReusedMemory() {
        for count in [0, 1, 4095, 4096, 4097, (1 << 20) - 1, 1 << 20, 3_024_000, (1 << 22) + 13] {
            // Filled and let go first, so the new buffer may take its memory.
            var dirty: [UInt8]? = [UInt8](repeating: 0xFF, count: count)
            XCTAssertEqual(dirty?.count, count)
            dirty = nil
            let buffer = zeroedPixelBuffer(count: count)
            XCTAssertEqual(buffer.count, count)
            XCTAssertTrue(buffer.allSatisfy { $0 == 0 }, "\(count)")
        }
    }
}
