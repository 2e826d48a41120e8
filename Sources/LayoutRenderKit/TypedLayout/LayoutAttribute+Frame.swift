// A node's frame: its id, size, margins and padding, its place among its siblings (insets
// in a stack, anchors in a box), and the golden tests' tolerances inside it.

extension LayoutAttribute {
    public static func id(_ id: String) -> LayoutAttribute { LayoutAttribute(.id, .string(id)) }

    public static func width(_ length: Length) -> LayoutAttribute { LayoutAttribute(.width, .length(length)) }
    public static func height(_ length: Length) -> LayoutAttribute { LayoutAttribute(.height, .length(length)) }
    /// A width that refers to the parent or a sibling (a child of a box).
    public static func width(anchor: AnchorValue) -> LayoutAttribute { LayoutAttribute(.width, .anchor(anchor)) }
    public static func height(anchor: AnchorValue) -> LayoutAttribute { LayoutAttribute(.height, .anchor(anchor)) }
    /// `size=WxH`: the frame's width and height.
    public static func size(width: Length, height: Length) -> LayoutAttribute {
        LayoutAttribute(.size, .size(width: width, height: height))
    }
    public static func minWidth(_ length: Length) -> LayoutAttribute { LayoutAttribute(.minWidth, .length(length)) }
    public static func minHeight(_ length: Length) -> LayoutAttribute { LayoutAttribute(.minHeight, .length(length)) }
    public static func maxWidth(_ length: Length) -> LayoutAttribute { LayoutAttribute(.maxWidth, .length(length)) }
    public static func maxHeight(_ length: Length) -> LayoutAttribute { LayoutAttribute(.maxHeight, .length(length)) }
    public static func aspectRatio(_ ratio: Double) -> LayoutAttribute { LayoutAttribute(.aspectRatio, .number(ratio)) }

    /// The same margin on every side.
    public static func margin(_ all: Length) -> LayoutAttribute { margin(top: all, right: all, bottom: all, left: all) }
    public static func margin(vertical: Length, horizontal: Length) -> LayoutAttribute {
        margin(top: vertical, right: horizontal, bottom: vertical, left: horizontal)
    }
    public static func margin(top: Length, right: Length, bottom: Length, left: Length) -> LayoutAttribute {
        LayoutAttribute(.margin, .insets(top: top, right: right, bottom: bottom, left: left))
    }
    public static func marginTop(_ length: Length) -> LayoutAttribute { LayoutAttribute(.marginTop, .length(length)) }
    public static func marginRight(_ length: Length) -> LayoutAttribute { LayoutAttribute(.marginRight, .length(length)) }
    public static func marginBottom(_ length: Length) -> LayoutAttribute { LayoutAttribute(.marginBottom, .length(length)) }
    public static func marginLeft(_ length: Length) -> LayoutAttribute { LayoutAttribute(.marginLeft, .length(length)) }

    public static func padding(_ all: Length) -> LayoutAttribute { padding(top: all, right: all, bottom: all, left: all) }
    public static func padding(vertical: Length, horizontal: Length) -> LayoutAttribute {
        padding(top: vertical, right: horizontal, bottom: vertical, left: horizontal)
    }
    public static func padding(top: Length, right: Length, bottom: Length, left: Length) -> LayoutAttribute {
        LayoutAttribute(.padding, .insets(top: top, right: right, bottom: bottom, left: left))
    }
    public static func paddingTop(_ length: Length) -> LayoutAttribute { LayoutAttribute(.paddingTop, .length(length)) }
    public static func paddingRight(_ length: Length) -> LayoutAttribute { LayoutAttribute(.paddingRight, .length(length)) }
    public static func paddingBottom(_ length: Length) -> LayoutAttribute { LayoutAttribute(.paddingBottom, .length(length)) }
    public static func paddingLeft(_ length: Length) -> LayoutAttribute { LayoutAttribute(.paddingLeft, .length(length)) }

    /// An inset of a child of a stack, zbox or grid (CSS `top`): points, a percentage or `auto`.
    public static func top(_ inset: Length) -> LayoutAttribute { edge(.top, inset) }
    public static func right(_ inset: Length) -> LayoutAttribute { edge(.right, inset) }
    public static func bottom(_ inset: Length) -> LayoutAttribute { edge(.bottom, inset) }
    public static func left(_ inset: Length) -> LayoutAttribute { edge(.left, inset) }
    /// An anchor of a child of a box (`top=header.bottom+8`).
    public static func top(anchor: AnchorValue) -> LayoutAttribute { LayoutAttribute(.top, .anchor(anchor)) }
    public static func right(anchor: AnchorValue) -> LayoutAttribute { LayoutAttribute(.right, .anchor(anchor)) }
    public static func bottom(anchor: AnchorValue) -> LayoutAttribute { LayoutAttribute(.bottom, .anchor(anchor)) }
    public static func left(anchor: AnchorValue) -> LayoutAttribute { LayoutAttribute(.left, .anchor(anchor)) }
    public static func centerX(_ anchor: AnchorValue) -> LayoutAttribute { LayoutAttribute(.centerX, .anchor(anchor)) }
    public static func centerY(_ anchor: AnchorValue) -> LayoutAttribute { LayoutAttribute(.centerY, .anchor(anchor)) }
    public static func leading(_ anchor: AnchorValue) -> LayoutAttribute { LayoutAttribute(.leading, .anchor(anchor)) }
    public static func trailing(_ anchor: AnchorValue) -> LayoutAttribute { LayoutAttribute(.trailing, .anchor(anchor)) }

    /// An inset as the parser reads one: `auto` a length, points and percentages anchors.
    private static func edge(_ name: AttributeName, _ inset: Length) -> LayoutAttribute {
        switch inset {
        case .points(let v): LayoutAttribute(name, .anchor(.points(v)))
        case .percent(let v): LayoutAttribute(name, .anchor(.percent(v)))
        default: LayoutAttribute(name, .length(inset))
        }
    }

    public static func position(_ position: Keywords.Position) -> LayoutAttribute { keyword(.position, position) }
    public static func order(_ order: Int) -> LayoutAttribute { LayoutAttribute(.order, .integer(order)) }
    public static func hidden(_ hidden: Bool = true) -> LayoutAttribute { LayoutAttribute(.hidden, .bool(hidden)) }
    public static func clip(_ clip: Bool = true) -> LayoutAttribute { LayoutAttribute(.clip, .bool(clip)) }

    /// Golden tests: the colour difference allowed inside the node's frame.
    public static func diffThreshold(_ threshold: Double) -> LayoutAttribute { LayoutAttribute(.diffThreshold, .number(threshold)) }
    /// Golden tests: differences inside the node's frame are not counted.
    public static func diffIgnore(_ ignore: Bool = true) -> LayoutAttribute { LayoutAttribute(.diffIgnore, .bool(ignore)) }
    /// Golden tests: the node's frame is painted over with one colour in both images.
    public static func mask(_ mask: Bool = true) -> LayoutAttribute { LayoutAttribute(.mask, .bool(mask)) }
}
