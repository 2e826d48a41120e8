import LayoutEngine

/// Where the `--debug` overlay puts each frame's tag: outside the frame where there is room
/// (above it, then below it), inside its corners otherwise, and never over a label's frame
/// (its text) or over a tag placed before it. Frames come parents first, so a parent's tag
/// is placed before its children's and none of theirs can take its place; the overlay also
/// draws parents' tags last, so when nothing is free a parent's tag is still on top.
enum DebugTagPlacement {
    /// One rectangle per frame, each of the size of its tag.
    static func place(frames: [Rect], sizes: [Size], labels: [Rect], canvas: Rect) -> [Rect] {
        var taken = RectGrid()
        var text = RectGrid()
        for label in labels { text.insert(label) }
        var placed: [Rect] = []
        placed.reserveCapacity(frames.count)
        for (frame, size) in zip(frames, sizes) {
            let candidates = Self.candidates(around: frame, size: size).filter { canvas.contains($0) }
            let choice = candidates.first { !taken.intersects($0) && !text.intersects($0) }
                ?? candidates.first { !text.intersects($0) }
                ?? candidates.first
                ?? Rect(x: frame.x + 1, y: frame.y + 1, width: size.width, height: size.height)
            taken.insert(choice)
            placed.append(choice)
        }
        return placed
    }

    /// Above the frame at its left and right ends, below it at its left, then inside its
    /// four corners, one point in from the outline.
    private static func candidates(around f: Rect, size s: Size) -> [Rect] {
        let (w, h) = (s.width, s.height)
        return [
            Rect(x: f.x, y: f.y - h - 1, width: w, height: h),
            Rect(x: f.maxX - w, y: f.y - h - 1, width: w, height: h),
            Rect(x: f.x, y: f.maxY + 1, width: w, height: h),
            Rect(x: f.x + 1, y: f.y + 1, width: w, height: h),
            Rect(x: f.maxX - w - 1, y: f.y + 1, width: w, height: h),
            Rect(x: f.x + 1, y: f.maxY - h - 1, width: w, height: h),
            Rect(x: f.maxX - w - 1, y: f.maxY - h - 1, width: w, height: h),
        ]
    }
}

/// Rectangles bucketed in a grid of 32-point cells, so asking whether a tag overlaps any of
/// thousands of others looks at its neighbours only. A rectangle over more than 1,024 cells
/// (a big label) is kept in a list of its own and checked directly.
struct RectGrid {
    private static let cell = 32.0
    private var cells: [Int64: [Rect]] = [:]
    private var large: [Rect] = []

    private static func span(_ r: Rect) -> (x: ClosedRange<Int64>, y: ClosedRange<Int64>)? {
        guard r.width.isFinite, r.height.isFinite, r.x.isFinite, r.y.isFinite,
              abs(r.x) < 1e12, abs(r.y) < 1e12, r.width < 1e12, r.height < 1e12 else { return nil }
        let x0 = Int64((r.x / cell).rounded(.down)), x1 = Int64((r.maxX / cell).rounded(.down))
        let y0 = Int64((r.y / cell).rounded(.down)), y1 = Int64((r.maxY / cell).rounded(.down))
        return (x0...x1, y0...y1)
    }

    private static func key(_ x: Int64, _ y: Int64) -> Int64 { x &* 1_000_003 &+ y }

    mutating func insert(_ r: Rect) {
        guard let (xs, ys) = Self.span(r), xs.count * ys.count <= 1_024 else { large.append(r); return }
        for x in xs { for y in ys { cells[Self.key(x, y), default: []].append(r) } }
    }

    func intersects(_ r: Rect) -> Bool {
        if large.contains(where: { $0.overlaps(r) }) { return true }
        guard let (xs, ys) = Self.span(r) else { return false }
        for x in xs { for y in ys where cells[Self.key(x, y)]?.contains(where: { $0.overlaps(r) }) == true { return true } }
        return false
    }
}

extension Rect {
    /// The interiors share some area (touching edges do not count).
    func overlaps(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// `other` lies wholly inside.
    func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}
