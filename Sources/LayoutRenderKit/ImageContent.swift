import LayoutEngine
import Rendering
import SpecLanguage

/// An image's pixels and how they fit its frame (UIImageView's content modes).
final class ImageContent: LeafMeasurer, Sendable {
    typealias Mode = Keywords.ImageMode

    let image: LoadedImage
    let mode: Mode

    init(image: LoadedImage, mode: Mode) {
        self.image = image; self.mode = mode
    }

    convenience init(bitmap: Bitmap, mode: Mode) {
        self.init(image: .bitmap(bitmap), mode: mode)
    }

    /// The image's size in points: one pixel (or one SVG CSS pixel) is one point.
    var intrinsicSize: Size { Size(width: image.size.width, height: image.size.height) }

    /// The intrinsic size; when one side is fixed by the layout, the other keeps the aspect ratio.
    func measure(knownWidth: Double?, knownHeight: Double?,
                 availableWidth: AvailableSpace, availableHeight: AvailableSpace) -> Size {
        let size = intrinsicSize
        guard size.width > 0, size.height > 0 else { return Size(width: knownWidth ?? 0, height: knownHeight ?? 0) }
        switch (knownWidth, knownHeight) {
        case let (w?, h?): return Size(width: w, height: h)
        case let (w?, nil): return Size(width: w, height: w * size.height / size.width)
        case let (nil, h?): return Size(width: h * size.width / size.height, height: h)
        case (nil, nil): return size
        }
    }

    /// Where the image's pixels go for a frame; the caller clips to the frame.
    func destination(in frame: Rect) -> Rect {
        let natural = intrinsicSize
        guard natural.width > 0, natural.height > 0 else { return frame }
        func placed(_ w: Double, _ h: Double, _ hAlign: Double, _ vAlign: Double) -> Rect {
            Rect(x: frame.x + (frame.width - w) * hAlign, y: frame.y + (frame.height - h) * vAlign, width: w, height: h)
        }
        let (w, h) = (natural.width, natural.height)
        switch mode {
        case .scaleToFill: return frame
        case .aspectFit, .aspectFill:
            let sx = frame.width / w, sy = frame.height / h
            let s = mode == .aspectFit ? min(sx, sy) : max(sx, sy)
            return placed(w * s, h * s, 0.5, 0.5)
        case .center: return placed(w, h, 0.5, 0.5)
        case .top: return placed(w, h, 0.5, 0)
        case .bottom: return placed(w, h, 0.5, 1)
        case .left: return placed(w, h, 0, 0.5)
        case .right: return placed(w, h, 1, 0.5)
        case .topLeft: return placed(w, h, 0, 0)
        case .topRight: return placed(w, h, 1, 0)
        case .bottomLeft: return placed(w, h, 0, 1)
        case .bottomRight: return placed(w, h, 1, 1)
        }
    }
}
