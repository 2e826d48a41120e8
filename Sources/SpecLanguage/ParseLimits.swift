/// Bounds a spec must stay within, checked while parsing so a hostile spec fails early.
/// Every recursive reader, evaluator and writer in this module is bounded by one of these.
public struct ParseLimits: Hashable, Sendable {
    /// Largest source accepted, in bytes.
    public var maxSourceBytes: Int = 16 << 20
    /// Most nodes in one spec (the canvas not counted).
    public var maxNodes: Int = 100_000
    /// Most steps expanding `if`/`for` may take (each loop iteration, condition and node is
    /// one): ten a node, so loops that make no nodes are bounded too.
    public var maxExpansionSteps: Int { maxNodes.multipliedReportingOverflow(by: 10).partialValue }
    /// Deepest nesting of nodes below the canvas (`if`, `else` and `for` levels count).
    public var maxDepth: Int = 256
    /// Deepest nesting inside one condition (`(`, `not`, `and`, `or`) or one anchor
    /// expression (`min(`, `max(`).
    public var maxExpressionDepth: Int = 64
    /// Deepest nesting of arrays and objects in JSON text (the JSON form, `--data` files).
    /// A node of the JSON form takes two levels (its object and its `children` list).
    public var maxJSONDepth: Int = 1_024
    /// Most `span` lines in one label (after `if`/`for` expansion): each is a run measured
    /// and shaped on its own.
    public var maxSpansPerLabel: Int = 10_000
    /// Most font files the spec's `font` lines declare, all families together: each is
    /// opened and identified by every render of the spec.
    public var maxFontFiles: Int = 64
    /// Most bytes (UTF-8) that `{name}` interpolation may produce in one expansion, every
    /// string it fills in together: text, image paths and ids. A short spec can refer to a
    /// long `--data` string many times, so what is produced is counted, not what is read.
    /// 16 MiB by default, as large as the largest spec source.
    public var maxInterpolatedBytes: Int = 16 << 20

    public init() {}
    public static let `default` = ParseLimits()
}
