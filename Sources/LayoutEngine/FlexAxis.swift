// The axes of a flex container, written once: main and cross accessors over physical
// sizes and edges (as LayoutKit's `AxisSize`), and the mirroring that turns the logical
// layout (items from the main start, lines from the cross start) into physical frames.
//
// A flex container is laid out as if its main axis ran left to right (a row) or top to
// bottom (a column) and its lines stacked from the top or left; then every frame is
// mirrored on the axes that run the other way: `direction=rtl` (a row's main axis, a
// column's cross axis), `reverse` (the main axis) and `wrap=reverse` (the cross axis).
// Edges (padding, border, margins, insets) are swapped the same way before layout, so the
// mirrored frames land where CSS puts them.

/// Four edges in flex-relative terms.
struct FlexEdges {
    var mainStart: Double
    var mainEnd: Double
    var crossStart: Double
    var crossEnd: Double
    var main: Double { mainStart + mainEnd }
    var cross: Double { crossStart + crossEnd }
}

struct FlexAxis {
    /// The main axis is horizontal (`hbox`).
    let isRow: Bool
    /// Frames are mirrored horizontally / vertically after layout.
    let flipX: Bool
    let flipY: Bool

    init(isRow: Bool, rtl: Bool, reverse: Bool, wrapReverse: Bool) {
        self.isRow = isRow
        if isRow {
            flipX = rtl != reverse
            flipY = wrapReverse
        } else {
            flipX = rtl != wrapReverse
            flipY = reverse
        }
    }

    /// The width and height along the main axis.
    @inline(__always) func main<T>(width: T, height: T) -> T { isRow ? width : height }
    @inline(__always) func cross<T>(width: T, height: T) -> T { isRow ? height : width }
    /// Width and height from main and cross values.
    @inline(__always) func width<T>(main: T, cross: T) -> T { isRow ? main : cross }
    @inline(__always) func height<T>(main: T, cross: T) -> T { isRow ? cross : main }
    @inline(__always) func main(_ s: Size) -> Double { isRow ? s.width : s.height }
    @inline(__always) func cross(_ s: Size) -> Double { isRow ? s.height : s.width }

    /// Physical edges in flex-relative terms, after the mirroring of this container.
    @inline(__always) func edges(_ e: EdgeInsets) -> FlexEdges {
        let left = flipX ? e.right : e.left, right = flipX ? e.left : e.right
        let top = flipY ? e.bottom : e.top, bottom = flipY ? e.top : e.bottom
        return isRow ? FlexEdges(mainStart: left, mainEnd: right, crossStart: top, crossEnd: bottom)
                     : FlexEdges(mainStart: top, mainEnd: bottom, crossStart: left, crossEnd: right)
    }

    /// Physical style edges (margins, insets) in flex-relative terms.
    @inline(__always) func edges(_ e: Edges) -> (mainStart: Dimension, mainEnd: Dimension,
                                                 crossStart: Dimension, crossEnd: Dimension) {
        let left = flipX ? e.right : e.left, right = flipX ? e.left : e.right
        let top = flipY ? e.bottom : e.top, bottom = flipY ? e.top : e.bottom
        return isRow ? (left, right, top, bottom) : (top, bottom, left, right)
    }

    /// The physical frame of a logical one inside a container of size `outer`.
    @inline(__always) func frame(main: Double, cross: Double, mainSize: Double, crossSize: Double,
                                 in outer: Size) -> Rect {
        var r = isRow ? Rect(x: main, y: cross, width: mainSize, height: crossSize)
                      : Rect(x: cross, y: main, width: crossSize, height: mainSize)
        if flipX { r.x = outer.width - r.x - r.width }
        if flipY { r.y = outer.height - r.y - r.height }
        return r
    }
}

/// The one clamp: a value between a minimum and a maximum (the minimum wins, as in CSS),
/// never below a floor (padding plus border).
@inline(__always) func clamp(_ v: Double, min lo: Double, max hi: Double, floor: Double = 0) -> Double {
    Swift.max(Swift.max(Swift.min(v, hi), lo), floor)
}
