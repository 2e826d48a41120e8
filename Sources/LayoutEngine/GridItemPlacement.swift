// CSS Grid §7.2–7.3 (the explicit grid) and §8 (placing grid items): from a container's
// template and its items' `gridColumn`/`gridRow`, the grid area of every item, and how
// many implicit tracks the grid gets before and after its explicit tracks.
//
// Lines are counted from 0 here (CSS's line 1 is 0); an area is `start..<end` in tracks.
// Deviations: none known within what the language can say; implicit named areas made by
// lines called `a-start`/`a-end` are found the same way as those of `areas`.

/// One axis of the explicit grid: its track sizing functions and its lines' names.
struct GridExplicitAxis {
    var tracks: [GridTrackSize]
    /// Each name and the lines that carry it, in ascending order.
    var names: [String: [Int]]
    /// The tracks that came from `repeat(auto-fit, …)` (collapsed when empty).
    var autoFit: Range<Int>?
    /// The tracks the template lists; those after it (the areas', then implicit ones) take
    /// the implicit sizes in turn from the first (§7.3, as Chromium sizes them).
    var templateCount = 0
    /// Along a subgridded axis, what the parent grid gives (GridSubgrid.swift).
    var inherited: SubgridAxis? = nil

    var count: Int { tracks.count }

    /// Expands `list` for a content box of `size` along the axis (nil when indefinite;
    /// `maxSize`/`minSize` are the container's content-box bounds), and extends it to
    /// `areaCount` tracks, those sized by `implicit`.
    init(_ list: GridTrackList, areaCount: Int, implicit: [GridTrackSize], areas: [GridArea], columns: Bool,
         size: Double?, maxSize: Double?, minSize: Double, gap: Double) {
        var tracks: [GridTrackSize] = []
        var lineNames: [[String]] = []
        var autoFit: Range<Int>? = nil
        if let rep = list.autoRepeat {
            let count = Self.repetitions(list, rep, size: size, maxSize: maxSize, minSize: minSize, gap: gap)
            tracks = Array(list.tracks[..<rep.position])
            lineNames = Array(list.lineNames[..<rep.position])
            // The names written just before the repetition and those at its start share a line.
            var pending = list.lineNames[rep.position]
            let start = tracks.count
            for _ in 0..<count {
                lineNames.append(pending + rep.lineNames[0])
                for (i, t) in rep.tracks.enumerated() {
                    tracks.append(t)
                    if i + 1 < rep.tracks.count { lineNames.append(rep.lineNames[i + 1]) }
                }
                pending = rep.lineNames[rep.tracks.count]
            }
            if rep.collapsesEmpty { autoFit = start..<tracks.count }
            tracks += list.tracks[rep.position...]
            lineNames.append(pending + list.lineNames[rep.position])
            lineNames += list.lineNames[(rep.position + 1)...]
        } else {
            tracks = list.tracks
            lineNames = list.lineNames
        }
        // Tracks the areas add are sized as implicit ones (§7.3).
        let templateCount = tracks.count
        while tracks.count < areaCount {
            tracks.append(implicit[(tracks.count - templateCount) % implicit.count])
            lineNames.append([])
        }
        while lineNames.count < tracks.count + 1 { lineNames.append([]) }
        var names: [String: [Int]] = [:]
        for (line, list) in lineNames.enumerated() {
            for n in list where names[n]?.last != line { names[n, default: []].append(line) }
        }
        for a in areas {
            let (s, e) = columns ? (a.columnStart, a.columnEnd) : (a.rowStart, a.rowEnd)
            names[a.name + "-start", default: []].append(s)
            names[a.name + "-end", default: []].append(e)
        }
        for k in names.keys { names[k]!.sort() }
        self.tracks = tracks
        self.names = names
        self.autoFit = autoFit
        self.templateCount = templateCount
    }

    /// How many times an automatic repetition repeats (§7.2.3.2): as many as fit in the
    /// content box (or its maximum), each track at its fixed maximum else its fixed
    /// minimum; as few as fill its minimum when there is no size; at least once.
    static func repetitions(_ list: GridTrackList, _ rep: GridAutoRepeat, size: Double?, maxSize: Double?,
                            minSize: Double, gap: Double) -> Int {
        func fixed(_ t: GridTrackSize, _ basis: Double) -> Double {
            func value(_ b: GridBreadth) -> Double? {
                switch b {
                case .points(let v): return v
                case .percent(let p): return basis * p / 100
                default: return nil
                }
            }
            return value(t.max) ?? value(t.min) ?? 0
        }
        let fits: Bool
        let room: Double
        if let s = size ?? maxSize { room = s; fits = true } else { room = minSize; fits = false }
        guard room > 0 else { return 1 }
        let others = list.tracks.reduce(0) { $0 + fixed($1, room) }
        let otherCount = list.tracks.count
        // (Tracks of 0 are taken as 1 pt wide, as Chromium does, so the count stays finite.)
        // (The repeated tracks of 0 are taken as 1 pt before the gaps are added, so a gap alone
        // does not make them fit more often.)
        let one = Swift.max(rep.tracks.reduce(0) { $0 + fixed($1, room) }, 1) + Double(rep.tracks.count) * gap
        // With k repetitions: others + gaps between all tracks + k * one ≤ room.
        let first = others + Double(Swift.max(otherCount, 0)) * gap - gap
        let free = room - first
        var k: Int
        if fits {
            k = free >= one ? Int((free / one).rounded(.down)) : 1
        } else {
            k = free > 0 ? Int((free / one).rounded(.up)) : 1
        }
        k = Swift.min(Swift.max(k, 1), GridLimits.maxAutoRepetitions)
        return k
    }

    /// The line `line` names, for the start (`isStart`) or end of an area; lines outside
    /// the explicit grid are negative or past `count`.
    func resolve(_ line: GridLine, isStart: Bool) -> Int? {
        switch line {
        case .auto, .span: return nil
        case .line(let n, let name?):
            return nth(name, n)
        case .line(let n, nil):
            return n > 0 ? n - 1 : count + 1 + n
        case .ident(let name):
            if let lines = names[name + (isStart ? "-start" : "-end")], let first = lines.first { return first }
            return nth(name, 1)
        }
    }

    /// The `n`th line called `name` (from the end when negative); missing ones are the
    /// implicit lines beyond the explicit grid (§8.3).
    private func nth(_ name: String, _ n: Int) -> Int {
        let lines = names[name] ?? []
        if n > 0 {
            return n <= lines.count ? lines[n - 1] : count + (n - lines.count)
        }
        let m = -n
        return m <= lines.count ? lines[lines.count - m] : -(m - lines.count)
    }

    /// The far line of a span `n` (optionally counting lines called `name`) from `from`,
    /// forwards or backwards.
    func spanEnd(from: Int, _ n: Int, name: String?, forward: Bool) -> Int {
        guard let name else { return forward ? from + n : from - n }
        let lines = names[name] ?? []
        var found = 0
        if forward {
            for l in lines where l > from {
                found += 1
                if found == n { return l }
            }
            return Swift.max(from, count) + (n - found)
        }
        for l in lines.reversed() where l < from {
            found += 1
            if found == n { return l }
        }
        return Swift.min(from, 0) - (n - found)
    }
}

/// An item's place along one axis before auto placement: definite lines, or a span to
/// be placed.
enum GridAxisPlacement {
    case definite(start: Int, end: Int)
    case auto(span: Int)

    /// §8.3.1 and §8.3.2: the lines of `p` in `axis`.
    init(_ p: GridPlacement, _ axis: GridExplicitAxis) {
        let limit = GridLimits.maxTracks
        func bounded(_ v: Int) -> Int { Swift.min(Swift.max(v, -limit), 2 * limit) }
        let s = axis.resolve(p.start, isStart: true).map(bounded)
        let e = axis.resolve(p.end, isStart: false).map(bounded)
        switch (s, e) {
        case let (s?, e?):
            self = s == e ? .definite(start: s, end: s + 1) : .definite(start: Swift.min(s, e), end: Swift.max(s, e))
        case let (s?, nil):
            if case .span(let n, let name) = p.end {
                self = .definite(start: s, end: bounded(axis.spanEnd(from: s, n, name: name, forward: true)))
            } else {
                self = .definite(start: s, end: s + 1)
            }
        case let (nil, e?):
            if case .span(let n, let name) = p.start {
                self = .definite(start: bounded(axis.spanEnd(from: e, n, name: name, forward: false)), end: e)
            } else {
                self = .definite(start: e - 1, end: e)
            }
        case (nil, nil):
            // A span by name against an automatic position is a span of one, and with two
            // spans the end one counts as `auto` (§8.3.1).
            var span = 1
            if case .span(let n, let name) = p.start { span = name == nil ? n : 1 }
            else if case .span(let n, let name) = p.end { span = name == nil ? n : 1 }
            self = .auto(span: Swift.min(span, limit))
        }
        if let n = axis.inherited?.count { self = clamped(into: n) }
    }
}

extension GridPlacement {
    /// Both lines `auto`: placed automatically, one track (read in place, without copying
    /// the lines' names).
    @inline(__always) var isAuto: Bool {
        if case .auto = start, case .auto = end { return true } else { return false }
    }
}

/// A placed item: its grid area in tracks of the whole grid (implicit ones included).
struct GridItem {
    var node: NodeID
    var column: Range<Int>
    var row: Range<Int>
}

/// The result of §8.5: every in-flow item's area, and the grid's tracks in each axis.
struct GridPlacementResult {
    var items: [GridItem]
    /// Implicit tracks before the explicit ones, and the total, per axis.
    var columnsBefore: Int, columnCount: Int
    var rowsBefore: Int, rowCount: Int
}

extension LayoutContext {
    /// The in-flow children of `node` in order-modified document order (§5.4, `order`).
    func gridChildren(_ node: NodeID) -> [NodeID] {
        var kids: [NodeID] = []
        var sorted = true
        var last = Int.min
        for k in children(node) {
            let c = childList[k]
            if hidden[c] || outOfFlow[c] { continue }
            let o = style(c).pointee.order
            if o < last { sorted = false }
            last = o
            kids.append(c)
        }
        if !sorted {
            // (Stable: ties keep tree order, and node ids grow in tree order.)
            kids.sort { (style($0).pointee.order, $0) < (style($1).pointee.order, $1) }
        }
        return kids
    }

    /// The grid item placement algorithm (§8.5) over the in-flow children of `node`.
    func placeGridItems(_ node: NodeID, _ grid: GridContainerStyle, columns: GridExplicitAxis,
                        rows: GridExplicitAxis) -> GridPlacementResult {
        let kids = gridChildren(node)
        let flowColumn = grid.flowColumn
        // Resolve definite lines, then shift them so the first implicit track is 0.
        var colPlace: [GridAxisPlacement] = []
        var rowPlace: [GridAxisPlacement] = []
        colPlace.reserveCapacity(kids.count)
        rowPlace.reserveCapacity(kids.count)
        // (An empty explicit grid does not reach line 1: items before it alone make the
        // implicit grid there, as Chromium places them.)
        var minCol = 0, minRow = 0
        var maxCol: Int? = columns.count > 0 ? columns.count : nil, maxRow: Int? = rows.count > 0 ? rows.count : nil
        for c in kids {
            let sp = style(c)
            let cp = sp.pointee.gridColumn.isAuto ? .auto(span: 1) : GridAxisPlacement(sp.pointee.gridColumn, columns)
            let rp = sp.pointee.gridRow.isAuto ? .auto(span: 1) : GridAxisPlacement(sp.pointee.gridRow, rows)
            if case .definite(let s, let e) = cp { minCol = Swift.min(minCol, s); maxCol = Swift.max(maxCol ?? e, e) }
            if case .definite(let s, let e) = rp { minRow = Swift.min(minRow, s); maxRow = Swift.max(maxRow ?? e, e) }
            colPlace.append(cp)
            rowPlace.append(rp)
        }
        let colShift = -minCol, rowShift = -minRow
        let (colEnd, rowEnd) = (maxCol ?? 0, maxRow ?? 0)
        // "Major" is the axis the flow runs along (rows for `row` flow: the cursor moves
        // across the columns of a row); "minor" the one it fills first.
        var minorCount = flowColumn ? rowEnd + rowShift : colEnd + colShift
        var majorCount = flowColumn ? colEnd + colShift : rowEnd + rowShift
        var occupancy = GridOccupancy()
        func occupy(_ major: Range<Int>, _ minor: Range<Int>) {
            occupancy.fill(major, minor)
            majorCount = Swift.max(majorCount, major.upperBound)
        }
        let limit = GridLimits.maxTracks
        var majorArea = [Range<Int>?](repeating: nil, count: kids.count)
        var minorArea = [Range<Int>?](repeating: nil, count: kids.count)
        for i in kids.indices {
            let (major, minor) = flowColumn ? (colPlace[i], rowPlace[i]) : (rowPlace[i], colPlace[i])
            let (majorShift, minorShift) = flowColumn ? (colShift, rowShift) : (rowShift, colShift)
            if case .definite(let s, let e) = major { majorArea[i] = (s + majorShift)..<(e + majorShift) }
            if case .definite(let s, let e) = minor { minorArea[i] = (s + minorShift)..<(e + minorShift) }
        }
        // Step 1: items with definite positions in both axes.
        for i in kids.indices where !occupancy.exhausted {
            if let a = majorArea[i], let b = minorArea[i] { occupy(a, b) }
        }
        // Step 2: items locked to a major track (a row, in row flow): the first place in
        // the lane, past the items this step put there before (unless dense).
        var laneCursor: [Int: Int] = [:]
        for i in kids.indices where majorArea[i] != nil && minorArea[i] == nil && !occupancy.exhausted {
            let a = majorArea[i]!
            var span = 1
            if case .auto(let n) = (flowColumn ? rowPlace[i] : colPlace[i]) { span = n }
            let from = grid.dense ? 0 : laneCursor[a.lowerBound, default: 0]
            let b = occupancy.firstFreeMinor(in: a, from: from, span: span, limit: limit)
            minorArea[i] = b..<(b + span)
            occupy(a, b..<(b + span))
            minorCount = Swift.max(minorCount, b + span)
            laneCursor[a.lowerBound] = b + span
        }
        // Step 3: the minor axis holds every definite minor position and every auto span.
        for i in kids.indices {
            if let b = minorArea[i] { minorCount = Swift.max(minorCount, b.upperBound) }
            else if case .auto(let span) = (flowColumn ? rowPlace[i] : colPlace[i]) { minorCount = Swift.max(minorCount, span) }
        }
        minorCount = Swift.min(minorCount, (flowColumn ? rows : columns).inherited?.count ?? limit)
        // Step 4: the rest, by the auto-placement cursor.
        var cursorMajor = 0, cursorMinor = 0
        for i in kids.indices where majorArea[i] == nil {
            let majorSpan: Int
            if case .auto(let n) = (flowColumn ? colPlace[i] : rowPlace[i]) { majorSpan = n } else { majorSpan = 1 }
            // (Dense packing starts again from the first major track with room: the
            // start-most line of the implicit grid, past the tracks already full.)
            if grid.dense { cursorMajor = occupancy.firstOpenMajor(width: minorCount); cursorMinor = 0 }
            if let b = minorArea[i] {
                // A definite minor position: move along the major axis until it fits.
                if !grid.dense && b.lowerBound < cursorMinor { cursorMajor += 1 }
                cursorMinor = b.lowerBound
                cursorMajor = occupancy.firstFreeMajor(from: cursorMajor, span: majorSpan, over: b)
                majorArea[i] = cursorMajor..<(cursorMajor + majorSpan)
            } else {
                var span = 1
                if case .auto(let n) = (flowColumn ? rowPlace[i] : colPlace[i]) { span = Swift.min(n, minorCount) }
                // The first major track from the cursor with `span` free minor tracks.
                while !occupancy.exhausted {
                    let b = occupancy.firstFreeMinor(in: cursorMajor..<(cursorMajor + majorSpan), from: cursorMinor,
                                                     span: span, limit: minorCount - span + 1)
                    if b + span <= minorCount { cursorMinor = b; break }
                    cursorMajor += 1
                    cursorMinor = 0
                }
                minorArea[i] = cursorMinor..<(cursorMinor + span)
                majorArea[i] = cursorMajor..<(cursorMajor + majorSpan)
            }
            if occupancy.exhausted { break }
            occupy(majorArea[i]!, minorArea[i]!)
            cursorMinor = minorArea[i]!.upperBound
            if majorCount > limit { break }
        }
        var items: [GridItem] = []
        items.reserveCapacity(kids.count)
        // (Past the limit an item is clamped into the last track, as browsers do; past a
        // subgridded axis's last track too.)
        majorCount = Swift.min(majorCount, (flowColumn ? columns : rows).inherited?.count ?? limit)
        func clamped(_ r: Range<Int>?, _ count: Int) -> Range<Int> {
            guard let r else { return (count - 1)..<count }
            let lo = Swift.min(r.lowerBound, count - 1)
            return lo..<Swift.max(lo + 1, Swift.min(r.upperBound, count))
        }
        for i in kids.indices where !occupancy.exhausted {
            let a = clamped(majorArea[i], majorCount), b = clamped(minorArea[i], minorCount)
            // (Track sizing works once per track an item spans: that counts too.)
            occupancy.charge(a.count + b.count)
            items.append(flowColumn ? GridItem(node: kids[i], column: a, row: b) : GridItem(node: kids[i], column: b, row: a))
        }
        if occupancy.exhausted {
            // No item is laid out: the layout fails with this error.
            fail(.gridPlacementTooCostly(node: node, name: tree.names[node], limit: GridLimits.maxPlacementWork))
            items = []
        }
        majorCount = Swift.min(majorCount, limit)
        return flowColumn
            ? GridPlacementResult(items: items, columnsBefore: colShift, columnCount: majorCount,
                                  rowsBefore: rowShift, rowCount: minorCount)
            : GridPlacementResult(items: items, columnsBefore: colShift, columnCount: minorCount,
                                  rowsBefore: rowShift, rowCount: majorCount)
    }
}
