// The cells the grid item placement algorithm (CSS Grid §8.5) has filled so far, and the
// searches it makes for the first free area.
//
// One lane per track of the major axis (the axis the auto-placement cursor moves along:
// rows in `row` flow), each a sorted list of disjoint filled ranges of minor tracks. A
// search jumps past a filled range instead of stepping cell by cell, and an item spanning
// many tracks costs one range per lane, not one cell per track, so a grid of a thousand
// tracks a side is not a million cells.
//
// Every lane looked at or written counts as one step of work, and so does every track a
// placed item spans (track sizing goes over each). A placement that needs more than
// `GridLimits.maxPlacementWork` steps (dense packing can make every item search the whole
// grid; huge spans make every item cost a thousand) stops, and the layout fails with
// `LayoutError.gridPlacementTooCostly`.

struct GridOccupancy {
    /// The filled minor ranges of each major track, sorted, disjoint and not touching.
    private var lanes: [[Range<Int>]] = []
    /// The first major track that still has a free cell among the first `fullWidth`.
    private var firstOpenLane = 0
    /// Steps of work so far.
    private(set) var work = 0

    /// Whether the placement has used up its work budget.
    var exhausted: Bool { work > GridLimits.maxPlacementWork }

    /// The filled range of lane `lane` that meets `minor`, if any.
    private mutating func conflict(lane: Int, _ minor: Range<Int>) -> Range<Int>? {
        work += 1
        guard lane < lanes.count, !minor.isEmpty else { return nil }
        let ranges = lanes[lane]
        let i = Self.firstEnding(after: minor.lowerBound, in: ranges)
        return i < ranges.count && ranges[i].lowerBound < minor.upperBound ? ranges[i] : nil
    }

    /// The index of the first range in `ranges` that ends after `line`.
    private static func firstEnding(after line: Int, in ranges: [Range<Int>]) -> Int {
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound <= line { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The first minor line from `from` (and below `limit`) where `span` minor tracks are
    /// free in every lane of `major`; `limit` when there is none (or the budget ran out).
    mutating func firstFreeMinor(in major: Range<Int>, from: Int, span: Int, limit: Int) -> Int {
        var start = from
        var lane = major.lowerBound
        var freeLanes = 0
        // (Lanes are checked round the window until all of them are free at one start; a
        // conflict moves the start past the filled range, so every step makes progress.)
        while freeLanes < major.count && start < limit && !exhausted {
            if let filled = conflict(lane: lane, start..<(start + span)) {
                start = filled.upperBound
                freeLanes = 0
            } else {
                freeLanes += 1
            }
            lane = lane + 1 == major.upperBound ? major.lowerBound : lane + 1
        }
        return Swift.min(start, limit)
    }

    /// The first major line from `from` where `span` major tracks are free over `minor`.
    mutating func firstFreeMajor(from: Int, span: Int, over minor: Range<Int>) -> Int {
        var start = from
        // (From the window's far end back: a filled lane moves the window past it.)
        var lane = start + span - 1
        while lane >= start && !exhausted {
            if conflict(lane: lane, minor) != nil {
                start = lane + 1
                lane = start + span - 1
            } else {
                lane -= 1
            }
        }
        return start
    }

    /// The first major track with a free cell among minor tracks `0..<width` (dense
    /// packing starts its search there: the tracks before it are full).
    mutating func firstOpenMajor(width: Int) -> Int {
        while firstOpenLane < lanes.count, let only = lanes[firstOpenLane].first,
              lanes[firstOpenLane].count == 1, only.lowerBound <= 0, only.upperBound >= width {
            work += 1
            firstOpenLane += 1
        }
        return firstOpenLane
    }

    /// Counts `steps` of work done elsewhere for this placement (the tracks its items span,
    /// which track sizing goes over).
    mutating func charge(_ steps: Int) { work += steps }

    /// Marks the cells `major` × `minor` filled.
    mutating func fill(_ major: Range<Int>, _ minor: Range<Int>) {
        guard !minor.isEmpty else { return }
        while lanes.count < major.upperBound { lanes.append([]) }
        for lane in major {
            work += 1
            // Merge with the ranges it meets or touches, so lanes stay short.
            let first = Self.firstEnding(after: minor.lowerBound - 1, in: lanes[lane])
            var last = first
            var merged = minor
            while last < lanes[lane].count && lanes[lane][last].lowerBound <= minor.upperBound {
                merged = Swift.min(merged.lowerBound, lanes[lane][last].lowerBound)
                    ..< Swift.max(merged.upperBound, lanes[lane][last].upperBound)
                last += 1
            }
            lanes[lane].replaceSubrange(first..<last, with: CollectionOfOne(merged))
        }
    }
}
