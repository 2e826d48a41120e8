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

    /// The PLTE, tRNS (nil when every colour is opaque) and IDAT zlib stream of an indexed image.
    static func chunks(colors: [UInt32], indices: [UInt8], width: Int, height: Int,
                       level: Int32) throws(PNGError) -> (plte: [UInt8], trns: [UInt8]?, stream: [UInt8]) {
        var plte: [UInt8] = [], alphas: [UInt8] = []
        for color in colors {
            plte += [UInt8(color >> 24), UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF)]
            alphas.append(UInt8(color & 0xFF))
        }
        while alphas.last == 255 { alphas.removeLast() }
        // Rows of indices, each after filter type 0: a palette's indices are not
        // magnitudes, so predicting them from their neighbours gains nothing.
        var rows = [UInt8](repeating: 0, count: (width + 1) * height)
        for y in 0..<height {
            rows.replaceSubrange((y * (width + 1) + 1)...(y * (width + 1) + width), with: indices[(y * width)..<(y * width + width)])
        }
        let deflater = try RawDeflater(level: level)
        let adler = rows.withUnsafeBytes { LibDeflate.adler32(1, $0) }
        var failure: PNGError?
        rows.withUnsafeBytes { buffer in
            do throws(PNGError) { try deflater.compress(buffer, flush: .finish) } catch { failure = error }
        }
        if let failure { throw failure }
        let levelClass: UInt16 = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3
        var header: UInt16 = 0x7800 | levelClass << 6
        header += (31 - header % 31) % 31
        var stream = [UInt8(header >> 8), UInt8(header & 0xFF)] + deflater.output
        withUnsafeBytes(of: adler.bigEndian) { stream.append(contentsOf: $0) }
        return (plte, alphas.isEmpty ? nil : alphas, stream)
    }
}
