/// Makes SVG documents that aim at the work of drawing them rather than at their syntax:
/// `<use>` of groups of `<use>` (work that multiplies), filters of several primitives
/// referred to from many elements and from style sheets, reference cycles, deep nesting,
/// entities, `data:` images whose headers claim any size (PNG, JPEG, GIF, WebP, BMP and
/// unreadable formats) and SVGs inside SVGs, and root sizes at and past the range of
/// lengths. Deterministic for its choices: the `svg-structure` fuzz target reads them from
/// the fuzzer's bytes, the property tests from a seed.
///
/// What every document must get from `SVGDocument`: a clear error, or a document whose
/// drawing is charged for what it does (so a render of it ends within its budget).
public struct SVGDocumentGenerator<Source: Choices> {
    public var g: Source
    private var ids: [String] = []
    private var filters: [String] = []
    private var out = ""
    /// Groups opened by the deep-nesting case, closed at the end.
    private var openGroups = 0

    public init(choices: Source) { g = choices }

    /// One document, as bytes.
    public mutating func document() -> [UInt8] {
        Array(text(nesting: 0).utf8)
    }

    private mutating func text(nesting: Int) -> String {
        ids = []
        filters = []
        out = ""
        openGroups = 0
        if g.chance(10) {
            out += "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY e \""
                + g.pick(["http://ns.example/x", "<rect width='9' height='9'/>", "&amp;", "%p;"]) + "\">]>"
        }
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""
        if g.chance(85) { out += " width=\"\(size())\" height=\"\(size())\"" }
        if g.chance(40) { out += " viewBox=\"0 0 \(size()) \(size())\"" }
        out += ">"
        if g.chance(15) { out += "<style>" + g.pick(["rect { filter: url(#f0) }", "* { mask: url(#g1) }", "circle { fill: red }"]) + "</style>" }
        out += "<defs>"
        for _ in 0..<g.int(0...3) { filter() }
        out += "<rect id=\"r\" width=\"\(size())\" height=\"\(size())\"" + filterReference() + "/>"
        ids.append("r")
        // Groups of uses of what came before: the work multiplies level by level.
        for level in 0..<g.pick([0, 1, 2, 4, 6]) {
            let id = "g\(level)"
            out += "<g id=\"\(id)\"" + filterReference() + ">"
            for _ in 0..<g.pick([1, 2, 10, 40]) { use(of: g.pick(ids)) }
            if g.chance(5) { use(of: id) }  // a cycle
            out += "</g>"
            ids.append(id)
        }
        out += "</defs>"
        for _ in 0..<g.pick([0, 1, 10, 200]) {
            switch g.int(0...4) {
            case 0: use(of: g.pick(ids))
            case 1: image(nesting: nesting)
            case 2: out += "<circle r=\"\(size())\"" + filterReference() + "/>"
            case 3:
                let depth = g.pick([1, 10, 300])
                out += String(repeating: "<g>", count: depth) + "<rect width=\"1\" height=\"1\"/>"
                openGroups += depth  // closed below
            default: out += "<path d=\"M0 0" + String(repeating: " L1 1", count: g.pick([1, 100, 1000])) + "\"" + filterReference() + "/>"
            }
        }
        if g.chance(10) { out += "&e;" }
        // Close what case 3 left open (an unclosed document is librsvg's error to report).
        if g.chance(90) { out += String(repeating: "</g>", count: openGroups) }
        out += "</svg>"
        return out
    }

    /// A length: ordinary, at and past the range of lengths (1,000,000), past `Float`, or not one.
    private mutating func size() -> String {
        g.pick(["1", "24", "400", "4096", "1000000", "1000001", "3.4e38", "1e39", "0", "-5", "50%", "10mm", "1e-9", "nan"])
    }

    private mutating func filter() {
        let id = "f\(filters.count)"
        out += "<filter id=\"\(id)\">"
        for _ in 0..<g.pick([1, 2, 4, 20]) {
            out += g.pick(["<feGaussianBlur stdDeviation=\"\(g.pick(["0.5", "20", "1000"]))\"/>",
                           "<feOffset dx=\"4\" dy=\"4\"/>", "<feMorphology radius=\"\(g.pick(["1", "100"]))\"/>",
                           "<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge>",
                           "<feTurbulence baseFrequency=\"0.05\" numOctaves=\"\(g.pick(["1", "10"]))\"/>"])
        }
        out += "</filter>"
        filters.append(id)
        ids.append(id)
    }

    private mutating func filterReference() -> String {
        guard !filters.isEmpty, g.chance(50) else { return "" }
        return g.chance(50) ? " filter=\"url(#\(g.pick(filters)))\"" : " style=\"filter: url('#\(g.pick(filters))')\""
    }

    private mutating func use(of id: String) {
        out += g.chance(50) ? "<use xlink:href=\"#\(id)\"/>" : "<use href=\"#\(id)\" x=\"1\"" + filterReference() + "/>"
    }

    /// An `<image>` with a `data:` URL: a header claiming a size at or past the limits, a
    /// format whose size is not read, or an SVG (itself generated, two levels at most).
    private mutating func image(nesting: Int) {
        let (type, bytes): (String, [UInt8])
        let side = g.pick([1, 64, 4096, 16_384, 16_385, 16_000, 65_535])
        let other = g.pick([1, 64, 4096, 16_384, 16_000])
        switch g.int(0...6) {
        case 0: (type, bytes) = ("image/png", Self.pngHeader(side, other))
        case 1: (type, bytes) = ("image/jpeg", [0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, UInt8(other >> 8 & 255), UInt8(other & 255),
                                               UInt8(side >> 8 & 255), UInt8(side & 255), 3, 0, 0, 0])
        case 2: (type, bytes) = ("image/gif", Array("GIF89a".utf8) + [UInt8(side & 255), UInt8(side >> 8 & 255),
                                                                        UInt8(other & 255), UInt8(other >> 8 & 255)])
        case 3: (type, bytes) = ("image/tiff", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0])
        case 4 where nesting < 3:
            var inner = SVGDocumentGenerator(choices: g)
            let text = inner.text(nesting: nesting + 1)
            g = inner.g
            (type, bytes) = ("image/svg+xml", Array(text.utf8))
        default: (type, bytes) = (g.pick(["image/png", "text/plain", ""]), Self.pngHeader(side, other))
        }
        out += "<image width=\"10\" height=\"10\" xlink:href=\"data:\(type);base64,\(Self.base64(bytes))\"/>"
    }

    /// The signature and IHDR of a PNG of `width × height` (nothing after: what a size check reads).
    static func pngHeader(_ width: Int, _ height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        for v in [width, height] { bytes += [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        return bytes + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let chunk = bytes[i..<min(i + 3, bytes.count)]
            let b0 = chunk[chunk.startIndex], b1 = chunk.count > 1 ? chunk[chunk.startIndex + 1] : 0
            let b2 = chunk.count > 2 ? chunk[chunk.startIndex + 2] : 0
            out.append(table[Int(b0 >> 2)])
            out.append(table[Int((b0 & 3) << 4 | b1 >> 4)])
            out.append(chunk.count > 1 ? table[Int((b1 & 15) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(chunk.count > 2 ? table[Int(b2 & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
