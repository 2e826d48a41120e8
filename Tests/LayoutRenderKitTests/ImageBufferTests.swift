import XCTest
import ImageMemory
import LayoutEngine
@testable import Rendering

/// A bitmap's buffer is all zeros, below and above the size whose pages are mapped in one
/// call, and when it reuses memory another buffer filled and let go; a large one has room
/// for huge pages; under an opaque background it is not zeroed, and the render is the same
/// whatever the memory held.
final class ImageBufferTests: XCTestCase {
    func testZeroedAtEverySizeAndOnReusedMemory() {
        for count in [0, 1, 4095, 4096, 4097, (1 << 20) - 1, 1 << 20, 3_024_000, (1 << 22) + 13] {
            // Filled and let go first, so the new buffer may take its memory.
            var dirty: [UInt8]? = [UInt8](repeating: 0xFF, count: ImageBuffer.uninitialized(count: count).capacity)
            XCTAssertGreaterThanOrEqual(dirty?.count ?? 0, count)
            dirty = nil
            var buffer = ImageBuffer.uninitialized(count: count)
            buffer.withUnsafeMutableBytes { ImageBuffer.mapPages($0, zeroed: true) }
            XCTAssertEqual(buffer.count, count)
            XCTAssertTrue(buffer.allSatisfy { $0 == 0 }, "\(count)")
        }
    }

    /// A buffer of 2 MiB or more holds as many whole 2 MiB-aligned blocks (where huge pages
    /// can map it) as its count has whole 2 MiB, wherever the allocator put it.
    func testALargeBufferHoldsWholeAlignedBlocks() {
        let huge = 2 << 20
        for count in [huge - 1, huge, 3_024_000, 2 * huge + 13, 33_177_600] {
            let buffer = ImageBuffer.uninitialized(count: count)
            XCTAssertEqual(buffer.count, count)
            XCTAssertGreaterThanOrEqual(buffer.capacity, count >= huge ? count + huge : count, "\(count)")
            let base = buffer.withUnsafeBytes { Int(bitPattern: $0.baseAddress) }
            let first = (base + huge - 1) & ~(huge - 1)
            XCTAssertGreaterThanOrEqual((base + buffer.capacity - first) / huge, count / huge, "\(count)")
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
        XCTAssertTrue(list.firstPaintCoversEveryPixel)

        // No background, and first an opaque fill over the whole canvas (scale 1.5, so the
        // canvas is 1050×675 pixels): the same pixels as with that colour as the background.
        let cover = Rect(x: 0, y: 0, width: 700, height: 450)
        var filled = list
        filled.background = nil
        filled.scale = 1.5
        filled.operations.insert(.fill(cover, RGBAColor(red: 0.2, green: 0.4, blue: 0.6), cornerRadius: .zero), at: 0)
        var background = list
        background.scale = 1.5
        XCTAssertTrue(filled.firstPaintCoversEveryPixel)
        XCTAssertEqual(try render(filled, overMemoryHolding: 0xFF), try render(background, overMemoryHolding: 0x00))
    }

    func testAFirstFillThatLeavesPixelsUncoveredGetsAZeroedBitmap() throws {
        var list = DisplayList(size: Size(width: 600, height: 500))
        let opaque = RGBAColor(red: 1, green: 0, blue: 0)
        for (rect, color, radius) in [(Rect(x: 0.5, y: 0, width: 600, height: 500), opaque, CornerRadii.zero),
                                      (Rect(x: 0, y: 0, width: 599.5, height: 500), opaque, .zero),
                                      (Rect(x: 0, y: 0, width: 600, height: 500), opaque, CornerRadii(4)),
                                      (Rect(x: 0, y: 0, width: 600, height: 500), RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.99), .zero)] {
            list.operations = [.fill(rect, color, cornerRadius: radius)]
            XCTAssertFalse(list.firstPaintCoversEveryPixel, "\(rect) \(color) \(radius)")
            let bitmap = try render(list, overMemoryHolding: 0xFF)
            XCTAssertEqual(bitmap, try render(list, overMemoryHolding: 0x00))
        }
        // The last one: every pixel red at 0.99 (Cairo: 253 of 255), none of the memory's 0xFF.
        XCTAssertEqual(Array(try render(list, overMemoryHolding: 0xFF).pixels[0..<4]), [255, 0, 0, 253])
    }

    /// `list` rendered after a buffer of its bitmap's size filled with `byte` was let go.
    /// (The buffer is as large as the bitmap's storage, capacity beyond the count included.)
    private func render(_ list: DisplayList, overMemoryHolding byte: UInt8) throws -> Bitmap {
        let count = list.pixelWidth * list.pixelHeight * 4
        var dirty: [UInt8]? = [UInt8](repeating: byte, count: ImageBuffer.uninitialized(count: count).capacity)
        XCTAssertGreaterThanOrEqual(dirty?.count ?? 0, count)
        dirty = nil
        return try CairoRenderer().render(list)
    }
}
