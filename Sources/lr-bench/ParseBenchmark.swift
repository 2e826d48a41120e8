import LayoutRenderKit
import SpecLanguage

/// `lr-bench parse SPEC [--runs R]`: the spec parser alone (issue 18: "at least 100 MB/s
/// of spec text"; "the JSON form at least as fast as the text form"). The file is read and
/// checked as UTF-8 once, before the clock starts; each run times only
/// `LayoutRenderer.parseTemplate` of that text already in memory (`SpecParser`, or
/// `JSONSpecReader` for the JSON form; no expansion, no scene, no layout). Prints
/// `parse bytes=… nodes=… median_ms=… min_ms=… mb_per_s=…`, MB/s of the median run
/// (1 MB = 10⁶ bytes).
func runParseBenchmark(_ arguments: [String]) throws {
    guard let file = arguments.first(where: { $0.hasSuffix(".spec") || $0.hasSuffix(".json") }) else {
        throw BenchError.usage("lr-bench parse SPEC|SPEC.json [--runs R]")
    }
    let runs = max(1, Int(option("--runs", in: arguments) ?? "") ?? 7)
    // Limits as `--max-spec-mb 256 --max-nodes 2000000` set them: the 100,000-node JSON
    // form is 42 MB, over the default 16 MB.
    // The form is chosen as a render chooses it (`LayoutRenderer.parseTemplate`: by name, then content).
    var options = RenderOptions(fileName: file)
    options.parseLimits.maxSourceBytes = 256 << 20
    options.parseLimits.maxNodes = 2_000_000
    let source = try LayoutRenderer.readSpec(path: file, maxBytes: options.parseLimits.maxSourceBytes)
    let bytes = source.utf8.count
    let clock = ContinuousClock()
    var times: [Double] = []
    var nodes = 0
    for _ in 0..<runs {
        let start = clock.now
        let document = try LayoutRenderer.parseTemplate(source: source, options: options)
        times.append(milliseconds(clock.now - start))
        // Counted outside the timed part, and keeps the document from being optimised away.
        nodes = document.nodeCount
    }
    let medianMS = median(times)
    let megabytesPerSecond = Double(bytes) / 1e6 / (medianMS / 1000)
    print("parse bytes=\(bytes) nodes=\(nodes) median_ms=\(format(medianMS)) min_ms=\(format(times.min() ?? 0))"
          + " mb_per_s=\(format(megabytesPerSecond))")
}
