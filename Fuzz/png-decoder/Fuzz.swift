// libFuzzer target: arbitrary bytes as a PNG file. Decoding must give an image or a
// PNGError; limits keep allocations small. A decoded image is encoded again, by igzip
// (forced: the fuzzer's images are mostly below the size where the encoder picks it) and
// by zlib, in one to three parts, and must decode to the same pixels.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = PNGLimits(maxPixels: 1 << 20, maxDimension: 4096)
    if let image = try? PNGDecoder.decode(bytes, limits: limits) {
        precondition(image.pixels.count == image.width * image.height * 4)
        for compressor in [PNGImageData.Compressor.igzip, .zlib(level: 1)] {
            let encoded = try? PNGEncoder.encode(image, textChunks: [], level: 1, filter: .none, parts: 1 + size % 3,
                                                 compressor: compressor)
            precondition(encoded.map { try? PNGDecoder.decode($0, limits: limits) } == image, "\(compressor)")
        }
    }
    _ = try? PNGDecoder.textChunks(bytes)
    return 0
}
