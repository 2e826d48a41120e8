import PixelDiff

/// A rectangle of device pixels left out of a comparison (`layout-render test --ignore
/// X,Y,W,H`): a clock, an animation frame.
public struct PixelRegion: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    var pixelRect: PixelRect { PixelRect(x: x, y: y, width: width, height: height) }
}
