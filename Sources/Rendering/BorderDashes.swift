import CCairo
import LayoutEngine

/// How a border's sides are drawn: CSS `border-style`'s `solid`, `dashed` and `dotted`.
public enum BorderStyle: String, Hashable, Sendable, CaseIterable {
    case solid, dashed, dotted
}

/// Where the dashes or dots of one side of a border go, along the side (0 at one corner,
/// `length` at the other): dashes 3 widths long with gaps of 2 (2 and 1 from a width of 3
/// up), dots as round as the border is wide with at least a width between; the gaps
/// stretched so that the side starts and ends with a whole dash or dot, as browsers fit
/// them to the side.
enum BorderDashes {
    /// The pieces of a side whose pattern repeats every `period`; nil for a side too short
    /// for a second piece (drawn solid) or a pattern too fine to show (a period under
    /// `minimumPeriod`, where dashes would average into a tone).
    struct Pattern: Equatable {
        var count: Int
        /// The length of a dash (for dots, their diameter).
        var piece: Double
        var period: Double

        /// The pieces that can reach `visible` (a range along the side), as start offsets.
        func starts(within visible: ClosedRange<Double>) -> [Double] {
            numbers(within: visible).map { Double($0) * period }
        }

        /// How many pieces can reach `visible`, without listing them: what drawing them costs.
        func visibleCount(within visible: ClosedRange<Double>) -> Int {
            numbers(within: visible).count
        }

        /// The numbers of the pieces that can reach `visible`.
        private func numbers(within visible: ClosedRange<Double>) -> Range<Int> {
            guard count > 0, period > 0 else { return 0..<0 }
            // Piece numbers as doubles first, kept within `count` before they become `Int`s.
            let from = ((visible.lowerBound - piece) / period).rounded(.up)
            let to = (visible.upperBound / period).rounded(.down)
            guard from.isFinite, to.isFinite else { return 0..<0 }
            let first = Int(min(max(0, from), Double(count)))
            let last = Int(min(max(-1, to), Double(count - 1)))
            guard first <= last else { return 0..<0 }
            return first..<(last + 1)
        }
    }

    static func pattern(length: Double, width: Double, style: BorderStyle, minimumPeriod: Double) -> Pattern? {
        guard length.isFinite, width.isFinite, length > 0, width > 0 else { return nil }
        let piece: Double, gap: Double
        switch style {
        case .solid: return nil
        case .dashed: (piece, gap) = width >= 3 ? (2 * width, width) : (3 * width, 2 * width)
        case .dotted: (piece, gap) = (width, width)
        }
        let fits = ((length + gap) / (piece + gap)).rounded(.down)
        guard fits >= 2, fits < 1e9 else { return nil }
        let count = Int(fits)
        let period = (length - piece) / Double(count - 1)
        guard period >= minimumPeriod else { return nil }
        return Pattern(count: count, piece: piece, period: period)
    }
}

extension BorderDashes {
    /// What one dash or dot costs against the paint budget, in device pixels, besides the
    /// pixels it covers: each is a path of its own that Cairo flattens, clips to the side's
    /// wedge and the ring, and rasterises (about 2 µs measured for a 1-pixel dot, where
    /// the budget's pixel is about 1 ns; rounded up).
    static let pieceCost = 2_048
}

extension DrawingContext {
    /// The dashes or dots a `strokeSides` of `rect` draws (0 for a solid border): those
    /// that can show, side by side as `strokeSides` clamps the widths, the same count
    /// `addBorderPieces` adds, found without adding them.
    func borderPieceCount(_ rect: Rect, _ sides: BorderSides) -> Int {
        guard sides.style != .solid, rect.isFinite, rect.width > 0, rect.height > 0 else { return 0 }
        let widths = [min(max(0, sides.widths.top), rect.height / 2), min(max(0, sides.widths.right), rect.width / 2),
                      min(max(0, sides.widths.bottom), rect.height / 2), min(max(0, sides.widths.left), rect.width / 2)]
        var total = 0
        for (index, width) in widths.enumerated() where width > 0 && width.isFinite {
            let horizontal = index % 2 == 0
            let length = horizontal ? rect.width : rect.height
            guard let pattern = BorderDashes.pattern(length: length, width: width, style: sides.style,
                                                     minimumPeriod: 1 / scale) else {
                total += 1
                continue
            }
            let along0 = horizontal ? rect.minX : rect.minY
            let visible = horizontal ? (window.minX - along0)...(window.maxX - along0) : (window.minY - along0)...(window.maxY - along0)
            total = total.addingReportingOverflow(pattern.visibleCount(within: visible)).partialValue
        }
        return total
    }

    /// Adds the dashes or dots of side `index` (top, right, bottom, left) of the border of
    /// `rect`, `width` wide; a dash runs `depth` in from the edge (past the rounding of the
    /// corners, for the ring's clip to cut), a dot sits on the side's centre line. Only
    /// the pieces that can show; the whole band when the pattern cannot show.
    func addBorderPieces(side index: Int, of rect: Rect, width: Double, depth: Double, style: BorderStyle) {
        guard rect.isFinite, width.isFinite, depth.isFinite else { return }
        let horizontal = index % 2 == 0
        let length = horizontal ? rect.width : rect.height
        // Along the side from its start corner (left or top), and across it from its edge.
        let along0 = horizontal ? rect.minX : rect.minY
        let edge: Double = [rect.minY, rect.maxX, rect.maxY, rect.minX][index]
        let inward: Double = index == 0 || index == 3 ? 1 : -1
        let visible = horizontal ? (window.minX - along0)...(window.maxX - along0) : (window.minY - along0)...(window.maxY - along0)
        func addBox(from a: Double, to b: Double, across: Double) {
            let c0 = min(edge, edge + inward * across), c1 = max(edge, edge + inward * across)
            var box = horizontal ? Rect(x: along0 + a, y: c0, width: b - a, height: c1 - c0)
                                 : Rect(x: c0, y: along0 + a, width: c1 - c0, height: b - a)
            // Within the window (the ring's clip does the rest), so no far coordinate reaches Cairo.
            let x0 = max(box.minX, window.minX), x1 = min(box.maxX, window.maxX)
            let y0 = max(box.minY, window.minY), y1 = min(box.maxY, window.maxY)
            guard x1 > x0, y1 > y0 else { return }
            box = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            cairo_rectangle(cr, box.x, box.y, box.width, box.height)
        }
        guard let pattern = BorderDashes.pattern(length: length, width: width, style: style, minimumPeriod: 1 / scale) else {
            addBox(from: 0, to: length, across: depth)
            return
        }
        for start in pattern.starts(within: visible) {
            switch style {
            case .dotted:
                let along = along0 + start + width / 2, across = edge + inward * width / 2
                cairo_new_sub_path(cr)
                if horizontal { cairo_arc(cr, along, across, width / 2, 0, 2 * Double.pi) } else { cairo_arc(cr, across, along, width / 2, 0, 2 * Double.pi) }
                cairo_close_path(cr)
            default:
                addBox(from: start, to: start + pattern.piece, across: depth)
            }
        }
    }
}
