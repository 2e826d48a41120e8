import LayoutRenderKit
import PixelDiff
import SpecLanguage
import XCTest

/// Properties that hold for every tree, checked on random specs from a seeded generator
/// (the seed is in the failure message, so a failure can be replayed).
final class PropertyTests: XCTestCase {
    /// A small deterministic generator (SplitMix64).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
        mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
        mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    }

    /// A random valid spec: nested stacks, zboxes and borders with labels, boxes and spacers,
    /// and flex attributes.
    static func randomSpec(seed: UInt64) -> String {
        var g = Generator(state: seed)
        var lines = ["canvas width=\(g.int(120...480)) background=#ffffff scale=\(g.pick([1, 2]))"]
        let words = ["alpha", "beta", "gamma", "delta", "a", "long-hyphenated-word", "x", "wide 日本"]
        func node(depth: Int, parentKind: String) {
            let indent = String(repeating: "  ", count: depth)
            var attrs: [String] = []
            if parentKind == "vbox" || parentKind == "hbox" {
                if g.chance(30) { attrs.append("grow=\(g.int(0...3))") }
                if g.chance(20) { attrs.append("shrink=\(g.int(0...2))") }
                if g.chance(20) { attrs.append("margin=\(g.int(0...6))") }
                if g.chance(15) { attrs.append("align-self=\(g.pick(["start", "center", "end", "stretch"]))") }
            }
            if parentKind == "border" { attrs.append("region=\(g.pick(["top", "bottom", "left", "right"]))") }
            if parentKind == "zbox" && g.chance(50) { attrs.append("align-self=\(g.pick(["start", "center", "end", "stretch"]))") }
            let kind = depth >= 4 ? g.pick(["label", "box", "spacer"]) : g.pick(["vbox", "hbox", "zbox", "border", "label", "box", "spacer", "vbox", "hbox"])
            switch kind {
            case "label":
                let text = (0..<g.int(1...8)).map { _ in g.pick(words) }.joined(separator: " ")
                attrs.append("lines=\(g.int(0...3))")
                if g.chance(30) { attrs.append("truncate=\(g.pick(["tail", "head", "middle", "clip"]))") }
                if g.chance(30) { attrs.append("align=\(g.pick(["left", "center", "right", "justify"]))") }
                lines.append(indent + "label \"\(text)\" " + attrs.joined(separator: " "))
            case "box":
                if g.chance(70) { attrs.append("size=\(g.int(0...80))x\(g.int(0...40))") }
                if g.chance(50) { attrs.append("background=#\(g.pick(["4f7cff", "ff8a4f", "2f9e44"]))") }
                if g.chance(30) { attrs.append("border=1,#000000") }
                lines.append(indent + "box " + attrs.joined(separator: " "))
            case "spacer":
                if parentKind == "border" || parentKind == "zbox" {
                    lines.append(indent + "box " + attrs.joined(separator: " "))
                } else {
                    lines.append(indent + (g.chance(50) ? "spacer \(g.int(0...20)) " : "spacer ") + attrs.joined(separator: " "))
                }
            default:
                if kind == "vbox" || kind == "hbox" {
                    attrs.append("gap=\(g.int(0...8))")
                    if g.chance(40) { attrs.append("justify=\(g.pick(["start", "center", "end", "space-between", "space-around", "space-evenly"]))") }
                    if g.chance(40) { attrs.append("align=\(g.pick(["start", "center", "end", "stretch"]))") }
                    if g.chance(15) { attrs.append("wrap") }
                }
                if g.chance(40) { attrs.append("padding=\(g.int(0...10))") }
                lines.append(indent + kind + " " + attrs.joined(separator: " "))
                let children = kind == "border" ? g.int(0...3) : g.int(0...4)
                for _ in 0..<children { node(depth: depth + 1, parentKind: kind) }
                if kind == "border" && g.chance(60) {
                    lines.append(indent + "  box region=center background=#eeeeee")
                }
            }
        }
        for _ in 0..<g.int(1...3) { node(depth: 0, parentKind: "vbox") }
        return lines.joined(separator: "\n") + "\n"
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

    /// Laying out again at the size the first layout found changes nothing.
    func testLayoutAtItsOwnSizeIsIdempotent() throws {
        for seed in seeds {
            let spec = Self.randomSpec(seed: seed)
            let first = try renderer.layout(source: spec, options: RenderOptions())
            guard first.size.height > 0 else { continue } // an empty layout has no canvas to redo
            var options = RenderOptions()
            options.canvasSize = (first.size.width, first.size.height)
            let second = try renderer.layout(source: spec, options: options)
            XCTAssertEqual(first.frames.nodes, second.frames.nodes, "seed \(seed)")
        }
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
