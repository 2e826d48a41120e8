// libFuzzer target: arbitrary bytes as a WebP file. Decoding must give an image or a
// WebPError; limits keep allocations small. The EXIF chunk walk reads every input too.
import PNGCodec
import WebPCodec

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebPDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = PNGLimits(maxPixels: 1 << 20, maxDimension: 4096)
    if let image = try? WebPDecoder.decode(bytes, limits: limits) {
        precondition(image.pixels.count == image.width * image.height * 4)
        let size = try? WebPDecoder.size(of: bytes, limits: limits)
        precondition(size?.width == image.width && size?.height == image.height)
    }
    _ = WebPDecoder.orientation(bytes)
    return 0
}
