/// An image as 8-bit RGBA samples.
///
/// `pixels` holds `width × height × 4` bytes, row-major, top row first, no row
/// padding, straight (non-premultiplied) alpha: a pixel is `r, g, b, a`.
public struct RGBAImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    /// Creates an image from its samples.
    ///
    /// `pixels.count` SHOULD be `width × height × 4`; the encoder checks it and
    /// throws ``PNGError/invalidImage(_:)`` when it is not.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A `width × height` image filled with one colour.
    public init(width: Int, height: Int, filledWith rgba: (UInt8, UInt8, UInt8, UInt8)) {
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: max(0, width) * max(0, height) * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = rgba.0
            pixels[i + 1] = rgba.1
            pixels[i + 2] = rgba.2
            pixels[i + 3] = rgba.3
        }
        self.pixels = pixels
    }
}

/// Limits the decoder checks against the IHDR chunk before it allocates anything
/// the size of the image.
public struct PNGLimits: Sendable, Equatable {
    /// Largest `width × height` accepted (100 M pixels = 400 MB of RGBA).
    public var maxPixels: Int = 100_000_000
    /// Largest width or height accepted.
    public var maxDimension: Int = 65_535

    public init(maxPixels: Int = 100_000_000, maxDimension: Int = 65_535) {
        self.maxPixels = maxPixels
        self.maxDimension = maxDimension
    }
}

/// A decoded PNG with the tEXt chunks it carried, in file order.
public struct DecodedPNG: Sendable, Equatable {
    public var image: RGBAImage
    public var text: [PNGTextChunk]

    public init(image: RGBAImage, text: [PNGTextChunk]) {
        self.image = image
        self.text = text
    }
}

/// One tEXt chunk: a Latin-1 keyword (1…79 characters) and its text.
public struct PNGTextChunk: Sendable, Equatable, Hashable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}
