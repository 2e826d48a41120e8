import LayoutEngine
@testable import LayoutRenderKit
import PixelDiff
import SpecGenerators
import SpecLanguage
import XCTest

/// Properties that hold for every tree, checked on random specs from a seeded generator
/// (the seed is in the failure message, so a failure can be replayed).
final class PropertyTests: XCTestCase {
    typealias Generator = SeededChoices

    /// A random valid spec: nested stacks, zboxes and borders with labels, boxes and spacers,
    /// and flex attributes.
    ///
    /// With `fitting`, nothing can overflow: no item has `shrink=0`, and the canvas is at
    /// least as wide as an upper bound of the tree's min-content width (`Need`), so every
    /// stack can shrink its items to fit, every row and `border` that is not stretched is
    /// fit-content wide, every `border`'s sides can shrink to their min-content width and
    /// every label can wrap to its width. Heights are all automatic, so they cannot overflow
    /// either. Otherwise the tree for a seed is the one drawn without `fitting`: the same
    /// random numbers are drawn in the same order.
    static func randomSpec(seed: UInt64, fitting: Bool = false) -> String {
        var g = Generator(state: seed)
        var lines = ["canvas width=\(g.int(120...480)) background=#ffffff scale=\(g.pick([1, 2]))"]
        let words = ["alpha", "beta", "gamma", "delta", "a", "long-hyphenated-word", "x", "wide 日本"]
        func node(depth: Int, parentKind: String) -> (need: Need, region: String) {
            let indent = String(repeating: "  ", count: depth)
            var attrs: [String] = []
            var margin = 0.0
            var region = "center"
            if parentKind == "vbox" || parentKind == "hbox" {
                if g.chance(30) { attrs.append("grow=\(g.int(0...3))") }
                if g.chance(20) { attrs.append("shrink=\(fitting ? max(1, g.int(0...2)) : g.int(0...2))") }
                if g.chance(20) { let m = g.int(0...6); margin = Double(m); attrs.append("margin=\(m)") }
                if g.chance(15) { attrs.append("align-self=\(g.pick(["start", "center", "end", "stretch"]))") }
            }
            if parentKind == "border" { region = g.pick(["top", "bottom", "left", "right"]); attrs.append("region=\(region)") }
            if parentKind == "zbox" && g.chance(50) { attrs.append("align-self=\(g.pick(["start", "center", "end", "stretch"]))") }
            let kind = depth >= 4 ? g.pick(["label", "box", "spacer"]) : g.pick(["vbox", "hbox", "zbox", "border", "label", "box", "spacer", "vbox", "hbox"])
            var need: Need
            switch kind {
            case "label":
                let text = (0..<g.int(1...8)).map { _ in g.pick(words) }.joined(separator: " ")
                attrs.append("lines=\(g.int(0...3))")
                if g.chance(30) { attrs.append("truncate=\(g.pick(["tail", "head", "middle", "clip"]))") }
                if g.chance(30) { attrs.append("align=\(g.pick(["left", "center", "right", "justify"]))") }
                lines.append(indent + "label \"\(text)\" " + attrs.joined(separator: " "))
                need = Need(text: text)
            case "box":
                var width = 0.0
                if g.chance(70) { let w = g.int(0...80); width = Double(w); attrs.append("size=\(w)x\(g.int(0...40))") }
                if g.chance(50) { attrs.append("background=#\(g.pick(["4f7cff", "ff8a4f", "2f9e44"]))") }
                if g.chance(30) { attrs.append("border=1,#000000"); width = max(width, 2) }
                lines.append(indent + "box " + attrs.joined(separator: " "))
                need = Need(min: width, max: width)
            case "spacer":
                if parentKind == "border" || parentKind == "zbox" {
                    lines.append(indent + "box " + attrs.joined(separator: " "))
                    need = Need(min: 0, max: 0)
                } else if g.chance(50) {
                    let length = g.int(0...20)
                    lines.append(indent + "spacer \(length) " + attrs.joined(separator: " "))
                    need = Need(min: Double(length), max: Double(length))
                } else {
                    lines.append(indent + "spacer " + attrs.joined(separator: " "))
                    need = Need(min: 0, max: 0)
                }
            default:
                var gap = 0.0, wraps = false, padding = 0.0
                if kind == "vbox" || kind == "hbox" {
                    let gi = g.int(0...8); gap = Double(gi)
                    attrs.append("gap=\(gi)")
                    if g.chance(40) { attrs.append("justify=\(g.pick(["start", "center", "end", "space-between", "space-around", "space-evenly"]))") }
                    if g.chance(40) { attrs.append("align=\(g.pick(["start", "center", "end", "stretch"]))") }
                    if g.chance(15) { attrs.append("wrap"); wraps = true }
                }
                if g.chance(40) { let p = g.int(0...10); padding = Double(p); attrs.append("padding=\(p)") }
                lines.append(indent + kind + " " + attrs.joined(separator: " "))
                var children: [(need: Need, region: String)] = []
                for _ in 0..<(kind == "border" ? g.int(0...3) : g.int(0...4)) {
                    children.append(node(depth: depth + 1, parentKind: kind))
                }
                if kind == "border" && g.chance(60) {
                    lines.append(indent + "  box region=center background=#eeeeee")
                    children.append((Need(min: 0, max: 0), "center"))
                }
                need = Need(container: kind, children: children, gap: gap, wraps: wraps)
                need.min += 2 * padding
                need.max += 2 * padding
            }
            need.min += 2 * margin
            need.max += 2 * margin
            return (need, region)
        }
        var rootNeed = 0.0
        for _ in 0..<g.int(1...3) { rootNeed = max(rootNeed, node(depth: 0, parentKind: "vbox").need.min) }
        if fitting {
            // Sometimes just wide enough, so that stacks shrink and labels wrap near their limit.
            let width = max(1, Int(rootNeed.rounded(.up)) + g.pick([0, 0, 10, 60, 200]))
            lines[0] = lines[0].replacing(#/width=\d+/#, with: "width=\(width)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Upper bounds of a generated node's min-content and max-content widths, margins
    /// included, following what each layout does with its children's widths.
    struct Need {
        var min: Double
        var max: Double

        init(min: Double, max: Double) { self.min = min; self.max = max }

        /// DejaVu Sans Mono at the default 14 pt advances 0.602 em (8.43 pt) a character;
        /// 8.5 a column, two columns for anything outside ASCII (which the font may not
        /// cover), and one more for a trailing space and the rounding up to the pixel grid.
        init(text: String) {
            func width(_ s: Substring) -> Double {
                8.5 * Double(s.unicodeScalars.reduce(0) { $0 + ($1.isASCII ? 1 : 2) } + 1) + 1
            }
            min = text.split(separator: " ").map(width).max() ?? 0
            max = width(Substring(text))
        }

        init(container kind: String, children: [(need: Need, region: String)], gap: Double, wraps: Bool) {
            let gaps = gap * Double(Swift.max(0, children.count - 1))
            switch kind {
            case "hbox":
                // Items shrink to their min-content width (none has shrink=0); a wrapping
                // row may put each item on its own line.
                min = wraps ? children.map(\.need.min).max() ?? 0 : children.map(\.need.min).reduce(0, +) + gaps
                max = children.map(\.need.max).reduce(0, +) + gaps
            case "border":
                // The middle row (left, centre, right) side by side; its sides shrink to their
                // min-content width, the centre keeps its own.
                let middle = children.filter { $0.region != "top" && $0.region != "bottom" }
                let bands = children.filter { $0.region == "top" || $0.region == "bottom" }
                let middleGaps = gap * Double(Swift.max(0, middle.count - 1))
                min = Swift.max(bands.map(\.need.min).max() ?? 0, middle.map(\.need.min).reduce(0, +) + middleGaps)
                max = Swift.max(bands.map(\.need.max).max() ?? 0, middle.map(\.need.max).reduce(0, +) + middleGaps)
            default: // vbox, zbox: the widest child
                min = children.map(\.need.min).max() ?? 0
                max = children.map(\.need.max).max() ?? 0
            }
        }
    }

    let renderer = LayoutRenderer()
    let seeds: [UInt64] = Array(1...120)

    func testFramesAreFiniteNonNegativeAndDeterministic() throws {
        for seed in seeds {
            let spec = Self.randomSpec(seed: seed)
            let a = try renderer.layout(source: spec, options: RenderOptions())
            let b = try renderer.layout(source: spec, options: RenderOptions())
            XCTAssertEqual(a.frames, b.frames, "seed \(seed): layout is not deterministic")
            for n in a.frames.nodes {
                XCTAssertTrue([n.x, n.y, n.width, n.height].allSatisfy(\.isFinite), "seed \(seed): \(n)")
                XCTAssertGreaterThanOrEqual(n.width, 0, "seed \(seed): \(n)")
                XCTAssertGreaterThanOrEqual(n.height, 0, "seed \(seed): \(n)")
            }
        }
    }

    /// Laying out again at the size the first layout found changes nothing (measuring,
    /// then arranging at the measured size), on trees that overflow and trees that fit.
    /// Text sizes are exact, so the natural height is a fraction that the frame dump
    /// gives on the pixel grid: the second layout has up to a device pixel more room, and
    /// each edge may land one device pixel away.
    func testLayoutAtItsOwnSizeIsIdempotent() throws {
        for seed in seeds {
          for fitting in [false, true] {
            let spec = Self.randomSpec(seed: seed, fitting: fitting)
            let first = try renderer.layout(source: spec, options: RenderOptions())
            guard first.size.height > 0 else { continue } // an empty layout has no canvas to redo
            var options = RenderOptions()
            options.canvasSize = (first.size.width, first.size.height)
            let second = try renderer.layout(source: spec, options: options)
            XCTAssertEqual(first.frames.nodes.count, second.frames.nodes.count)
            let pixel = 1 / first.scene.scale + 1e-9
            for (a, b) in zip(first.frames.nodes, second.frames.nodes) {
                let edges = [(a.x, b.x), (a.y, b.y), (a.x + a.width, b.x + b.width), (a.y + a.height, b.y + b.height)]
                XCTAssert(edges.allSatisfy { abs($0.0 - $0.1) <= pixel },
                          "seed \(seed), fitting: \(fitting): \(a) became \(b)")
            }
          }
        }
    }

    /// Where nothing can overflow (`randomSpec(seed:fitting:)`), every child's margin box
    /// lies inside its parent's content box (the frame less padding and border).
    ///
    /// Frames are snapped to device pixels edge by edge with one monotonic rounding, and
    /// padding, borders and margins are whole points (whole device pixels at scale 1 and 2),
    /// so snapping alone keeps an inside edge inside. But an edge computed as a sum can end
    /// a rounding error past a half pixel (x.5000000001 against x.5) and round a whole device
    /// pixel the other way: hence a slack of 1 / scale.
    func testChildrenStayInsideTheirParentWhenNothingOverflows() throws {
        func points(_ d: LayoutEngine.Dimension) -> Double {
            if case .points(let v) = d { return v }
            return 0 // auto margins count as 0; the generator writes no percentages
        }
        var wrapping = 0
        for seed in seeds {
            let spec = Self.randomSpec(seed: seed, fitting: true)
            let laidOut = try renderer.layout(source: spec, options: RenderOptions())
            let tree = laidOut.scene.tree
            let frames = laidOut.layout.absoluteFrames
            let slack = 1 / laidOut.scene.scale + 1e-9
            if frames.indices.contains(where: { laidOut.frames.nodes[$0].kind == "label" && frames[$0].height > 20 }) { wrapping += 1 }
            for child in 0..<tree.count {
                guard let parent = tree.parents[child] else { continue }
                let p = tree.styles[parent], c = tree.styles[child]
                let f = frames[parent]
                let inner = (minX: f.minX + points(p.padding.left) + p.border.left,
                             minY: f.minY + points(p.padding.top) + p.border.top,
                             maxX: f.maxX - points(p.padding.right) - p.border.right,
                             maxY: f.maxY - points(p.padding.bottom) - p.border.bottom)
                let g = frames[child]
                let outer = (minX: g.minX - points(c.margin.left), minY: g.minY - points(c.margin.top),
                             maxX: g.maxX + points(c.margin.right), maxY: g.maxY + points(c.margin.bottom))
                XCTAssert(outer.minX >= inner.minX - slack && outer.minY >= inner.minY - slack
                          && outer.maxX <= inner.maxX + slack && outer.maxY <= inner.maxY + slack,
                          "seed \(seed): the \(laidOut.frames.nodes[child].kind) on line \(laidOut.frames.nodes[child].line), "
                          + "margin box \(outer), is outside its parent's content box \(inner)")
            }
        }
        // The property is only worth something if the trees are tight: labels must wrap.
        XCTAssertGreaterThan(wrapping, seeds.count / 4, "too few seeds make a label wrap")
    }

    func testSpecToJSONToSpecKeepsTheTree() throws {
        for seed in seeds {
            let text = Self.randomSpec(seed: seed)
            let original = try SpecParser().parse(text)
            let back = try SpecParser().parse(SpecWriter.specText(try JSONSpecReader().parse(Array(SpecWriter.json(original).utf8))))
            XCTAssertEqual(SpecWriter.specText(back), SpecWriter.specText(original), "seed \(seed)")
            let a = try renderer.layout(source: text, options: RenderOptions())
            let b = try renderer.layout(source: SpecWriter.specText(back), options: RenderOptions())
            XCTAssertEqual(a.frames.nodes.map { [$0.x, $0.y, $0.width, $0.height] }, b.frames.nodes.map { [$0.x, $0.y, $0.width, $0.height] }, "seed \(seed)")
        }
    }

    func testDiffOfAnImageWithItselfIsZeroAndCountsAreSymmetric() throws {
        // A fixed height, so an empty layout still makes a picture.
        func render(_ seed: UInt64) throws -> RenderedImage {
            let spec = Self.randomSpec(seed: seed).replacingOccurrences(of: " background=#ffffff", with: " height=200 background=#ffffff")
            return try renderer.render(source: spec, options: RenderOptions())
        }
        for seed in seeds.prefix(30) {
            let a = try render(seed)
            let b = try render(seed + 1000)
            let sizeA = (a.bitmap.width, a.bitmap.height), sizeB = (b.bitmap.width, b.bitmap.height)
            XCTAssertEqual(try diffImages(expected: a.bitmap.pixels, expectedSize: sizeA, actual: a.bitmap.pixels, actualSize: sizeA).differentPixels, 0)
            let ab = try diffImages(expected: a.bitmap.pixels, expectedSize: sizeA, actual: b.bitmap.pixels, actualSize: sizeB)
            let ba = try diffImages(expected: b.bitmap.pixels, expectedSize: sizeB, actual: a.bitmap.pixels, actualSize: sizeA)
            XCTAssertEqual(ab.differentPixels, ba.differentPixels, "seed \(seed)")
        }
    }
}
