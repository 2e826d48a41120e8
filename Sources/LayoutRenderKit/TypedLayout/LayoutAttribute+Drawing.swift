// Images, paths and connectors.

extension LayoutAttribute {
    /// Where an image or a path in a label's text sits on its line.
    public static func verticalAlign(_ align: Keywords.VerticalAlign) -> LayoutAttribute { keyword(.verticalAlign, align) }
    /// How an image fits its frame.
    public static func mode(_ mode: Keywords.ImageMode) -> LayoutAttribute { keyword(.mode, mode) }

    /// A path's coordinates: `MIN-X MIN-Y WIDTH HEIGHT`, as SVG's `viewBox`.
    public static func viewBox(x: Double, y: Double, width: Double, height: Double) -> LayoutAttribute {
        LayoutAttribute(.viewBox, .numbers([x, y, width, height]))
    }
    /// A path's fill; nil for `none`.
    public static func fill(_ color: Color?) -> LayoutAttribute { paintOrNone(.fill, color) }
    /// A path's or a connector's stroke; nil for `none`.
    public static func stroke(_ color: Color?) -> LayoutAttribute { paintOrNone(.stroke, color) }
    public static func fillRule(_ rule: Keywords.FillRule) -> LayoutAttribute { keyword(.fillRule, rule) }
    public static func strokeWidth(_ width: Double) -> LayoutAttribute { LayoutAttribute(.strokeWidth, .number(width)) }
    public static func lineJoin(_ join: Keywords.LineJoin) -> LayoutAttribute { keyword(.lineJoin, join) }
    public static func lineCap(_ cap: Keywords.LineCap) -> LayoutAttribute { keyword(.lineCap, cap) }
    /// Dash and gap lengths in turn, as SVG's `stroke-dasharray`.
    public static func dash(_ lengths: Double...) -> LayoutAttribute { LayoutAttribute(.dash, .numbers(lengths)) }

    private static func paintOrNone(_ name: AttributeName, _ color: Color?) -> LayoutAttribute {
        LayoutAttribute(name, color.map { .color($0) } ?? .keyword("none"))
    }

    /// A connector's start: the node `id`, at `side` (chosen automatically when nil).
    public static func from(_ id: String, side: Keywords.Side? = nil) -> LayoutAttribute { endpoint(.from, id, side) }
    /// A connector's end.
    public static func to(_ id: String, side: Keywords.Side? = nil) -> LayoutAttribute { endpoint(.to, id, side) }
    public static func route(_ route: Keywords.Route) -> LayoutAttribute { keyword(.route, route) }
    public static func startArrow(_ arrow: Keywords.Arrow) -> LayoutAttribute { keyword(.startArrow, arrow) }
    public static func endArrow(_ arrow: Keywords.Arrow) -> LayoutAttribute { keyword(.endArrow, arrow) }
    /// A connector's label, drawn at its middle.
    public static func label(_ text: String) -> LayoutAttribute { LayoutAttribute(.label, .string(text)) }
    public static func layer(_ layer: Keywords.Layer) -> LayoutAttribute { keyword(.layer, layer) }

    private static func endpoint(_ name: AttributeName, _ id: String, _ side: Keywords.Side?) -> LayoutAttribute {
        LayoutAttribute(name, .string(side.map { "\(id).\($0.rawValue)" } ?? id))
    }
}
