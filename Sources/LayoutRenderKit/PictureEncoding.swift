import JPEGEncoding
import PNGCodec
import Rendering
import WebPEncoding

/// How a picture is written: its format and the format's settings.
public struct PictureSettings: Hashable, Sendable {
    public var format: OutputFormat
    /// JPEG: 1...100, 90 when nil. WebP: nil is lossless, a quality lossy. Not for other formats.
    public var quality: Int?
    /// PNG only: how hard deflate works; nil is `.fast`, as always. `.smallest` writes a
    /// palette PNG when the picture has at most 256 colours.
    public var compression: PNGCompression?
    /// PNG only: compress on the calling thread only (see `PNGEncoder.encode`), for a caller
    /// whose other threads already keep the cores busy. Not an option of the command line:
    /// a batch of as many jobs as cores sets it.
    public var encodesOnOneThread = false

    /// The JPEG quality when none is given.
    public static let defaultJPEGQuality = 90
    /// The qualities accepted.
    public static let qualities = 1...100

    public init(format: OutputFormat = .png, quality: Int? = nil, compression: PNGCompression? = nil) {
        self.format = format; self.quality = quality; self.compression = compression
    }

    /// Why these settings cannot be written, as a message for a person; nil when they can.
    public var problem: String? {
        if compression != nil, format != .png {
            return "--compression applies to PNG output, not \(format.rawValue.uppercased())"
        }
        guard let quality else { return nil }
        guard format == .jpeg || format == .webp else {
            return "--quality applies to JPEG and WebP output, not \(format.rawValue.uppercased())"
        }
        return Self.qualities.contains(quality) ? nil : "--quality \(quality) is outside 1...100"
    }
}

/// A picture in the bytes of its format, with the warnings met drawing it.
public struct EncodedPicture: Sendable {
    public var bytes: [UInt8]
    public var format: OutputFormat
    public var warnings: [Diagnostic]
}

extension LayoutRenderer {
    /// Draws a laid-out spec and encodes it as `settings` ask: pixels for PNG, JPEG and
    /// WebP, or the display list drawn on Cairo's SVG or PDF surface.
    public func picture(_ laidOut: LaidOutSpec, settings: PictureSettings,
                        options: RenderOptions) throws(LayoutRenderError) -> EncodedPicture {
        if let problem = settings.problem {
            throw .render(Diagnostic(file: options.fileName, location: nil, message: problem))
        }
        switch settings.format {
        case .svg, .pdf:
            let (bytes, warnings) = try drawVector(laidOut, as: settings.format == .svg ? .svg : .pdf, options: options)
            return EncodedPicture(bytes: bytes, format: settings.format, warnings: warnings)
        case .png, .jpeg, .webp:
            let image = try draw(laidOut, options: options)
            return EncodedPicture(bytes: try image.encoded(settings, fileName: options.fileName),
                                  format: settings.format, warnings: image.warnings)
        }
    }
}

extension RenderedImage {
    /// The picture's pixels in a raster format (PNG, JPEG or WebP).
    public func encoded(_ settings: PictureSettings, fileName: String? = nil) throws(LayoutRenderError) -> [UInt8] {
        func failure(_ message: String) -> LayoutRenderError {
            .render(Diagnostic(file: fileName, location: nil, message: message))
        }
        switch settings.format {
        case .png:
            return try pngData(speed: settings.compression?.speed ?? .fast, onOneThread: settings.encodesOnOneThread)
        case .jpeg:
            do throws(JPEGError) {
                return try JPEGEncoder.encode(rgb: Self.flattenedOverWhite(bitmap.pixels), width: bitmap.width,
                                              height: bitmap.height, quality: settings.quality ?? PictureSettings.defaultJPEGQuality)
            } catch {
                throw failure("JPEG encoding failed: \(error)")
            }
        case .webp:
            do throws(WebPError) {
                return try WebPEncoder.encode(rgba: bitmap.pixels, width: bitmap.width, height: bitmap.height,
                                              quality: settings.quality)
            } catch {
                throw failure("WebP encoding failed: \(error)")
            }
        case .svg, .pdf:
            throw failure("\(settings.format.rawValue.uppercased()) is drawn from the display list, not from pixels")
        }
    }

    /// Straight-alpha RGBA composited over white into RGB: JPEG has no alpha. A canvas
    /// `background` is already in the pixels; only what it leaves transparent turns white.
    static func flattenedOverWhite(_ rgba: [UInt8]) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: rgba.count / 4 * 3)
        rgba.withUnsafeBufferPointer { src in
            rgb.withUnsafeMutableBufferPointer { dst in
                for i in 0..<(src.count / 4) {
                    let a = UInt32(src[i * 4 + 3]), inverse = 255 - a
                    for c in 0..<3 {
                        dst[i * 3 + c] = UInt8((UInt32(src[i * 4 + c]) * a + 255 * inverse + 127) / 255)
                    }
                }
            }
        }
        return rgb
    }
}

/// PNG's compression levels (`--compression`), PNGEncoder's speeds by name.
public enum PNGCompression: String, Hashable, Sendable, CaseIterable {
    case fast, balanced, smallest
    /// igzip: about ten times faster than `fast`, but not always the same bytes on every
    /// run (the same pixels always; see `PNGEncoder.Speed.fastest`).
    case fastest

    var speed: PNGEncoder.Speed {
        switch self {
        case .fast: return .fast
        case .fastest: return .fastest
        case .balanced: return .balanced
        case .smallest: return .smallest
        }
    }
}
