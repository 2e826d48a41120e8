/// A rectangle of pixels.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }
    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

/// An RGB colour for the diff image.
public struct DiffColor: Hashable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8
    public init(red: UInt8, green: UInt8, blue: UInt8) { self.red = red; self.green = green; self.blue = blue }
}

/// How two images are compared. Defaults are pixelmatch's.
public struct DiffOptions: Hashable, Sendable {
    /// How different two colours may be and still count as the same, 0…1 (default 0.1).
    ///
    /// Colours are compared in the YIQ colour space, weighted as human vision weighs
    /// brightness and hue (Kotsarenko & Ramos, "Measuring perceived color difference using
    /// YIQ NTSC transmission color space in mobile applications", 2010). The largest
    /// possible difference (black against white) is 35215; a pixel differs when its
    /// difference exceeds 35215 × threshold². So 0 means any change counts, 0.1 ignores
    /// changes a person barely sees (a 3/255 tint), and 1 ignores everything.
    public var threshold: Double = 0.1
    /// Count pixels that differ only by anti-aliasing (edge smoothing) as differences.
    /// Either way they are reported in `antialiasedPixels`.
    public var includeAA = false
    /// Pixels inside these rectangles are not compared.
    public var ignore: [PixelRect] = []
    /// Thresholds for parts of the image: inside a rectangle its threshold replaces
    /// `threshold` (the last matching rectangle wins). Per-node tolerances use this.
    public var regionThresholds: [RegionThreshold] = []
    /// Semi-transparent pixels are blended over this colour before they are compared.
    public var background = DiffColor(red: 255, green: 255, blue: 255)
    /// Make a diff image: changed pixels in `diffColor`, anti-aliased ones in `aaColor`,
    /// the rest the expected image in grey, faded to `alpha`.
    public var makeDiffImage = false
    public var diffColor = DiffColor(red: 255, green: 0, blue: 0)
    public var aaColor = DiffColor(red: 255, green: 255, blue: 0)
    /// Opacity of the faded expected image in the diff image, 0…1 (default 0.1).
    public var alpha = 0.1

    public init() {}
}

/// A threshold that applies inside one rectangle.
public struct RegionThreshold: Hashable, Sendable {
    public var rect: PixelRect
    public var threshold: Double
    public init(rect: PixelRect, threshold: Double) { self.rect = rect; self.threshold = threshold }
}

/// What a comparison found.
public struct DiffResult: Hashable, Sendable {
    /// Pixels that differ beyond the threshold (anti-aliased ones only with `includeAA`);
    /// with different sizes, every pixel outside the shared area counts as different.
    public var differentPixels: Int
    /// Pixels that differ only by anti-aliasing.
    public var antialiasedPixels: Int
    /// Pixels of the larger image.
    public var totalPixels: Int
    /// True when the images do not have the same width and height.
    public var sizeMismatch: Bool
    /// The smallest rectangle holding every differing pixel; nil when none differ.
    public var boundingBox: PixelRect?
    /// RGBA pixels of the diff image, the size of the expected image, when asked for.
    public var diffImage: [UInt8]?

    /// `differentPixels / totalPixels`.
    public var ratio: Double { totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels) }
}

/// Inputs that cannot be compared.
public enum DiffError: Error, Hashable, Sendable, CustomStringConvertible {
    case badSize(width: Int, height: Int)
    case bufferSize(name: String, expected: Int, actual: Int)
    case badThreshold(Double)

    public var description: String {
        switch self {
        case .badSize(let w, let h): return "image size \(w)x\(h) is not valid"
        case .bufferSize(let name, let expected, let actual):
            return "the \(name) buffer has \(actual) bytes; width × height × 4 is \(expected)"
        case .badThreshold(let t): return "threshold \(t) is not between 0 and 1"
        }
    }
}
