import PNGCodec

/// `lr-bench decode A.png B.png [--runs R]`: the floor of the diff case, decoding both
/// files in-process. Prints `decode median_ms=… min_ms=…`.
func runDecodeBenchmark(_ arguments: [String]) throws {
    let files = arguments.filter { $0.hasSuffix(".png") }
    guard files.count == 2 else { throw BenchError.usage("lr-bench decode A.png B.png [--runs R]") }
    let runs = Int(option("--runs", in: arguments) ?? "") ?? 7
    var times: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
        let start = clock.now
        for file in files { _ = try PNGFile.read(path: file) }
        times.append(milliseconds(clock.now - start))
    }
    print("decode median_ms=\(format(median(times))) min_ms=\(format(times.min() ?? 0))")
}

enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    var description: String {
        switch self { case .usage(let u): return "usage: \(u)" }
    }
}
