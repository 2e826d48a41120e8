internal import CWebP  // no C type in the public API
import JPEGCodec
import PNGCodec

/// Decodes WebP data (lossy, lossless, with or without alpha) from memory into
/// ``RGBAImage``s, straight alpha, through libwebp.
///
/// The features (size, alpha, animation) are read from the headers first and checked
/// against the same ``PNGLimits`` as a PNG before the pixel buffer is allocated; libwebp
/// then decodes into that buffer. Animated files are refused (``WebPError/animated``):
/// drawing their first frame would silently show a picture the author may not expect.
/// An EXIF chunk's orientation is honoured as for JPEG.
public enum WebPDecoder {
    /// Whether `data` starts like a WebP file: "RIFF", a size, "WEBP".
    public static func sniff(_ data: [UInt8]) -> Bool {
        data.count >= 12 && data[0..<4].elementsEqual("RIFF".utf8) && data[8..<12].elementsEqual("WEBP".utf8)
    }

    /// The upright width and height the headers declare, checked against `limits`.
    public static func size(of data: [UInt8], limits: PNGLimits = .init()) throws(WebPError)
        -> (width: Int, height: Int)
    {
        let size = try features(data, limits: limits)
        return orientation(data).orientedSize(width: size.width, height: size.height)
    }

    /// Decodes a still WebP into RGBA8, turned upright by its EXIF orientation.
    ///
    /// - Throws: `.notWebP`, `.truncated`, `.corrupt(_)`, `.animated` or `.tooLarge(_,_,_)`.
    public static func decode(_ data: [UInt8], limits: PNGLimits = .init()) throws(WebPError) -> RGBAImage {
        let (width, height) = try features(data, limits: limits)
        let stride = width * 4
        var ok = false
        let pixels = [UInt8](unsafeUninitializedCapacity: stride * height) { buffer, initialized in
            let written = data.withUnsafeBufferPointer { bytes in
                WebPDecodeRGBAInto(bytes.baseAddress, bytes.count, buffer.baseAddress, buffer.count, Int32(stride))
            }
            ok = written != nil
            initialized = ok ? buffer.count : 0
        }
        guard ok else {
            // The RIFF header says how long the file is.
            let declared = Int(data[4]) | Int(data[5]) << 8 | Int(data[6]) << 16 | Int(data[7]) << 24
            throw data.count < declared + 8 ? .truncated : .corrupt("the image data cannot be decoded")
        }
        return orientation(data).apply(to: RGBAImage(width: width, height: height, pixels: pixels))
    }

    private static func features(_ data: [UInt8], limits: PNGLimits) throws(WebPError) -> (width: Int, height: Int) {
        guard sniff(data) else { throw .notWebP }
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        switch status {
        case VP8_STATUS_OK: break
        case VP8_STATUS_NOT_ENOUGH_DATA: throw .truncated
        case VP8_STATUS_UNSUPPORTED_FEATURE: throw .corrupt("unsupported feature")
        default: throw .corrupt("bad bitstream (libwebp status \(status.rawValue))")
        }
        guard features.has_animation == 0 else { throw .animated }
        let (width, height) = (Int(features.width), Int(features.height))
        guard width > 0, height > 0 else { throw .corrupt("empty image") }
        guard width <= limits.maxDimension, height <= limits.maxDimension, width * height <= limits.maxPixels else {
            throw .tooLarge(width: width, height: height, limit: limits)
        }
        return (width, height)
    }

    /// The orientation in the file's EXIF chunk (a TIFF structure, sometimes after an
    /// "Exif\0\0" prefix as in JPEG), walking the RIFF chunks with every length checked.
    public static func orientation(_ data: [UInt8]) -> ExifOrientation {
        data.withUnsafeBufferPointer { bytes in
            var at = 12
            while at + 8 <= bytes.count {
                let length = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
                let body = at + 8
                guard length <= bytes.count - body else { return .up }
                if bytes[at..<(at + 4)].elementsEqual("EXIF".utf8) {
                    var tiff = UnsafeBufferPointer(rebasing: bytes[body..<(body + length)])
                    if tiff.count >= 6, tiff[0..<6].elementsEqual("Exif\0\0".utf8) {
                        tiff = UnsafeBufferPointer(rebasing: tiff[6...])
                    }
                    return ExifOrientation.inTIFF(tiff) ?? .up
                }
                at = body + length + (length & 1)  // chunks are padded to even sizes
            }
            return .up
        }
    }
}
