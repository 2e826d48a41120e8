import SpecLanguage

/// The canvas's width, height (nil when automatic) and scale after the overrides of the
/// command line and the service (`--size`, `--scale`, their query parameters): what
/// conditions and `{width}` see, and what the layout and the drawing get. One place, so
/// the two cannot disagree.
struct CanvasGeometry {
    var width: Double?
    var height: Double?
    var scale: Double

    init(canvas: Node, options: RenderOptions) {
        if case .length(.points(let w))? = canvas[.width] { width = w }
        if case .length(.points(let h))? = canvas[.height] { height = h }
        scale = 1
        if case .number(let s)? = canvas[.scale] { scale = s }
        if let size = options.canvasSize { width = size.width; height = size.height }
        if let s = options.scale { scale = s }
    }
}
