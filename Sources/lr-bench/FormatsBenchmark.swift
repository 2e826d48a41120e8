import LayoutRenderKit

/// `lr-bench formats SPEC [--runs R]`: the time to write a laid-out spec in each output
/// format, with a renderer made once (fonts loaded). Raster formats: the encoding of the
/// pixels drawn once (PNG at each `--compression`, JPEG at 90 and 75, WebP lossless and at
/// 80), not the drawing, which `draw` times. SVG and PDF: the whole vector drawing (the
/// paint-budget walk and the walk on Cairo's surface) and the document's bytes, since
/// there the drawing is the encoding. Prints `formats format=… median_ms=… bytes=…` lines.
func runFormatsBenchmark(_ arguments: [String]) throws {
    guard let file = arguments.first(where: { $0.hasSuffix(".spec") || $0.hasSuffix(".json") }) else {
        throw BenchError.usage("lr-bench formats SPEC [--runs R]")
    }
    let runs = Int(option("--runs", in: arguments) ?? "") ?? 7
    let source = try LayoutRenderer.readSpec(path: file)
    let renderer = LayoutRenderer()
    let options = RenderOptions(fileName: file, assetRoot: ".")
    let laidOut = try renderer.layout(source: source, options: options)
    let clock = ContinuousClock()
    func measure(_ name: String, _ work: () throws -> [UInt8]) throws {
        var times: [Double] = []
        var size = 0
        for _ in 0..<runs {
            let start = clock.now
            size = try work().count
            times.append(milliseconds(clock.now - start))
        }
        print("formats format=\(name) median_ms=\(format(median(times))) bytes=\(size)")
    }
    var image = try renderer.draw(laidOut, options: options)
    try measure("draw (pixels, for comparison)") {
        image = try renderer.draw(laidOut, options: options)
        return image.bitmap.pixels
    }
    let raster: [(String, PictureSettings)] = [
        ("png fast", PictureSettings(format: .png)),
        ("png balanced", PictureSettings(format: .png, compression: .balanced)),
        ("png smallest", PictureSettings(format: .png, compression: .smallest)),
        ("jpeg 90", PictureSettings(format: .jpeg)),
        ("jpeg 75", PictureSettings(format: .jpeg, quality: 75)),
        ("webp lossless", PictureSettings(format: .webp)),
        ("webp 80", PictureSettings(format: .webp, quality: 80)),
    ]
    for (name, settings) in raster {
        try measure(name) { try image.encoded(settings) }
    }
    for (name, format) in [("svg (drawing included)", OutputFormat.svg), ("pdf (drawing included)", .pdf)] {
        try measure(name) { try renderer.picture(laidOut, settings: PictureSettings(format: format), options: options).bytes }
    }
}
