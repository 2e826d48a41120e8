// lr-bench: the project's own benchmark cases. The first argument names the case:
//
//     lr-bench layout --nodes 100000 --runs 7
//
// Each case prints one parseable line of `key=value` pairs.

#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())

switch arguments.first {
case "layout":
    exit(runLayoutBenchmark(Array(arguments.dropFirst())))
default:
    print("usage: lr-bench layout [--nodes N] [--runs R]")
    exit(arguments.isEmpty ? 0 : 2)
}
