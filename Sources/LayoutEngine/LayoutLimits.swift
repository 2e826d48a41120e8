/// Bounds on a `LayoutTree` that keep the engine's recursion within the stack: layout
/// recurses once per level of nesting, and anchor expressions once per `min`/`max`.
/// `validateLayout` checks both before any layout. (The spec language's own limits, 256
/// levels and 64, are as strict or stricter; these hold for trees built in code too.)
public enum LayoutLimits {
    /// Deepest nesting of nodes below the root.
    public static let maxDepth = 256
    /// Deepest nesting of `min`/`max` in one anchor expression.
    public static let maxExpressionDepth = 100

    /// Layouts of a node's content (measurements the cache did not answer, and arranging)
    /// one layout may run: 200,000 plus 100 a node. Ordinary trees take one to three a node;
    /// what takes more multiplies with depth (a baseline-aligned stack lays its items out
    /// to find their baselines, as it is measured and again as it is arranged), and is
    /// stopped with `LayoutError.layoutTooCostly` instead of running for ever.
    public static func maxContentLayouts(nodes: Int) -> Int { 200_000 + 100 * nodes }
}
