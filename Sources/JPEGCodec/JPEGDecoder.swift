import PNGCodec

/// Decodes JPEG data from memory into ``RGBAImage``s, the bitmap type PNGs decode to.
///
/// Baseline and progressive files, greyscale, YCbCr/RGB and CMYK/YCCK (Adobe's inverted
/// CMYK too) are read through libjpeg-turbo; the result is always opaque 8-bit RGBA.
/// Colour profiles are ignored, as for PNG. The Exif orientation (APP1, tag 0x0112) is
/// honoured: the pixels are turned upright and the size is the upright one.
///
/// The frame header is read before any pixel buffer is allocated and checked against the
/// same ``PNGLimits`` as a PNG; libjpeg's own working memory is capped; a progressive file
/// with more than 500 scans is refused (a few kilobytes could otherwise take minutes);
/// data ending early is ``JPEGError/truncated``, not an image padded with grey.
public enum JPEGDecoder {
    /// Whether `data` starts like a JPEG file (SOI then a marker).
    public static func sniff(_ data: [UInt8]) -> Bool {
        data.count >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF
    }

    /// The upright width and height the header declares, checked against `limits`.
    public static func size(of data: [UInt8], limits: PNGLimits = .init()) throws(JPEGError)
        -> (width: Int, height: Int)
    {
        try withBytes(data) { bytes throws(JPEGError) in
            let reader = try JPEGReader(maxMemory: maxMemory(limits))
            let header = try checkedHeader(reader, bytes, limits: limits)
            let orientation = ExifOrientation.inJPEG(bytes) ?? .up
            return orientation.orientedSize(width: header.width, height: header.height)
        }
    }

    /// Decodes a JPEG into RGBA8, turned upright by its Exif orientation.
    ///
    /// - Parameters:
    ///   - data: the whole JPEG file.
    ///   - limits: the largest image accepted.
    /// - Returns: the image, `width × height × 4` bytes of opaque RGBA.
    /// - Throws: `.notJPEG`, `.truncated`, `.corrupt(_)` or `.tooLarge(_,_,_)`.
    public static func decode(_ data: [UInt8], limits: PNGLimits = .init()) throws(JPEGError) -> RGBAImage {
        try withBytes(data) { bytes throws(JPEGError) in
            let reader = try JPEGReader(maxMemory: maxMemory(limits))
            let header = try checkedHeader(reader, bytes, limits: limits)
            let cmyk = header.components == 4
            let (width, height) = (header.width, header.height)
            var failure: JPEGError?
            var pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
                do throws(JPEGError) {
                    try reader.readPixels(into: buffer.baseAddress!, rowBytes: width * 4)
                    initialized = buffer.count
                } catch {
                    failure = error
                    initialized = 0
                }
            }
            if let failure { throw failure }
            if cmyk { convertCMYK(&pixels, inverted: reader.adobeInverted) }
            let image = RGBAImage(width: width, height: height, pixels: pixels)
            return (ExifOrientation.inJPEG(bytes) ?? .up).apply(to: image)
        }
    }

    private static func withBytes<T>(_ data: [UInt8],
                                      _ body: (UnsafeBufferPointer<UInt8>) throws(JPEGError) -> T) throws(JPEGError) -> T {
        guard sniff(data) else { throw .notJPEG }
        let result: Result<T, JPEGError> = data.withUnsafeBufferPointer { bytes in
            Result { () throws(JPEGError) -> T in try body(bytes) }
        }
        return try result.get()
    }

    private static func checkedHeader(_ reader: JPEGReader, _ bytes: UnsafeBufferPointer<UInt8>,
                                      limits: PNGLimits) throws(JPEGError) -> (width: Int, height: Int, components: Int) {
        let header = try reader.readHeader(bytes)
        guard header.width > 0, header.height > 0 else { throw .corrupt("empty image") }
        guard header.width <= limits.maxDimension, header.height <= limits.maxDimension,
              header.width * header.height <= limits.maxPixels else {
            throw .tooLarge(width: header.width, height: header.height, limit: limits)
        }
        guard [1, 3, 4].contains(header.components) else {
            throw .corrupt("\(header.components) colour components")
        }
        return header
    }

    /// libjpeg's working memory: a progressive image's coefficients (up to 6 bytes a
    /// pixel at 4:4:4, 8 for CMYK) and some room for tables.
    private static func maxMemory(_ limits: PNGLimits) -> Int {
        min(limits.maxPixels, 1 << 30) * 8 + (16 << 20)
    }

    /// CMYK as stored → RGB in place; alpha 255. Adobe files store the inks inverted.
    private static func convertCMYK(_ pixels: inout [UInt8], inverted: Bool) {
        pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                var (c, m, y, k) = (Int(p[i]), Int(p[i + 1]), Int(p[i + 2]), Int(p[i + 3]))
                if !inverted { (c, m, y, k) = (255 - c, 255 - m, 255 - y, 255 - k) }
                // Now 255 means no ink.
                p[i] = UInt8((c * k + 127) / 255)
                p[i + 1] = UInt8((m * k + 127) / 255)
                p[i + 2] = UInt8((y * k + 127) / 255)
                p[i + 3] = 255
            }
        }
    }
}
