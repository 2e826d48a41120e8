// libFuzzer target: arbitrary bytes as a JPEG file. Decoding must give an image or a
// JPEGError; limits keep allocations small. The Exif parser reads every input too.
import JPEGCodec
import PNGCodec

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEGDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = PNGLimits(maxPixels: 1 << 20, maxDimension: 4096)
    if let image = try? JPEGDecoder.decode(bytes, limits: limits) {
        precondition(image.pixels.count == image.width * image.height * 4)
        let size = try? JPEGDecoder.size(of: bytes, limits: limits)
        precondition(size?.width == image.width && size?.height == image.height)
    }
    _ = bytes.withUnsafeBufferPointer { ExifOrientation.inJPEG($0) }
    return 0
}
