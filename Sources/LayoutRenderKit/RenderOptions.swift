import Rendering
import SpecLanguage

/// How to render one spec.
public struct RenderOptions: Sendable {
    /// The name used in messages (`card.spec:3:7: …`).
    public var fileName: String
    /// The folder images and font files are resolved against; nothing outside it is read.
    public var assetRoot: String
    /// Extra folders searched for font files named by a spec.
    public var fontDirectories: [String]
    /// Overrides the canvas's `scale`.
    public var scale: Double?
    /// Overrides the canvas's width and height (`--size WxH`); a nil height means auto.
    public var canvasSize: (width: Double, height: Double?)?
    /// Characters a font does not cover are errors instead of warnings.
    public var strict: Bool
    /// Outline every frame and print its id over the picture.
    public var debugOverlay: Bool
    public var parseLimits: ParseLimits
    public var renderLimits: RenderLimits
    /// Names for `if` conditions, `for` loops and `{name}` interpolation (`--var`, `--data`).
    /// `width`, `height` and `scale` are the canvas's and cannot be set here.
    public var variables: [String: DataValue] = [:]
    /// Where `variables` came from, for how an unknown name's message says to give it.
    public var nameSource: NameSource = .commandLine
    /// The form of the source; `.automatic` takes JSON when the file name ends in `.json`
    /// or the text starts with `{`.
    public var format: SpecFormat = .automatic

    public init(fileName: String = "<spec>", assetRoot: String = ".", fontDirectories: [String] = [],
                scale: Double? = nil, canvasSize: (width: Double, height: Double?)? = nil, strict: Bool = false,
                debugOverlay: Bool = false, parseLimits: ParseLimits = .default, renderLimits: RenderLimits = RenderLimits()) {
        self.fileName = fileName; self.assetRoot = assetRoot; self.fontDirectories = fontDirectories
        self.scale = scale; self.canvasSize = canvasSize; self.strict = strict; self.debugOverlay = debugOverlay
        self.parseLimits = parseLimits; self.renderLimits = renderLimits
    }
}

/// The two forms of a spec.
public enum SpecFormat: String, Sendable, CaseIterable {
    case automatic = "auto", spec, json

    /// The form a source is in.
    public func resolved(fileName: String, source: String) -> SpecFormat {
        guard self == .automatic else { return self }
        if fileName.hasSuffix(".json") { return .json }
        if fileName.hasSuffix(".spec") { return .spec }
        return source.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }.first == "{" ? .json : .spec
    }
}
