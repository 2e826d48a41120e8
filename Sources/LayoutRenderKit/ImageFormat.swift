import JPEGCodec
import PNGCodec
import Rendering
import WebPCodec

/// The formats a spec's images may be in, told apart by their first bytes (never by the
/// file's extension), and the decoder of each.
enum ImageFormat: String, CaseIterable, Sendable {
    case png = "PNG", jpeg = "JPEG", webp = "WebP", svg = "SVG"

    /// The format `bytes` start like, if any.
    init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if JPEGDecoder.sniff(bytes) {
            self = .jpeg
        } else if WebPDecoder.sniff(bytes) {
            self = .webp
        } else if Self.looksLikeSVG(bytes) {
            self = .svg
        } else {
            return nil
        }
    }

    /// "PNG, JPEG, WebP, SVG": for the message about a file in none of them.
    static var supportedList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// XML text (after a byte-order mark and blanks, a `<`) with an `<svg` element in its
    /// first 4 KiB (after a declaration, comments or a DOCTYPE).
    private static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "<") else { return false }
        let head = bytes[start..<min(bytes.count, start + 4096)]
        let tag = Array("<svg".utf8)
        return head.indices.contains { head[$0...].starts(with: tag) }
    }

    enum Failure: Error {
        case png(PNGError)
        case jpeg(JPEGError)
        case webp(WebPError)
        case svg(RenderError)

        /// The decoder's message, naming the format.
        var message: String {
            switch self {
            case .png(let error): return error.description
            case .jpeg(let error): return error.description
            case .webp(let error): return error.description
            case .svg(let error): return error.description
            }
        }
    }

    /// The upright size the file's header declares, checked against `limits` before any
    /// pixel is allocated. Not for SVG (see ``document(_:)``).
    func size(of bytes: [UInt8], limits: PNGLimits) throws(Failure) -> (width: Int, height: Int) {
        switch self {
        case .png:
            do throws(PNGError) { return try PNGDecoder.size(of: bytes, limits: limits) } catch { throw .png(error) }
        case .jpeg:
            do throws(JPEGError) { return try JPEGDecoder.size(of: bytes, limits: limits) } catch { throw .jpeg(error) }
        case .webp:
            do throws(WebPError) { return try WebPDecoder.size(of: bytes, limits: limits) } catch { throw .webp(error) }
        case .svg:
            preconditionFailure("an SVG has no pixels to count")
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
        case .svg:
            preconditionFailure("an SVG is parsed, not decoded")
        }
    }

    /// The error a decode of this format gives for an image over the limits.
    func tooLarge(width: Int, height: Int, limits: PNGLimits) -> Failure {
        switch self {
        case .png: return .png(.tooLarge(width: width, height: height, limit: limits))
        case .jpeg: return .jpeg(.tooLarge(width: width, height: height, limit: limits))
        case .webp: return .webp(.tooLarge(width: width, height: height, limit: limits))
        case .svg: preconditionFailure("an SVG has no pixels to count")
        }
    }
}

/// An image file ready to draw: decoded pixels, or a parsed SVG drawn as vectors.
enum LoadedImage: Sendable {
    case bitmap(Bitmap)
    case vector(SVGDocument)

    /// The intrinsic size: pixels for a bitmap, the document's CSS pixels for an SVG.
    var size: (width: Double, height: Double) {
        switch self {
        case .bitmap(let b): return (Double(b.width), Double(b.height))
        case .vector(let d): return (d.width, d.height)
        }
    }

    /// What the image costs a cache: its pixels' bytes, or its source's four times over
    /// (librsvg's tree of the document).
    var cacheBytes: Int {
        switch self {
        case .bitmap(let b): return b.pixels.count
        case .vector(let d): return d.byteCount * 4
        }
    }
}
