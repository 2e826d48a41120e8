/// Says in words how the frames of two dumps of the same spec differ, node by node:
/// "`title` moved 4 pt down", "`body` grew 15 pt taller". Nodes are matched by id, and
/// nodes without an id by their position in tree order among nodes of the same kind.
public enum FrameChanges {
    /// Differences smaller than this many points are not reported.
    public static let tolerance = 0.01

    public static func describe(expected: FrameDump, actual: FrameDump) -> [String] {
        var changes: [String] = []
        if expected.width != actual.width || expected.height != actual.height {
            changes.append("the canvas changed from \(format(expected.width))x\(format(expected.height)) to \(format(actual.width))x\(format(actual.height)) pt")
        }
        let old = keyed(expected.nodes), new = keyed(actual.nodes)
        let oldKeys = Set(old.map(\.key))
        let newByKey = Dictionary(new.map { ($0.key, $0.entry) }, uniquingKeysWith: { a, _ in a })
        for (key, before) in old {
            guard let after = newByKey[key] else {
                changes.append("\(name(before)) is gone")
                continue
            }
            var parts: [String] = []
            let dx = after.x - before.x, dy = after.y - before.y
            var moves: [String] = []
            if abs(dy) > tolerance { moves.append("\(format(abs(dy))) pt \(dy > 0 ? "down" : "up")") }
            if abs(dx) > tolerance { moves.append("\(format(abs(dx))) pt \(dx > 0 ? "right" : "left")") }
            if !moves.isEmpty { parts.append("moved " + moves.joined(separator: " and ")) }
            let dw = after.width - before.width, dh = after.height - before.height
            if abs(dh) > tolerance { parts.append("\(dh > 0 ? "grew" : "shrank") \(format(abs(dh))) pt \(dh > 0 ? "taller" : "shorter")") }
            if abs(dw) > tolerance { parts.append("\(dw > 0 ? "grew" : "shrank") \(format(abs(dw))) pt \(dw > 0 ? "wider" : "narrower")") }
            if !parts.isEmpty { changes.append("\(name(after)) " + parts.joined(separator: ", ")) }
        }
        for (key, entry) in new where !oldKeys.contains(key) {
            changes.append("\(name(entry)) is new")
        }
        return changes
    }

    private static func keyed(_ entries: [FrameDump.Entry]) -> [(key: String, entry: FrameDump.Entry)] {
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

    static func format(_ v: Double) -> String {
        let rounded = (v * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
