/// A rectangle of whole pixels; `x`, `y` is the top-left pixel.
public struct PixelRect: Encodable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Distances in wrapping arithmetic, exact once `px ≥ x`: a rectangle reaching past
    /// `Int.max` (`--ignore 1,0,9223372036854775807,1`) must not trap on `x + width`.
    @inlinable func contains(_ px: Int, _ py: Int) -> Bool {
        px >= x && py >= y && UInt(bitPattern: px &- x) < UInt(clamping: width)
            && UInt(bitPattern: py &- y) < UInt(clamping: height)
    }

    public var description: String { "\(x),\(y) \(width)×\(height)" }
}

/// An opaque colour.
public struct RGB: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    public static let white = RGB(255, 255, 255)
    public static let red = RGB(255, 0, 0)
    public static let yellow = RGB(255, 255, 0)
}

/// A threshold that replaces ``DiffOptions/threshold`` inside one rectangle.
public struct RegionThreshold: Hashable, Sendable {
    public var rect: PixelRect
    /// 0…1, same meaning as ``DiffOptions/threshold``.
    public var threshold: Double

    public init(_ rect: PixelRect, threshold: Double) {
        self.rect = rect
        self.threshold = threshold
    }
}

/// How ``diffImages(expected:actual:width:height:options:)`` compares.
public struct DiffOptions: Sendable, Equatable {
    /// Colour tolerance, 0…1 (default 0.1). Two pixels match when the squared
    /// distance of their colours in YIQ space (pixelmatch's weighted
    /// 0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ², after blending alpha over
    /// ``background``) is at most 35215 × threshold². 35215 is the largest such
    /// distance (black vs white), so 0 demands equal colours and 1 accepts any.
    public var threshold: Double = 0.1
    /// When true, pixels detected as anti-aliasing differences also count as
    /// different; they are counted in ``DiffResult/antialiasedPixels`` either way.
    public var includeAA: Bool = false
    /// Rectangles whose pixels are never counted.
    public var ignore: [PixelRect] = []
    /// Per-rectangle thresholds; where rectangles overlap, the last one wins.
    public var regionThresholds: [RegionThreshold] = []
    /// The colour translucent pixels are blended over before comparing.
    public var background: RGB = .white
    /// Whether to draw the diff image: ``DiffResult/diffImage``, or
    /// ``DiffResult/indexedDiffImage`` in the indexed form (`diffImageForm`).
    public var makeDiffImage: Bool = false
    /// Colour of differing pixels in the diff image (default red).
    public var diffColor: RGB = .red
    /// Colour of anti-aliasing-only pixels in the diff image (default yellow).
    public var antialiasedColor: RGB = .yellow
    /// Opacity (0…1, default 0.1) of the expected image, in grey, under the
    /// unchanged pixels of the diff image.
    public var fadedAlpha: Double = 0.1
    /// The diff image's form: RGBA (``DiffResult/diffImage``), or palette indices
    /// (``DiffResult/indexedDiffImage``) where its colours fit in a palette.
    public var diffImageForm: DiffImageForm = .rgba

    public init(
        threshold: Double = 0.1, includeAA: Bool = false, ignore: [PixelRect] = [],
        regionThresholds: [RegionThreshold] = [], background: RGB = .white, makeDiffImage: Bool = false,
        diffColor: RGB = .red, antialiasedColor: RGB = .yellow, fadedAlpha: Double = 0.1
    ) {
        self.threshold = threshold
        self.includeAA = includeAA
        self.ignore = ignore
        self.regionThresholds = regionThresholds
        self.background = background
        self.makeDiffImage = makeDiffImage
        self.diffColor = diffColor
        self.antialiasedColor = antialiasedColor
        self.fadedAlpha = fadedAlpha
    }
}

/// What a comparison found.
public struct DiffResult: Sendable, Equatable {
    /// Pixels counted as different (anti-aliased ones only with `includeAA`;
    /// with different sizes, every pixel outside the overlap).
    public var differentPixels: Int
    /// Pixels over the threshold that were detected as anti-aliasing.
    public var antialiasedPixels: Int
    /// Pixels compared: the width × height of the larger bounds of both images.
    public var totalPixels: Int
    /// `differentPixels / totalPixels` (0 for empty images).
    public var ratio: Double
    /// The smallest rectangle holding every counted pixel; nil when none.
    public var boundingBox: PixelRect?
    /// True when the two images had different sizes.
    public var sizeMismatch: Bool
    /// RGBA, the size of the expected image, when ``DiffOptions/makeDiffImage`` and the
    /// image is not `indexedDiffImage`.
    public var diffImage: [UInt8]?
    /// The diff image as palette indices, when ``DiffOptions/diffImageForm`` asks for them
    /// and the images are the same size, with a faded grey that leaves room in 256 colours
    /// for the two marks (a ``DiffOptions/fadedAlpha`` up to about 0.98).
    public var indexedDiffImage: IndexedDiffImage?
}

/// The forms a diff image is made in.
public enum DiffImageForm: Sendable, Equatable {
    /// Four bytes a pixel: straight RGBA.
    case rgba
    /// One byte a pixel, an index into a palette of the faded greys and the two marks: a
    /// quarter of the memory, and a third of the rows to compress as a palette PNG.
    case indexed
}

/// A diff image as one palette index a pixel.
public struct IndexedDiffImage: Sendable, Equatable {
    /// `width × height` indices into `palette`, row-major.
    public var indices: [UInt8]
    /// The colours as red, green, blue bytes, three a colour (at most 256 colours).
    public var palette: [UInt8]
}

/// As JSON, the counts the CLI's `diff --json` and the service's `POST /diff` give:
/// `{antialiasedPixels, boundingBox: {x, y, width, height}, differentPixels, ratio,
/// sizeMismatch, totalPixels}`; the diff image itself is left out.
extension DiffResult: Encodable {
    enum CodingKeys: String, CodingKey {
        case differentPixels, antialiasedPixels, totalPixels, ratio, boundingBox, sizeMismatch
    }
}

/// Why two buffers could not be compared.
public enum DiffError: Error, Equatable, CustomStringConvertible {
    /// A width or height is negative.
    case invalidSize(image: String, width: Int, height: Int)
    /// A buffer does not hold width × height × 4 bytes.
    case bufferSizeMismatch(image: String, bytes: Int, expectedBytes: Int)
    /// A threshold is outside 0…1.
    case invalidThreshold(Double)
    /// fadedAlpha is outside 0…1.
    case invalidAlpha(Double)

    public var description: String {
        switch self {
        case let .invalidSize(image, width, height):
            return "\(image) image has an invalid size \(width)×\(height)"
        case let .bufferSizeMismatch(image, bytes, expectedBytes):
            return "\(image) image buffer has \(bytes) bytes; width × height × 4 = \(expectedBytes)"
        case let .invalidThreshold(t):
            return "threshold \(t) is outside 0…1"
        case let .invalidAlpha(a):
            return "faded alpha \(a) is outside 0…1"
        }
    }
}

extension DiffResult {
    /// Whether the pixels counted are within `--max-diff-pixels` and `--max-diff-ratio`, as
    /// every comparison of LayoutRender reads them: with neither limit, no pixel may differ;
    /// a ratio alone limits; with both, both must hold. (Whether images of different sizes
    /// may pass is the caller's to say: `diff` counts the pixels outside their overlap.)
    public func withinTolerance(maxDiffPixels: Int?, maxDiffRatio: Double?) -> Bool {
        if maxDiffPixels == nil && maxDiffRatio == nil { return differentPixels == 0 }
        if let maxDiffPixels, differentPixels > maxDiffPixels { return false }
        if let maxDiffRatio, ratio > maxDiffRatio { return false }
        return true
    }
}
