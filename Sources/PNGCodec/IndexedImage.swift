/// An image of at most 256 opaque colours, as one palette index a pixel: what a PNG of
/// colour type 3 holds. A quarter of the bytes of the same image in RGBA to keep, and a
/// third of its RGB rows to compress (the diff image, a faded grey and two marks, is one).
public struct IndexedImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// `width × height` indices into `palette`, row-major, top row first.
    public var indices: [UInt8]
    /// The colours as red, green, blue bytes, three a colour: 1 to 256 colours.
    public var palette: [UInt8]

    public init(width: Int, height: Int, indices: [UInt8], palette: [UInt8]) {
        self.width = width
        self.height = height
        self.indices = indices
        self.palette = palette
    }

    /// The same image as RGBA pixels (indices past the palette, which the encoder refuses,
    /// as black).
    public var rgba: RGBAImage {
        var pixels = [UInt8](repeating: 255, count: indices.count * 4)
        for (i, index) in indices.enumerated() {
            let entry = Int(index) * 3
            guard entry + 2 < palette.count else { pixels[i * 4] = 0; pixels[i * 4 + 1] = 0; pixels[i * 4 + 2] = 0; continue }
            pixels[i * 4] = palette[entry]
            pixels[i * 4 + 1] = palette[entry + 1]
            pixels[i * 4 + 2] = palette[entry + 2]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

extension PNGEncoder {
    /// Encodes an indexed image as a palette PNG (colour type 3; see `PNGPalette.file`), at
    /// `speed`'s level, in parts on two threads unless `onOneThread`.
    ///
    /// - Throws: `.invalidImage` for a bad size, a palette of no colour, more than 256 or
    ///   a partial one, or an index past the palette; `.encodingFailed` if zlib fails.
    public static func encode(_ image: IndexedImage, speed: Speed = .fast, onOneThread: Bool = false) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.width <= 0x7FFF_FFFF, image.height <= 0x7FFF_FFFF else {
            throw .invalidImage("size \(image.width)×\(image.height)")
        }
        let (expected, overflow) = image.width.multipliedReportingOverflow(by: image.height)
        guard !overflow, image.indices.count == expected else {
            throw .invalidImage("\(image.indices.count) indices for \(image.width)×\(image.height) (expected \(expected))")
        }
        let colors = image.palette.count / 3
        guard image.palette.count % 3 == 0, (1...256).contains(colors) else {
            throw .invalidImage("a palette of \(image.palette.count) bytes (1 to 256 colours of three bytes)")
        }
        if colors < 256 {
            // The largest index, in a loop the compiler vectorises (a closure per index
            // took longer than compressing them).
            let largest = image.indices.withUnsafeBufferPointer { indices in
                var largest: UInt8 = 0
                for index in indices { largest = max(largest, index) }
                return largest
            }
            if Int(largest) >= colors { throw .invalidImage("index \(largest) past the palette's \(colors) colours") }
        }
        return try PNGPalette.file(width: image.width, height: image.height, indices: image.indices, plte: image.palette,
                                   trns: nil, texts: [], level: speed.settings.level, parts: onOneThread ? 1 : nil,
                                   igzip: speed == .fastest)
    }
}
