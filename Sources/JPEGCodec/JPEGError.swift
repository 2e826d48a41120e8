import PNGCodec

/// Every way JPEG decoding can fail.
public enum JPEGError: Error, Equatable, CustomStringConvertible {
    /// The data does not start with a JPEG start-of-image marker.
    case notJPEG
    /// The data ends before the image does.
    case truncated
    /// The data is a JPEG but is damaged or unsupported; the text is libjpeg's explanation.
    case corrupt(String)
    /// The frame header declares an image larger than the limits allow.
    case tooLarge(width: Int, height: Int, limit: PNGLimits)

    public var description: String {
        switch self {
        case .notJPEG:
            return "not a JPEG file"
        case .truncated:
            return "JPEG data is truncated"
        case .corrupt(let reason):
            return "corrupt JPEG: \(reason)"
        case let .tooLarge(width, height, limit):
            return "JPEG is too large: \(width)×\(height) "
                + "(limits: \(limit.maxDimension) per side, \(limit.maxPixels) pixels)"
        }
    }
}
