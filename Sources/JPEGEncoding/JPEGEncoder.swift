import CTurboJPEG

/// Encodes opaque RGB pixels as a baseline JPEG through libjpeg-turbo (TurboJPEG).
///
/// Quality 90 and above keeps full-resolution colour (4:4:4), as text and thin lines need;
/// below it colour is halved each way (4:2:0), as photos tolerate. The DCT is the accurate
/// one, so the same pixels give the same bytes on every machine libjpeg-turbo runs on.
public enum JPEGEncoder {
    /// The qualities accepted.
    public static let qualities = 1...100

    /// - Parameters:
    ///   - rgb: `width × height × 3` bytes, rows top to bottom.
    ///   - quality: 1 (smallest) to 100 (best).
    /// - Throws: `JPEGError` for a quality or size out of range, or libjpeg-turbo's message.
    public static func encode(rgb: [UInt8], width: Int, height: Int, quality: Int) throws(JPEGError) -> [UInt8] {
        guard qualities.contains(quality) else { throw .qualityOutOfRange(quality) }
        // JPEG keeps each side in 16 bits.
        guard width > 0, height > 0, width <= 65_535, height <= 65_535, rgb.count == width * height * 3 else {
            throw .badImage(width: width, height: height)
        }
        guard let handle = tjInitCompress() else { throw .library(operation: "tjInitCompress", message: lastMessage(nil)) }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { if let output { tjFree(output) } }
        let subsampling = quality >= 90 ? TJSAMP_444 : TJSAMP_420
        let status = rgb.withUnsafeBufferPointer { pixels in
            tjCompress2(handle, pixels.baseAddress, Int32(width), Int32(width * 3), Int32(height), Int32(TJPF_RGB.rawValue),
                        &output, &size, Int32(subsampling.rawValue), Int32(quality), TJFLAG_ACCURATEDCT)
        }
        guard status == 0, let output, size > 0 else {
            throw .library(operation: "tjCompress2", message: lastMessage(handle))
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    private static func lastMessage(_ handle: tjhandle?) -> String {
        guard let message = tjGetErrorStr2(handle) else { return "no message" }
        return String(cString: message)
    }
}

/// What can go wrong encoding a JPEG.
public enum JPEGError: Error, Hashable, Sendable, CustomStringConvertible {
    case qualityOutOfRange(Int)
    case badImage(width: Int, height: Int)
    case library(operation: String, message: String)

    public var description: String {
        switch self {
        case .qualityOutOfRange(let q): return "JPEG quality \(q) is outside 1...100"
        case .badImage(let w, let h): return "a \(w)x\(h) image cannot be a JPEG (at most 65535 pixels a side)"
        case .library(let operation, let message): return "libjpeg-turbo failed in \(operation): \(message)"
        }
    }
}
