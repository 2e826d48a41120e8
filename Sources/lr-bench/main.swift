// lr-bench: the project's own benchmark cases. The first argument names the case:
//
//     lr-bench layout --nodes 100000 --runs 7
//     lr-bench layout-grid --cells 10000 --runs 7
//     lr-bench text --runs 7
//     lr-bench decode A.png B.png --runs 7
//     lr-bench encode IMAGE.png --runs 7
//     lr-bench diff A.png B.png --runs 7
//     lr-bench render SPEC --runs 7
//     lr-bench render-folder DIR --one-thread
//     lr-bench formats SPEC --runs 7
//     lr-bench parse SPEC --runs 7
//     lr-bench flex-cases Tests/LayoutEngineTests/Chromium/flex-cases.json
//     lr-bench text-lines Tests/TextEngineTests/Chromium/text-cases.json
//     lr-bench inline-lines Tests/TextEngineTests/Chromium/inline-cases.json
//
// Each case prints one parseable line of `key=value` pairs.

#if canImport(Glibc)
import Glibc
#endif

import LayoutRenderKit

// As the CLI does: every case runs many times in one process, as a batch or a service does.
// `--default-malloc` (any case) leaves glibc's settings as they are, as in a program that
// does not make this call (the service's render workers).
let defaultMalloc = CommandLine.arguments.contains("--default-malloc")
let arguments = Array(CommandLine.arguments.dropFirst()).filter { $0 != "--default-malloc" }
if !defaultMalloc { ProcessMemory.keepFreedMemory() }

switch arguments.first {
case "layout":
    exit(runLayoutBenchmark(Array(arguments.dropFirst())))
case "layout-grid":
    exit(runLayoutBenchmark(Array(arguments.dropFirst()), grid: true))
case "text", "decode", "encode", "diff", "render", "render-folder", "formats", "parse", "flex-cases", "text-lines", "inline-lines":
    do {
        let rest = Array(arguments.dropFirst())
        switch arguments[0] {
        case "text": try runTextBenchmark(rest)
        case "decode": try runDecodeBenchmark(rest)
        case "diff": try runDiffBenchmark(rest)
        case "render": try runRenderBenchmark(rest)
        case "render-folder": try runRenderFolderBenchmark(rest)
        case "formats": try runFormatsBenchmark(rest)
        case "parse": try runParseBenchmark(rest)
        case "flex-cases": try runFlexCases(rest)
        case "text-lines": try runTextLines(rest)
        case "inline-lines": try runInlineLines(rest)
        default: try runEncodeBenchmark(rest)
        }
    } catch {
        print("lr-bench \(arguments[0]): \(error)")
        exit(1)
    }
default:
    print("usage: lr-bench layout [--nodes N] [--runs R] | layout-grid [--cells N] [--runs R] | text [--runs R] | decode A.png B.png [--runs R] | encode IMAGE.png [--runs R] | diff A.png B.png [--runs R] | render SPEC [--runs R] [--one-thread] | render-folder DIR [--one-thread] | formats SPEC [--runs R] | parse SPEC|SPEC.json [--runs R] | flex-cases FILE | text-lines FILE | inline-lines FILE  (any case: --default-malloc)")
    exit(arguments.isEmpty ? 0 : 2)
}
