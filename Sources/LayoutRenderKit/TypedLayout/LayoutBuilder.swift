/// Builds a node's children from the statements of a closure: nodes, `if`/`else`, `switch`,
/// `for … in`, and arrays of nodes (a component that returns several).
@resultBuilder
public enum LayoutBuilder {
    public static func buildExpression(_ content: some LayoutContent) -> [LayoutNode] { [content.layoutNode] }
    public static func buildExpression(_ nodes: [LayoutNode]) -> [LayoutNode] { nodes }
    public static func buildBlock(_ parts: [LayoutNode]...) -> [LayoutNode] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [LayoutNode]?) -> [LayoutNode] { part ?? [] }
    public static func buildEither(first part: [LayoutNode]) -> [LayoutNode] { part }
    public static func buildEither(second part: [LayoutNode]) -> [LayoutNode] { part }
    public static func buildArray(_ parts: [[LayoutNode]]) -> [LayoutNode] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [LayoutNode]) -> [LayoutNode] { part }
}
