import Rendering

/// How a picture is written: its format and the format's settings.
public struct PictureSettings: Hashable, Sendable {
    public var format: OutputFormat

    public init(format: OutputFormat = .png) { self.format = format }
}

/// A picture in the bytes of its format, with the warnings met drawing it.
public struct EncodedPicture: Sendable {
    public var bytes: [UInt8]
    public var format: OutputFormat
    public var warnings: [Diagnostic]
}

extension LayoutRenderer {
    /// Draws a laid-out spec and encodes it as `settings` ask: pixels for PNG (JPEG and
    /// WebP), or the display list drawn on Cairo's SVG or PDF surface.
    public func picture(_ laidOut: LaidOutSpec, settings: PictureSettings,
                        options: RenderOptions) throws(LayoutRenderError) -> EncodedPicture {
        switch settings.format {
        case .svg, .pdf:
            let (bytes, warnings) = try drawVector(laidOut, as: settings.format == .svg ? .svg : .pdf, options: options)
            return EncodedPicture(bytes: bytes, format: settings.format, warnings: warnings)
        case .png:
            let image = try draw(laidOut, options: options)
            return EncodedPicture(bytes: try image.pngData(), format: .png, warnings: image.warnings)
        case .jpeg, .webp:
            throw .render(Diagnostic(file: options.fileName, location: nil,
                                     message: "\(settings.format.rawValue.uppercased()) output is not supported yet"))
        }
    }
}
