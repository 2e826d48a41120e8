// A grid's template, gaps and alignment, and its items' places (CSS Grid). The values are
// written as the language writes them and kept as that text, as the parser keeps them.

extension LayoutAttribute {
    public static func columns(_ tracks: GridTrack...) -> LayoutAttribute { grid(.columns, tracks) }
    public static func columns(_ tracks: [GridTrack]) -> LayoutAttribute { grid(.columns, tracks) }
    public static func rows(_ tracks: GridTrack...) -> LayoutAttribute { grid(.rows, tracks) }
    public static func rows(_ tracks: [GridTrack]) -> LayoutAttribute { grid(.rows, tracks) }
    /// The sizes of implicit columns, used in turn.
    public static func autoColumns(_ tracks: GridTrack...) -> LayoutAttribute { grid(.autoColumns, tracks) }
    public static func autoRows(_ tracks: GridTrack...) -> LayoutAttribute { grid(.autoRows, tracks) }
    /// Named areas, a row of cells at a time; `.` for a cell of none.
    public static func areas(_ rows: [String]...) -> LayoutAttribute {
        LayoutAttribute(.areas, .string(rows.map { $0.joined(separator: " ") }.joined(separator: " / ")))
    }
    public static func autoFlow(_ flow: GridFlow, dense: Bool = false) -> LayoutAttribute {
        LayoutAttribute(.autoFlow, .string(flow.rawValue + (dense ? " dense" : "")))
    }
    public static func columnGap(_ gap: Length) -> LayoutAttribute { LayoutAttribute(.columnGap, .length(gap)) }
    public static func rowGap(_ gap: Length) -> LayoutAttribute { LayoutAttribute(.rowGap, .length(gap)) }
    /// A grid's columns in its width (`justify` on a grid).
    public static func gridJustify(_ justify: Keywords.GridContent) -> LayoutAttribute { keyword(.justify, justify) }
    /// A grid's rows in its height (`align-content` on a grid).
    public static func gridAlignContent(_ align: Keywords.GridContent) -> LayoutAttribute { keyword(.alignContent, align) }
    /// Each item in its area, down (`align` on a grid); `.baseline` lines up the first
    /// baselines of the items that start in the same row.
    public static func gridAlign(_ align: Keywords.GridAlign) -> LayoutAttribute { keyword(.align, align) }
    /// Each item in its area, across.
    public static func justifyItems(_ align: Keywords.GridSelf) -> LayoutAttribute { keyword(.justifyItems, align) }
    /// An item in its area, across (default: the grid's `justify-items`).
    public static func justifySelf(_ align: Keywords.GridSelf) -> LayoutAttribute { keyword(.justifySelf, align) }
    /// An item's columns: `start`, or `start / end`.
    public static func column(_ start: GridLineValue, _ end: GridLineValue? = nil) -> LayoutAttribute { lines(.column, start, end) }
    public static func row(_ start: GridLineValue, _ end: GridLineValue? = nil) -> LayoutAttribute { lines(.row, start, end) }
    /// An item's area, by name.
    public static func area(_ name: String) -> LayoutAttribute { LayoutAttribute(.area, .string(name)) }

    private static func grid(_ name: AttributeName, _ tracks: [GridTrack]) -> LayoutAttribute {
        LayoutAttribute(name, .string(tracks.isEmpty ? "none" : GridTrack.text(tracks)))
    }

    private static func lines(_ name: AttributeName, _ start: GridLineValue, _ end: GridLineValue?) -> LayoutAttribute {
        LayoutAttribute(name, .string(start.text + (end.map { " / " + $0.text } ?? "")))
    }
}
