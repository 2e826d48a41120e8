import LayoutRenderKit

/// `lr-bench render SPEC [--runs R] [--one-thread]`: the render case in-process, phase by
/// phase, with a renderer made once (fonts loaded) as the service uses it; `--one-thread`
/// encodes as a batch with a job per core does (`PNGEncoder.encode(onOneThread:)`). Prints
/// `render phase=… median_ms=…` lines for parse+layout, draw and PNG encoding, and the total.
func runRenderBenchmark(_ arguments: [String]) throws {
    guard let file = arguments.first(where: { $0.hasSuffix(".spec") || $0.hasSuffix(".json") }) else {
        throw BenchError.usage("lr-bench render SPEC [--runs R]")
    }
    let runs = Int(option("--runs", in: arguments) ?? "") ?? 7
    let oneThread = arguments.contains("--one-thread")
    let source = try LayoutRenderer.readSpec(path: file)
    let renderer = LayoutRenderer()
    let options = RenderOptions(fileName: file, assetRoot: ".")
    let clock = ContinuousClock()
    var phases: [String: [Double]] = ["layout": [], "draw": [], "encode": [], "total": []]
    var bytes = 0
    for _ in 0..<runs {
        let start = clock.now
        let laidOut = try renderer.layout(source: source, options: options)
        let laidOutAt = clock.now
        let image = try renderer.draw(laidOut, options: options)
        let drawnAt = clock.now
        bytes = try image.pngData(onOneThread: oneThread).count
        let end = clock.now
        phases["layout"]!.append(milliseconds(laidOutAt - start))
        phases["draw"]!.append(milliseconds(drawnAt - laidOutAt))
        phases["encode"]!.append(milliseconds(end - drawnAt))
        phases["total"]!.append(milliseconds(end - start))
    }
    for phase in ["layout", "draw", "encode", "total"] {
        print("render phase=\(phase) median_ms=\(format(median(phases[phase]!))) first_ms=\(format(phases[phase]![0]))"
              + (phase == "total" ? " bytes=\(bytes)" : ""))
    }
}
