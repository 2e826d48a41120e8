/// Every way PNG decoding, encoding or file access can fail.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    /// The data does not start with the PNG signature.
    case notPNG
    /// The data ends before the image does.
    case truncated
    /// The data is a PNG but is damaged (bad CRC, bad chunk, bad zlib stream…);
    /// the associated text is libpng's or our own explanation.
    case corrupt(String)
    /// The IHDR chunk declares an image larger than the ``PNGLimits`` allow.
    case tooLarge(width: Int, height: Int, limit: PNGLimits)
    /// The image handed to the encoder is not valid (e.g. wrong buffer size).
    case invalidImage(String)
    /// A text chunk cannot be written (bad keyword, or text not Latin-1).
    case invalidText(key: String, reason: String)
    /// libpng failed while encoding.
    case encodingFailed(String)
    /// A file could not be read or written.
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case .notPNG:
            return "not a PNG file"
        case .truncated:
            return "PNG data is truncated"
        case .corrupt(let reason):
            return "corrupt PNG: \(reason)"
        case let .tooLarge(width, height, limit):
            return "PNG is too large: \(width)×\(height) "
                + "(limits: \(limit.maxDimension) per side, \(limit.maxPixels) pixels)"
        case .invalidImage(let reason):
            return "invalid image: \(reason)"
        case let .invalidText(key, reason):
            return "invalid text chunk \"\(key)\": \(reason)"
        case .encodingFailed(let reason):
            return "PNG encoding failed: \(reason)"
        case let .io(path, reason):
            return "\(path): \(reason)"
        }
    }
}
