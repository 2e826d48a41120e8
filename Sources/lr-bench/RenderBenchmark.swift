import Foundation
import LayoutRenderKit

/// `lr-bench render SPEC [--runs R] [--one-thread]`: the render case in-process, phase by
/// phase, with a renderer made once (fonts loaded) as the service uses it; `--one-thread`
/// encodes as a batch with a job per core does (`PNGEncoder.encode(onOneThread:)`). Prints
/// `render phase=… median_ms=…` lines for parse+layout, draw and PNG encoding, and the total.
func runRenderBenchmark(_ arguments: [String]) throws {
    guard let file = arguments.first(where: { $0.hasSuffix(".spec") || $0.hasSuffix(".json") }) else {
        throw BenchError.usage("lr-bench render SPEC [--runs R] [--one-thread]")
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

/// `lr-bench render-folder DIR [--one-thread]`: every `.spec` directly in DIR rendered once, in
/// name order, by one renderer in this process, as a batch renders them but without reading
/// or writing files in the timed part (the specs are read first) and on this thread only: the
/// warm in-process rate a batch's jobs are compared with. The first 20 specs are rendered once
/// before timing (fonts, caches). Prints `render-folder specs=… total_ms=… per_spec_ms=…
/// specs_per_s=…`.
func runRenderFolderBenchmark(_ arguments: [String]) throws {
    guard let folder = arguments.first(where: { !$0.hasPrefix("--") }) else {
        throw BenchError.usage("lr-bench render-folder DIR [--one-thread]")
    }
    let oneThread = arguments.contains("--one-thread")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".spec") }.sorted()
    let specs = try names.map { name in (name, try LayoutRenderer.readSpec(path: folder + "/" + name)) }
    guard !specs.isEmpty else { throw BenchError.usage("lr-bench render-folder DIR: DIR holds no .spec file") }
    let renderer = LayoutRenderer()
    func render(_ spec: (name: String, source: String)) throws -> Int {
        let options = RenderOptions(fileName: spec.name, assetRoot: folder)
        let image = try renderer.draw(try renderer.layout(source: spec.source, options: options), options: options)
        return try image.pngData(onOneThread: oneThread).count
    }
    for spec in specs.prefix(20) { _ = try render(spec) }
    let clock = ContinuousClock()
    var bytes = 0
    let start = clock.now
    for spec in specs { bytes += try render(spec) }
    let total = milliseconds(clock.now - start)
    print("render-folder specs=\(specs.count) total_ms=\(format(total)) per_spec_ms=\(format(total / Double(specs.count)))"
          + " specs_per_s=\(format(Double(specs.count) * 1000 / total)) bytes=\(bytes)")
}
