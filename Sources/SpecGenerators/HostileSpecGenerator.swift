import SpecLanguage

/// The values the generator draws from.
private enum Hostile {
    /// Numbers for any numeric attribute: ordinary ones, the documented range ends and the
    /// smallest magnitudes, all of which must lay out or fail in layout...
    static let inRange = ["0", "1", "-1", "12.5", "1000000", "-1000000", "999999.999", "0.000001", "4096", "100",
                          "1e-308", "-1e-308", "5e-324", "1e-6", "1000"]
    /// ...and ones past the ranges, at the limits of `Double`, and not numbers at all,
    /// which the value reader must refuse.
    static let outOfRange = ["1e308", "-1e308", "1000001", "0.0000009", "1.7976931348623157e308", "nan", "inf",
                             "1e400", "4097", "1e15"]
    static let percentsInRange = ["50%", "100%", "10000%", "-10000%", "1e-308%", "-50%"]
    static let percentsOutOfRange = ["10001%", "1e308%", "-1e308%"]

    /// Grid track lists at and past the grid's limits: tiny repeated tracks, the most
    /// tracks, huge and tiny `fr`, and values the reader must refuse.
    static let trackLists = ["repeat(auto-fill, 0.000001)", "repeat(auto-fit, minmax(0.000001, 1fr))", "repeat(1000, 1fr)",
                             "1e-308fr 1000000fr", "minmax(1000000, 1000000fr) 10000%", "repeat(auto-fill, 0)",
                             "[a] repeat(500, 1 [a]) fit-content(1000000)", "min-content max-content auto",
                             "repeat(1001, 1)", "1e308fr", "subgrid", "repeat(auto-fill, 1fr)", "minmax(1fr, 1)",
                             "subgrid [a] [] [b c]", "subgrid 10", "10 subgrid", "subgrid [a",
                             "subgrid " + String(repeating: "[a] ", count: 1002)]
    /// Item lines at and past the limits.
    static let lines = ["-1000 / span 1000", "1000", "span 1000", "a 1000 / span a 1000", "-1000", "x / x",
                        "1000000000", "0", "span 0", "1 / 2 / 3"]

    /// Depths around each limit, and far past them.
    static let depths = [0, 1, 2, 8, 63, 64, 65, 100, 257, 2_000]
}

/// Makes specs that aim at the parser's and the layout's limits rather than at valid
/// layouts: every construct nested deep (stacks, `if`/`not`/`and`/`or`/parentheses,
/// `min()`/`max()` anchors), extreme finite numbers (1e308, 1e-308, -1e308 and the range
/// ends) in every numeric attribute, and huge counts (loops over long lists, `lines`).
/// Deterministic for its choices: a seed replays a property test's failure, an input file
/// a fuzzer's (the `spec-structure` target reads its choices from the fuzzer's bytes).
public struct HostileSpecGenerator<Source: Choices> {
    public var g: Source
    private var lines: [String] = []
    private var ids = 0

    public init(choices: Source) { g = choices }

    /// The chance, in percent, that a number is out of range; drawn once per spec, so
    /// most specs get past the parser and reach the layout with extreme values.
    private var hostility = 0

    private mutating func number() -> String {
        g.chance(hostility) ? g.pick(Hostile.outOfRange) : g.pick(Hostile.inRange)
    }
    /// A number from `valid` (the range ends of one attribute), or now and then any number.
    private mutating func one(of valid: [String]) -> String {
        g.chance(hostility) ? number() : g.pick(valid)
    }
    /// A number for an attribute that takes no negative values (factors, gaps, radii…).
    private mutating func magnitude() -> String {
        let n = number()
        return n.hasPrefix("-") && !g.chance(hostility) ? String(n.dropFirst()) : n
    }
    private mutating func percent() -> String {
        g.chance(hostility) ? g.pick(Hostile.percentsOutOfRange) : g.pick(Hostile.percentsInRange)
    }
    private mutating func length(auto: Bool = true) -> String {
        g.chance(25) ? percent() : (auto && g.chance(10) ? "auto" : number())
    }

    public mutating func spec() -> (text: String, variables: [String: DataValue]) {
        lines = []
        ids = 0
        hostility = g.pick([0, 0, 0, 1, 3, 10])
        var canvas = "canvas width=\(g.chance(80) ? String(g.int(1...600)) : magnitude())"
        if g.chance(30) { canvas += " height=\(g.chance(70) ? String(g.int(1...600)) : magnitude())" }
        if g.chance(20) { canvas += " scale=\(g.chance(hostility) ? g.pick(["9", "1e308", "0"]) : g.pick(["0.25", "1", "2", "8"]))" }
        if g.chance(20) { canvas += " size=\(magnitude())" }
        lines.append(canvas)
        if g.chance(15) { fontLines() }
        for _ in 0..<g.int(1...3) { node(depth: 0, parent: "vbox") }
        let count = g.pick([0, 1, 3, 1_000, 30_000])
        let variables: [String: DataValue] = [
            "xs": .array((0..<count).map { .number(Double($0)) }),
            "big": .number(g.chance(50) ? 1e308 : -1e308),
            "tiny": .number(.leastNonzeroMagnitude),
            "name": .string("n"),
        ]
        return (lines.joined(separator: "\n") + "\n", variables)
    }

    /// A spec about drawing rather than layout: boxes with gradients, shadows, radii, clips
    /// and opacity, sized and placed with extreme numbers, most of them valid so that they
    /// reach the renderer.
    public mutating func drawingSpec() -> String {
        lines = []
        hostility = g.pick([0, 0, 1, 5])
        lines.append("canvas width=\(g.int(1...300)) height=\(g.int(1...300)) background=\(background())"
                     + (g.chance(20) ? " scale=\(g.pick(["0.25", "2", "8"]))" : ""))
        lines.append("zbox")
        let boxes = g.int(1...6)
        for index in 0..<boxes {
            var attrs = ["id=d\(index) size=\(g.pick(["0", "1", "40", "300", "1000000", "0.000001"]))x\(g.pick(["0", "1", "40", "300", "1000000"]))"]
            if g.chance(60) { attrs.append("position=absolute left=\(length(auto: false)) top=\(length(auto: false))") }
            if g.chance(70) { attrs.append("background=\(background())") }
            if g.chance(60) { attrs.append("shadow=\"\(shadows())\"") }
            if g.chance(30) { attrs.append("radius=\((0..<g.pick([1, 2, 4])).map { _ in magnitude() }.joined(separator: ","))") }
            if g.chance(20) { attrs.append("clip") }
            if g.chance(20) { attrs.append("opacity=\(g.pick(["0", "0.5", "1e-308"]))") }
            if g.chance(20) { attrs.append("blend=\(g.pick(["multiply", "screen", "overlay"]))") }
            if g.chance(30) { attrs.append("transform=\"\(transform())\"") }
            if g.chance(20) { attrs.append("border=\(g.pick(["1", "4", "1000000", "0.000001"])),#f00") }
            if g.chance(20) { attrs.append("border-style=\(g.pick(["dashed", "dotted"]))") }
            if g.chance(30) { attrs.append("text-shadow=\"\(textShadows())\"") }
            lines.append("  box " + attrs.joined(separator: " "))
            if g.chance(40) {
                lines.append("    label \"\(g.pick(["Shadow", String(repeating: "w ", count: 300)]))\" lines=0 size=\(g.pick(["1", "14", "200", "4096"]))")
                if g.chance(30) { inlineImages(depth: 3, drawable: true) }
            }
        }
        if g.chance(50) { lines.append("  " + path()) }
        if boxes >= 2 && g.chance(50) {
            // Connectors between the boxes (now and then one to a box that is not there or
            // to itself, or a label past the limit; hundreds at once), every route and head.
            let count = g.pick([1, 3, 300]), bad = g.chance(10)
            for index in 0..<count {
                let first = g.int(0...boxes - 1), second = (first + g.int(1...boxes - 1)) % boxes
                let from = "d\(first)", to = bad && index == 0 ? g.pick(["nobody", from]) : "d\(second)"
                var attrs = ["from=\(from)\(g.chance(50) ? "." + g.pick(["top", "right", "bottom", "left", "center"]) : "")",
                             "to=\(to)\(g.chance(50) ? "." + g.pick(["top", "right", "bottom", "left", "center"]) : "")",
                             "route=\(g.pick(["straight", "orthogonal", "curved"]))",
                             "end-arrow=\(g.pick(["none", "triangle", "open", "circle", "diamond"]))"]
                if g.chance(30) { attrs.append("stroke-width=\(g.pick(["0", "1", "1000000", "0.000001"]))") }
                if g.chance(30) { attrs.append("dash=\"\(g.pick(["0.000000001", "4 2", "1e-308 1", "1000000"]))\"") }
                if g.chance(30) { attrs.append("label=\"\(bad && index == 0 ? String(repeating: "w", count: 20_000) : "yes")\"") }
                if g.chance(30) { attrs.append("layer=below") }
                lines.append("connector " + attrs.joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A `path` with data at the grammar's and the ranges' edges: arcs with huge, tiny,
    /// zero and not-a-number radii, thousands of commands, a view box far smaller than the
    /// coordinates, dashes of 10^-9.
    private mutating func path() -> String {
        // Mostly data that parses, at the ranges' edges; now and then data that must not.
        let data = g.chance(80) ? g.pick([
            "M0 0 L10 10 Z", "M0 0 A1000000 1 0 0 1 5 5", "M0 0 A1e-300 5 0 1 1 5 5", "M0 0 a0 0 0 1 1 5 5",
            "M1000000 1000000 L-1000000 -1000000", "M0 0 A1000000 1 45 1 0 0.000001 0",
            "M0 0" + String(repeating: " l1 1", count: 5_000), "m0 0" + String(repeating: " a1 1 0 1 1 2 0", count: 2_000),
            "M0 0 C1e6 1e6 -1e6 -1e6 1 1 S 3 3 4 4 Q1 1 2 2 T 5 5",
        ]) : g.pick(["M0 0 A1e308 1 0 0 1 5 5", "M0 0 A nan 1 0 0 1 5 5", "L0 0", "M0 0 L", ""])
        var attrs = ["size=\(g.pick(["0", "24", "300", "1000000"]))x\(g.pick(["0", "24", "300"]))"]
        if g.chance(60) { attrs.append("view-box=\"\(g.pick(["0 0 24 24", "0 0 0.000001 0.000001", "0 0 1000000 1000000", "0 0 0 1", "-1e6 -1e6 1 1"]))\"") }
        if g.chance(50) { attrs.append("fill=\(g.pick(["none", "#ff0000", "#00000080"]))") }
        if g.chance(50) { attrs.append("stroke=#000 stroke-width=\(g.pick(["0", "1", "1000000", "0.000001"]))") }
        if g.chance(30) { attrs.append("dash=\"\(g.chance(90) ? g.pick(["0.000000001", "1e-9 1e-9", "4 2"]) : g.pick(["0 0", "1e308"]))\"") }
        if g.chance(20) { attrs.append("line-join=round line-cap=square fill-rule=evenodd") }
        return "path \"\(data)\" " + attrs.joined(separator: " ")
    }

    private mutating func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth) }

    private mutating func node(depth: Int, parent: String) {
        // Past the nesting limit now and then: a straight chain of stacks, plain or each
        // sized from its content's layout (a height bounded by sizing keywords, a ratio),
        // which must be laid out once per measurement, not once per ancestor's request.
        if depth == 0 && g.chance(5) {
            let chain = g.pick(Hostile.depths)
            let sizing = g.pick(["", "", " height=50 min-height=min-content", " height=50 max-height=max-content",
                                 " width=300 aspect-ratio=2", " height=50% min-height=fit-content aspect-ratio=0.5"])
            for d in 0..<chain { lines.append(indent(d) + g.pick(["vbox", "hbox", "zbox"]) + sizing) }
            lines.append(indent(chain) + "label \"deep\"")
            return
        }
        // Subgrids in subgrids, past their depth limit, over spans at the line limit.
        if depth == 0 && g.chance(4) {
            let chain = g.pick([2, 33, 40, 120])
            lines.append("grid columns=\"\(g.pick(Hostile.trackLists))\"")
            for d in 1...chain {
                lines.append(indent(d) + "grid columns=subgrid rows=\"\(g.pick(["subgrid", "auto", "subgrid [a]"]))\" column=\"\(g.pick(Hostile.lines))\" padding=\(length(auto: false))")
            }
            lines.append(indent(chain + 1) + "label \"deep\" column=\"\(g.pick(Hostile.lines))\"")
            return
        }
        let roll = g.int(0...99)
        if roll < 12 && depth < 12 { control(depth: depth, parent: parent); return }
        let kind = depth >= 6 ? g.pick(["label", "box", "spacer"])
                              : g.pick(["vbox", "hbox", "zbox", "border", "box", "label", "spacer", "vbox", "hbox", "grid"])
        var attrs: [String] = []
        ids += 1
        attrs.append("id=n\(ids)")
        // Every numeric attribute this kind takes, each now and then, with any number.
        let common = ["width", "height", "min-width", "min-height", "max-width", "max-height", "basis"]
        // Anchors in a box give the width and height; elsewhere a size may.
        let sized = parent != "box" && g.chance(15)
        for name in common where g.chance(15) && !(sized && (name == "width" || name == "height"))
            && !(parent == "box" && (name == "width" || name == "height")) {
            attrs.append("\(name)=\(g.chance(10) ? g.pick(["min-content", "max-content", "fit-content"]) : length())")
        }
        if sized { attrs.append("size=\(length())x\(length())") }
        if g.chance(15) { attrs.append("aspect-ratio=\(one(of: ["0.000001", "1000000", "1", "0.5", "1e-6"]))") }
        if g.chance(15) { attrs.append("margin=\(length(auto: false)),\(length(auto: false))") }
        if g.chance(15) { attrs.append("grow=\(magnitude())") }
        if g.chance(15) { attrs.append("shrink=\(magnitude())") }
        if g.chance(10) {
            attrs.append("radius=" + (g.chance(70) ? magnitude() : (0..<g.pick([2, 3, 4, 5])).map { _ in magnitude() }.joined(separator: ",")))
        }
        if g.chance(10) { attrs.append("border=\(magnitude()),#000") }
        if g.chance(10) { attrs.append("opacity=\(g.pick(["0", "0.5", "1", "1e-308"]))") }
        if g.chance(5) { attrs.append("blend=\(g.pick(["multiply", "screen", "overlay", "normal", "darken"]))") }
        if g.chance(5) { attrs.append("transform=\"\(transform())\"") }
        if parent == "border" { attrs.append("region=\(g.pick(["top", "bottom", "left", "right", "center"]))") }
        // The flexbox attributes: insets and position on a child of a stack or zbox, order,
        // margins and borders by side, clipping, baseline and safe alignment.
        if parent != "box" && parent != "border" && g.chance(15) {
            attrs.append("position=\(g.pick(["relative", "absolute"]))")
            for side in ["top", "right", "bottom", "left"] where g.chance(50) {
                attrs.append("\(side)=\(g.chance(20) ? "auto" : length(auto: false))")
            }
        }
        if g.chance(10) {
            attrs.append("order=" + (g.chance(hostility) ? g.pick(["1000001", "-1e308", "99999999999999999999", "1.5"])
                                                          : g.pick(["0", "-1", "3", "1000000", "-1000000"])))
        }
        if g.chance(10) { attrs.append("margin-\(g.pick(["top", "right", "bottom", "left"]))=\(g.chance(30) ? "auto" : length(auto: false))") }
        if g.chance(8) { attrs.append("border-\(g.pick(["top", "right", "bottom", "left"]))=\(magnitude()),#f00") }
        if g.chance(5) { attrs.append("border-style=\(g.pick(["dashed", "dotted", "solid", "double"]))") }
        if g.chance(8) { attrs.append("clip") }
        if g.chance(8) { attrs.append("background=\(background())") }
        if g.chance(8) { attrs.append("shadow=\"\(shadows())\"") }
        if g.chance(4) {
            // Files that are missing, outside the asset folder or not images at all.
            attrs.append("background-image=\"\(g.pick(["missing.png", "../outside.png", "/etc/passwd", "", "a\\u{0}.png"]))\"")
            if g.chance(50) { attrs.append("background-mode=\(g.pick(["aspect-fill", "center", "tile", "top-left"]))") }
        }
        if g.chance(8) { attrs.append("align-self=\(g.pick(["baseline", "safe-center", "safe-end"]))") }
        if parent == "box" { attrs += anchors() }
        // A grid's item: lines at and past the limits (on another parent, an error).
        if parent == "grid" || g.chance(2) {
            if g.chance(40) { attrs.append("column=\"\(g.pick(Hostile.lines))\"") }
            if g.chance(40) { attrs.append("row=\"\(g.pick(Hostile.lines))\"") }
            if g.chance(10) { attrs.append("area=\(g.pick(["a", "b", "missing"]))") }
        }
        switch kind {
        case "label":
            var a = attrs
            if !sized && g.chance(30) { a.append("size=\(one(of: ["4096", "0.000001", "1e-308", "12.5", "1000"]))") }
            if g.chance(30) {
                a.append("line-height=" + (g.chance(30) ? magnitude() + "pt" : one(of: ["100", "0.000001", "1e-308", "1.5"])))
            }
            if g.chance(30) { a.append("lines=\(g.chance(hostility) ? g.pick(["1000001", "99999999999999999999"]) : g.pick(["0", "1", "1000000"]))") }
            a += fontAttributes()
            if g.chance(20) { a.append("wrap=\(g.pick(["word", "char"]))") }
            if g.chance(10) { a.append("text-shadow=\"\(textShadows())\"") }
            // Long text; text to shape (kerning, ligatures, stacked marks, Arabic, CJK); a name.
            let text = g.chance(10) ? String(repeating: "w ", count: g.pick([10, 2_000]))
                : g.chance(15) ? g.pick(["AVAWAY office", "سلام عليكم", "x\u{301}\u{302}\u{303}", "日本語の組版", "ffi\u{200D}fl"])
                : "x{name}"
            lines.append(indent(depth) + "label \"\(text)\" " + a.joined(separator: " "))
            if g.chance(20) { spans(depth: depth + 1) } else if g.chance(15) { inlineImages(depth: depth + 1) }
        case "spacer":
            lines.append(indent(depth) + "spacer " + (g.chance(50) ? magnitude() + " " : "") + attrs.joined(separator: " "))
        case "box" where g.chance(50):
            lines.append(indent(depth) + "box " + attrs.joined(separator: " "))
        default:
            var a = attrs
            if g.chance(30) { a.append("padding=\(length(auto: false))") }
            if g.chance(10) { a.append("padding-\(g.pick(["top", "right", "bottom", "left"]))=\(length(auto: false))") }
            // Text values for the labels inside, inherited (a font size only on stacks, zboxes, borders).
            if kind != "box" && g.chance(10) { a.append("size=\(one(of: ["4096", "0.000001", "1e-308", "12.5"]))") }
            if g.chance(10) { a.append("line-height=" + (g.chance(30) ? magnitude() + "pt" : one(of: ["100", "0.000001", "1.5", "normal", "Normal"]))) }
            if g.chance(10) { a.append("color=#\(g.pick(["000", "c0392b", "ffffff80"]))") }
            if g.chance(30) { a += fontAttributes() }
            if g.chance(5) { a.append(g.chance(30) ? "text-shadow=none" : "text-shadow=\"\(textShadows())\"") }
            if kind == "grid" {
                if g.chance(60) { a.append("columns=\"\(g.pick(Hostile.trackLists))\"") }
                if g.chance(30) { a.append("rows=\"\(g.pick(Hostile.trackLists))\"") }
                if g.chance(15) { a.append("auto-rows=\"\(g.pick(["0.000001", "1e-308fr", "min-content 1000000", "1fr"]))\"") }
                if g.chance(15) {
                    // Areas as wide as allowed, and past it.
                    let width = g.pick([1, 2, 100, 101])
                    a.append("areas=\"" + (0..<width).map { $0 == 0 ? "a" : "b" }.joined(separator: " ") + " / "
                             + (0..<width).map { _ in "b" }.joined(separator: " ") + "\"")
                }
                if g.chance(20) { a.append("auto-flow=\(g.pick(["dense", "column dense", "row", "diagonal"]))") }
                if g.chance(30) { a.append("gap=\(g.chance(30) ? percent() : magnitude())") }
                if g.chance(15) { a.append("justify=\(g.pick(["space-evenly", "stretch", "end", "baseline"]))") }
                // Baseline alignment down (with items of every kind and size), and across (an error).
                if g.chance(15) { a.append(g.pick(["align=baseline", "align=baseline", "align=safe-end", "justify-items=baseline"])) }
            }
            if ["vbox", "hbox"].contains(kind) {
                if g.chance(30) { a.append("gap=\(g.chance(30) ? percent() : magnitude())") }
                if g.chance(20) { a.append("cross-gap=\(g.chance(30) ? percent() : magnitude())") }
                if g.chance(20) { a.append(g.pick(["wrap", "wrap=reverse"])) }
                if g.chance(20) { a.append("justify=\(g.pick(["start", "space-between", "space-evenly", "safe-center", "safe-end"]))") }
                if g.chance(15) { a.append("align=\(g.pick(["baseline", "safe-center", "safe-end", "stretch"]))") }
                if g.chance(15) { a.append("align-content=\(g.pick(["center", "stretch", "space-between", "space-around", "safe-end"]))") }
                if g.chance(15) { a.append("reverse") }
            }
            lines.append(indent(depth) + kind + " " + a.joined(separator: " "))
            for _ in 0..<g.int(0...4) { node(depth: depth + 1, parent: kind) }
            if kind == "grid" && g.chance(15) {
                // Thousands of items with spans up to the limit, packed around each other's
                // holes: the placement's work budget, not the clock, has to stop it.
                lines.append(indent(depth + 1) + "for x in xs")
                lines.append(indent(depth + 2) + "box column=\"span \(g.pick(["1", "3", "7", "1000"]))\""
                             + " row=\"span \(g.pick(["1", "2", "5", "1000"]))\"")
            }
        }
    }

    /// `font`, `weight` and `italic`: families that are there (shaped, in a collection),
    /// families that are not, names at and past the longest, weights at and past the ends.
    /// A label's `span` lines: sizes far apart, fonts and decorations, now and then a loop
    /// of thousands (past the limit of spans in a label), a layout attribute, a child or an
    /// empty text, which must be errors.
    private mutating func spans(depth: Int) {
        if g.chance(30) { inlineImages(depth: depth) }
        if g.chance(10) {
            lines.append(indent(depth) + "for x in xs")
            lines.append(indent(depth + 1) + "span \"{x} \" size=\(g.pick(["1", "13", "4096", "0.000001"]))")
            return
        }
        for _ in 0..<g.int(1...4) {
            var a = fontAttributes()
            if g.chance(40) { a.append("size=\(one(of: ["4096", "0.000001", "1e-308", "12.5", "28"]))") }
            if g.chance(20) { a.append(g.pick(["underline", "strikethrough", "underline=false", "strikethrough color=#c0392b"])) }
            if g.chance(10) { a.append("color=#\(g.pick(["000", "c0392b", "ffffff80"]))") }
            if g.chance(hostility) { a.append(g.pick(["lines=2", "truncate=head", "line-height=2", "size=10x10", "id=s", "width=5"])) }
            let text = g.chance(hostility) ? "" : g.pick([" bold", "AV", "سلام", "日本", "x\u{301}", String(repeating: "w ", count: 100)])
            lines.append(indent(depth) + "span \"\(text)\" " + a.joined(separator: " "))
            if g.chance(hostility) { lines.append(indent(depth + 1) + "span \"nested\"") }
        }
    }

    /// Images and paths in a label's text: sizes of none, at the limit (16,384 points) and
    /// past it, at the ends of `Double`, in percent; files that are there (in the docs'
    /// asset folder, found when the asset folder is the repository's), missing, outside,
    /// not images, folders; now and then ten thousand of them in a loop (and past the limit
    /// of a label's runs), a frame attribute or a child, which must be errors. `drawable`:
    /// sizes and files that are valid, extreme as they are, so the drawing is reached.
    private mutating func inlineImages(depth: Int, drawable: Bool = false) {
        let refused = !drawable && g.chance(max(hostility, 10))
        let files = refused && g.chance(50) ? g.pick(["missing.png", "../outside.png", "/etc/passwd", "README.md", "docs", ""])
            : g.pick(["docs/examples/assets/check.svg", "docs/examples/assets/badge.webp", "docs/examples/assets/photo.jpg"])
        var a: [String] = []
        if g.chance(60) {
            // (Drawn, the largest are a canvas's side: larger ones are drawn clipped, at a cost
            // the drawing test need not pay every time.)
            let valid = ["size=0x0", "size=1e-308x1e-308", "width=0", "height=0.000001", "width=16384 height=0", "size=12x400"]
                + (drawable ? ["height=1000"] : ["size=16384x16384", "height=16384"])
            a.append(refused ? g.pick(["size=16385x1", "width=1e308", "height=-1", "width=50%", "width=min-content"]) : g.pick(valid))
        }
        if g.chance(40) { a.append("vertical-align=" + (refused && g.chance(30) ? "top" : g.pick(["baseline", "middle"]))) }
        if refused && g.chance(30) { a.append(g.pick(["margin=3", "id=i", "background=#f00", "opacity=0.5"])) }
        let image = "image \"\(files)\" " + a.joined(separator: " ")
        let inline = !g.chance(30) ? image : drawable || !refused
            ? "path \"\(g.pick(["M0 0 L10 10 Z", "M0 0 A1e-300 5 0 1 1 5 5", "M0 0" + String(repeating: " l1 1", count: 500)]))\" "
                + "view-box=\"0 0 24 24\" fill=#ef476f " + a.joined(separator: " ")
            : path() + " " + a.joined(separator: " ")
        if g.chance(5) {
            lines.append(indent(depth) + "for x in xs")
            lines.append(indent(depth + 1) + inline)
            return
        }
        for _ in 0..<g.int(1...3) {
            lines.append(indent(depth) + inline)
            if g.chance(hostility) { lines.append(indent(depth + 1) + "span \"nested\"") }
        }
    }

    /// `font` lines: families of the files shipped with the docs' example (found when the
    /// asset folder is the repository's, as for `scripts/fuzz` and the property tests), a
    /// name that shadows a family of the font set or the default one; and now and then bad
    /// names, files that are missing, outside, not fonts, folders, named twice, and more
    /// files than the limit, a family declared twice, a line indented under a node.
    private mutating func fontLines() {
        let good = ["docs/examples/assets/fonts/DejaVuSerifCondensed.ttf", "docs/examples/assets/fonts/DejaVuSerifCondensed-Bold.ttf",
                    "docs/examples/assets/fonts/DejaVuSerifCondensed-Italic.ttf", "./docs/examples/assets/fonts/DejaVuSerifCondensed.ttf"]
        let bad = ["missing.ttf", "../outside.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "README.md", "docs",
                   "", "a\\u{0}.ttf", "docs/examples/assets/fonts/LICENSE-DejaVu.txt"]
        for _ in 0..<g.int(1...3) {
            let family = g.chance(hostility) ? g.pick(["", "a/b", "x.ttf", "A, B", String(repeating: "F", count: 201)])
                                             : g.pick(["Brand", "DejaVu Sans", "DejaVu Sans Mono", "brand"])
            let count = g.chance(hostility) ? g.pick([0, 65]) : g.int(1...3)
            let files = (0..<count).map { _ in "\"" + (g.chance(hostility) ? g.pick(bad) : g.pick(good)) + "\"" }
            lines.append((g.chance(hostility) ? "  " : "") + "font \"\(family)\" " + files.joined(separator: " "))
        }
    }

    private mutating func fontAttributes() -> [String] {
        var a: [String] = []
        if g.chance(30) {
            let family = g.chance(hostility)
                ? g.pick(["No Such Family", "", String(repeating: "F", count: 201), "a\\u{7}b", "DejaVu Sans/../x"])
                : g.pick(["DejaVu Sans", "DejaVu Serif", "dejavu sans mono", "Noto Sans CJK JP", "Noto Serif CJK KR", "Brand"])
            a.append("font=\"\(family)\"")
        }
        if g.chance(20) {
            a.append("weight=" + (g.chance(hostility) ? g.pick(["0", "1001", "-400", "bolder", "1e3"])
                                                      : g.pick(["1", "100", "light", "500", "semi-bold", "bold", "black", "1000"])))
        }
        if g.chance(15) { a.append(g.pick(["italic", "italic=false", "italic=true"])) }
        if g.chance(10) { a.append("letter-spacing=" + (g.chance(hostility) ? g.pick(["-1000", "1000", "1001", "1e-308", "nan"]) : g.pick(["-1", "0.5", "2"]))) }
        if g.chance(10) { a.append("fallback=" + (g.chance(hostility) ? g.pick(["\"\"", "\",\"", "\"Nope, \"", "\"" + String(repeating: "A,", count: 40) + "A\"", "\"Helvetica\""]) : g.pick(["none", "\"Noto Color Emoji\"", "\"Noto Sans CJK JP, Noto Color Emoji\""]))) }
        if g.chance(10) { a.append("text-transform=" + (g.chance(hostility) ? g.pick(["capitalize", "UPPERCASE", ""]) : g.pick(["none", "uppercase", "lowercase"]))) }
        return a
    }

    /// A colour or a gradient: any angle, stop positions at and past the ranges, up to and
    /// past the most stops.
    private mutating func background() -> String {
        guard g.chance(70) else { return g.pick(["#fff", "#4f7cff80", "clear"]) }
        let count = g.chance(hostility) ? g.pick([0, 1, 65, 1_000]) : g.pick([2, 3, 64])
        var stops: [String] = []
        for _ in 0..<count {
            stops.append(g.pick(["#000", "#fff", "#4f7cff", "#ff000000"]) + (g.chance(40) ? " " + percent() : ""))
        }
        if g.chance(50) {
            let angle = g.chance(20) ? g.pick(["to right", "to top", "nandeg", "0.5turn"]) : number() + "deg"
            return "linear(\(angle), \(stops.joined(separator: ", ")))"
        }
        return "radial(\(g.chance(30) ? "circle, " : "")\(stops.joined(separator: ", ")))"
    }

    /// One to past the most shadows, with any offsets, blurs to and past the widest, and
    /// spreads either way.
    private mutating func shadows() -> String {
        let count = g.chance(hostility) ? g.pick([17, 100]) : g.pick([1, 1, 2, 16])
        var shadows: [String] = []
        for _ in 0..<count {
            let blur = g.chance(hostility) ? g.pick(["1001", "-1", "nan", "1e308"]) : g.pick(["0", "0.000001", "4", "24", "1000"])
            let spread = g.chance(50) ? " " + (g.chance(hostility) ? number() : g.pick(["-1000", "-4", "0", "8", "1000"])) : ""
            shadows.append("\(number()) \(number()) \(blur)\(spread) \(g.pick(["#0004", "#000", "red"]))")
        }
        return shadows.joined(separator: ", ")
    }

    /// Transforms: the largest factors, far moves, any angle, and now and then past the
    /// limits (which are refused).
    private mutating func transform() -> String {
        var steps: [String] = []
        for _ in 0..<(g.chance(hostility) ? 9 : g.int(1...3)) {
            switch g.int(0...2) {
            case 0: steps.append("rotate(\(number())deg)")
            case 1: steps.append("scale(\(g.chance(hostility) ? g.pick(["0", "1000", "nan"]) : g.pick(["0.01", "100", "-1", "1.5"])))")
            default: steps.append("translate(\(number()), \(number()))")
            }
        }
        return steps.joined(separator: " ")
    }

    /// Text shadows: no spread, and now and then one that has one (which is refused).
    private mutating func textShadows() -> String {
        let count = g.chance(hostility) ? g.pick([17, 100]) : g.pick([1, 2, 16])
        var shadows: [String] = []
        for _ in 0..<count {
            let blur = g.chance(hostility) ? g.pick(["1001", "-1", "nan", "1 1"]) : g.pick(["0", "2", "24", "1000"])
            shadows.append("\(number()) \(number()) \(blur) \(g.pick(["#0004", "#fff", "blue"]))")
        }
        return shadows.joined(separator: ", ")
    }

    /// `if`/`else` with a condition nested to one of `depths`, or `for` over a list.
    private mutating func control(depth: Int, parent: String) {
        if g.chance(40) {
            lines.append(indent(depth) + "for x in \(g.pick(["xs", "name", "missing"]))")
            node(depth: depth + 1, parent: parent)
            return
        }
        lines.append(indent(depth) + "if " + condition(depth: g.chance(80) ? g.int(0...64) : g.pick(Hostile.depths)))
        node(depth: depth + 1, parent: parent)
        if g.chance(50) {
            lines.append(indent(depth) + "else")
            node(depth: depth + 1, parent: parent)
        }
    }

    private mutating func condition(depth: Int) -> String {
        let leaf = g.pick(["width < 300", "big > 0", "tiny == 0", "name == \"n\"", "not missing", "x", "1000000 > 1"])
        switch g.int(0...3) {
        case 0: return String(repeating: "(", count: depth) + leaf + String(repeating: ")", count: depth)
        case 1: return String(repeating: "not ", count: depth) + leaf
        case 2: return leaf + String(repeating: g.chance(50) ? " and " + leaf : " or " + leaf, count: depth)
        default:
            var c = leaf
            for _ in 0..<depth { c = g.pick(["(\(c))", "not \(c)", "\(c) and \(leaf)", "\(leaf) or (\(c))"]) }
            return c
        }
    }

    /// Two facts per axis, sometimes `min()`/`max()` nested to one of `depths`, with
    /// extreme numbers as points, percentages, factors and offsets.
    private mutating func anchors() -> [String] {
        var out: [String] = []
        for (a, b) in [("left", "width"), ("top", "height")] {
            out.append("\(a)=\(anchor())")
            if g.chance(70) { out.append("\(b)=\(anchor())") }
        }
        return out
    }

    private mutating func anchor() -> String {
        let target = ids > 1 && g.chance(40) ? "n\(g.int(1...ids - 1))" : "parent"
        var e = g.pick([number(), percent(), "\(target).width*\(number())", "\(target).bottom+\(number())",
                        "\(target).right-\(number())"])
        if g.chance(20) {
            let depth = g.chance(80) ? g.int(1...64) : g.pick(Hostile.depths)
            for _ in 0..<depth { e = "\(g.pick(["min", "max"]))(\(e), \(number()))" }
        }
        return e
    }
}

extension HostileSpecGenerator where Source == SeededChoices {
    public init(seed: UInt64) { self.init(choices: SeededChoices(state: seed)) }
}
