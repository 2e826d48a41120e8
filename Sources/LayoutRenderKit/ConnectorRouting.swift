import LayoutEngine
import SpecLanguage

/// A side of a node's frame a connector ends at, or its centre.
typealias ConnectorSide = Keywords.Side

extension ConnectorSide {
    /// The middle of the side (or the centre) of `frame`.
    func point(on frame: Rect) -> Point {
        switch self {
        case .top: return Point(x: frame.midX, y: frame.minY)
        case .right: return Point(x: frame.maxX, y: frame.midY)
        case .bottom: return Point(x: frame.midX, y: frame.maxY)
        case .left: return Point(x: frame.minX, y: frame.midY)
        case .center: return Point(x: frame.midX, y: frame.midY)
        }
    }

    /// The outward direction of the side, a unit vector along an axis; nil for the centre.
    var normal: Point? {
        switch self {
        case .top: return Point(x: 0, y: -1)
        case .right: return Point(x: 1, y: 0)
        case .bottom: return Point(x: 0, y: 1)
        case .left: return Point(x: -1, y: 0)
        case .center: return nil
        }
    }
}

/// How a connector goes from one node to the other.
/// `straight`: one straight line. `orthogonal`: horizontal and vertical lines with as few
/// elbows as it takes, leaving and entering each node perpendicular to its side and
/// crossing neither node. `curved`: one cubic curve, leaving and entering perpendicular to
/// the sides.
typealias ConnectorRoute = Keywords.Route

/// Where connectors go: pure geometry over two frames, so a route is the same in every
/// output and can be tested as numbers.
enum ConnectorRouting {
    /// How far an orthogonal route runs out of a node before it turns, and a curve's
    /// least reach: less where the two nodes are closer than twice this.
    static let margin = 12.0

    /// The sides that face each other: left and right when the nodes are further apart
    /// across than up and down, else top and bottom.
    static func automaticSides(from a: Rect, to b: Rect) -> (ConnectorSide, ConnectorSide) {
        let across = max(b.minX - a.maxX, a.minX - b.maxX)
        let upDown = max(b.minY - a.maxY, a.minY - b.maxY)
        if across >= upDown {
            return b.midX >= a.midX ? (.right, .left) : (.left, .right)
        }
        return b.midY >= a.midY ? (.bottom, .top) : (.top, .bottom)
    }

    /// The sides a connector ends at: those given, the others chosen automatically; for
    /// a route that leaves perpendicular to a side (orthogonal, curved), a centre is
    /// replaced by the automatic side.
    static func sides(from a: Rect, _ fromSide: ConnectorSide?, to b: Rect, _ toSide: ConnectorSide?,
                      route: ConnectorRoute) -> (ConnectorSide, ConnectorSide) {
        let automatic = automaticSides(from: a, to: b)
        var start = fromSide ?? automatic.0, end = toSide ?? automatic.1
        if route != .straight {
            if start == .center { start = automatic.0 }
            if end == .center { end = automatic.1 }
        }
        return (start, end)
    }

    /// The route's points: the two ends for `straight`, the ends and the elbows for
    /// `orthogonal`, the ends and the two control points for `curved`.
    static func route(_ route: ConnectorRoute, from a: Rect, _ fromSide: ConnectorSide?,
                      to b: Rect, _ toSide: ConnectorSide?) -> [Point] {
        let (s0, s1) = sides(from: a, fromSide, to: b, toSide, route: route)
        let p0 = s0.point(on: a), p1 = s1.point(on: b)
        switch route {
        case .straight:
            return [p0, p1]
        case .curved:
            let n0 = s0.normal ?? Point(x: 1, y: 0), n1 = s1.normal ?? Point(x: -1, y: 0)
            let distance = ((p1.x - p0.x) * (p1.x - p0.x) + (p1.y - p0.y) * (p1.y - p0.y)).squareRoot()
            let reach = max(margin, distance / 2)
            return [p0, Point(x: p0.x + n0.x * reach, y: p0.y + n0.y * reach),
                    Point(x: p1.x + n1.x * reach, y: p1.y + n1.y * reach), p1]
        case .orthogonal:
            return orthogonal(from: a, s0, to: b, s1) ?? [p0, p1]
        }
    }

    /// How far end `side` of `frame` runs out before turning: `margin`, or half the gap
    /// to the other node where that is less.
    private static func reach(_ side: ConnectorSide, of frame: Rect, other: Rect) -> Double {
        let gap: Double
        switch side {
        case .right: gap = other.minX - frame.maxX
        case .left: gap = frame.minX - other.maxX
        case .bottom: gap = other.minY - frame.maxY
        case .top: gap = frame.minY - other.maxY
        case .center: gap = 0
        }
        return gap > 0 ? min(margin, gap / 2) : margin
    }

    /// An orthogonal route: out of each side by its reach, then the path of least length
    /// and elbows (each elbow costing `margin` × 2 of length) along a grid of lines
    /// through the ends and just outside both nodes, crossing neither node (each grown by
    /// half the smaller reach). Nil when there is none (one node inside the other).
    static func orthogonal(from a: Rect, _ s0: ConnectorSide, to b: Rect, _ s1: ConnectorSide) -> [Point]? {
        guard let n0 = s0.normal, let n1 = s1.normal else { return nil }
        let p0 = s0.point(on: a), p1 = s1.point(on: b)
        let m0 = reach(s0, of: a, other: b), m1 = reach(s1, of: b, other: a)
        let q0 = Point(x: p0.x + n0.x * m0, y: p0.y + n0.y * m0)
        let q1 = Point(x: p1.x + n1.x * m1, y: p1.y + n1.y * m1)
        let grow = min(m0, m1) / 2
        let obstacles = [a, b].map { Rect(x: $0.x - grow, y: $0.y - grow, width: $0.width + 2 * grow, height: $0.height + 2 * grow) }
        func blocked(_ p: Point) -> Bool {
            obstacles.contains { p.x > $0.minX && p.x < $0.maxX && p.y > $0.minY && p.y < $0.maxY }
        }
        /// Whether the axis-aligned segment from `p` to `q` passes through a node.
        func crosses(_ p: Point, _ q: Point) -> Bool {
            obstacles.contains { r in
                if p.y == q.y {
                    return p.y > r.minY && p.y < r.maxY && max(p.x, q.x) > r.minX && min(p.x, q.x) < r.maxX
                }
                return p.x > r.minX && p.x < r.maxX && max(p.y, q.y) > r.minY && min(p.y, q.y) < r.maxY
            }
        }
        guard !blocked(q0), !blocked(q1) else { return nil }
        // The grid's lines: through the ends, just outside each node, between the nodes.
        var xs = [q0.x, q1.x], ys = [q0.y, q1.y]
        for r in [a, b] {
            xs += [r.minX - margin, r.maxX + margin]
            ys += [r.minY - margin, r.maxY + margin]
        }
        // Lines midway between the nodes are preferred among routes of the same length and
        // elbows, so a route turns halfway across the gap, as diagrams draw it.
        var preferredX: Set<Double> = [(q0.x + q1.x) / 2], preferredY: Set<Double> = [(q0.y + q1.y) / 2]
        if a.maxX < b.minX { preferredX.insert((a.maxX + b.minX) / 2) } else if b.maxX < a.minX { preferredX.insert((b.maxX + a.minX) / 2) }
        if a.maxY < b.minY { preferredY.insert((a.maxY + b.minY) / 2) } else if b.maxY < a.minY { preferredY.insert((b.maxY + a.minY) / 2) }
        xs += preferredX
        ys += preferredY
        xs = Array(Set(xs)).sorted()
        ys = Array(Set(ys)).sorted()
        guard let startX = xs.firstIndex(of: q0.x), let startY = ys.firstIndex(of: q0.y),
              let endX = xs.firstIndex(of: q1.x), let endY = ys.firstIndex(of: q1.y) else { return nil }
        // Dijkstra over (grid point, direction of arrival): directions 0 right, 1 down,
        // 2 left, 3 up; no turning back.
        let steps = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        func direction(_ n: Point) -> Int { n.x > 0 ? 0 : n.y > 0 ? 1 : n.x < 0 ? 2 : 3 }
        let elbow = 2 * margin
        let width = xs.count, height = ys.count
        func index(_ x: Int, _ y: Int, _ d: Int) -> Int { (y * width + x) * 4 + d }
        var cost = [Double](repeating: .infinity, count: width * height * 4)
        var previous = [Int](repeating: -1, count: width * height * 4)
        var done = [Bool](repeating: false, count: width * height * 4)
        let start = index(startX, startY, direction(n0))
        cost[start] = 0
        var queue = MinimumQueue()
        queue.push(0, start)
        let arrival = direction(Point(x: -n1.x, y: -n1.y))
        var best: (state: Int, cost: Double)?
        while let (least, current) = queue.pop() {
            guard !done[current] else { continue }
            done[current] = true
            let d = current % 4, cell = current / 4, x = cell % width, y = cell / width
            if x == endX && y == endY {
                let total = least + (d == arrival ? 0 : elbow)
                if d != (arrival + 2) % 4, best.map({ total < $0.cost }) ?? true { best = (current, total) }
            }
            for (nd, step) in steps.enumerated() where nd != (d + 2) % 4 {
                let nx = x + step.0, ny = y + step.1
                guard nx >= 0, nx < width, ny >= 0, ny < height else { continue }
                let from = Point(x: xs[x], y: ys[y]), to = Point(x: xs[nx], y: ys[ny])
                guard !blocked(to), !crosses(from, to) else { continue }
                let next = index(nx, ny, nd)
                let length = abs(to.x - from.x) + abs(to.y - from.y)
                let onPreferred = from.y == to.y ? preferredY.contains(from.y) : preferredX.contains(from.x)
                let c = least + length * (onPreferred ? 1 : 1.001) + (nd == d ? 0 : elbow)
                if c < cost[next] { cost[next] = c; previous[next] = current; queue.push(c, next) }
            }
        }
        guard let found = best else { return nil }
        var points: [Point] = []
        var state = found.state
        while state >= 0 {
            let cell = state / 4
            points.append(Point(x: xs[cell % width], y: ys[cell / width]))
            state = previous[state]
        }
        return simplified([p0] + points.reversed() + [p1])
    }

    /// A binary heap of (cost, state), least cost first.
    private struct MinimumQueue {
        private var items: [(Double, Int)] = []
        mutating func push(_ cost: Double, _ state: Int) {
            items.append((cost, state))
            var i = items.count - 1
            while i > 0, items[(i - 1) / 2].0 > items[i].0 { items.swapAt(i, (i - 1) / 2); i = (i - 1) / 2 }
        }
        mutating func pop() -> (Double, Int)? {
            guard let top = items.first else { return nil }
            let last = items.removeLast()
            if !items.isEmpty {
                items[0] = last
                var i = 0
                while true {
                    let l = 2 * i + 1, r = l + 1
                    var m = i
                    if l < items.count, items[l].0 < items[m].0 { m = l }
                    if r < items.count, items[r].0 < items[m].0 { m = r }
                    if m == i { break }
                    items.swapAt(i, m); i = m
                }
            }
            return top
        }
    }

    /// The points less repeats and the middle ones of three in a line.
    static func simplified(_ points: [Point]) -> [Point] {
        var result: [Point] = []
        for p in points where result.last != p {
            if result.count >= 2 {
                let a = result[result.count - 2], b = result[result.count - 1]
                if (a.x == b.x && b.x == p.x) || (a.y == b.y && b.y == p.y) { result.removeLast() }
            }
            result.append(p)
        }
        return result
    }
}
