import JPEGCodec
import PNGCodec
import WebPCodec

/// The formats a spec's images may be in, told apart by their first bytes (never by the
/// file's extension), and the decoder of each.
enum ImageFormat: String, CaseIterable, Sendable {
    case png = "PNG", jpeg = "JPEG", webp = "WebP"

    /// The format `bytes` start like, if any.
    init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if JPEGDecoder.sniff(bytes) {
            self = .jpeg
        } else if WebPDecoder.sniff(bytes) {
            self = .webp
        } else {
            return nil
        }
    }

    /// "PNG, JPEG, WebP": for the message about a file in none of them.
    static var supportedList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    enum Failure: Error {
        case png(PNGError)
        case jpeg(JPEGError)
        case webp(WebPError)

        /// The decoder's message, naming the format.
        var message: String {
            switch self {
            case .png(let error): return error.description
            case .jpeg(let error): return error.description
            case .webp(let error): return error.description
            }
        }
    }

    /// The upright size the file's header declares, checked against `limits` before any
    /// pixel is allocated.
    func size(of bytes: [UInt8], limits: PNGLimits) throws(Failure) -> (width: Int, height: Int) {
        switch self {
        case .png:
            do throws(PNGError) { return try PNGDecoder.size(of: bytes, limits: limits) } catch { throw .png(error) }
        case .jpeg:
            do throws(JPEGError) { return try JPEGDecoder.size(of: bytes, limits: limits) } catch { throw .jpeg(error) }
        case .webp:
            do throws(WebPError) { return try WebPDecoder.size(of: bytes, limits: limits) } catch { throw .webp(error) }
        }
    }

    /// The file's pixels, straight-alpha RGBA, upright.
    func decode(_ bytes: [UInt8], limits: PNGLimits) throws(Failure) -> RGBAImage {
        switch self {
        case .png:
            do throws(PNGError) { return try PNGDecoder.decode(bytes, limits: limits) } catch { throw .png(error) }
        case .jpeg:
            do throws(JPEGError) { return try JPEGDecoder.decode(bytes, limits: limits) } catch { throw .jpeg(error) }
        case .webp:
            do throws(WebPError) { return try WebPDecoder.decode(bytes, limits: limits) } catch { throw .webp(error) }
        }
    }

    /// The error a decode of this format gives for an image over the limits.
    func tooLarge(width: Int, height: Int, limits: PNGLimits) -> Failure {
        switch self {
        case .png: return .png(.tooLarge(width: width, height: height, limit: limits))
        case .jpeg: return .jpeg(.tooLarge(width: width, height: height, limit: limits))
        case .webp: return .webp(.tooLarge(width: width, height: height, limit: limits))
        }
    }
}
