import PNGCodec

/// Every way WebP decoding can fail.
public enum WebPError: Error, Equatable, CustomStringConvertible {
    /// The data does not start with a RIFF…WEBP header.
    case notWebP
    /// The data ends before the image does.
    case truncated
    /// The data is a WebP but is damaged or unsupported; the text names libwebp's status.
    case corrupt(String)
    /// An animated WebP: refused, as only still images are drawn.
    case animated
    /// The header declares an image larger than the limits allow.
    case tooLarge(width: Int, height: Int, limit: PNGLimits)

    public var description: String {
        switch self {
        case .notWebP:
            return "not a WebP file"
        case .truncated:
            return "WebP data is truncated"
        case .corrupt(let reason):
            return "corrupt WebP: \(reason)"
        case .animated:
            return "animated WebP is not supported; export one frame as a still WebP or PNG"
        case let .tooLarge(width, height, limit):
            return "WebP is too large: \(width)×\(height) "
                + "(limits: \(limit.maxDimension) per side, \(limit.maxPixels) pixels)"
        }
    }
}
