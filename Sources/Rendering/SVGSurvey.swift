/// What drawing an SVG document costs, read from its text before librsvg sees it: the
/// elements drawn with every reference expanded, the filter primitives run, and the images
/// inside it (`data:` URLs) checked against the image limits from their headers.
///
/// A few kilobytes of SVG can ask for any amount of work: 10,000 `<use>` of a blurred rect
/// are 10,000 blurs, a `<use>` of a group of `<use>`s multiplies, and a `data:` PNG of
/// 16,000 × 16,000 pixels is 1 GB once decoded. librsvg's own limits are far above what a
/// render may spend, so the survey counts, and `SVGDocument` refuses past
/// `maxDrawnElements`, `maxFilterPrimitives` or the image limits, and charges the rest to
/// the paint budget where it is drawn.
///
/// Counting (an upper bound of what librsvg does):
/// - each element is 1, plus its children, plus, for every reference it makes (`href` or
///   `xlink:href` to `#id`, and `url(#id)` in any attribute: `filter`, `mask`,
///   `clip-path`, `marker-*`, a `fill` or `stroke` pattern), the whole count of the element
///   referred to, each time, however deep; a reference in a cycle counts nothing more
///   (librsvg refuses cycles);
/// - each element under a `<filter>` (its primitives) counts as a filter primitive too,
///   each time the filter is referred to;
/// - a `<style>` sheet that refers to anything (`url(#id)`) is taken to refer to it from
///   every element (selectors are not matched: an upper bound);
/// - an `<image>` holding an SVG (`data:image/svg+xml`) counts that document's elements and
///   primitives, surveyed in turn (at most `maxNesting` deep).
///
/// Entity declarations (`<!ENTITY>` in the DOCTYPE) are refused: one holding markup could
/// expand into elements the survey does not see, and libxml2 under librsvg leaks the text
/// of every one (100 bytes a declaration, found by the `svg-structure` fuzz target), which a
/// long-running service would accumulate.
struct SVGSurvey {
    /// Elements drawn, every reference expanded (saturating).
    private(set) var drawnElements = 0
    /// Filter primitives run, every reference expanded (saturating).
    private(set) var filterPrimitives = 0
    /// Pixels of the bitmaps inside the document (their headers' sizes, all of them).
    private(set) var embeddedPixels = 0
    /// The root `<svg>`'s `width` and `height` attributes, as written.
    private(set) var rootWidth: String?
    private(set) var rootHeight: String?

    /// Most elements drawn, references expanded: 100,000, ten times a detailed
    /// illustration, a few hundred milliseconds of librsvg.
    static let maxDrawnElements = 100_000
    /// Most filter primitives run, references expanded: 1,000 (each runs over up to the
    /// whole image; a drop shadow is three or four).
    static let maxFilterPrimitives = 1_000
    /// How deep SVGs may hold SVGs (as `data:` images).
    static let maxNesting = 2
    /// How deep elements may nest, and chains of references go (the count recurses along
    /// both, on whatever thread renders): 256, as deep as a spec's nodes.
    static let maxDepth = 256

    /// The limits of the images inside: the bitmap limits of the render.
    struct ImageLimits: Hashable, Sendable {
        var maxSide = 16_384
        var maxPixels = 64 << 20
    }

    /// A run of the document's bytes (UTF-8): names, ids and values are compared as bytes.
    private typealias Bytes = ArraySlice<UInt8>

    private struct Element {
        var name: Bytes
        var id: Bytes?
        var children: [Int] = []
        var references: [Bytes] = []
        var nested: (elements: Int, primitives: Int)?
        var isFilterPart = false
    }

    /// Surveys `bytes` (UTF-8 XML); throws what librsvg should never be given. One pass
    /// over the bytes, then one over the elements (each counted once, memoised).
    init(_ bytes: [UInt8], imageLimits: ImageLimits = ImageLimits(), nesting: Int = 0) throws(RenderError) {
        var elements: [Element] = []
        var ids: [Bytes: Int] = [:]
        var open: [Int] = []
        var roots: [Int] = []
        var styleReferences: [Bytes] = []
        var insideStyle = false
        var filterDepth = 0  // open <filter> elements
        var i = 0
        while let lt = Self.find([UInt8(ascii: "<")], in: bytes, from: i) {
            if insideStyle { styleReferences += Self.urlReferences(in: bytes[i..<lt]) }
            if Self.has("<!--", in: bytes, at: lt) {
                guard let end = Self.find(Array("-->".utf8), in: bytes, from: lt) else { break }
                i = end + 3
                continue
            }
            if Self.has("<![CDATA[", in: bytes, at: lt) {
                guard let end = Self.find(Array("]]>".utf8), in: bytes, from: lt) else { break }
                if insideStyle { styleReferences += Self.urlReferences(in: bytes[lt..<end]) }
                i = end + 3
                continue
            }
            if Self.has("<?", in: bytes, at: lt) {
                guard let end = Self.find(Array("?>".utf8), in: bytes, from: lt) else { break }
                i = end + 2
                continue
            }
            if Self.has("<!", in: bytes, at: lt) {
                i = try Self.skipDeclaration(bytes, from: lt)
                continue
            }
            // A tag: read to its '>' outside quotes.
            var j = lt + 1
            var quote: UInt8 = 0
            while j < bytes.count {
                let c = bytes[j]
                if quote != 0 {
                    if c == quote { quote = 0 }
                } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    quote = c
                } else if c == UInt8(ascii: ">") {
                    break
                }
                j += 1
            }
            guard j < bytes.count else { break }
            let tag = bytes[(lt + 1)..<j]
            i = j + 1
            if tag.first == UInt8(ascii: "/") {
                if let index = open.popLast() {
                    if elements[index].name.elementsEqual("style".utf8) { insideStyle = false }
                    if elements[index].name.elementsEqual("filter".utf8) { filterDepth -= 1 }
                }
                continue
            }
            let selfClosing = tag.last == UInt8(ascii: "/")
            let body = selfClosing ? tag.dropLast() : tag
            let nameEnd = body.firstIndex(where: Self.isSpace) ?? body.endIndex
            var element = Element(name: Self.localName(body[..<nameEnd]))
            element.isFilterPart = filterDepth > 0
            let isRoot = elements.isEmpty && element.name.elementsEqual("svg".utf8)
            for (name, value) in Self.attributes(body[nameEnd...]) {
                let local = Self.localName(name)
                if local.elementsEqual("id".utf8) { element.id = value }
                if local.elementsEqual("href".utf8) {
                    let trimmed = value.drop(while: Self.isSpace)
                    if trimmed.first == UInt8(ascii: "#") {
                        element.references.append(trimmed.dropFirst())
                    } else if trimmed.prefix(5).map({ $0 | 0x20 }).elementsEqual("data:".utf8) {
                        element.nested = try Self.checkDataURL(trimmed, imageLimits: imageLimits, nesting: nesting,
                                                               embeddedPixels: &embeddedPixels)
                    }
                }
                element.references += Self.urlReferences(in: value)
                if isRoot {
                    if local.elementsEqual("width".utf8) { rootWidth = String(decoding: value, as: UTF8.self) }
                    if local.elementsEqual("height".utf8) { rootHeight = String(decoding: value, as: UTF8.self) }
                }
            }
            let index = elements.count
            elements.append(element)
            guard elements.count <= Self.maxDrawnElements else { throw Self.tooManyElements() }
            if let id = element.id, ids[id] == nil { ids[id] = index }
            if let parent = open.last { elements[parent].children.append(index) } else { roots.append(index) }
            if !selfClosing {
                guard open.count < Self.maxDepth else {
                    throw .svg("its elements nest more than \(Self.maxDepth) deep (the limit)")
                }
                open.append(index)
                if element.name.elementsEqual("style".utf8) { insideStyle = true }
                if element.name.elementsEqual("filter".utf8) { filterDepth += 1 }
            }
        }

        // The counts, every reference expanded: memoised, so a chain of uses that doubles at
        // each step costs its length to count, and saturating at the limits.
        var memo: [Int: (elements: Int, primitives: Int)] = [:]
        var onPath = Set<Int>()
        let sheet = styleReferences.compactMap { ids[$0] }
        func add(_ a: Int, _ b: Int) -> Int { a.addingReportingOverflow(b).overflow ? Int.max : a + b }
        func count(_ index: Int) -> (elements: Int, primitives: Int) {
            if let known = memo[index] { return known }
            if onPath.contains(index) { return (0, 0) }
            // A chain of references this long is refused as too much, without going deeper.
            if onPath.count >= 2 * Self.maxDepth { return (Int.max, Int.max) }
            onPath.insert(index)
            defer { onPath.remove(index) }
            let element = elements[index]
            var total = (elements: 1, primitives: element.isFilterPart ? 1 : 0)
            if let nested = element.nested {
                total = (add(total.elements, nested.elements), add(total.primitives, nested.primitives))
            }
            let referred = element.references.compactMap { ids[$0] } + sheet
            for child in element.children + referred {
                let part = count(child)
                total = (add(total.elements, part.elements), add(total.primitives, part.primitives))
                // Past every limit already: the rest cannot bring it back.
                if total.elements > Self.maxDrawnElements && total.primitives > Self.maxFilterPrimitives { break }
            }
            memo[index] = total
            return total
        }
        for root in roots {
            let part = count(root)
            drawnElements = add(drawnElements, part.elements)
            filterPrimitives = add(filterPrimitives, part.primitives)
        }
        guard drawnElements <= Self.maxDrawnElements else { throw Self.tooManyElements() }
        guard filterPrimitives <= Self.maxFilterPrimitives else {
            throw .svg("its filters, every <use> and reference expanded, run more than \(Self.maxFilterPrimitives) "
                       + "filter primitives (the limit)")
        }
    }

    private static func tooManyElements() -> RenderError {
        .svg("it draws more than \(maxDrawnElements) elements, every <use> and reference expanded (the limit)")
    }

    private static func isSpace(_ c: UInt8) -> Bool {
        c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r")
    }

    /// Whether `text` is at `index` of `bytes`.
    private static func has(_ text: StaticString, in bytes: [UInt8], at index: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { bytes[index..<(index + count)].elementsEqual($0) }
    }

    /// The first place of `needle` in `bytes` at or after `start`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start < bytes.count else { return nil }
        var i = start
        while let found = bytes[i...].firstIndex(of: first) {
            if found + needle.count > bytes.count { return nil }
            if bytes[found..<(found + needle.count)].elementsEqual(needle) { return found }
            i = found + 1
        }
        return nil
    }

    /// The name without its namespace prefix (`xlink:href` → `href`).
    private static func localName(_ name: Bytes) -> Bytes {
        name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
    }

    /// The `name="value"` pairs of a tag (entities in values are left as written: the ids
    /// and URLs compared never hold one in practice, and a miss only counts less of a
    /// reference librsvg would resolve the same way).
    private static func attributes(_ text: Bytes) -> [(Bytes, Bytes)] {
        var result: [(Bytes, Bytes)] = []
        var i = text.startIndex
        while i < text.endIndex {
            while i < text.endIndex, isSpace(text[i]) { i += 1 }
            let nameStart = i
            while i < text.endIndex, text[i] != UInt8(ascii: "="), !isSpace(text[i]) { i += 1 }
            let name = text[nameStart..<i]
            while i < text.endIndex, isSpace(text[i]) { i += 1 }
            guard i < text.endIndex, text[i] == UInt8(ascii: "=") else {
                if i < text.endIndex { i += 1 }
                continue
            }
            i += 1
            while i < text.endIndex, isSpace(text[i]) { i += 1 }
            guard i < text.endIndex, text[i] == UInt8(ascii: "\"") || text[i] == UInt8(ascii: "'") else { continue }
            let quote = text[i]
            guard let valueEnd = text[(i + 1)...].firstIndex(of: quote) else { break }
            result.append((name, text[(i + 1)..<valueEnd]))
            i = valueEnd + 1
        }
        return result
    }

    /// The ids of `url(#id)` references in `text` (quotes around the URL allowed).
    private static func urlReferences(in text: Bytes) -> [Bytes] {
        var result: [Bytes] = []
        var i = text.startIndex
        let needle = Array("url(".utf8)
        while let u = text[i...].firstIndex(of: UInt8(ascii: "u")) {
            i = u + 1
            guard u + needle.count <= text.endIndex, text[u..<(u + needle.count)].elementsEqual(needle) else { continue }
            var start = u + needle.count
            while start < text.endIndex, text[start] == UInt8(ascii: " ") || text[start] == UInt8(ascii: "\"")
                    || text[start] == UInt8(ascii: "'") {
                start += 1
            }
            guard let close = text[start...].firstIndex(where: {
                $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'")
            }) else { break }
            if start < close, text[start] == UInt8(ascii: "#") { result.append(text[(start + 1)..<close]) }
            i = close
        }
        return result
    }

    /// Skips a `<!DOCTYPE …>` (with its internal subset) or other declaration, refusing an
    /// entity declaration.
    private static func skipDeclaration(_ bytes: [UInt8], from start: Int) throws(RenderError) -> Int {
        var i = start + 1
        var bracket = 0
        var quote: UInt8 = 0
        while i < bytes.count {
            let c = bytes[i]
            if quote != 0 {
                if c == quote { quote = 0 }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: "[") {
                bracket += 1
            } else if c == UInt8(ascii: "]") {
                bracket -= 1
            } else if c == UInt8(ascii: "<"), has("<!ENTITY", in: bytes, at: i) {
                throw .svg("it declares an entity (<!ENTITY>); entities are not accepted")
            } else if c == UInt8(ascii: ">") {
                if bracket <= 0 { return i + 1 }
            }
            i += 1
        }
        return bytes.count
    }

    /// Checks the image in a `data:` URL against the limits from its header; an SVG in one
    /// is surveyed in turn, and its counts returned.
    private static func checkDataURL(_ url: Bytes, imageLimits: ImageLimits, nesting: Int,
                                     embeddedPixels: inout Int) throws(RenderError) -> (elements: Int, primitives: Int)? {
        guard let comma = url.firstIndex(of: UInt8(ascii: ",")) else { return nil }
        let header = String(decoding: url[..<comma], as: UTF8.self).lowercased()
        let payload = url[(comma + 1)...]
        let bytes: [UInt8]
        if header.hasSuffix(";base64") {
            guard let decoded = Base64.decode(payload) else { return nil }  // librsvg cannot read it either
            bytes = decoded
        } else {
            bytes = PercentDecoding.decode(payload)
        }
        switch EmbeddedImageSize.kind(of: bytes) {
        case .bitmap(let width, let height, let format):
            guard width <= imageLimits.maxSide, height <= imageLimits.maxSide,
                  width.multipliedReportingOverflow(by: height).partialValue <= imageLimits.maxPixels else {
                throw .svg("an image inside it (a data: URL) is a \(format) of \(width)x\(height) pixels; images are limited to "
                           + "\(imageLimits.maxSide) pixels a side and \(imageLimits.maxPixels) pixels")
            }
            embeddedPixels = embeddedPixels.addingReportingOverflow(width * height).partialValue
            guard embeddedPixels <= imageLimits.maxPixels else {
                throw .svg("the images inside it (data: URLs) have more than \(imageLimits.maxPixels) pixels together (the limit)")
            }
            return nil
        case .svg:
            guard nesting < maxNesting else {
                throw .svg("SVG images inside SVG images nest more than \(maxNesting) deep (the limit)")
            }
            let inner = try SVGSurvey(bytes, imageLimits: imageLimits, nesting: nesting + 1)
            embeddedPixels = embeddedPixels.addingReportingOverflow(inner.embeddedPixels).partialValue
            return (inner.drawnElements, inner.filterPrimitives)
        case .unknown:
            // Text (a stylesheet, say) is harmless; anything else is an image format whose
            // size is not read here, and might be decoded by gdk-pixbuf at any size.
            let isText = !bytes.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D })
                && String(validating: bytes, as: UTF8.self) != nil
            if bytes.isEmpty || isText { return nil }
            throw .svg("an image inside it (a data: URL) is in a format whose size cannot be checked before decoding "
                       + "(PNG, JPEG, GIF, WebP, BMP and SVG can)")
        }
    }
}

/// Base64 as `data:` URLs hold it (whitespace ignored, padding optional).
enum Base64 {
    static func decode(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count * 3 / 4)
        var buffer: UInt32 = 0, bits = 0
        for c in text {
            let value: UInt8
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = c - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = c - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = c - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            default: return nil
            }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out
    }
}

/// `%XX` escapes, as a `data:` URL without `;base64` holds its bytes.
enum PercentDecoding {
    static func decode(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        let bytes = Array(text)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
               let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
