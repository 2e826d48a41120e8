import PNGCodec

/// `lr-bench encode IMAGE.png [--runs R]`: PNG encoding of a decoded image with each
/// speed setting: median time and size. Prints `encode speed=… median_ms=… bytes=…` lines.
func runEncodeBenchmark(_ arguments: [String]) throws {
    guard let file = arguments.first(where: { $0.hasSuffix(".png") }) else {
        throw BenchError.usage("lr-bench encode IMAGE.png [--runs R]")
    }
    let runs = Int(option("--runs", in: arguments) ?? "") ?? 7
    let image = try PNGFile.read(path: file)
    let clock = ContinuousClock()
    for (name, speed) in [("fast", PNGEncoder.Speed.fast), ("balanced", .balanced), ("smallest", .smallest)] {
        var times: [Double] = []
        var size = 0
        for _ in 0..<runs {
            let start = clock.now
            size = try PNGEncoder.encode(image, speed: speed).count
            times.append(milliseconds(clock.now - start))
        }
        print("encode speed=\(name) median_ms=\(format(median(times))) bytes=\(size)")
    }
}
