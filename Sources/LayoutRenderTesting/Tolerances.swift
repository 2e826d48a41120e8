import LayoutRenderGolden

/// How far a render may differ from its golden image and still pass, as `layout-render
/// test`'s options say it: one value, so that tests that share tolerances share it.
///
/// ```swift
/// let clock = Tolerances(maxDiffRatio: 0.01, ignoring: [PixelRegion(x: 0, y: 0, width: 40, height: 20)])
/// assertRender(card(.sample), within: clock)
/// ```
public struct Tolerances: Hashable, Sendable {
    /// The perceptual colour threshold, 0…1 (`--threshold`).
    public var threshold: Double
    /// Count anti-aliased pixels as differences (`--include-aa`).
    public var includeAA: Bool
    /// Differing pixels tolerated (`--max-diff-pixels`).
    public var maxDiffPixels: Int?
    /// The largest fraction (0…1) of differing pixels tolerated (`--max-diff-ratio`). With
    /// neither limit no pixel may differ; a ratio alone limits; with both, both must hold.
    public var maxDiffRatio: Double?
    /// Rectangles of device pixels not compared (`--ignore X,Y,W,H`).
    public var ignoring: [PixelRegion]
    /// Ids of nodes painted over with one colour in both images (`--mask ID`), as a node's
    /// own `mask` attribute does.
    public var masking: Set<String>

    public init(threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil,
                ignoring: [PixelRegion] = [], masking: Set<String> = []) {
        self.threshold = threshold; self.includeAA = includeAA
        self.maxDiffPixels = maxDiffPixels; self.maxDiffRatio = maxDiffRatio
        self.ignoring = ignoring; self.masking = masking
    }

    /// Why these tolerances cannot be used, as the CLI says of its options; nil when they can.
    var problem: String? {
        if !(0...1).contains(threshold) { return "threshold must be between 0 and 1, not \(threshold)" }
        if let maxDiffPixels, maxDiffPixels < 0 { return "maxDiffPixels must be 0 or more, not \(maxDiffPixels)" }
        if let maxDiffRatio, !(0...1).contains(maxDiffRatio) { return "maxDiffRatio must be between 0 and 1, not \(maxDiffRatio)" }
        if let region = ignoring.first(where: { $0.width < 0 || $0.height < 0 }) {
            return "an ignored region's width and height must be 0 or more, not \(region.width)x\(region.height)"
        }
        if masking.contains("") { return "a masked node needs an id" }
        return nil
    }

    /// The runner's options with these tolerances.
    func apply(to options: inout FixtureRunner.Options) {
        options.threshold = threshold
        options.includeAA = includeAA
        options.maxDiffPixels = maxDiffPixels
        options.maxDiffRatio = maxDiffRatio
        options.ignore = ignoring.map(\.pixelRect)
        options.maskIDs = masking
    }
}
