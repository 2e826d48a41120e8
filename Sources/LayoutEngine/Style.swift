/// A length that may be automatic, in points, or a percentage of the parent's size.
public enum Dimension: Hashable, Sendable {
    case auto
    case points(Double)
    /// Percent of the containing block's size along the relevant axis: `50` is half.
    case percent(Double)
    /// CSS's intrinsic sizing keywords, for sizes, min/max sizes and `basis`:
    /// the content's min-content, max-content and fit-content size along the axis.
    case minContent
    case maxContent
    case fitContent
}

/// A number literal is points, for styles written in code (`style.gap = 10`).
extension Dimension: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    public init(floatLiteral value: Double) { self = .points(value) }
}

/// Four `Dimension`s in CSS order (margin and padding may be percentages).
public struct Edges: Hashable, Sendable {
    public var top: Dimension
    public var right: Dimension
    public var bottom: Dimension
    public var left: Dimension
    public init(top: Dimension = .points(0), right: Dimension = .points(0),
                bottom: Dimension = .points(0), left: Dimension = .points(0)) {
        self.top = top; self.right = right; self.bottom = bottom; self.left = left
    }
    public init(all value: Dimension) { self.init(top: value, right: value, bottom: value, left: value) }
    public static let zero = Edges()
}

/// Writing direction; `inherit` takes the parent's.
public enum Direction: Hashable, Sendable { case inherit, ltr, rtl }

/// The main axis of a stack: `hbox` is horizontal, `vbox` vertical.
public enum StackAxis: Hashable, Sendable { case horizontal, vertical }

/// Distribution of free space along a stack's main axis (CSS `justify-content`).
public enum Justify: Hashable, Sendable {
    case start, center, end, spaceBetween, spaceAround, spaceEvenly
}

/// Placement along the cross axis (CSS `align-items` / `align-self`), and of children in a `zbox`.
///
/// `baseline` aligns the first baselines of the items of a line (CSS `align-items:
/// baseline`); outside a stack it acts as `start`.
public enum Align: Hashable, Sendable { case start, center, end, stretch, baseline }

/// Distribution of the lines of a wrapping stack along its cross axis (CSS
/// `align-content`); `normal` is `stretch` for a flex container, as in CSS.
public enum AlignContent: Hashable, Sendable {
    case normal, start, center, end, stretch, spaceBetween, spaceAround, spaceEvenly
}

/// CSS `position`: `relative` items are in the flow and shifted by their insets after
/// layout; `absolute` items are out of the flow, placed by their insets against the
/// parent's padding box.
public enum Position: Hashable, Sendable { case relative, absolute }

/// Where a child of a `border` layout goes.
public enum BorderRegion: Hashable, Sendable { case top, bottom, left, right, center }

/// The attributes an anchor can fix, as NotAutoLayout names them.
/// Horizontal: left, right, centerX, width, leading, trailing. Vertical: top, bottom, centerY, height.
public enum AnchorAttribute: String, Hashable, Sendable, CaseIterable {
    case left, right, centerX = "center-x", width, leading, trailing
    case top, bottom, centerY = "center-y", height

    public var isHorizontal: Bool {
        switch self {
        case .left, .right, .centerX, .width, .leading, .trailing: return true
        case .top, .bottom, .centerY, .height: return false
        }
    }
}

/// What an anchor expression refers to: the parent, or a sibling by its id.
public enum AnchorTarget: Hashable, Sendable {
    case parent
    case sibling(String)
}

/// The value of one anchor fact.
///
/// A plain number is points from the parent's matching edge (for `right`, from the
/// parent's right edge inwards; for `center-x`, from the parent's centre; for `width`,
/// the width itself). A percentage is of the parent's content size along the axis.
/// A reference is `target.attribute * multiplier + offset`, in the parent's content
/// coordinates. `min`/`max` clamp.
public indirect enum AnchorExpression: Hashable, Sendable {
    case points(Double)
    case percent(Double)
    case reference(target: AnchorTarget, attribute: AnchorAttribute, multiplier: Double, offset: Double)
    case min([AnchorExpression])
    case max([AnchorExpression])
}

/// Everything the engine needs to know about one node, CSS-like where CSS has the concept.
/// Defaults are the CSS initial values except `shrink`, which is 1 as in CSS.
public struct LayoutStyle: Hashable, Sendable {
    public var width: Dimension = .auto
    public var height: Dimension = .auto
    public var minWidth: Dimension = .auto
    public var minHeight: Dimension = .auto
    public var maxWidth: Dimension = .auto
    public var maxHeight: Dimension = .auto
    /// width / height.
    public var aspectRatio: Double? = nil
    public var margin: Edges = .zero
    public var padding: Edges = .zero
    /// Border widths: they take space inside the frame (border-box sizing).
    public var border: EdgeInsets = .zero
    public var grow: Double = 0
    public var shrink: Double = 1
    public var basis: Dimension = .auto
    public var alignSelf: Align? = nil
    public var direction: Direction = .inherit
    /// `hidden` nodes take no space and get a zero frame (CSS `display: none`).
    public var isHidden: Bool = false
    /// In the flow (shifted by `inset`), or out of it and placed by `inset`.
    public var position: Position = .relative
    /// CSS `top`/`right`/`bottom`/`left`: `auto` or points or a percentage of the parent's
    /// padding box along the axis.
    public var inset: Edges = Edges(all: .auto)
    /// Place among the stack's items (CSS `order`): items are laid out by ascending order,
    /// ties in tree order.
    public var order: Int = 0
    /// The node clips its content (CSS `overflow: hidden`): as a flex item its automatic
    /// minimum size is 0.
    public var clipsContent: Bool = false
    /// `align-self` with CSS's `safe` keyword: an item that overflows its line starts at
    /// the line's start instead.
    public var alignSelfSafe: Bool = false

    // Container properties.
    /// Space between items along the main axis (and between lines when wrapping). A
    /// percentage is of the content box along that axis (0 when it is indefinite).
    public var gap: Dimension = .points(0)
    /// Space between wrapped lines; `nil` uses `gap`.
    public var crossGap: Dimension? = nil
    public var justify: Justify = .start
    public var align: Align = .stretch
    public var alignContent: AlignContent = .normal
    /// CSS's `safe` keyword for `justify`, `align` and `align-content`: content that
    /// overflows is aligned to the start rather than centred or pushed past the start.
    public var justifySafe: Bool = false
    public var alignSafe: Bool = false
    public var alignContentSafe: Bool = false
    public var wrap: Bool = false
    /// `flex-wrap: wrap-reverse`: lines stack from the cross end (with `wrap`).
    public var wrapReverse: Bool = false
    /// `flex-direction: row-reverse` / `column-reverse`: items run from the main end.
    public var reverse: Bool = false

    /// For a `grid` node: its template, gaps and alignment.
    public var grid: GridContainerStyle? = nil
    /// For children of a `grid`: the lines the item spans (CSS `grid-column`/`grid-row`).
    public var gridColumn: GridPlacement = .auto
    public var gridRow: GridPlacement = .auto
    /// For children of a `grid`: alignment in the column (CSS `justify-self`); nil takes
    /// the grid's `justifyItems`.
    public var justifySelf: Align? = nil

    /// For children of a `border` layout.
    public var region: BorderRegion = .center
    /// For children of a `box`: the anchor facts that give the frame.
    public var anchors = Anchors()

    public init() {}
}
