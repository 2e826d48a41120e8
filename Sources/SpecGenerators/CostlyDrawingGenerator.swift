import SpecLanguage

/// Makes small specs whose drawing is costly: `for` loops over long lists of boxes whose
/// drawing attributes do the work (dashed and dotted borders on long thin boxes, blurred
/// shadows, gradients of many stops, transforms nested so that they cancel or compound),
/// labels of one long word or of a base with thousands of marks, and `{name}`s of long
/// values referred to many times; drawn to PNG, SVG or PDF. Deterministic for its choices:
/// the `drawing-structure` fuzz target reads them from the fuzzer's bytes, the property
/// tests from a seed.
///
/// What every spec must get: a picture, or a clear error (a limit or a budget), within
/// the time its budgets allow; never a crash or a hang.
public struct CostlyDrawingGenerator<Source: Choices> {
    public var g: Source

    public init(choices: Source) { g = choices }

    /// A spec, the variables its loops and names read, and the output format
    /// (`png`, `svg` or `pdf`).
    public mutating func spec() -> (text: String, variables: [String: DataValue], format: String) {
        let width = g.pick([64, 400, 4096])
        var lines = ["canvas width=\(width)" + (g.chance(50) ? " height=\(g.pick([64, 400, 4096]))" : "") + " background=#ffffff"]
        lines.append(g.chance(50) ? "vbox" : "zbox")
        var depth = 1
        // Loops around the drawing: each multiplies it.
        for level in 0..<g.pick([0, 1, 2, 3]) {
            lines.append(indent(depth) + "for v\(level) in xs")
            depth += 1
        }
        let transforms = g.chance(30)
        if transforms {
            // A transform and, inside it, one that undoes it or compounds it.
            let (outer, inner) = g.pick([("scale(0.01,100)", "scale(100,0.01)"), ("scale(100)", "scale(100)"),
                                         ("rotate(45deg) scale(10)", "scale(0.1) rotate(-45deg)"), ("scale(-1,1)", "scale(2)")])
            lines.append(indent(depth) + "box size=\(width)x40 transform=\"\(outer)\"")
            lines.append(indent(depth + 1) + "box size=\(width)x40 transform=\"\(inner)\"")
            depth += 2
        }
        var attributes = ["width=\(g.pick(["1", "40", "\(width)", "100%"]))", "height=\(g.pick(["1", "2", "40"]))"]
        if g.chance(60) { attributes.append("border=\(g.pick(["1", "0.5", "3", "20"]))") }
        if g.chance(60) { attributes.append("border-style=\(g.pick(["dashed", "dotted", "solid"]))") }
        if g.chance(30) {
            let shadows = (0..<g.pick([1, 4, 16])).map { _ in "0 0 \(g.pick(["0", "8", "200", "1000"])) \(g.pick(["0", "10"])) #0004" }
            attributes.append("shadow=\"\(shadows.joined(separator: ", "))\"")
        }
        if g.chance(30) {
            let stops = (0..<g.pick([2, 16, 64])).map { index in index % 2 == 0 ? "#f00" : "#00f" }
            attributes.append("background=\"linear(\(g.pick(["0", "45", "90"]))deg, \(stops.joined(separator: ", ")))\"")
        }
        if g.chance(20) { attributes.append("radius=\(g.pick(["2", "20", "1000"]))") }
        if g.chance(20) { attributes.append("opacity=0.5") }
        lines.append(indent(depth) + "box " + attributes.joined(separator: " "))
        if g.chance(40) {
            let text = g.pick(["{long}", "{long}{long}{long}", "{marks}", "Hello {v0}", "x"])
            lines.append(indent(depth) + "label \"\(text)\" lines=0 size=\(g.pick(["1", "14", "200"]))"
                         + (g.chance(30) ? " text-shadow=\"1 1 \(g.pick(["0", "4", "100"])) #000\"" : ""))
        }
        let count = g.pick([1, 10, 45, 200, 2_000])
        let longLength = g.pick([10, 10_000, 200_000, 1 << 20])
        let variables: [String: DataValue] = [
            "xs": .array((0..<count).map { .number(Double($0)) }),
            "v0": .number(0),
            "long": .string(String(repeating: "a", count: longLength)),
            "marks": .string("a" + String(repeating: "\u{301}", count: g.pick([10, 1_000, 100_000]))),
        ]
        return (lines.joined(separator: "\n") + "\n", variables, g.pick(["png", "png", "svg", "pdf"]))
    }

    private func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth) }
}
