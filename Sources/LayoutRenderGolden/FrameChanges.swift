import LayoutRenderKit
/// Says in words how the frames of two dumps of the same spec differ, node by node:
/// "`title` moved 4 pt down", "`body` grew 15 pt taller". Nodes are matched by id, and
/// nodes without an id by their position in tree order among nodes of the same kind.
///
/// Only nodes that changed on their own are named: a node is compared with its parent, so
/// one that moved only because its parent moved is left out (growing a spacer names the
/// spacer, its parent and the siblings it pushed, not everything inside them). A node with
/// `diff-ignore`, and everything inside it, may change without being named; when one changes
/// size and that moves others, a line before the others says so and suggests a fixed size.
/// The parents and
/// tolerances come from `actual`, a render; `expected` is usually a dump read back.
public enum FrameChanges {
    /// Differences smaller than this many points are not reported.
    public static let tolerance = 0.01

    public static func describe(expected: FrameDump, actual: FrameDump) -> [String] {
        var changes: [String] = []
        if expected.width != actual.width || expected.height != actual.height {
            changes.append("the canvas changed from \(format(expected.width))x\(format(expected.height)) to \(format(actual.width))x\(format(actual.height)) pt")
        }
        let old = keyed(expected.nodes), newKeys = keyed(actual.nodes).map(\.key)
        let oldByKey = Dictionary(old.map { ($0.key, $0.entry) }, uniquingKeysWith: { a, _ in a })
        let newIndexByKey = Dictionary(newKeys.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        let ignored = ignoredNodes(actual.nodes)
        // Whether every change named could follow from an ignored node's new size: none is
        // gone or new, and only its ancestors changed size (the rest moved).
        var onlyReflow = true
        var changedNodes: [Int] = []
        var resizedIgnored: [(index: Int, before: FrameDump.Entry)] = []
        for (key, before) in old {
            guard let index = newIndexByKey[key] else {
                changes.append("\(name(before)) is gone")
                onlyReflow = false
                continue
            }
            let after = actual.nodes[index]
            let dw = after.width - before.width, dh = after.height - before.height
            if ignored[index] {
                if after.tolerance == .ignore, abs(dw) > tolerance || abs(dh) > tolerance { resizedIgnored.append((index, before)) }
                continue
            }
            var dx = after.x - before.x, dy = after.y - before.y
            // What the parent's own move explains is not this node's.
            if let p = after.parent, p < actual.nodes.count, let parentBefore = oldByKey[newKeys[p]] {
                dx -= actual.nodes[p].x - parentBefore.x
                dy -= actual.nodes[p].y - parentBefore.y
            }
            var parts: [String] = []
            var moves: [String] = []
            if abs(dy) > tolerance { moves.append("\(format(abs(dy))) pt \(dy > 0 ? "down" : "up")") }
            if abs(dx) > tolerance { moves.append("\(format(abs(dx))) pt \(dx > 0 ? "right" : "left")") }
            if !moves.isEmpty { parts.append("moved " + moves.joined(separator: " and ")) }
            if abs(dh) > tolerance { parts.append("\(dh > 0 ? "grew" : "shrank") \(format(abs(dh))) pt \(dh > 0 ? "taller" : "shorter")") }
            if abs(dw) > tolerance { parts.append("\(dw > 0 ? "grew" : "shrank") \(format(abs(dw))) pt \(dw > 0 ? "wider" : "narrower")") }
            if !parts.isEmpty {
                changes.append("\(name(after)) " + parts.joined(separator: ", "))
                if abs(dw) > tolerance || abs(dh) > tolerance { changedNodes.append(index) }
            }
        }
        for (index, key) in newKeys.enumerated() where oldByKey[key] == nil && !ignored[index] {
            changes.append("\(name(actual.nodes[index])) is new")
            onlyReflow = false
        }
        changes += connectorChanges(expected: expected.connectors ?? [], actual: actual.connectors ?? [])
        guard !changes.isEmpty, !resizedIgnored.isEmpty else { return changes }
        // Nodes that changed size must all be ancestors of a resized ignored node.
        let ancestors = Set(resizedIgnored.flatMap { ancestorsOf($0.index, in: actual.nodes) })
        if !changedNodes.allSatisfy(ancestors.contains) { onlyReflow = false }
        let hints = resizedIgnored.map { item in
            let after = actual.nodes[item.index]
            let sizes = "from \(format(item.before.width))x\(format(item.before.height)) to \(format(after.width))x\(format(after.height)) pt"
            let (w, h) = (format(item.before.width), format(item.before.height))
            // On a label `size` is the font size: its frame is `width` and `height`.
            let attributes = after.kind == "label" ? "width=\(w) height=\(h)" : "size=\(w)x\(h)"
            let fix = "give it a fixed size (\(attributes)) so that its content can change without moving the others"
            return onlyReflow
                ? "\(name(after)) has diff-ignore but changed size (\(sizes)); the changes below follow only from that, as the nodes around it reflowed: \(fix)"
                : "\(name(after)) has diff-ignore but changed size (\(sizes)), which moves the nodes around it: \(fix)"
        }
        return hints + changes
    }

    /// The indices of a node's ancestors (parents come before children in tree order).
    static func ancestorsOf(_ index: Int, in nodes: [FrameDump.Entry]) -> [Int] {
        var result: [Int] = []
        var current = nodes[index].parent
        while let p = current, p < nodes.count, result.count < nodes.count {
            result.append(p)
            current = nodes[p].parent
        }
        return result
    }

    /// Connectors matched in the order written: each whose route changed (a point moved
    /// by more than `tolerance`, or points came or went), and those that came or went.
    static func connectorChanges(expected: [FrameDump.Connector], actual: [FrameDump.Connector]) -> [String] {
        func name(_ c: FrameDump.Connector) -> String { c.id.map { "connector `\($0)`" } ?? "connector on line \(c.line)" }
        func text(_ points: [[Double]]) -> String { points.map { $0.map(format).joined(separator: ",") }.joined(separator: " ") }
        var changes: [String] = []
        for (before, after) in zip(expected, actual) {
            let same = before.route == after.route && before.points.count == after.points.count
                && zip(before.points, after.points).allSatisfy { p, q in
                    p.count == q.count && zip(p, q).allSatisfy { abs($0 - $1) <= tolerance }
                }
            if !same { changes.append("\(name(after)) now runs \(text(after.points)) (was \(text(before.points)))") }
        }
        for c in expected.dropFirst(actual.count) { changes.append("\(name(c)) is gone") }
        for c in actual.dropFirst(expected.count) { changes.append("\(name(c)) is new") }
        return changes
    }

    /// Per node: whether it or one of its ancestors has `diff-ignore`.
    static func ignoredNodes(_ nodes: [FrameDump.Entry]) -> [Bool] {
        var ignored = [Bool](repeating: false, count: nodes.count)
        for (i, node) in nodes.enumerated() {
            // Parents come before their children in tree order.
            ignored[i] = node.tolerance == .ignore || (node.parent.map { $0 < i && ignored[$0] } ?? false)
        }
        return ignored
    }

    /// Each node's matching key: `#id`, or `kind[n]` for the n-th node of its kind without an id.
    static func keyed(_ entries: [FrameDump.Entry]) -> [(key: String, entry: FrameDump.Entry)] {
        var counts: [String: Int] = [:]
        return entries.map { entry in
            if let id = entry.id { return ("#" + id, entry) }
            let n = counts[entry.kind, default: 0]
            counts[entry.kind] = n + 1
            return ("\(entry.kind)[\(n)]", entry)
        }
    }

    private static func name(_ entry: FrameDump.Entry) -> String {
        if let id = entry.id { return "`\(id)`" }
        return "the \(entry.kind) on line \(entry.line)"
    }

    static func format(_ v: Double) -> String { PointsText.format(v) }
}
