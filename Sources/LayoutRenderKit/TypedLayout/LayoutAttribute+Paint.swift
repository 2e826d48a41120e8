// How a node is painted: background, border, corners, shadows, opacity, blending and
// transforms.

extension LayoutAttribute {
    public static func background(_ paint: BackgroundFill) -> LayoutAttribute { LayoutAttribute(.background, paint.value) }
    public static func backgroundImage(_ path: String) -> LayoutAttribute { LayoutAttribute(.backgroundImage, .string(path)) }
    public static func backgroundMode(_ mode: Keywords.ImageMode) -> LayoutAttribute { keyword(.backgroundMode, mode) }

    /// `border=W,COLOR` on every side.
    public static func border(_ width: Double, _ color: Color) -> LayoutAttribute {
        LayoutAttribute(.border, .border(width: width, color: color))
    }
    public static func borderTop(_ width: Double, _ color: Color) -> LayoutAttribute {
        LayoutAttribute(.borderTop, .border(width: width, color: color))
    }
    public static func borderRight(_ width: Double, _ color: Color) -> LayoutAttribute {
        LayoutAttribute(.borderRight, .border(width: width, color: color))
    }
    public static func borderBottom(_ width: Double, _ color: Color) -> LayoutAttribute {
        LayoutAttribute(.borderBottom, .border(width: width, color: color))
    }
    public static func borderLeft(_ width: Double, _ color: Color) -> LayoutAttribute {
        LayoutAttribute(.borderLeft, .border(width: width, color: color))
    }
    public static func borderStyle(_ style: Keywords.BorderStyle) -> LayoutAttribute { keyword(.borderStyle, style) }

    /// One radius for every corner.
    public static func radius(_ radius: Double) -> LayoutAttribute { LayoutAttribute(.radius, .number(radius)) }
    public static func radius(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) -> LayoutAttribute {
        LayoutAttribute(.radius, .corners(topLeft: topLeft, topRight: topRight, bottomRight: bottomRight, bottomLeft: bottomLeft))
    }

    /// Shadows, the first on top; none given is `shadow=none`.
    public static func shadow(_ shadows: Shadow...) -> LayoutAttribute { LayoutAttribute(.shadow, .shadows(shadows)) }
    /// Text shadows (no spread), inherited by the labels inside.
    public static func textShadow(_ shadows: Shadow...) -> LayoutAttribute { LayoutAttribute(.textShadow, .shadows(shadows)) }
    public static func opacity(_ opacity: Double) -> LayoutAttribute { LayoutAttribute(.opacity, .number(opacity)) }
    public static func blend(_ blend: Keywords.Blend) -> LayoutAttribute { keyword(.blend, blend) }
    /// The steps in the order written (CSS applies the last first).
    public static func transform(_ steps: TransformStep...) -> LayoutAttribute { LayoutAttribute(.transform, .transform(steps)) }
}
