/// The palette form of a PNG (colour type 3, with tRNS for alpha): for images of at most
/// 256 distinct RGBA colours, such as most docs figures and UI renders with no
/// anti-aliased text, a byte per pixel instead of three or four. Lossless: every pixel's
/// RGBA is one palette entry.
enum PNGPalette {
    /// The colours of `image` in order of first appearance, transparent ones first (so the
    /// tRNS chunk, which lists alphas from the first entry, is as short as it can be), and
    /// each pixel's index; nil when it has more than 256 colours.
    static func indexed(_ image: RGBAImage) -> (colors: [UInt32], indices: [UInt8])? {
        var lookup: [UInt32: UInt8] = [:]
        var colors: [UInt32] = []
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        let found: Bool = image.pixels.withUnsafeBytes { raw in
            var previous: UInt32? = nil, previousIndex: UInt8 = 0
            for i in 0..<(image.width * image.height) {
                // RGBA in memory order, read as one big-endian word: 0xRRGGBBAA.
                let color = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                if color == previous { indices[i] = previousIndex; continue }
                let index: UInt8
                if let known = lookup[color] {
                    index = known
                } else {
                    guard colors.count < 256 else { return false }
                    index = UInt8(colors.count)
                    lookup[color] = index
                    colors.append(color)
                }
                indices[i] = index
                previous = color; previousIndex = index
            }
            return true
        }
        guard found else { return nil }
        // Transparent entries first: renumber.
        let order = colors.indices.sorted { a, b in
            let ta = colors[a] & 0xFF != 0xFF, tb = colors[b] & 0xFF != 0xFF
            return ta != tb ? ta : a < b
        }
        var renumber = [UInt8](repeating: 0, count: colors.count)
        for (new, old) in order.enumerated() { renumber[old] = UInt8(new) }
        for i in indices.indices { indices[i] = renumber[Int(indices[i])] }
        return (order.map { colors[$0] }, indices)
    }

    /// The PLTE and tRNS (nil when every colour is opaque) chunks of `colors`.
    static func chunks(colors: [UInt32]) -> (plte: [UInt8], trns: [UInt8]?) {
        var plte: [UInt8] = [], alphas: [UInt8] = []
        for color in colors {
            plte += [UInt8(color >> 24), UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF)]
            alphas.append(UInt8(color & 0xFF))
        }
        while alphas.last == 255 { alphas.removeLast() }
        return (plte, alphas.isEmpty ? nil : alphas)
    }

    /// A palette PNG: its header, text chunks, PLTE (and tRNS), and its index rows
    /// unfiltered (a palette's indices are not magnitudes, so predicting them from their
    /// neighbours gains nothing), compressed at `level` in parts as RGB rows are
    /// (`PNGImageData`). Shared by `.smallest`'s palette form and `IndexedImage`.
    static func file(width: Int, height: Int, indices: [UInt8], plte: [UInt8], trns: [UInt8]?, texts: [[UInt8]],
                     level: Int32, parts: Int?, igzip: Bool) throws(PNGError) -> [UInt8] {
        let stream = try PNGImageData.zlibStream(indices, width: width, height: height, layout: .indexed, level: level,
                                                 filter: .none, parts: parts, igzip: igzip)
        let chunkCount = 4 + texts.count + stream.count / PNGChunkWriter.maxIDATLength
        var png = PNGChunkWriter(capacity: 8 + 12 * chunkCount + 13 + texts.reduce(0) { $0 + $1.count } + plte.count
                                 + (trns?.count ?? 0) + stream.count)
        var header: [UInt8] = []
        for side in [width, height] {
            withUnsafeBytes(of: UInt32(side).bigEndian) { header.append(contentsOf: $0) }
        }
        // 8 bits per index, palette (3), deflate, filter method 0, no interlace.
        header += [8, 3, 0, 0, 0]
        png.append("IHDR", header)
        for text in texts { png.append("tEXt", text) }
        png.append("PLTE", plte)
        if let trns { png.append("tRNS", trns) }
        png.appendImageData(stream)
        png.append("IEND", [])
        return png.bytes
    }
}
