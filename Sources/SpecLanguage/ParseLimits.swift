/// Bounds a spec must stay within, checked while parsing so a hostile spec fails early.
public struct ParseLimits: Hashable, Sendable {
    /// Largest source accepted, in bytes.
    public var maxSourceBytes: Int = 16 << 20
    /// Most nodes in one spec (the canvas not counted).
    public var maxNodes: Int = 100_000
    /// Deepest nesting of nodes below the canvas.
    public var maxDepth: Int = 256

    public init() {}
    public static let `default` = ParseLimits()
}
