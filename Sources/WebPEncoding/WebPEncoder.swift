import CWebPEncode

/// Encodes straight-alpha RGBA pixels as WebP through libwebp: lossless by default (every
/// pixel kept, alpha included), or lossy at a quality.
public enum WebPEncoder {
    /// The qualities accepted for lossy WebP.
    public static let qualities = 1...100
    /// libwebp's limit on each side.
    public static let maxSide = Int(WEBP_MAX_DIMENSION)

    /// - Parameters:
    ///   - rgba: `width × height × 4` bytes, rows top to bottom.
    ///   - quality: nil for lossless; 1 (smallest) to 100 (best) for lossy.
    /// - Throws: `WebPError` for a quality or size out of range, or when libwebp fails.
    public static func encode(rgba: [UInt8], width: Int, height: Int, quality: Int?) throws(WebPError) -> [UInt8] {
        if let quality, !qualities.contains(quality) { throw .qualityOutOfRange(quality) }
        guard width > 0, height > 0, width <= maxSide, height <= maxSide, rgba.count == width * height * 4 else {
            throw .badImage(width: width, height: height, limit: maxSide)
        }
        var output: UnsafeMutablePointer<UInt8>? = nil
        let size = rgba.withUnsafeBufferPointer { pixels in
            if let quality {
                return WebPEncodeRGBA(pixels.baseAddress, Int32(width), Int32(height), Int32(width * 4), Float(quality), &output)
            }
            return WebPEncodeLosslessRGBA(pixels.baseAddress, Int32(width), Int32(height), Int32(width * 4), &output)
        }
        defer { if let output { WebPFree(output) } }
        guard size > 0, let output else { throw .encodingFailed(lossless: quality == nil) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}

/// What can go wrong encoding a WebP.
public enum WebPError: Error, Hashable, Sendable, CustomStringConvertible {
    case qualityOutOfRange(Int)
    case badImage(width: Int, height: Int, limit: Int)
    /// libwebp's simple API gives no reason: it returns no bytes.
    case encodingFailed(lossless: Bool)

    public var description: String {
        switch self {
        case .qualityOutOfRange(let q): return "WebP quality \(q) is outside 1...100"
        case .badImage(let w, let h, let limit): return "a \(w)x\(h) image cannot be a WebP (at most \(limit) pixels a side)"
        case .encodingFailed(let lossless): return "libwebp could not encode the \(lossless ? "lossless" : "lossy") WebP"
        }
    }
}
