// libFuzzer target: arbitrary bytes as a PNG file. Decoding must give an image or a
// PNGError; limits keep allocations small.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = PNGLimits(maxPixels: 1 << 20, maxDimension: 4096)
    if let image = try? PNGDecoder.decode(bytes, limits: limits) {
        precondition(image.pixels.count == image.width * image.height * 4)
    }
    _ = try? PNGDecoder.textChunks(bytes)
    return 0
}
