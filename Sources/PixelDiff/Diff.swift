import Foundation  // DispatchSemaphore: two halves of a large image on two threads
import WorkerThreads
import ImageMemory

// The comparison itself, after pixelmatch (Mapbox, ISC): the YIQ colour delta of
// Kotsarenko & Ramos, "Measuring perceived color difference using YIQ NTSC
// transmission color space in mobile applications" (2010), and the anti-aliasing
// detector of Vyšniauskas, "Anti-aliased pixel and intensity slope detector"
// (2009), with pixelmatch's neighbour order so counts match pixelmatch's.

/// Compares two RGBA8 images of the same size.
///
/// - Parameters:
///   - expected: `width × height × 4` bytes, straight alpha, row-major.
///   - actual: the same layout.
///   - options: thresholds, ignored regions, diff image; see ``DiffOptions``.
/// - Returns: the counts, bounding box and, if asked, a diff image.
/// - Throws: ``DiffError`` when a size, buffer length or option is invalid.
public func diffImages(
    expected: [UInt8], actual: [UInt8], width: Int, height: Int, options: DiffOptions = .init()
) throws(DiffError) -> DiffResult {
    try diffImages(
        expected: expected, expectedSize: (width, height), actual: actual, actualSize: (width, height),
        options: options)
}

/// Compares two RGBA8 images that may differ in size.
///
/// Sizes that differ are a reported difference, not an error: both images are
/// placed at the top-left of a canvas as large as their larger bounds; the
/// overlap is compared as usual (anti-aliasing detection sees only the overlap)
/// and every canvas pixel outside the overlap counts as different
/// (`sizeMismatch` is true). The diff image has the expected image's size.
public func diffImages(
    expected: [UInt8], expectedSize: (width: Int, height: Int),
    actual: [UInt8], actualSize: (width: Int, height: Int),
    options: DiffOptions = .init()
) throws(DiffError) -> DiffResult {
    try check(expected, expectedSize, "expected")
    try check(actual, actualSize, "actual")
    for t in [options.threshold] + options.regionThresholds.map(\.threshold) where !(0...1).contains(t) {
        throw .invalidThreshold(t)
    }
    guard (0...1).contains(options.fadedAlpha) else { throw .invalidAlpha(options.fadedAlpha) }

    if expectedSize == actualSize {
        return compare(expected, actual, width: expectedSize.width, height: expectedSize.height, options: options)
    }
    // Different sizes: compare the overlap, then add what lies outside it.
    let w = min(expectedSize.width, actualSize.width)
    let h = min(expectedSize.height, actualSize.height)
    let canvasW = max(expectedSize.width, actualSize.width)
    let canvasH = max(expectedSize.height, actualSize.height)
    // The re-framed diff image below is RGBA, whatever form was asked for.
    var overlapOptions = options
    overlapOptions.diffImageForm = .rgba
    var result = compare(
        crop(expected, expectedSize.width, w, h), crop(actual, actualSize.width, w, h), width: w, height: h,
        options: overlapOptions)
    var outside = 0
    var box = result.boundingBox.map { Box($0) } ?? Box()
    for y in 0..<canvasH {
        for x in 0..<canvasW where x >= w || y >= h {
            if options.ignore.contains(where: { $0.contains(x, y) }) { continue }
            outside += 1
            box.add(x, y)
        }
    }
    result.differentPixels += outside
    result.totalPixels = canvasW * canvasH
    result.ratio = result.totalPixels == 0 ? 0 : Double(result.differentPixels) / Double(result.totalPixels)
    result.boundingBox = box.rect
    result.sizeMismatch = true
    if options.makeDiffImage {
        // Re-frame the overlap's diff image to the expected size; outside → diff colour.
        let overlap = result.diffImage ?? []
        var image = [UInt8](repeating: 0, count: expectedSize.width * expectedSize.height * 4)
        for y in 0..<expectedSize.height {
            for x in 0..<expectedSize.width {
                let o = (y * expectedSize.width + x) * 4
                if x < w && y < h {
                    let i = (y * w + x) * 4
                    image[o..<o + 4] = overlap[i..<i + 4]
                } else {
                    image[o] = options.diffColor.r
                    image[o + 1] = options.diffColor.g
                    image[o + 2] = options.diffColor.b
                    image[o + 3] = 255
                }
            }
        }
        result.diffImage = image
    }
    return result
}

private func check(_ buffer: [UInt8], _ size: (width: Int, height: Int), _ name: String) throws(DiffError) {
    guard size.width >= 0, size.height >= 0 else {
        throw .invalidSize(image: name, width: size.width, height: size.height)
    }
    let (bytes, overflow) = size.width.multipliedReportingOverflow(by: size.height * 4)
    guard !overflow, buffer.count == bytes else {
        throw .bufferSizeMismatch(image: name, bytes: buffer.count, expectedBytes: overflow ? Int.max : bytes)
    }
}

private func crop(_ buffer: [UInt8], _ width: Int, _ w: Int, _ h: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(w * h * 4)
    for y in 0..<h { out += buffer[(y * width * 4)..<((y * width + w) * 4)] }
    return out
}

/// A growing bounding box.
private struct Box {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

    init() {}
    init(_ r: PixelRect) {
        minX = r.x
        minY = r.y
        maxX = r.x + r.width - 1
        maxY = r.y + r.height - 1
    }

    mutating func add(_ x: Int, _ y: Int) {
        if x < minX { minX = x }
        if x > maxX { maxX = x }
        if y < minY { minY = y }
        if y > maxY { maxY = y }
    }

    var rect: PixelRect? {
        minX == .max ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}

/// The same-size comparison over validated buffers.
private func compare(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int, options: DiffOptions) -> DiffResult {
    let total = width * height
    // Every byte is written by the comparison (each row is faded, then its differences
    // painted), so the buffer is not zeroed first; its pages (2,000 page faults one at a
    // time for 1080p) are mapped in one call, in huge pages where the kernel gives them.
    let palette = options.makeDiffImage && options.diffImageForm == .indexed ? DiffPalette(options) : nil
    var diffImage: [UInt8]? = nil
    if options.makeDiffImage {
        var image = ImageBuffer.uninitialized(count: total * (palette == nil ? 4 : 1))
        image.withUnsafeMutableBytes { ImageBuffer.mapPages($0, zeroed: false) }
        diffImage = image
    }
    var tally = Tally()
    a.withUnsafeBufferPointer { pa in
        b.withUnsafeBufferPointer { pb in
            let img1 = Image(p: pa, width: width, height: height, bg: options.background)
            let img2 = Image(p: pb, width: width, height: height, bg: options.background)
            if diffImage == nil {
                tally = RowComparison(img1: img1, img2: img2, options: options, out: nil, palette: nil).tallyAll()
                return
            }
            diffImage!.withUnsafeMutableBufferPointer { out in
                let comparison = RowComparison(img1: img1, img2: img2, options: options, out: out, palette: palette)
                tally = comparison.tallyAll()
            }
        }
    }
    return DiffResult(
        differentPixels: tally.different, antialiasedPixels: tally.antialiased, totalPixels: total,
        ratio: total == 0 ? 0 : Double(tally.different) / Double(total), boundingBox: tally.box.rect,
        sizeMismatch: false, diffImage: palette == nil ? diffImage : nil,
        indexedDiffImage: palette.flatMap { p in diffImage.map { IndexedDiffImage(indices: $0, palette: p.colors) } })
}

/// The palette of an indexed diff image: the greys the faded expected image can take
/// (from `255 × (1 − fadedAlpha)`, the faded black, to white), then the two marks.
private struct DiffPalette {
    /// The darkest grey, at index 0; grey `g` is at `g − greyBase`.
    let greyBase: Int
    let diffIndex: UInt8
    let antialiasedIndex: UInt8
    let colors: [UInt8]

    /// Nil when the greys leave no room for the marks in 256 colours (`fadedAlpha` over
    /// about 0.98): the image is then RGBA.
    init?(_ options: DiffOptions) {
        // One below the faded black's grey, against rounding.
        let base = max(0, Int((255 * (1 - options.fadedAlpha)).rounded(.down)) - 1)
        let greys = 256 - base
        guard greys + 2 <= 256 else { return nil }
        greyBase = base
        diffIndex = UInt8(greys)
        antialiasedIndex = UInt8(greys + 1)
        var colors: [UInt8] = []
        colors.reserveCapacity((greys + 2) * 3)
        for g in base...255 { colors += [UInt8(g), UInt8(g), UInt8(g)] }
        for c in [options.diffColor, options.antialiasedColor] { colors += [c.r, c.g, c.b] }
        self.colors = colors
    }
}

/// What a run of rows found.
private struct Tally {
    var different = 0
    var antialiased = 0
    var box = Box()

    mutating func add(_ other: Tally) {
        different += other.different
        antialiased += other.antialiased
        if let rect = other.box.rect {
            box.add(rect.x, rect.y)
            box.add(rect.x + rect.width - 1, rect.y + rect.height - 1)
        }
    }
}

/// The per-pixel comparison, by runs of rows. The images are only read (the anti-aliasing
/// detector looks at neighbours in any row); each run writes only its own rows of `out`,
/// so two runs can go on two threads.
private struct RowComparison: @unchecked Sendable {
    let img1: Image, img2: Image
    let options: DiffOptions
    let out: UnsafeMutableBufferPointer<UInt8>?
    /// Set when `out` takes one palette index a pixel, not four bytes of RGBA.
    let palette: DiffPalette?
    let maxDelta: Double
    let regionMax: [(PixelRect, Double)]

    init(img1: Image, img2: Image, options: DiffOptions, out: UnsafeMutableBufferPointer<UInt8>?, palette: DiffPalette?) {
        self.img1 = img1
        self.img2 = img2
        self.options = options
        self.out = out
        self.palette = palette
        maxDelta = 35215 * options.threshold * options.threshold
        regionMax = options.regionThresholds.map { ($0.rect, 35215 * $0.threshold * $0.threshold) }
    }

    /// Images this large are compared in two halves, the lower one on a thread of its own
    /// (a new thread, not a pool's, so a caller that blocks a pool cannot starve it).
    static let parallelPixels = 1 << 18

    func tallyAll() -> Tally {
        let height = img1.height
        guard img1.width * height >= Self.parallelPixels, height >= 2 else { return tally(rows: 0..<height) }
        let middle = height / 2
        let lower = TallyBox()
        let done = DispatchSemaphore(value: 0)
        // A thread whose start is checked (Foundation's `Thread.start` does not report a
        // failed start, and the wait below then never ended): without one, both halves here.
        let started = WorkerThread.start(awayFromCaller: false) {
            lower.value = tally(rows: middle..<height)
            done.signal()
        }
        var result = tally(rows: 0..<middle)
        if started { done.wait() } else { lower.value = tally(rows: middle..<height) }
        result.add(lower.value)
        return result
    }

    func tally(rows: Range<Int>) -> Tally {
        var result = Tally()
        let width = img1.width
        let raw1 = UnsafeRawPointer(img1.p.baseAddress!)
        let raw2 = UnsafeRawPointer(img2.p.baseAddress!)
        var fade = FadeMemo()
        for y in rows {
            let rowStart = y * width * 4
            if let out {
                if let palette {
                    fadeRowIndexed(rowStart, width: width, into: out, palette: palette, memo: &fade)
                } else {
                    fadeRow(rowStart, width: width, into: out, memo: &fade)
                }
            }
            for x in 0..<width {
                let pos = rowStart + x * 4
                // Equal pixels are skipped with one 32-bit comparison each, so identical
                // images cost one pass.
                if raw1.loadUnaligned(fromByteOffset: pos, as: UInt32.self)
                    == raw2.loadUnaligned(fromByteOffset: pos, as: UInt32.self)
                {
                    continue
                }
                if !options.ignore.isEmpty, options.ignore.contains(where: { $0.contains(x, y) }) { continue }
                var limit = maxDelta
                for (rect, m) in regionMax where rect.contains(x, y) { limit = m }
                let delta = colorDelta(img1, img2, pos, pos, yOnly: false)
                guard abs(delta) > limit else { continue }
                if antialiasedPixel(img1, x, y, img2) || antialiasedPixel(img2, x, y, img1) {
                    result.antialiased += 1
                    if !options.includeAA {
                        if let out { mark(out, pos, antialiased: true) }
                        continue
                    }
                }
                result.different += 1
                result.box.add(x, y)
                if let out { mark(out, pos, antialiased: false) }
            }
        }
        return result
    }

    /// A row of the diff image before its differences are painted over it: the expected
    /// image in faint grey (what stays of it are the unchanged, ignored and under-threshold
    /// pixels). Runs of one colour are the rule in UI images, so a pixel equal to the one
    /// before reuses its grey instead of computing it again.
    func fadeRow(_ rowStart: Int, width: Int, into out: UnsafeMutableBufferPointer<UInt8>, memo: inout FadeMemo) {
        let source = UnsafeRawPointer(img1.p.baseAddress!) + rowStart
        let target = UnsafeMutableRawPointer(out.baseAddress!) + rowStart
        for x in 0..<width {
            let pixel = source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
            if pixel != memo.pixel || !memo.valid {
                let g = UInt32(fadedGrey(rowStart + x * 4))
                memo = FadeMemo(pixel: pixel, grey: (g | g << 8 | g << 16 | 0xFF << 24).littleEndian, valid: true)
            }
            target.storeBytes(of: memo.grey, toByteOffset: x * 4, as: UInt32.self)
        }
    }

    /// The grey of the expected image's pixel at RGBA offset `pos`, faded towards white.
    @inline(__always)
    func fadedGrey(_ pos: Int) -> UInt8 {
        let pa = img1.p
        let y = rgb2y(Double(pa[pos]), Double(pa[pos + 1]), Double(pa[pos + 2]))
        let v = blend(y, options.fadedAlpha * Double(pa[pos + 3]) / 255, 255)
        return UInt8(max(0, min(255, v)))
    }
}

extension RowComparison {
    /// Paints the pixel at RGBA offset `pos` of the diff image in a mark's colour.
    @inline(__always)
    func mark(_ out: UnsafeMutableBufferPointer<UInt8>, _ pos: Int, antialiased: Bool) {
        if let palette {
            out[pos / 4] = antialiased ? palette.antialiasedIndex : palette.diffIndex
        } else {
            out.paint(pos, antialiased ? options.antialiasedColor : options.diffColor)
        }
    }

    /// `fadeRow` for a diff image of palette indices: each pixel's grey as its index.
    func fadeRowIndexed(_ rowStart: Int, width: Int, into out: UnsafeMutableBufferPointer<UInt8>, palette: DiffPalette,
                        memo: inout FadeMemo) {
        let source = UnsafeRawPointer(img1.p.baseAddress!) + rowStart
        let target = out.baseAddress! + rowStart / 4
        for x in 0..<width {
            let pixel = source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
            if pixel != memo.pixel || !memo.valid {
                // Never below the base (the faded black's grey less one): clamped all the same.
                let index = max(0, Int(fadedGrey(rowStart + x * 4)) - palette.greyBase)
                memo = FadeMemo(pixel: pixel, grey: UInt32(index), valid: true)
            }
            target[x] = UInt8(truncatingIfNeeded: memo.grey)
        }
    }
}

/// The last pixel faded and its grey (R, G, B, A bytes as one word; or its palette index).
private struct FadeMemo {
    var pixel: UInt32 = 0
    var grey: UInt32 = 0
    var valid = false
}

/// The lower half's tally, handed from its thread.
private final class TallyBox: @unchecked Sendable {
    var value = Tally()
}

extension UnsafeMutableBufferPointer<UInt8> {
    fileprivate func paint(_ pos: Int, _ c: RGB) {
        self[pos] = c.r
        self[pos + 1] = c.g
        self[pos + 2] = c.b
        self[pos + 3] = 255
    }
}

/// A borrowed RGBA buffer with its size and the background alpha blends over.
private struct Image {
    let p: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
    let bg: RGB

    @inline(__always) func same(_ i: Int, _ j: Int) -> Bool {
        let raw = UnsafeRawPointer(p.baseAddress!)
        return raw.loadUnaligned(fromByteOffset: i, as: UInt32.self) == raw.loadUnaligned(fromByteOffset: j, as: UInt32.self)
    }
}

@inline(__always) private func blend(_ c: Double, _ a: Double, _ background: Double) -> Double {
    background + (c - background) * a
}
@inline(__always) private func rgb2y(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.29889531 + g * 0.58662247 + b * 0.11448223
}
@inline(__always) private func rgb2i(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.59597799 - g * 0.27417610 - b * 0.32180189
}
@inline(__always) private func rgb2q(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.21147017 - g * 0.52261711 + b * 0.31114694
}

/// The squared YIQ distance of pixel `k` of `a` and pixel `m` of `b` (byte
/// offsets), negative when `a` is the brighter; with `yOnly`, just ΔY.
@inline(__always)
private func colorDelta(_ a: Image, _ b: Image, _ k: Int, _ m: Int, yOnly: Bool) -> Double {
    var r1 = Double(a.p[k]), g1 = Double(a.p[k + 1]), b1 = Double(a.p[k + 2])
    let a1 = a.p[k + 3]
    var r2 = Double(b.p[m]), g2 = Double(b.p[m + 1]), b2 = Double(b.p[m + 2])
    let a2 = b.p[m + 3]
    if a1 == a2 && r1 == r2 && g1 == g2 && b1 == b2 { return 0 }
    if a1 < 255 {
        let f = Double(a1) / 255
        r1 = blend(r1, f, Double(a.bg.r))
        g1 = blend(g1, f, Double(a.bg.g))
        b1 = blend(b1, f, Double(a.bg.b))
    }
    if a2 < 255 {
        let f = Double(a2) / 255
        r2 = blend(r2, f, Double(b.bg.r))
        g2 = blend(g2, f, Double(b.bg.g))
        b2 = blend(b2, f, Double(b.bg.b))
    }
    let y1 = rgb2y(r1, g1, b1)
    let y2 = rgb2y(r2, g2, b2)
    let y = y1 - y2
    if yOnly { return y }
    let i = rgb2i(r1, g1, b1) - rgb2i(r2, g2, b2)
    let q = rgb2q(r1, g1, b1) - rgb2q(r2, g2, b2)
    let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    return y1 > y2 ? -delta : delta
}

/// Whether pixel (x1, y1) of `img` looks like anti-aliasing: among its 8
/// neighbours at most 2 (counting the image edge as one) have its colour, and
/// both its darkest and brightest neighbour sit in a flat area (3+ equal
/// neighbours) in both images.
private func antialiasedPixel(_ img: Image, _ x1: Int, _ y1: Int, _ other: Image) -> Bool {
    let width = img.width, height = img.height
    let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
    let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
    let pos = (y1 * width + x1) * 4
    var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
    var minDelta = 0.0, maxDelta = 0.0
    var minX = 0, minY = 0, maxX = 0, maxY = 0
    for x in x0...x2 {
        for y in y0...y2 {
            if x == x1 && y == y1 { continue }
            let delta = colorDelta(img, img, pos, (y * width + x) * 4, yOnly: true)
            if delta == 0 {
                zeroes += 1
                if zeroes > 2 { return false }
            } else if delta < minDelta {
                minDelta = delta
                minX = x
                minY = y
            } else if delta > maxDelta {
                maxDelta = delta
                maxX = x
                maxY = y
            }
        }
    }
    if minDelta == 0 || maxDelta == 0 { return false }
    return (hasManySiblings(img, minX, minY) && hasManySiblings(other, minX, minY))
        || (hasManySiblings(img, maxX, maxY) && hasManySiblings(other, maxX, maxY))
}

/// Whether 3 or more neighbours of (x1, y1) (the image edge counting as one) have exactly its colour.
private func hasManySiblings(_ img: Image, _ x1: Int, _ y1: Int) -> Bool {
    let width = img.width, height = img.height
    let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
    let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
    let pos = (y1 * width + x1) * 4
    var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
    for x in x0...x2 {
        for y in y0...y2 {
            if x == x1 && y == y1 { continue }
            if img.same(pos, (y * width + x) * 4) { zeroes += 1 }
            if zeroes > 2 { return true }
        }
    }
    return false
}
