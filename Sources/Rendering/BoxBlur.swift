/// A Gaussian blur of an 8-bit coverage image, approximated as SVG's `feGaussianBlur`
/// and Skia approximate it: three box blurs a row at a time, then three a column at a
/// time. Integer sums only, so the same pixels on every machine.
enum BoxBlur {
    /// The box width for standard deviation `sigma` (SVG 1.1, feGaussianBlur):
    /// `⌊sigma × 3√(2π) / 4 + 0.5⌋`; below 1 nothing is blurred.
    static func boxSize(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        return Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    }

    /// The three boxes, as the pixels before and after each output pixel they take in: an
    /// odd width three times centred; an even one twice off-centre, once each way, then
    /// once one wider and centred (so the result does not shift).
    static func passes(boxSize d: Int) -> [(before: Int, after: Int)] {
        guard d >= 1 else { return [] }
        if d % 2 == 1 { return Array(repeating: ((d - 1) / 2, (d - 1) / 2), count: 3) }
        return [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
    }

    /// How far a blur of `sigma` reaches past what it blurs, in pixels: the passes'
    /// reach summed.
    static func reach(sigma: Double) -> Int {
        passes(boxSize: boxSize(sigma: sigma)).reduce(0) { $0 + max($1.before, $1.after) }
    }

    /// Blurs `width × height` bytes at `pixels` (rows `stride` bytes apart) in place;
    /// what lies outside counts as 0.
    static func blur(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        let boxes = passes(boxSize: boxSize(sigma: sigma))
        guard !boxes.isEmpty, width > 0, height > 0 else { return }
        let longest = max(width, height)
        let a = UnsafeMutablePointer<UInt8>.allocate(capacity: longest)
        let b = UnsafeMutablePointer<UInt8>.allocate(capacity: longest)
        defer { a.deallocate(); b.deallocate() }
        // One line (a row, or a column `stride` apart) through the three boxes, in place.
        func blurLine(_ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int) {
            for i in 0..<count { a[i] = start[i * step] }
            var source = a, output = b
            for box in boxes {
                boxPass(source, into: output, count: count, box)
                swap(&source, &output)
            }
            for i in 0..<count { start[i * step] = source[i] }
        }
        for y in 0..<height { blurLine(pixels + y * stride, count: width, step: 1) }
        blurColumns(pixels, width: width, height: height, stride: stride, boxes: boxes)
    }

    /// The three boxes down every column at once, a row at a time (each row's sums side by
    /// side in memory, rather than a column's bytes a stride apart): the same sums as
    /// `blurLine` makes one column at a time.
    private static func blurColumns(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
                                    boxes: [(before: Int, after: Int)]) {
        let area = width * height
        var source = UnsafeMutablePointer<UInt8>.allocate(capacity: area)
        var output = UnsafeMutablePointer<UInt8>.allocate(capacity: area)
        let sums = UnsafeMutablePointer<Int>.allocate(capacity: width)
        defer { source.deallocate(); output.deallocate(); sums.deallocate() }
        for y in 0..<height { (source + y * width).update(from: pixels + y * stride, count: width) }
        for box in boxes {
            let size = box.before + box.after + 1, half = size / 2
            let divide = ExactDivision(by: size)
            sums.initialize(repeating: 0, count: width)
            for y in 0...min(box.after, height - 1) {
                let row = source + y * width
                for x in 0..<width { sums[x] += Int(row[x]) }
            }
            for y in 0..<height {
                let out = output + y * width
                for x in 0..<width { out[x] = UInt8(divide(sums[x] + half)) }
                let entering = y + box.after + 1, leaving = y - box.before
                if entering < height {
                    let row = source + entering * width
                    for x in 0..<width { sums[x] += Int(row[x]) }
                }
                if leaving >= 0 {
                    let row = source + leaving * width
                    for x in 0..<width { sums[x] -= Int(row[x]) }
                }
            }
            swap(&source, &output)
        }
        for y in 0..<height { (pixels + y * stride).update(from: source + y * width, count: width) }
    }

    /// One box: each output the rounded mean of the inputs from `before` ahead of it to
    /// `after` behind it.
    private static func boxPass(_ source: UnsafeMutablePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>,
                                count: Int, _ box: (before: Int, after: Int)) {
        let size = box.before + box.after + 1
        let half = size / 2
        let divide = ExactDivision(by: size)
        var sum = 0
        // The window of output 0: inputs 0...after.
        for i in 0...min(box.after, count - 1) { sum += Int(source[i]) }
        for i in 0..<count {
            output[i] = UInt8(divide(sum + half))
            let entering = i + box.after + 1, leaving = i - box.before
            if entering < count { sum += Int(source[entering]) }
            if leaving >= 0 { sum -= Int(source[leaving]) }
        }
    }
}

/// `n / d` for `n` below 2¹⁶, as a multiplication and a shift (a division costs ten times
/// as much, once per pixel and pass): `(n × ⌈2³² / d⌉) >> 32`, which is exactly the
/// quotient for every such `n` when `d` is below 2¹⁶ (Granlund and Montgomery, 1994).
/// Larger numbers are divided.
struct ExactDivision {
    let divisor: Int
    let multiplier: UInt64

    init(by divisor: Int) {
        self.divisor = divisor
        multiplier = divisor > 0 && divisor < 1 << 16 ? ((1 << 32) + UInt64(divisor) - 1) / UInt64(divisor) : 0
    }

    @inline(__always)
    func callAsFunction(_ n: Int) -> Int {
        guard multiplier != 0, n >= 0, n < 1 << 16 else { return n / divisor }
        return Int((UInt64(n) &* multiplier) >> 32)
    }
}
