import PixelDiff

/// A rectangle of device pixels left out of a comparison (`layout-render test --ignore
/// X,Y,W,H`): a clock, an animation frame.
public struct PixelRegion: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    var pixelRect: PixelRect { PixelRect(x: x, y: y, width: width, height: height) }

    /// Why these tolerances cannot be used, as the CLI says of its options; nil when they can.
    static func problem(threshold: Double, maxDiffPixels: Int?, maxDiffRatio: Double?, regions: [PixelRegion],
                        masks: Set<String>) -> String? {
        if !(0...1).contains(threshold) { return "threshold must be between 0 and 1, not \(threshold)" }
        if let maxDiffPixels, maxDiffPixels < 0 { return "maxDiffPixels must be 0 or more, not \(maxDiffPixels)" }
        if let maxDiffRatio, !(0...1).contains(maxDiffRatio) { return "maxDiffRatio must be between 0 and 1, not \(maxDiffRatio)" }
        if let region = regions.first(where: { $0.width < 0 || $0.height < 0 }) {
            return "an ignored region's width and height must be 0 or more, not \(region.width)x\(region.height)"
        }
        if masks.contains("") { return "a masked node needs an id" }
        return nil
    }
}
