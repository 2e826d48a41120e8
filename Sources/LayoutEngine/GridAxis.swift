// A grid's two axes written once, as FlexAxis is a stack's: the columns run along the
// width (`justify-*`, `column`, the inline axis), the rows along the height (`align-*`,
// `row`, the block axis). An item's size, min and max sizes and margins along an axis are
// read through it, so that each step of the grid sizing algorithm is written once for
// both axes.

extension LayoutContext.PhysicalAxis {
    /// The item's own size along the axis (`width` or `height`).
    @inline(__always) func size(_ s: UnsafePointer<LayoutStyle>) -> Dimension {
        self == .horizontal ? s.pointee.width : s.pointee.height
    }
    @inline(__always) func minSize(_ s: UnsafePointer<LayoutStyle>) -> Dimension {
        self == .horizontal ? s.pointee.minWidth : s.pointee.minHeight
    }
    @inline(__always) func maxSize(_ s: UnsafePointer<LayoutStyle>) -> Dimension {
        self == .horizontal ? s.pointee.maxWidth : s.pointee.maxHeight
    }
    /// The margins at the physical start and end of the axis (left and right, or top and bottom).
    @inline(__always) func margins(_ s: UnsafePointer<LayoutStyle>) -> (start: Dimension, end: Dimension) {
        self == .horizontal ? (s.pointee.margin.left, s.pointee.margin.right) : (s.pointee.margin.top, s.pointee.margin.bottom)
    }
    /// Both edges along the axis.
    @inline(__always) func sum(_ e: EdgeInsets) -> Double { self == .horizontal ? e.horizontal : e.vertical }
}

extension Dimension {
    var isPoints: Bool { if case .points = self { return true } else { return false } }
}
