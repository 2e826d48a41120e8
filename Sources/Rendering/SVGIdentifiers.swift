/// Cairo's SVG surface names groups and embedded images after the surfaces they come from
/// (`id="surface14"`, `xlink:href="#image9"`), whose numbers are process-wide counters: the
/// same spec drawn again in one process (a service worker) would differ in those names
/// only. They are renumbered here in order of first appearance, so the document is the
/// same bytes every time. Only names right after `id="` or `#` are touched; embedded image
/// data (base64, which has neither `"` nor `#`) is not.
enum SVGIdentifiers {
    static let prefixes: [[UInt8]] = [Array("surface".utf8), Array("image".utf8)]

    static func renumbered(_ svg: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(svg.count)
        var names: [[UInt8]: Int] = [:]
        var next = [Int](repeating: 1, count: prefixes.count)
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#")
        let idEquals = Array("id=".utf8)
        var i = 0
        while i < svg.count {
            let byte = svg[i]
            out.append(byte)
            i += 1
            let named = byte == hash || (byte == quote && out.count >= 4 && Array(out[(out.count - 4)..<(out.count - 1)]) == idEquals)
            guard named else { continue }
            for (index, prefix) in prefixes.enumerated() where svg[i...].starts(with: prefix) {
                var end = i + prefix.count
                while end < svg.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(svg[end]) { end += 1 }
                guard end > i + prefix.count else { continue }
                let old = Array(svg[i..<end])
                let number: Int
                if let known = names[old] {
                    number = known
                } else {
                    number = next[index]
                    next[index] += 1
                    names[old] = number
                }
                out += prefix + Array(String(number).utf8)
                i = end
                break
            }
        }
        return out
    }
}
