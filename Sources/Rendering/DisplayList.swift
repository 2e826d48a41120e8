import LayoutEngine

/// A colour with straight alpha, each channel 0…1.
public struct RGBAColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255, alpha: Double(alpha8) / 255)
    }
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
}

/// One glyph to draw: its index in the font and its origin (on the baseline) in points.
public struct PlacedGlyph: Hashable, Sendable {
    public var glyph: UInt32
    public var x: Double
    public var y: Double
    public init(glyph: UInt32, x: Double, y: Double) { self.glyph = glyph; self.x = x; self.y = y }
}

/// A font file the renderer reads what it draws from, on demand (a face's tables, a glyph's
/// outline): held open by whoever loaded the font, so the renderer opens no path.
public protocol FontFileReader: AnyObject, Sendable {
    /// The file's size.
    var byteCount: Int { get }
    /// A new FreeType stream over the file for one face (an `FT_Stream`, to hand
    /// `FT_Open_Face`), and its owner, kept until the face is done. A short read (the file
    /// truncated, say) is an error FreeType returns.
    func freeTypeStream() -> (stream: UnsafeMutableRawPointer, owner: AnyObject)
    /// Whether the file is still as it was opened (its size and modification time): a
    /// render checks each font file it drew with once, after drawing.
    var isUnchanged: Bool { get }
}

/// A font file as the renderer draws with it: the open file (see `FontFileReader`), which
/// face of it, and a digest that tells this file from a changed one.
public struct FontSource: Hashable, @unchecked Sendable {  // the reader is immutable
    /// For messages only.
    public var path: String
    public var faceIndex: Int
    public var file: any FontFileReader
    /// A digest of the file (any 64-bit value the loader computed once that differs for a
    /// changed file), so that a face is looked up without reading the file.
    public var digest: UInt64
    public init(path: String, faceIndex: Int, file: any FontFileReader, digest: UInt64) {
        self.path = path; self.faceIndex = faceIndex; self.file = file; self.digest = digest
    }

    public static func == (lhs: FontSource, rhs: FontSource) -> Bool {
        lhs.path == rhs.path && lhs.faceIndex == rhs.faceIndex && lhs.digest == rhs.digest
            && lhs.file.byteCount == rhs.file.byteCount
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path); hasher.combine(faceIndex); hasher.combine(digest); hasher.combine(file.byteCount)
    }
}

/// Glyphs of one font, size and colour, at positions computed by the text module.
public struct GlyphRun: Hashable, Sendable {
    public var font: FontSource
    /// Font size in points (the em square).
    public var size: Double
    public var color: RGBAColor
    public var glyphs: [PlacedGlyph]
    public init(font: FontSource, size: Double, color: RGBAColor, glyphs: [PlacedGlyph]) {
        self.font = font; self.size = size; self.color = color; self.glyphs = glyphs
    }
}

/// Straight-alpha RGBA pixels, 8 bits per channel, rows top to bottom without padding.
public struct Bitmap: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width; self.height = height; self.pixels = pixels
    }
}

/// A border's four sides, each with its own width (points) and colour, in CSS order.
public struct BorderSides: Hashable, Sendable {
    public var widths: EdgeInsets
    public var top: RGBAColor
    public var right: RGBAColor
    public var bottom: RGBAColor
    public var left: RGBAColor
    /// Solid, dashed or dotted, every side alike (CSS `border-style`).
    public var style: BorderStyle = .solid

    public init(widths: EdgeInsets = .zero, top: RGBAColor = .black, right: RGBAColor = .black,
                bottom: RGBAColor = .black, left: RGBAColor = .black, style: BorderStyle = .solid) {
        self.widths = widths; self.top = top; self.right = right; self.bottom = bottom; self.left = left
        self.style = style
    }

    /// Every side `width` wide in `color`.
    public init(width: Double, color: RGBAColor) {
        self.init(widths: EdgeInsets(all: width), top: color, right: color, bottom: color, left: color)
    }

    /// Some side has a width.
    public var isVisible: Bool {
        widths.top > 0 || widths.right > 0 || widths.bottom > 0 || widths.left > 0
    }

    /// All four sides alike (and solid): the border is one stroke, drawn as `strokeInside`.
    public var isUniform: Bool {
        style == .solid && sameOnEverySide
    }

    /// Every side the same width and colour.
    var sameOnEverySide: Bool {
        widths.top == widths.right && widths.right == widths.bottom && widths.bottom == widths.left
            && top == right && right == bottom && bottom == left
    }

    /// The sides in CSS order, with their widths.
    var sides: [(width: Double, color: RGBAColor)] {
        [(widths.top, top), (widths.right, right), (widths.bottom, bottom), (widths.left, left)]
    }
}

/// What to draw, in order, in points. Built from frames; the renderer draws it without
/// knowing about layout or text.
public enum DrawOperation: Hashable, Sendable {
    case fill(Rect, RGBAColor, cornerRadius: CornerRadii)
    /// A gradient laid over `rect` as CSS lays it over a box of that size, filling it
    /// (rounded by `cornerRadius`).
    case gradient(Rect, GradientFill, cornerRadius: CornerRadii)
    /// A shadow of the frame `Rect` (rounded by `cornerRadius`), outside it; drawn before
    /// the frame's background.
    case shadow(Rect, BoxShadow, cornerRadius: CornerRadii)
    /// A border of `width` drawn inside `rect`, so a whole-point border on a whole-pixel frame is crisp.
    case strokeInside(Rect, width: Double, color: RGBAColor, cornerRadius: CornerRadii)
    /// A border whose sides differ in width or colour, inside `rect`: each side is the
    /// part of the ring between the outer edge and the inner one (the rect less the widths)
    /// on its side of the lines from each outer corner through the inner one, as browsers
    /// draw it. The outer corners are rounded by `cornerRadius`, each inner corner as CSS
    /// rounds it: a quarter ellipse whose radius on each axis is the corner's radius less
    /// that side's width.
    case strokeSides(Rect, BorderSides, cornerRadius: CornerRadii)
    case glyphs(GlyphRun)
    /// The shadow of a run of glyphs (CSS `text-shadow`): their coverage moved by the
    /// offset, blurred, in the shadow's colour; drawn before the glyphs. No spread.
    case textShadow(GlyphRun, BoxShadow)
    /// An image scaled into `destination` (which may extend past the clip; callers clip with a group).
    case image(Bitmap, destination: Rect)
    /// An SVG document drawn as vectors, stretched into `destination` (clipped likewise).
    case vector(SVGDocument, destination: Rect)
    /// A vector outline filled and stroked by its style, its coordinates moved into
    /// points by `transform` (a path node's view box); stays vector in SVG and PDF output.
    case path(VectorPath, PathStyle, transform: Transform2D)
    /// Starts a group: operations up to the matching `endGroup` are drawn moved by
    /// `transform` (points, around whatever it was set up around), clipped to `clip` (in
    /// the moved space, rounded by `clipRadius`) and composited with `opacity` and `blend`.
    case beginGroup(opacity: Double, clip: Rect?, clipRadius: CornerRadii, blend: BlendMode = .normal,
                    transform: Transform2D = .identity)
    case endGroup
}

/// How a group is composited onto what is under it: CSS `mix-blend-mode`, as Cairo's
/// operators of the same names (the separable blend modes of PDF and CSS Compositing).
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay
}

/// A picture to draw: its size in points, the scale (device pixels per point) and the operations.
public struct DisplayList: Hashable, Sendable {
    public var size: Size
    public var scale: Double
    public var background: RGBAColor?
    public var operations: [DrawOperation]
    public init(size: Size, scale: Double = 1, background: RGBAColor? = nil, operations: [DrawOperation] = []) {
        self.size = size; self.scale = scale; self.background = background; self.operations = operations
    }

    /// The bitmap's size in device pixels.
    public var pixelWidth: Int { Int((size.width * scale).rounded(.up)) }
    public var pixelHeight: Int { Int((size.height * scale).rounded(.up)) }
}
