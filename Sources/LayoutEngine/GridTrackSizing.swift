// CSS Grid §12, the track sizing algorithm, for one axis at a time, in its named phases:
// 12.4 initialize track sizes, 12.5 resolve intrinsic track sizes (non-spanning items,
// then spanning items by span count, then items crossing flexible tracks), 12.6 maximize
// tracks, 12.7 expand flexible tracks, 12.8 stretch `auto` tracks.
//
// The items' contributions (§11.5: min-content, max-content and minimum contributions)
// come from a function the caller passes (`GridLayout.swift`), which measures them
// through `compute` and so through the measurement cache.
//
// Baseline-aligned items contribute with their shims (§12.5 step 1, GridBaselines.swift),
// which the caller adds to their contributions.

/// A track's sizing function with percentages resolved (or, against an indefinite size,
/// taken as `auto`), and its base size and growth limit.
struct GridTrack {
    enum Min { case fixed(Double), auto, minContent, maxContent }
    enum Max { case fixed(Double), auto, minContent, maxContent, fitContent(Double), fr(Double) }
    var min: Min
    var max: Max
    var base = 0.0
    var limit = Double.infinity
    /// §12.5: a growth limit that was infinite until the last phase grew it.
    var infinitelyGrowable = false
    /// An empty track of `repeat(auto-fit, …)`: 0 wide, its gaps collapsed.
    var collapsed = false

    init(_ t: GridTrackSize, basis: Double?) {
        func points(_ b: GridBreadth) -> Double? {
            switch b {
            case .points(let v): return v
            case .percent(let p): return basis.map { $0 * p / 100 }
            default: return nil
            }
        }
        switch t.min {
        case .points, .percent: min = points(t.min).map { .fixed($0) } ?? .auto
        case .auto, .fr: min = .auto
        case .minContent: min = .minContent
        case .maxContent: min = .maxContent
        }
        if let f = t.fitContentLimit {
            switch f {
            case .points(let v): max = .fitContent(v)
            case .percent(let p): max = basis.map { .fitContent($0 * p / 100) } ?? .maxContent
            default: max = .maxContent
            }
            return
        }
        switch t.max {
        case .points, .percent: max = points(t.max).map { .fixed($0) } ?? .auto
        case .auto: max = .auto
        case .minContent: max = .minContent
        case .maxContent: max = .maxContent
        case .fr(let f): max = .fr(f)
        }
    }

    var hasAutoMax: Bool { if case .auto = max { return true } else { return false } }
    var flex: Double { if case .fr(let f) = max { return f } else { return 0 } }
    var isFlexible: Bool { if case .fr = max { return true } else { return false } }
    var hasIntrinsicMin: Bool { if case .fixed = min { return false } else { return true } }
    var hasIntrinsicMax: Bool {
        switch max {
        case .auto, .minContent, .maxContent, .fitContent: return true
        case .fixed, .fr: return false
        }
    }
    var hasMaxContentMax: Bool {
        switch max {
        case .auto, .maxContent, .fitContent: return true
        default: return false
        }
    }
    /// The fixed maximum, if any (for the limited contributions and automatic minimums).
    var fixedMax: Double? { if case .fixed(let v) = max { return v } else { return nil } }
}

/// The sizes an item contributes along the axis being sized (§11.5), outer (margins in).
struct GridContribution {
    var minContent: Double
    var maxContent: Double
    /// The outer size with its minimum size as its size: the automatic minimum (its
    /// content-based minimum) or its own `min-width`/`min-height`.
    var minimum: Double
    /// Whether `minimum` is the automatic minimum (then 0 where §6.6 says so), and the
    /// outer size of nothing: the margins, border and padding (the minimum then, as
    /// Chromium resolves a minimum of `auto` that is 0).
    var automatic: Bool = false
    var emptyOuterSize: Double = 0
    /// The item clips its content (a scroll container, whose automatic minimum is 0).
    var clips: Bool = false
}

/// The constraint the grid container is sized under along the axis: a definite size, a
/// min- or max-content constraint, or an indefinite size that is none of them (the rows
/// of a grid whose height comes from its content: tracks grow to their limits as under a
/// max-content constraint, but `auto` minimums take the items' minimum contributions).
enum GridSizingMode { case definite(Double), minContent, maxContent, indefinite }

/// One run of the track sizing algorithm along one axis.
struct GridTrackSizing {
    var tracks: [GridTrack]
    let gap: Double
    let mode: GridSizingMode
    /// Tracks grow to their growth limits whatever the free space (§12.6 as under a
    /// max-content constraint): the rows of a grid whose height came from them, sized
    /// again in that height with their percentages resolved.
    var maximizeToLimits = false

    /// Runs every phase; `spans` are the items' track ranges and `contribution(i)` the
    /// contributions of item `i` (asked at most once per item).
    mutating func run(spans: [Range<Int>], contribution: (Int) -> GridContribution, stretchAuto: Bool,
                      minSize: Double, maxSize: Double) {
        var measured = [GridContribution?](repeating: nil, count: spans.count)
        run(spans: spans, contribution: contribution, stretchAuto: stretchAuto, minSize: minSize, maxSize: maxSize,
            measured: &measured)
    }

    /// `run`, with the contributions asked before in `measured` (nil where not asked yet),
    /// which keeps those asked in this run too.
    mutating func run(spans: [Range<Int>], contribution: (Int) -> GridContribution, stretchAuto: Bool,
                      minSize: Double, maxSize: Double, measured cache: inout [GridContribution?]) {
        initializeTrackSizes()
        func contrib(_ i: Int) -> GridContribution {
            if let c = cache[i] { return c }
            let c = contribution(i)
            cache[i] = c
            return c
        }
        resolveIntrinsicTrackSizes(spans, contrib)
        maximizeTracks()
        expandFlexibleTracks(spans, contrib, minSize: minSize, maxSize: maxSize)
        if stretchAuto { stretchAutoTracks() }
    }

    /// The gaps between the tracks that are not collapsed.
    func gaps(_ range: Range<Int>) -> Double {
        let open = tracks[range].reduce(0) { $0 + ($1.collapsed ? 0 : 1) }
        return Double(Swift.max(open - 1, 0)) * gap
    }
    var total: Double { tracks.reduce(0) { $0 + $1.base } + gaps(0..<tracks.count) }

    // MARK: §12.4 Initialize track sizes

    mutating func initializeTrackSizes() {
        for i in tracks.indices {
            if tracks[i].collapsed { tracks[i].base = 0; tracks[i].limit = 0; continue }
            if case .fixed(let v) = tracks[i].min { tracks[i].base = v } else { tracks[i].base = 0 }
            switch tracks[i].max {
            case .fixed(let v): tracks[i].limit = v
            default: tracks[i].limit = .infinity
            }
            if tracks[i].limit < tracks[i].base { tracks[i].limit = tracks[i].base }
        }
    }

    // MARK: §12.5 Resolve intrinsic track sizes

    mutating func resolveIntrinsicTrackSizes(_ spans: [Range<Int>], _ contrib: (Int) -> GridContribution) {
        // Step 2: items in one track.
        var maxSpan = 1
        for (i, s) in spans.enumerated() {
            if s.count > 1 { maxSpan = Swift.max(maxSpan, s.count); continue }
            let t = s.lowerBound
            if tracks[t].collapsed { continue }
            let track = tracks[t]
            if !track.hasIntrinsicMin && !track.hasIntrinsicMax { continue }
            var c = contrib(i)
            c.minimum = minimum(c, s)
            switch track.min {
            case .minContent: tracks[t].base = Swift.max(tracks[t].base, c.minContent)
            case .maxContent: tracks[t].base = Swift.max(tracks[t].base, c.maxContent)
            case .auto:
                tracks[t].base = Swift.max(tracks[t].base, autoMinimum(c, track))
            case .fixed: break
            }
            switch track.max {
            case .minContent: tracks[t].limit = Self.grow(tracks[t].limit, c.minContent)
            case .maxContent, .auto: tracks[t].limit = Self.grow(tracks[t].limit, c.maxContent)
            case .fitContent(let cap):
                tracks[t].limit = Self.grow(tracks[t].limit, Swift.min(c.maxContent, cap))
            case .fixed, .fr: break
            }
        }
        for t in tracks.indices where tracks[t].limit < tracks[t].base { tracks[t].limit = tracks[t].base }
        // Step 3: items spanning several tracks and no flexible one, by span count.
        if maxSpan > 1 {
            var bySpan: [[Int]] = Array(repeating: [], count: maxSpan + 1)
            for (i, s) in spans.enumerated() where s.count > 1 && !s.contains(where: { tracks[$0].isFlexible }) {
                bySpan[s.count].append(i)
            }
            for group in bySpan where !group.isEmpty {
                distributeForSpanningItems(group, spans, contrib, flexible: false)
            }
            // Step 4: items crossing flexible tracks, all together.
            let crossing = spans.indices.filter { spans[$0].count > 1 && spans[$0].contains(where: { tracks[$0].isFlexible }) }
            if !crossing.isEmpty { distributeForSpanningItems(crossing, spans, contrib, flexible: true) }
        }
        // Step 5: growth limits still infinite are the base sizes.
        for t in tracks.indices where tracks[t].limit == .infinity { tracks[t].limit = tracks[t].base }
    }

    /// The minimum contribution of an item over `span` (§6.6): an automatic minimum is 0
    /// unless the item spans a track with an `auto` minimum and, spanning several, no
    /// flexible one; and not more than the fixed maximums of its tracks when all are fixed.
    func minimum(_ c: GridContribution, _ span: Range<Int>) -> Double {
        guard c.automatic else { return c.minimum }
        var autoMin = false, flexible = false, fixedSum: Double? = gaps(span)
        for t in span {
            let tr = tracks[t]
            if case .auto = tr.min { autoMin = true }
            if tr.isFlexible { flexible = true }
            if let m = tr.fixedMax, let s = fixedSum { fixedSum = s + m } else { fixedSum = nil }
        }
        if !autoMin || (span.count > 1 && flexible) { return c.emptyOuterSize }
        if let fixedSum { return Swift.max(Swift.min(c.minimum, fixedSum), c.emptyOuterSize) }
        return c.minimum
    }

    @inline(__always) static func grow(_ limit: Double, _ v: Double) -> Double {
        limit == .infinity ? v : Swift.max(limit, v)
    }

    /// The base size an `auto` minimum takes from an item in that one track (§12.5 step 2):
    /// its minimum contribution. (The spec takes the limited min-/max-content contribution
    /// when the grid is sized under a min- or max-content constraint; Chromium takes the
    /// minimum contribution there too, so that a min-content grid holding an item that
    /// clips is 0 wide. Items spanning several tracks under a constraint take their
    /// min-content contributions, as the spec says and Chromium does.)
    func autoMinimum(_ c: GridContribution, _ track: GridTrack) -> Double {
        c.minimum
    }

    /// A contribution limited by the track's fixed maximum, never below the minimum contribution.
    func limited(_ v: Double, _ c: GridContribution, _ track: GridTrack) -> Double {
        var v = v
        switch track.max {
        case .fixed(let m): v = Swift.min(v, m)
        case .fitContent(let m): v = Swift.min(v, m)
        default: break
        }
        return Swift.max(v, c.minimum)
    }

    /// §12.5 step 3 (or 4, `flexible`): the five distributions, in order.
    private mutating func distributeForSpanningItems(_ group: [Int], _ spans: [Range<Int>],
                                                     _ contrib: (Int) -> GridContribution, flexible: Bool) {
        let underMin: Bool, underMax: Bool
        switch mode {
        case .minContent: (underMin, underMax) = (true, false)
        case .maxContent: (underMin, underMax) = (false, true)
        case .definite, .indefinite: (underMin, underMax) = (false, false)
        }
        func affected(_ t: GridTrack) -> Bool { !t.collapsed && (!flexible || t.isFlexible) }
        // 1. Intrinsic minimums.
        let minimums = group.map { i in
            let c = contrib(i)
            return (underMin || underMax) && !c.clips ? c.minContent : minimum(c, spans[i])
        }
        let minContents = group.map { contrib($0).minContent }
        let maxContents = group.map { contrib($0).maxContent }
        distribute(group, spans, toBase: true, affects: { affected($0) && $0.hasIntrinsicMin }, beyond: .intrinsicMax,
                   flexible: flexible, sizes: minimums)
        // 2. Content-based minimums.
        distribute(group, spans, toBase: true, affects: {
            guard affected($0) else { return false }
            switch $0.min { case .minContent, .maxContent: return true; default: return false }
        }, beyond: .intrinsicMax, flexible: flexible, sizes: minContents)
        // 3. Max-content minimums.
        distribute(group, spans, toBase: true, affects: {
            guard affected($0) else { return false }
            switch $0.min {
            case .maxContent: return true
            case .auto: return underMax
            default: return false
            }
        }, beyond: .maxContentMax, flexible: flexible, sizes: maxContents)
        for t in tracks.indices where tracks[t].limit < tracks[t].base { tracks[t].limit = tracks[t].base }
        if flexible { return }
        // 5. Intrinsic maximums.
        for t in tracks.indices { tracks[t].infinitelyGrowable = false }
        distribute(group, spans, toBase: false, affects: { affected($0) && $0.hasIntrinsicMax }, beyond: .all,
                   flexible: false, sizes: minContents)
        // 6. Max-content maximums.
        distribute(group, spans, toBase: false, affects: { affected($0) && $0.hasMaxContentMax }, beyond: .all,
                   flexible: false, sizes: maxContents)
    }

    enum Beyond { case intrinsicMax, maxContentMax, all }

    /// §12.5.1 Distributing extra space across spanned tracks, for every item of a group:
    /// each item's extra space goes equally to the affected tracks up to their limits, then
    /// beyond them; each track takes the largest increase any item asked of it.
    private mutating func distribute(_ group: [Int], _ spans: [Range<Int>], toBase: Bool,
                                     affects: (GridTrack) -> Bool, beyond: Beyond, flexible: Bool,
                                     sizes: [Double]) {
        var planned = [Double](repeating: 0, count: tracks.count)
        var touched = false
        for (g, i) in group.enumerated() {
            let span = spans[i]
            let targets = span.filter { affects(tracks[$0]) }
            if targets.isEmpty { continue }
            var sum = gaps(span)
            for t in span {
                let tr = tracks[t]
                sum += toBase ? tr.base : (tr.limit == .infinity ? tr.base : tr.limit)
            }
            var extra = sizes[g] - sum
            if extra <= 0 { continue }
            touched = true
            var increase = [Double](repeating: 0, count: targets.count)
            func affectedSize(_ t: Int) -> Double {
                let tr = tracks[t]
                return toBase ? tr.base : (tr.limit == .infinity ? tr.base : tr.limit)
            }
            func cap(_ t: Int) -> Double {
                let tr = tracks[t]
                if toBase {
                    if case .fitContent(let m) = tr.max { return Swift.min(tr.limit, m) }
                    return tr.limit
                }
                if tr.limit != .infinity && !tr.infinitelyGrowable { return tr.limit }
                if case .fitContent(let m) = tr.max { return m }
                return .infinity
            }
            if flexible {
                // Flexible tracks share by their factors (§12.5 step 4).
                // (In the ratio of their factors, also when these sum to less than 1.)
                let flexSum = targets.reduce(0) { $0 + tracks[$1].flex }
                for (k, t) in targets.enumerated() {
                    increase[k] = flexSum > 0 ? extra * tracks[t].flex / flexSum : extra / Double(targets.count)
                }
                extra = 0
            } else {
                extra = Self.share(extra, &increase, targets.map { cap($0) - affectedSize($0) })
                if extra > 1e-9 {
                    // Beyond the limits: to the tracks with the right kind of maximum, else all.
                    // (A fit-content track that reached its limit counts as fixed at it: it
                    // grows past it only for minimums, when no other track can, as Chromium
                    // grows it.)
                    let atFitLimit = targets.indices.map { k in
                        if case .fitContent(let m) = tracks[targets[k]].max { return affectedSize(targets[k]) + increase[k] >= m - 1e-9 }
                        return false
                    }
                    var beyondTargets = targets.indices.filter { k in
                        guard !atFitLimit[k] else { return false }
                        switch beyond {
                        case .intrinsicMax: return tracks[targets[k]].hasIntrinsicMax
                        case .maxContentMax: return tracks[targets[k]].hasMaxContentMax
                        case .all: return true
                        }
                    }
                    if beyondTargets.isEmpty { beyondTargets = targets.indices.filter { beyond == .intrinsicMax || !atFitLimit[$0] } }
                    var rooms = [Double](repeating: 0, count: targets.count)
                    for k in beyondTargets { rooms[k] = .infinity }
                    var more = [Double](repeating: 0, count: targets.count)
                    _ = Self.share(extra, &more, rooms)
                    for k in targets.indices { increase[k] += more[k] }
                }
            }
            for (k, t) in targets.enumerated() { planned[t] = Swift.max(planned[t], increase[k]) }
        }
        guard touched else { return }
        for t in tracks.indices where planned[t] > 0 {
            if toBase {
                tracks[t].base += planned[t]
            } else {
                if tracks[t].limit == .infinity {
                    tracks[t].limit = tracks[t].base + planned[t]
                    tracks[t].infinitelyGrowable = true
                } else {
                    tracks[t].limit += planned[t]
                }
            }
        }
    }

    /// Shares `space` equally among the slots with room (`rooms`), freezing each as it fills;
    /// returns what is left.
    static func share(_ space: Double, _ increase: inout [Double], _ rooms: [Double]) -> Double {
        var space = space
        var open = rooms.indices.filter { rooms[$0] - increase[$0] > 1e-12 }
        while space > 1e-12 && !open.isEmpty {
            let each = space / Double(open.count)
            var next: [Int] = []
            var used = 0.0
            for k in open {
                let room = rooms[k] - increase[k]
                if room <= each {
                    increase[k] += room
                    used += room
                } else {
                    increase[k] += each
                    used += each
                    next.append(k)
                }
            }
            space -= used
            if next.count == open.count { space = 0 }
            open = next
        }
        return Swift.max(space, 0)
    }

    // MARK: §12.6 Maximize tracks

    mutating func maximizeTracks() {
        if maximizeToLimits {
            for t in tracks.indices { tracks[t].base = Swift.max(tracks[t].base, tracks[t].limit) }
            return
        }
        switch mode {
        case .maxContent, .indefinite:
            for t in tracks.indices { tracks[t].base = Swift.max(tracks[t].base, tracks[t].limit) }
        case .minContent:
            return
        case .definite(let size):
            var free = size - total
            guard free > 0 else { return }
            var increase = [Double](repeating: 0, count: tracks.count)
            let rooms = tracks.map { $0.collapsed ? 0 : Swift.max(0, $0.limit - $0.base) }
            free = Self.share(free, &increase, rooms)
            for t in tracks.indices { tracks[t].base += increase[t] }
        }
    }

    // MARK: §12.7 Expand flexible tracks

    mutating func expandFlexibleTracks(_ spans: [Range<Int>], _ contrib: (Int) -> GridContribution,
                                       minSize: Double, maxSize: Double) {
        guard tracks.contains(where: { $0.isFlexible && !$0.collapsed }) else { return }
        var fr: Double
        switch mode {
        case .minContent:
            return
        case .definite(let size):
            fr = findFrSize(0..<tracks.count, space: size)
        case .maxContent, .indefinite:
            fr = 0
            for t in tracks where t.isFlexible && !t.collapsed {
                fr = Swift.max(fr, t.flex > 1 ? t.base / t.flex : t.base)
            }
            for (i, s) in spans.enumerated() where s.contains(where: { tracks[$0].isFlexible }) {
                fr = Swift.max(fr, findFrSize(s, space: contrib(i).maxContent))
            }
            // (Within the container's min and max sizes, as a definite size would be.)
            let at = sizeWithFr(fr)
            if at < minSize { fr = findFrSize(0..<tracks.count, space: minSize) }
            else if at > maxSize { fr = findFrSize(0..<tracks.count, space: maxSize) }
        }
        for t in tracks.indices where tracks[t].isFlexible && !tracks[t].collapsed {
            tracks[t].base = Swift.max(tracks[t].base, fr * tracks[t].flex)
        }
    }

    private func sizeWithFr(_ fr: Double) -> Double {
        var sum = gaps(0..<tracks.count)
        for t in tracks { sum += t.isFlexible ? Swift.max(t.base, fr * t.flex) : t.base }
        return sum
    }

    /// §12.7.1 Find the size of an fr over `range` filling `space`.
    func findFrSize(_ range: Range<Int>, space: Double) -> Double {
        var inflexible = [Bool](repeating: false, count: range.count)
        while true {
            var leftover = space - gaps(range)
            var flexSum = 0.0
            for (k, t) in range.enumerated() {
                let tr = tracks[t]
                if tr.isFlexible && !inflexible[k] && !tr.collapsed { flexSum += tr.flex } else { leftover -= tr.base }
            }
            let hypothetical = leftover / Swift.max(flexSum, 1)
            var again = false
            for (k, t) in range.enumerated() {
                let tr = tracks[t]
                if tr.isFlexible && !inflexible[k] && !tr.collapsed && hypothetical * tr.flex < tr.base {
                    inflexible[k] = true
                    again = true
                }
            }
            if !again { return Swift.max(hypothetical, 0) }
        }
    }

    // MARK: §12.8 Stretch auto tracks

    mutating func stretchAutoTracks() {
        guard case .definite(let size) = mode else { return }
        let free = size - total
        let autos = tracks.indices.filter { !tracks[$0].collapsed && tracks[$0].hasAutoMax }
        guard free > 0, !autos.isEmpty else { return }
        let each = free / Double(autos.count)
        for t in autos { tracks[t].base += each }
    }
}
