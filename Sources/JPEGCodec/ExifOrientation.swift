import PNGCodec

/// How a camera's picture must be turned to stand upright: the Exif Orientation tag
/// (0x0112) of the TIFF 6.0 / Exif 2.3 specifications, values 1 to 8.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Whether the picture turns by a quarter, so its width and height swap.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The orientation in the first Exif APP1 segment of a JPEG, if any.
    ///
    /// Every offset is checked against the segment before it is read: a damaged or hostile
    /// segment gives `nil` (the picture is shown as stored), never a read out of bounds.
    public static func inJPEG(_ bytes: UnsafeBufferPointer<UInt8>) -> ExifOrientation? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0xDA || marker == 0xD9 { return nil }  // image data: no Exif after it
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }  // no length
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return nil }
            let payload = UnsafeBufferPointer(rebasing: bytes[(i + 4)..<(i + 2 + length)])
            if marker == 0xE1, payload.count >= 6, Array(payload[0..<6]) == Array("Exif\0\0".utf8) {
                return inTIFF(UnsafeBufferPointer(rebasing: payload[6...]))
            }
            i += 2 + length
        }
        return nil
    }

    /// The Orientation entry of IFD0 of a TIFF structure (the body of an Exif segment, or
    /// a WebP file's EXIF chunk).
    public static func inTIFF(_ tiff: UnsafeBufferPointer<UInt8>) -> ExifOrientation? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true  // "II"
        case (0x4D, 0x4D): little = false  // "MM"
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            let (a, b) = (Int(tiff[at]), Int(tiff[at + 1]))
            return little ? b << 8 | a : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let first = u16(at), let second = u16(at + 2) else { return nil }
            return little ? second << 16 | first : first << 16 | second
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at), let type = u16(at + 2), let values = u32(at + 4) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT (3), one value, left-justified in the 4-byte value field.
            guard type == 3, values >= 1, let value = u16(at + 8) else { return nil }
            return ExifOrientation(rawValue: value)
        }
        return nil
    }

    /// The size of the picture once turned upright.
    public func orientedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsSides ? (height, width) : (width, height)
    }

    /// The picture turned upright: its pixels rotated and flipped, its sides swapped for
    /// the quarter turns (5 to 8).
    public func apply(to image: RGBAImage) -> RGBAImage {
        guard self != .up else { return image }
        let (w, h) = (image.width, image.height)
        let (ow, oh) = orientedSize(width: w, height: h)
        // For the output pixel (x, y), the stored pixel it shows.
        let source: (Int, Int) -> (Int, Int)
        switch self {
        case .up: source = { x, y in (x, y) }
        case .upMirrored: source = { x, y in (w - 1 - x, y) }
        case .down: source = { x, y in (w - 1 - x, h - 1 - y) }
        case .downMirrored: source = { x, y in (x, h - 1 - y) }
        case .leftMirrored: source = { x, y in (y, x) }  // transpose
        case .right: source = { x, y in (y, h - 1 - x) }  // turned a quarter clockwise
        case .rightMirrored: source = { x, y in (w - 1 - y, h - 1 - x) }  // transverse
        case .left: source = { x, y in (w - 1 - y, x) }  // turned a quarter anticlockwise
        }
        var out = [UInt8](repeating: 0, count: ow * oh * 4)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<oh {
                    for x in 0..<ow {
                        let (sx, sy) = source(x, y)
                        let from = (sy * w + sx) * 4, to = (y * ow + x) * 4
                        dst[to] = src[from]; dst[to + 1] = src[from + 1]
                        dst[to + 2] = src[from + 2]; dst[to + 3] = src[from + 3]
                    }
                }
            }
        }
        return RGBAImage(width: ow, height: oh, pixels: out)
    }
}
