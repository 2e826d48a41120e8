import PNGCodec
import PixelDiff

/// `lr-bench diff A.png B.png [--runs R]`: the comparison alone, on decoded images
/// (threshold 0.1, anti-aliasing excluded), without and with the diff image.
/// Prints `diff median_ms=… image_median_ms=… different=…`.
func runDiffBenchmark(_ arguments: [String]) throws {
    let files = arguments.filter { $0.hasSuffix(".png") }
    guard files.count == 2 else { throw BenchError.usage("lr-bench diff A.png B.png [--runs R]") }
    let runs = Int(option("--runs", in: arguments) ?? "") ?? 7
    let a = try PNGFile.read(path: files[0]), b = try PNGFile.read(path: files[1])
    let clock = ContinuousClock()
    var plain: [Double] = [], withImage: [Double] = []
    var different = 0
    for _ in 0..<runs {
        var options = DiffOptions()
        var start = clock.now
        different = try diffImages(expected: a.pixels, expectedSize: (a.width, a.height),
                                   actual: b.pixels, actualSize: (b.width, b.height), options: options).differentPixels
        plain.append(milliseconds(clock.now - start))
        options.makeDiffImage = true
        start = clock.now
        _ = try diffImages(expected: a.pixels, expectedSize: (a.width, a.height),
                           actual: b.pixels, actualSize: (b.width, b.height), options: options)
        withImage.append(milliseconds(clock.now - start))
    }
    print("diff median_ms=\(format(median(plain))) image_median_ms=\(format(median(withImage))) different=\(different)")
}
