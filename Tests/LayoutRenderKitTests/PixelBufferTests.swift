import XCTest
import LayoutEngine
@testable import Rendering

/// A bitmap's buffer is all zeros, below and above the size whose pages are mapped in one
/// call, and when it reuses memory another buffer filled and let go; under an opaque
/// background it is not zeroed, and the render is the same whatever the memory held.
final class PixelBufferTests: XCTestCase {
    func testZeroedAtEverySizeAndOnReusedMemory() {
        for count in [0, 1, 4095, 4096, 4097, (1 << 20) - 1, 1 << 20, 3_024_000, (1 << 22) + 13] {
            // Filled and let go first, so the new buffer may take its memory.
            var dirty: [UInt8]? = [UInt8](repeating: 0xFF, count: count)
            XCTAssertEqual(dirty?.count, count)
            dirty = nil
            let buffer = pixelBuffer(count: count, zeroed: true)
            XCTAssertEqual(buffer.count, count)
            XCTAssertTrue(buffer.allSatisfy { $0 == 0 }, "\(count)")
        }
    }

    func testAnOpaqueBackgroundCoversWhateverTheBufferHeld() throws {
        // 700×450: over a megabyte, and translucent shapes over the background, antialiased.
        var list = DisplayList(size: Size(width: 700, height: 450), background: RGBAColor(red: 0.2, green: 0.4, blue: 0.6))
        list.operations = [
            .fill(Rect(x: 10.5, y: 10.25, width: 300, height: 200), RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5),
                  cornerRadius: CornerRadii(24)),
            .fill(Rect(x: 200, y: 100, width: 400, height: 300), RGBAColor(red: 0, green: 1, blue: 0, alpha: 0.25),
                  cornerRadius: .zero),
        ]
        var renders: [Bitmap] = []
        for fill: UInt8 in [0x00, 0xFF, 0x5A] {
            var dirty: [UInt8]? = [UInt8](repeating: fill, count: 700 * 450 * 4)
            XCTAssertEqual(dirty?.count, 700 * 450 * 4)
            dirty = nil
            renders.append(try CairoRenderer().render(list))
        }
        XCTAssertEqual(renders[1], renders[0])
        XCTAssertEqual(renders[2], renders[0])
        // A corner shows the background alone: 0.2, 0.4, 0.6 of 255, opaque.
        XCTAssertEqual(Array(renders[0].pixels[0..<4]), [51, 102, 153, 255])
    }
}
