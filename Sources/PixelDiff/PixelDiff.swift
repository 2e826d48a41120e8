/// Compares two RGBA images (8 bits per channel, straight alpha, rows without padding) the
/// way pixelmatch does: a perceptual YIQ colour difference with a threshold, and
/// anti-aliased edges told apart from real changes. A pure function: no I/O.
///
/// - Throws: `DiffError` when a buffer does not match its size, or the threshold is out of range.
public func diffImages(expected: [UInt8], actual: [UInt8], width: Int, height: Int,
                       options: DiffOptions = DiffOptions()) throws(DiffError) -> DiffResult {
    try diffImages(expected: expected, expectedSize: (width, height), actual: actual, actualSize: (width, height),
                   options: options)
}

/// Compares two images that may differ in size: the shared top-left area is compared
/// pixel by pixel, and every pixel of the larger extent outside it counts as different.
public func diffImages(expected: [UInt8], expectedSize: (width: Int, height: Int),
                       actual: [UInt8], actualSize: (width: Int, height: Int),
                       options: DiffOptions = DiffOptions()) throws(DiffError) -> DiffResult {
    try checkInput(expected, expectedSize, "expected")
    try checkInput(actual, actualSize, "actual")
    guard options.threshold >= 0, options.threshold <= 1 else { throw .badThreshold(options.threshold) }

    if expectedSize == actualSize {
        return compareSameSize(expected, actual, width: expectedSize.width, height: expectedSize.height, options: options)
    }
    // Different sizes: compare the shared area, count the rest as different.
    let w = min(expectedSize.width, actualSize.width), h = min(expectedSize.height, actualSize.height)
    let fullW = max(expectedSize.width, actualSize.width), fullH = max(expectedSize.height, actualSize.height)
    var shared = DiffResult(differentPixels: 0, antialiasedPixels: 0, totalPixels: 0, sizeMismatch: false, boundingBox: nil)
    if w > 0 && h > 0 {
        shared = compareSameSize(crop(expected, expectedSize.width, w, h), crop(actual, actualSize.width, w, h),
                                 width: w, height: h, options: options)
    }
    var result = shared
    result.sizeMismatch = true
    result.totalPixels = fullW * fullH
    result.differentPixels += fullW * fullH - w * h
    result.boundingBox = PixelRect(x: 0, y: 0, width: fullW, height: fullH)
    if options.makeDiffImage {
        var image = [UInt8](repeating: 0, count: expectedSize.width * expectedSize.height * 4)
        for y in 0..<expectedSize.height {
            for x in 0..<expectedSize.width {
                let o = (y * expectedSize.width + x) * 4
                if x < w && y < h, let sharedImage = shared.diffImage {
                    let s = (y * w + x) * 4
                    image[o..<o + 4] = sharedImage[s..<s + 4]
                } else {
                    image[o] = options.diffColor.red; image[o + 1] = options.diffColor.green
                    image[o + 2] = options.diffColor.blue; image[o + 3] = 255
                }
            }
        }
        result.diffImage = image
    } else {
        result.diffImage = nil
    }
    return result
}

private func checkInput(_ buffer: [UInt8], _ size: (width: Int, height: Int), _ name: String) throws(DiffError) {
    guard size.width >= 0, size.height >= 0, size.width <= 1 << 20, size.height <= 1 << 20 else {
        throw .badSize(width: size.width, height: size.height)
    }
    let expected = size.width * size.height * 4
    guard buffer.count == expected else { throw .bufferSize(name: name, expected: expected, actual: buffer.count) }
}

private func crop(_ pixels: [UInt8], _ stride: Int, _ w: Int, _ h: Int) -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity(w * h * 4)
    for y in 0..<h { out += pixels[(y * stride * 4)..<(y * stride * 4 + w * 4)] }
    return out
}

/// The comparison proper, over two buffers of the same size.
private func compareSameSize(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int,
                             options: DiffOptions) -> DiffResult {
    let total = width * height
    var different = 0, antialiased = 0
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    var output: [UInt8]? = options.makeDiffImage ? [UInt8](repeating: 0, count: total * 4) : nil
    let maxDelta = 35215 * options.threshold * options.threshold
    let hasRegions = !options.ignore.isEmpty || !options.regionThresholds.isEmpty

    a.withUnsafeBufferPointer { pa in
        b.withUnsafeBufferPointer { pb in
            // Fast path: identical buffers differ nowhere.
            if !options.makeDiffImage, a == b { return }
            let img1 = Image(pixels: pa, width: width, height: height, background: options.background)
            let img2 = Image(pixels: pb, width: width, height: height, background: options.background)
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * width + x
                    let pos = i * 4
                    var limit = maxDelta
                    if hasRegions {
                        if options.ignore.contains(where: { $0.contains(x: x, y: y) }) {
                            if output != nil { drawGrey(&output!, img1, pos, options.alpha) }
                            continue
                        }
                        if let region = options.regionThresholds.last(where: { $0.rect.contains(x: x, y: y) }) {
                            limit = 35215 * region.threshold * region.threshold
                        }
                    }
                    if !hasRegions && img1.words[i] == img2.words[i] {
                        // Most pixels are equal: one comparison of whole words and on.
                        if output != nil { drawGrey(&output!, img1, pos, options.alpha) }
                        continue
                    }
                    let same = img1.words[i] == img2.words[i]
                    let delta = same ? 0 : colorDelta(img1, img2, pos, pos, yOnly: false)
                    if abs(delta) > limit {
                        let isAA = isAntialiased(img1, x, y, other: img2) || isAntialiased(img2, x, y, other: img1)
                        if isAA { antialiased += 1 }
                        if isAA && !options.includeAA {
                            if output != nil { drawPixel(&output!, pos, options.aaColor) }
                        } else {
                            different += 1
                            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                            if output != nil { drawPixel(&output!, pos, options.diffColor) }
                        }
                    } else if output != nil {
                        drawGrey(&output!, img1, pos, options.alpha)
                    }
                }
            }
        }
    }
    let box = maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    return DiffResult(differentPixels: different, antialiasedPixels: antialiased, totalPixels: total,
                      sizeMismatch: false, boundingBox: box, diffImage: output)
}

/// A view of an RGBA buffer with the operations the comparison needs.
private struct Image {
    let pixels: UnsafeBufferPointer<UInt8>
    /// The same pixels as one 32-bit word each, for equality tests.
    let words: UnsafeBufferPointer<UInt32>
    let width: Int
    let height: Int
    let background: DiffColor

    init(pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, background: DiffColor) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.background = background
        // Array storage is aligned for any scalar, and the count is a multiple of 4.
        words = UnsafeBufferPointer(start: UnsafeRawPointer(pixels.baseAddress)?.assumingMemoryBound(to: UInt32.self),
                                    count: pixels.count / 4)
    }

    /// The pixel at byte offset `pos` as one word (for equality only).
    @inline(__always) func word(at pos: Int) -> UInt32 { words[pos >> 2] }

    /// The pixel's colour blended over the background when it is not opaque.
    @inline(__always) func rgb(_ pos: Int) -> (Double, Double, Double) {
        let r = Double(pixels[pos]), g = Double(pixels[pos + 1]), b = Double(pixels[pos + 2])
        let a = pixels[pos + 3]
        if a == 255 { return (r, g, b) }
        let f = Double(a) / 255
        return (Double(background.red) + (r - Double(background.red)) * f,
                Double(background.green) + (g - Double(background.green)) * f,
                Double(background.blue) + (b - Double(background.blue)) * f)
    }
}

@inline(__always) private func luma(_ c: (Double, Double, Double)) -> Double {
    c.0 * 0.29889531 + c.1 * 0.58662247 + c.2 * 0.11448223
}

/// The squared YIQ distance between two pixels, negative when the second is lighter
/// (pixelmatch's sign convention, used by the anti-aliasing check); only the
/// brightness difference when `yOnly`.
@inline(__always) private func colorDelta(_ img1: Image, _ img2: Image, _ k: Int, _ m: Int, yOnly: Bool) -> Double {
    if img1.word(at: k) == img2.word(at: m) { return 0 }
    let c1 = img1.rgb(k), c2 = img2.rgb(m)
    let y1 = luma(c1), y2 = luma(c2)
    let y = y1 - y2
    if yOnly { return y }
    let i = (c1.0 * 0.59597799 - c1.1 * 0.27417610 - c1.2 * 0.32180189)
        - (c2.0 * 0.59597799 - c2.1 * 0.27417610 - c2.2 * 0.32180189)
    let q = (c1.0 * 0.21147017 - c1.1 * 0.52261711 + c1.2 * 0.31114694)
        - (c2.0 * 0.21147017 - c2.1 * 0.52261711 + c2.2 * 0.31114694)
    let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    return y1 > y2 ? -delta : delta
}

/// Whether the pixel at (x1, y1) of `img` looks like anti-aliasing: among its 8 neighbours
/// at most 2 are the same colour as it, its brightness lies between a darker and a lighter
/// neighbour, and that darkest or lightest neighbour sits in a flat area (3 or more equal
/// neighbours) in both images. After pixelmatch, which follows Vysniauskas,
/// "Anti-aliased Pixel and Intensity Slope Detector" (2009).
private func isAntialiased(_ img: Image, _ x1: Int, _ y1: Int, other: Image) -> Bool {
    let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
    let x2 = min(x1 + 1, img.width - 1), y2 = min(y1 + 1, img.height - 1)
    let pos = (y1 * img.width + x1) * 4
    var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
    var minDelta = 0.0, maxDelta = 0.0
    var minX = 0, minY = 0, maxX = 0, maxY = 0
    for x in x0...x2 {
        for y in y0...y2 {
            if x == x1 && y == y1 { continue }
            let delta = colorDelta(img, img, pos, (y * img.width + x) * 4, yOnly: true)
            if delta == 0 {
                zeroes += 1
                if zeroes > 2 { return false }
            } else if delta < minDelta {
                minDelta = delta; minX = x; minY = y
            } else if delta > maxDelta {
                maxDelta = delta; maxX = x; maxY = y
            }
        }
    }
    if minDelta == 0 || maxDelta == 0 { return false }
    return (hasManySiblings(img, minX, minY) && hasManySiblings(other, minX, minY))
        || (hasManySiblings(img, maxX, maxY) && hasManySiblings(other, maxX, maxY))
}

/// Whether more than 2 of the pixel's neighbours have exactly its colour.
private func hasManySiblings(_ img: Image, _ x1: Int, _ y1: Int) -> Bool {
    let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
    let x2 = min(x1 + 1, img.width - 1), y2 = min(y1 + 1, img.height - 1)
    let value = img.word(at: (y1 * img.width + x1) * 4)
    var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
    for x in x0...x2 {
        for y in y0...y2 {
            if x == x1 && y == y1 { continue }
            if img.word(at: (y * img.width + x) * 4) == value {
                zeroes += 1
                if zeroes > 2 { return true }
            }
        }
    }
    return false
}

@inline(__always) private func drawPixel(_ output: inout [UInt8], _ pos: Int, _ color: DiffColor) {
    output[pos] = color.red; output[pos + 1] = color.green; output[pos + 2] = color.blue; output[pos + 3] = 255
}

/// The expected pixel's brightness, faded towards white by `alpha`.
@inline(__always) private func drawGrey(_ output: inout [UInt8], _ img: Image, _ pos: Int, _ alpha: Double) {
    let c = (Double(img.pixels[pos]), Double(img.pixels[pos + 1]), Double(img.pixels[pos + 2]))
    let a = alpha * Double(img.pixels[pos + 3]) / 255
    let v = UInt8(max(0, min(255, (255 + (luma(c) - 255) * a).rounded())))
    output[pos] = v; output[pos + 1] = v; output[pos + 2] = v; output[pos + 3] = 255
}
