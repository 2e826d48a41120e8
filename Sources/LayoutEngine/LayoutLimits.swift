/// Bounds on a `LayoutTree` that keep the engine's recursion within the stack: layout
/// recurses once per level of nesting, and anchor expressions once per `min`/`max`.
/// `validateLayout` checks both before any layout. (The spec language's own limits, 256
/// levels and 64, are as strict or stricter; these hold for trees built in code too.)
public enum LayoutLimits {
    /// Deepest nesting of nodes below the root.
    public static let maxDepth = 256
    /// Deepest nesting of `min`/`max` in one anchor expression.
    public static let maxExpressionDepth = 100
}
