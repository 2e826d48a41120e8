import LayoutEngine
import Rendering
import SpecLanguage
import TextEngine

/// What an image or path in a label's text draws, in the box the text module placed it
/// at (`TextLine.objects`).
enum InlineDrawing: Sendable {
    case image(ImageContent)
    case path(PathContent)
}

/// Images and paths in a label's text (`image` and `path` lines under a label): each is a
/// run of one inline object (`TextRun.object`), sized here and laid out by the text module.
extension SceneBuilder {
    /// Most points an image in a label's text is wide or tall: a canvas's side.
    static let maxInlineImageSide = 16_384.0

    /// The run of an `image` or `path` line under a label, and what it draws. Its size is
    /// `size=WxH`, or `width` and `height` in points, a missing one from the other by the
    /// image's (or path's view box's) aspect ratio; with neither, it is an em of the label's
    /// font size tall. `vertical-align` places it on its line (`baseline` by default).
    func inlineObjectRun(_ node: Node, labelFont font: Font, size em: Double) throws(LayoutRenderError)
        -> (TextRun, InlineDrawing) {
        let drawing: InlineDrawing
        let natural: Size
        if node.kind == .image {
            let image = try imageContent(of: node)
            drawing = .image(image)
            natural = image.intrinsicSize
        } else {
            let path = try pathContent(of: node)
            drawing = .path(path)
            natural = path.intrinsicSize
        }
        func points(_ name: AttributeName, _ length: Length?) throws(LayoutRenderError) -> Double? {
            guard let length, length != .auto else { return nil }
            let location = node.attributes[name]?.location ?? node.location
            guard case .points(let value) = length else {
                throw specError("\(node.kind == .image ? "an image" : "a path") in a label's text is sized in points (\(name.spelling)=16), "
                                + "not by its container", at: location)
            }
            guard value.isFinite, value >= 0, value <= Self.maxInlineImageSide else {
                let shown = value.isFinite && value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
                throw specError("\(node.kind == .image ? "an image" : "a path") in a label's text is 0 to "
                                + "\(Int(Self.maxInlineImageSide)) points wide and tall, not \(shown)", at: location)
            }
            return value
        }
        func length(_ name: AttributeName) throws(LayoutRenderError) -> Length? {
            switch node[name] {
            case nil: return nil
            case .length(let l)?: return l
            case .anchor(.points(let p))?: return .points(p)
            default:
                throw specError("\(node.kind == .image ? "an image" : "a path") in a label's text is sized in points (\(name.spelling)=16)",
                                at: node.attributes[name]?.location ?? node.location)
            }
        }
        var width = try points(.width, try length(.width))
        var height = try points(.height, try length(.height))
        if case .size(let w, let h)? = node[.size] {
            width = try points(.size, w) ?? width
            height = try points(.size, h) ?? height
        }
        // The aspect ratio of what it draws; 1 for a picture without one (an empty path).
        let ratio = natural.width > 0 && natural.height > 0 ? natural.width / natural.height : 1
        switch (width, height) {
        case (nil, nil): height = em; width = em * ratio
        case (let w?, nil): height = w / ratio
        case (nil, let h?): width = h * ratio
        default: break
        }
        let (w, h) = (width ?? 0, height ?? 0)
        guard w.isFinite, h.isFinite, w <= Self.maxInlineImageSide, h <= Self.maxInlineImageSide else {
            throw specError("\(node.kind == .image ? "an image" : "a path") in a label's text is at most \(Int(Self.maxInlineImageSide)) points "
                            + "wide and tall; this one would be \(w)×\(h) (give it a width and height)", at: node.location)
        }
        var alignment = InlineObject.Alignment.baseline
        if let a = node.keyword(.verticalAlign, as: Keywords.VerticalAlign.self) { alignment = a.text }
        return (TextRun(object: InlineObject(width: w, height: h, alignment: alignment), font: font, size: em), drawing)
    }

    /// `vertical-align` places an image or path in a label's text; on one laid out on its
    /// own it is an error rather than ignored.
    func refuseVerticalAlign(on node: Node) throws(LayoutRenderError) {
        guard let attribute = node.attributes[.verticalAlign] else { return }
        throw specError("vertical-align places an image or a path in a label's text (indented under the label); "
                        + "this \(node.kind.rawValue) is laid out on its own", at: attribute.location)
    }
}

/// The drawing of a label's inline images, each in the box its line gives it.
extension InlineDrawing {
    /// The operations that draw it in `box` (points): an image stretched to the box, a path
    /// by its view box and clipped to the box as a `path` node is to its frame. A box of no
    /// area draws nothing.
    func operations(in box: Rect) -> [DrawOperation] {
        guard box.width > 0, box.height > 0 else { return [] }
        switch self {
        case .image(let image):
            switch image.image {
            case .bitmap(let bitmap): return [.image(bitmap, destination: box)]
            case .vector(let document): return [.vector(document, destination: box)]
            }
        case .path(let path):
            return [.beginGroup(opacity: 1, clip: box, clipRadius: .zero), .path(path.path, path.style, transform: path.transform(in: box)),
                    .endGroup]
        }
    }
}
