// How a stack lays out its children, and how a child grows, shrinks and aligns in it.

extension LayoutAttribute {
    public static func grow(_ factor: Double) -> LayoutAttribute { LayoutAttribute(.grow, .number(factor)) }
    public static func shrink(_ factor: Double) -> LayoutAttribute { LayoutAttribute(.shrink, .number(factor)) }
    public static func basis(_ length: Length) -> LayoutAttribute { LayoutAttribute(.basis, .length(length)) }
    public static func alignSelf(_ align: Keywords.Align) -> LayoutAttribute { keyword(.alignSelf, align) }
    public static func direction(_ direction: Keywords.Direction) -> LayoutAttribute { keyword(.direction, direction) }
    /// A border layout's child's place.
    public static func region(_ region: Keywords.Region) -> LayoutAttribute { keyword(.region, region) }

    public static func gap(_ gap: Length) -> LayoutAttribute { LayoutAttribute(.gap, .length(gap)) }
    /// A wrapping stack's gap between its lines.
    public static func crossGap(_ gap: Length) -> LayoutAttribute { LayoutAttribute(.crossGap, .length(gap)) }
    /// A stack's children along its axis (a grid's columns: `gridJustify`).
    public static func justify(_ justify: Keywords.Justify) -> LayoutAttribute { keyword(.justify, justify) }
    /// A stack's children across its axis (a label's text: `textAlign`; a grid's items: `gridAlign`).
    public static func align(_ align: Keywords.Align) -> LayoutAttribute { keyword(.align, align) }
    public static func alignContent(_ align: Keywords.AlignContent) -> LayoutAttribute { keyword(.alignContent, align) }
    /// A stack's children wrap onto more lines.
    public static func wrap(_ wrap: Bool = true) -> LayoutAttribute { LayoutAttribute(.wrap, .bool(wrap)) }
    /// `wrap=reverse`: lines are stacked from the end.
    public static let wrapReverse = LayoutAttribute(.wrap, .keyword("reverse"))
    public static func reverse(_ reverse: Bool = true) -> LayoutAttribute { LayoutAttribute(.reverse, .bool(reverse)) }
    /// The canvas's pixels per point.
    public static func scale(_ scale: Double) -> LayoutAttribute { LayoutAttribute(.scale, .number(scale)) }
}
