import Foundation
import LayoutEngine
import PNGCodec
import Rendering
import SpecLanguage
import TextEngine

/// A spec laid out: every node's frame, ready to draw or dump.
public struct LaidOutSpec: Sendable {
    let scene: Scene
    public let layout: LayoutResult
    /// The render's text budget, which drawing goes on counting against.
    let textMeter: WorkMeter
    public var frames: FrameDump { FrameDump(scene: scene, layout: layout) }
    public var size: Size { layout.size }
}

/// A rendered picture with its frames and the warnings met on the way.
public struct RenderedImage: Sendable {
    public var bitmap: Bitmap
    public var frames: FrameDump
    public var warnings: [Diagnostic]
    /// Some character is drawn as the font's replacement glyph (one of `warnings` says
    /// which): a golden of this picture would keep the placeholder.
    public var drawsPlaceholderGlyphs = false
    /// Nodes' own comparison tolerances, in device pixels, in tree order (later, deeper
    /// nodes win where they overlap).
    public var tolerances: [(rect: PixelBox, tolerance: Tolerance)] = []
    /// What decided the pixels: the process's fingerprint, and the files of the spec's
    /// `font` lines when it has any.
    public var fingerprint: Fingerprint = .current

    /// The picture as PNG bytes, with the environment fingerprint in a text chunk.
    /// - Parameter onOneThread: see `PNGEncoder.encode`.
    public func pngData(speed: PNGEncoder.Speed = .fast, onOneThread: Bool = false) throws(LayoutRenderError) -> [UInt8] {
        do {
            let image = RGBAImage(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels)
            return try PNGEncoder.encode(image, text: [(key: "layout-render", value: fingerprint.text)], speed: speed,
                                         onOneThread: onOneThread)
        } catch {
            throw .render(Diagnostic(file: nil, location: nil, message: "PNG encoding failed: \(error)"))
        }
    }
}

/// The whole pipeline: spec text → document → scene → layout → display list → pixels.
/// One instance can be shared between threads; fonts are loaded once.
public final class LayoutRenderer: Sendable {
    let fonts: FontLibrary
    let textEngine: TextLayoutEngine
    /// Decoded images shared by this renderer's renders (see `ImageCache`).
    let images: ImageCache

    /// The most decoded image bytes a renderer keeps between renders, by default: 256 MiB.
    public static let defaultImageCacheBytes = 256 << 20

    /// - Parameter imageCacheBytes: the most decoded image bytes kept between renders.
    public init(fontDirectories: [String] = [], imageCacheBytes: Int = LayoutRenderer.defaultImageCacheBytes) {
        fonts = fontDirectories.isEmpty ? .standard : FontLibrary(fontDirectories: fontDirectories)
        textEngine = TextLayoutEngine()
        images = ImageCache(maxBytes: imageCacheBytes)
    }

    /// The folder `path` as the renderer sees it when it is a spec's asset root: absolute,
    /// with symbolic links followed. Messages about assets name files under this path.
    public static func resolvedAssetFolder(_ path: String) -> String {
        AssetPaths(root: path).root
    }

    /// The largest spec file read by default (the parser's limit, `ParseLimits.maxSourceBytes`,
    /// is the same; a caller that raises one passes it as `maxBytes`).
    public static let maxSpecFileBytes = ParseLimits.default.maxSourceBytes

    /// Reads a spec file of at most `maxBytes`; its folder becomes the asset root unless
    /// `options` names one.
    public static func readSpec(path: String, maxBytes: Int = maxSpecFileBytes) throws(LayoutRenderError) -> String {
        let text: String?
        do throws(RegularFile.Failure) {
            text = try RegularFile.readText(path: path, maxBytes: maxBytes)
        } catch {
            switch error {
            case .notRegular(kind: "a folder"): throw .inputUnreadable(path: path, reason: "it is a folder")
            case .tooLarge(let size, _):
                // The parser's own limit applies to what is read.
                throw .inputUnreadable(path: path, reason: "the file is \(size) bytes; specs are limited to \(maxBytes)")
            default: throw .inputUnreadable(path: path, reason: error.description)
            }
        }
        guard let text else { throw .inputUnreadable(path: path, reason: "not valid UTF-8 text") }
        return text
    }

    /// Reads a spec from standard input (`-`), at most `maxBytes` of it: more is an error as
    /// soon as it arrives (so endless input is not read forever), and so is text that is not
    /// UTF-8, as for a file.
    public static func readSpecFromStandardInput(maxBytes: Int = maxSpecFileBytes) throws(LayoutRenderError) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .inputUnreadable(path: "<stdin>", reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            bytes += chunk[..<n]
            guard bytes.count <= maxBytes else {
                throw .inputUnreadable(path: "<stdin>", reason: "specs are limited to \(maxBytes) bytes")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .inputUnreadable(path: "<stdin>", reason: "not valid UTF-8 text")
        }
        return text
    }

    /// Parses a spec and expands its `if`/`for` blocks and `{name}`s for the canvas's size
    /// and the options' variables.
    public func parse(source: String, options: RenderOptions) throws(LayoutRenderError) -> Document {
        let template = try Self.parseTemplate(source: source, options: options)
        do throws(SpecError) {
            let environment = try Self.environment(for: template, options: options)
            return try SpecExpander(limits: options.parseLimits, names: options.nameSource).expand(template, environment: environment)
        } catch {
            let line = error.sourceLine ?? SourceLines(source).line(at: error.location)
            throw .spec(Diagnostic(file: options.fileName, location: error.location, message: error.message, sourceLine: line))
        }
    }

    /// Parses a spec in either form without expanding it (what `convert` writes back out).
    public static func parseTemplate(source: String, options: RenderOptions) throws(LayoutRenderError) -> Document {
        do throws(SpecError) {
            switch options.format.resolved(fileName: options.fileName, source: source) {
            case .json: return try JSONSpecReader(limits: options.parseLimits).parse(source)
            default: return try SpecParser(limits: options.parseLimits).parse(source)
            }
        } catch {
            let line = error.sourceLine ?? SourceLines(source).line(at: error.location)
            throw .spec(Diagnostic(file: options.fileName, location: error.location, message: error.message, sourceLine: line))
        }
    }

    /// `width`, `height` (null when auto) and `scale` of the canvas, after overrides, and the variables.
    static func environment(for document: Document, options: RenderOptions) throws(SpecError) -> Environment {
        var values = options.variables
        for reserved in ["width", "height", "scale", "index"] where values[reserved] != nil {
            throw SpecError("'\(reserved)' is set by the canvas and cannot be a variable", at: document.canvas.location)
        }
        let canvas = CanvasGeometry(canvas: document.canvas, options: options)
        values["width"] = canvas.width.map { .number($0) } ?? .null
        values["height"] = canvas.height.map { .number($0) } ?? .null
        values["scale"] = .number(canvas.scale)
        return Environment(values: values)
    }

    /// From how many nodes a render hands the memory of its document back before the
    /// layout (below it, the document is small and the trim not worth its walk of the heap).
    static let returnMemoryFromNodes = 10_000

    /// Parses and lays out a spec without drawing it.
    public func layout(source: String, options: RenderOptions) throws(LayoutRenderError) -> LaidOutSpec {
        let lines = QuotableLines(source)
        let textMeter = WorkMeter(.textCharacters, limit: options.renderLimits.budget.maxTextCharacters)
        let scene = try scene(source: source, options: options, lines: lines, textMeter: textMeter)
        // The document is gone now. A big one leaves tens of megabytes of freed small blocks
        // that the layout's arrays cannot use: returned before the layout allocates them
        // (at 100,000 nodes, about 60 MB; trimming costs about a millisecond there).
        if scene.nodes.count >= Self.returnMemoryFromNodes { ProcessMemory.returnFreedMemory() }
        let result: LayoutResult
        do throws(LayoutError) {
            result = try computeLayout(scene.tree, options: scene.layoutOptions)
        } catch {
            let node = scene.nodes[error.node]
            throw .layout(Diagnostic(file: options.fileName, location: node.location,
                                     message: error.naming(scene.name(of:)).description,
                                     sourceLine: lines.line(at: node.location)))
        }
        // Labels measured as empty once the budget was spent, so these frames are not the spec's.
        if textMeter.isExhausted { throw .overBudget(.textCharacters, limit: textMeter.limit, options: options) }
        return LaidOutSpec(scene: scene, layout: result, textMeter: textMeter)
    }

    /// The spec parsed, expanded and turned into a scene. The document is handed to the
    /// scene builder, which lets each node go once it is in the scene, so the layout does
    /// not run beside it and the document and the scene are not both whole at the peak:
    /// with massif on 20,000 nodes the document's attributes were a third of the heap at
    /// the peak, which is while the scene is built.
    private func scene(source: String, options: RenderOptions, lines: QuotableLines,
                       textMeter: WorkMeter) throws(LayoutRenderError) -> Scene {
        var builder = SceneBuilder(options: options, fonts: fonts, textEngine: textEngine,
                                   assets: AssetPaths(root: options.assetRoot), sourceLines: lines,
                                   images: RenderImages(cache: images, limits: options.renderLimits),
                                   textMeter: textMeter)
        let document = try parse(source: source, options: options)
        // The spec's own fonts, for this render only (the builder's library is made for it).
        let declaredFonts = try builder.declareFonts(document.fonts)
        var scene = try builder.build(consume document)
        scene.declaredFonts = declaredFonts
        return scene
    }

    /// Parses, lays out and draws a spec.
    public func render(source: String, options: RenderOptions) throws(LayoutRenderError) -> RenderedImage {
        let laidOut = try layout(source: source, options: options)
        return try draw(laidOut, options: options)
    }

    /// Draws a laid-out spec.
    public func draw(_ laidOut: LaidOutSpec, options: RenderOptions) throws(LayoutRenderError) -> RenderedImage {
        let (list, renderer, warnings, placeholders) = try displayList(laidOut, options: options)
        do throws(RenderError) {
            let bitmap = try renderer.render(list)
            var image = RenderedImage(bitmap: bitmap, frames: laidOut.frames, warnings: warnings)
            image.drawsPlaceholderGlyphs = placeholders
            image.fingerprint.declaredFonts = laidOut.scene.declaredFonts
            image.tolerances = laidOut.scene.nodes.indices.compactMap { id in
                guard let tolerance = laidOut.scene.nodes[id].tolerance else { return nil }
                return (PixelBox(laidOut.layout.absoluteFrames[id], scale: laidOut.scene.scale), tolerance)
            }
            return image
        } catch {
            throw Self.drawingError(error, options: options)
        }
    }

    /// Draws a laid-out spec as an SVG or PDF document (see `CairoRenderer.renderVector`).
    public func drawVector(_ laidOut: LaidOutSpec, as format: VectorFormat,
                           options: RenderOptions) throws(LayoutRenderError) -> (bytes: [UInt8], warnings: [Diagnostic]) {
        let (list, renderer, warnings, _) = try displayList(laidOut, options: options)
        do throws(RenderError) {
            return (try renderer.renderVector(list, as: format), warnings)
        } catch {
            throw Self.drawingError(error, options: options)
        }
    }

    private static func drawingError(_ error: RenderError, options: RenderOptions) -> LayoutRenderError {
        if case .overBudget(let resource, let limit) = error {
            return .overBudget(resource, limit: limit, options: options)
        }
        var diagnostic = Diagnostic(file: options.fileName, location: nil, message: error.description)
        diagnostic.systemFailure = error.isSystemFailure
        return .render(diagnostic)
    }

    /// The display list of a laid-out spec, checked against the limits, with the renderer
    /// that draws it, the warnings met, and whether a character is drawn as a placeholder.
    private func displayList(_ laidOut: LaidOutSpec, options: RenderOptions)
        throws(LayoutRenderError) -> (DisplayList, CairoRenderer, [Diagnostic], placeholders: Bool) {
        var labeler: DebugLabeler?
        if options.debugOverlay {
            do {
                var attributes = TextAttributes(font: try fonts.font(family: FontLibrary.defaultFamily, style: .regular), size: 9)
                attributes.pixelScale = laidOut.scene.scale
                labeler = DebugLabeler(engine: textEngine, attributes: attributes)
            } catch {
                throw .resource(Diagnostic(file: options.fileName, location: nil, message: "debug overlay: \(error.message)"))
            }
        }
        var builder = DisplayListBuilder(scene: laidOut.scene, layout: laidOut.layout, debugLabel: labeler)
        let renderer = CairoRenderer(limits: options.renderLimits)
        let list = builder.build()
        if laidOut.textMeter.isExhausted {
            throw .overBudget(.textCharacters, limit: laidOut.textMeter.limit, options: options)
        }
        do throws(RenderError) {
            try renderer.checkSize(of: list)
        } catch {
            throw .render(Diagnostic(file: options.fileName, location: laidOut.scene.nodes[0].location,
                                     message: error.description))
        }
        // Text too large once the transforms around it are composed: at the label that draws it.
        if let oversized = renderer.oversizedGlyphRun(in: list) {
            let node = builder.node(drawing: oversized.operation).map { laidOut.scene.nodes[$0] } ?? laidOut.scene.nodes[0]
            let error = RenderError.fontTooLarge(pixelsPerEm: oversized.pixelsPerEm, limit: options.renderLimits.maxFontPixelsPerEm)
            throw .render(Diagnostic(file: options.fileName, location: node.location, message: error.description,
                                     sourceLine: laidOut.scene.sourceLines.line(at: node.location)))
        }
        var warnings: [Diagnostic] = []
        for (location, characters) in builder.uncovered {
            var unique: [Character] = []
            for c in characters where !unique.contains(c) { unique.append(c) }
            let shown = unique.prefix(8).map { c in
                "'\(c)' " + c.unicodeScalars.map(\.codePoint).joined(separator: " ")
            }
            let more = unique.count > 8 ? " and \(unique.count - 8) more" : ""
            let message = "the font and its fallback fonts do not cover \(shown.joined(separator: ", "))\(more); "
                + (unique.count == 1 ? "it is" : "they are") + " drawn as the font's replacement glyph"
            let line = laidOut.scene.sourceLines.line(at: location)
            let diagnostic = Diagnostic(options.strict ? .error : .warning, file: options.fileName,
                                        location: location, message: message, sourceLine: line)
            if options.strict { throw .resource(diagnostic) }
            warnings.append(diagnostic)
        }
        if let overflow = Self.overflowWarning(laidOut, options: options) { warnings.append(overflow) }
        return (list, renderer, warnings, !builder.uncovered.isEmpty)
    }
}

extension LayoutRenderError {
    /// A render stopped for going over its budget (see `exceededBudget`).
    static func overBudget(_ resource: RenderBudget.Resource, limit: Int, options: RenderOptions) -> LayoutRenderError {
        .render(Diagnostic(file: options.fileName, location: nil,
                           message: RenderError.overBudgetMessage(resource, limit: limit), budget: resource))
    }
}

extension LayoutRenderer {
    /// Content that reaches past the right edge of the canvas, or past the bottom of a
    /// canvas whose height is set, is cut off in the picture: a warning names the node
    /// that reaches farthest out (a canvas of automatic height grows to its content).
    static func overflowWarning(_ laidOut: LaidOutSpec, options: RenderOptions) -> Diagnostic? {
        let canvas = laidOut.size
        let heightIsSet = laidOut.scene.layoutOptions.availableHeight != nil
        var worst: (id: Int, right: Double, bottom: Double)?
        for id in laidOut.scene.nodes.indices.dropFirst() where !laidOut.scene.nodes[id].isHidden {
            let frame = laidOut.layout.absoluteFrames[id]
            let right = max(0, frame.maxX - canvas.width)
            let bottom = heightIsSet ? max(0, frame.maxY - canvas.height) : 0
            // Half a point is rounding, not content.
            guard right > 0.5 || bottom > 0.5 else { continue }
            // On a tie the later, deeper node is named: the one whose own content is too large.
            if worst.map({ max(right, bottom) >= max($0.right, $0.bottom) }) ?? true { worst = (id, right, bottom) }
        }
        guard let worst else { return nil }
        let node = laidOut.scene.nodes[worst.id]
        var past: [String] = []
        if worst.right > 0.5 { past.append("\(Self.points(worst.right)) pt past the canvas's right edge") }
        if worst.bottom > 0.5 { past.append("\(Self.points(worst.bottom)) pt past its bottom") }
        let name = node.id.map { "'\($0)'" } ?? "this \(node.kind.rawValue)"
        return Diagnostic(.warning, file: options.fileName, location: node.location,
                          message: "\(name) reaches \(past.joined(separator: " and ")), and is cut off there",
                          sourceLine: laidOut.scene.sourceLines.line(at: node.location))
    }

    /// Frames can be finite and far beyond any canvas (anchors multiplied by 1,000 at each
    /// step reach 1e30): past 10^15 the number is written as a Double, never through `Int`.
    private static func points(_ value: Double) -> String {
        guard abs(value) < 1e15 else { return String(format: "%.3g", value) }
        return value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}

/// A frame in device pixels, rounded outwards.
public struct PixelBox: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    /// Frames far beyond any canvas are clamped to ±10^9 pixels first, so the conversion to
    /// `Int` cannot trap (the pipeline fuzzer's frames reached 1e30).
    init(_ frame: Rect, scale: Double) {
        func pixel(_ points: Double, _ rule: FloatingPointRoundingRule) -> Int {
            Int(min(max((points * scale).rounded(rule), -1e9), 1e9))
        }
        let x0 = pixel(frame.minX, .down), y0 = pixel(frame.minY, .down)
        let x1 = pixel(frame.maxX, .up), y1 = pixel(frame.maxY, .up)
        x = x0; y = y0; width = max(0, x1 - x0); height = max(0, y1 - y0)
    }
}
