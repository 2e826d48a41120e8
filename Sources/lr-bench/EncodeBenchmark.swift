@_spi(Bench) import PNGCodec

/// `lr-bench encode IMAGE.png [--runs R]`: PNG encoding of a decoded image with each
/// speed setting, and `.fast` on one thread: median time and size. Prints
/// `encode speed=… median_ms=… bytes=…` lines.
func runEncodeBenchmark(_ arguments: [String]) throws {
    guard let file = arguments.first(where: { $0.hasSuffix(".png") }) else {
        throw BenchError.usage("lr-bench encode IMAGE.png [--runs R]")
    }
    let runs = Int(option("--runs", in: arguments) ?? "") ?? 7
    let image = try PNGFile.read(path: file)
    let clock = ContinuousClock()
    let cases: [(String, () throws -> [UInt8])] = [
        ("fast", { try PNGEncoder.encode(image, speed: .fast) }),
        ("fast-1-thread", { try PNGEncoder.encode(image, textChunks: [], level: 1, filter: .none, parts: 1) }),
        ("balanced", { try PNGEncoder.encode(image, speed: .balanced) }),
        ("smallest", { try PNGEncoder.encode(image, speed: .smallest) }),
    ]
    for (name, encode) in cases {
        var times: [Double] = []
        var size = 0
        for _ in 0..<runs {
            let start = clock.now
            size = try encode().count
            times.append(milliseconds(clock.now - start))
        }
        print("encode speed=\(name) median_ms=\(format(median(times))) bytes=\(size)")
    }
}
