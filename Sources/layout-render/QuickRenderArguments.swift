import LayoutRenderKit

/// The render command lines scripts and benchmarks repeat (`IN OUT --compression fastest`,
/// `IN --frames-only --frames F.json`), read without ArgumentParser: building the render
/// command's argument definitions (through reflection) cost 12–14 million instructions, a
/// third of a whole process laying out a 1,000-node spec (docs/benchmarks.md, "Issue 42").
///
/// Only a few options, each in its plain form (`--name VALUE`, given once), and operands
/// that are files; anything else (`--name=VALUE`, another option, `-`, a repeated option,
/// a value the full parser would refuse or that validation would reject) is nil, and the
/// full parser answers it, errors and help included. A test checks that the full parser
/// makes the same `RenderJob` from every command line this accepts.
enum QuickRenderArguments {
    /// The job of `arguments` (the command line after the program's name), or nil when the
    /// full parser must read them. `commandNames` are the subcommands' names (an operand
    /// must not be one).
    static func job(_ arguments: [String], commandNames: [String]) -> RenderJob? {
        var operands: [String] = []
        var job = RenderJob(input: "", output: nil)
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                guard !(operands.isEmpty && commandNames.contains(argument)) else { return nil }
                operands.append(argument)
                continue
            }
            guard seen.insert(argument).inserted else { return nil }
            func value() -> String? {
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                index += 1
                return arguments[index - 1]
            }
            func count() -> Int? { value().flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } }
            switch argument {
            case "--frames-only": job.framesOnly = true
            case "--strict": job.strict = true
            case "--debug": job.debug = true
            case "--frames":
                guard let path = value() else { return nil }
                job.framesPath = path
            case "--compression":
                guard let compression = value().flatMap(PNGCompression.init(rawValue:)) else { return nil }
                job.compression = compression
            case "--max-nodes":
                guard let limit = count() else { return nil }
                job.maxNodes = limit
            case "--max-spec-mb":
                guard let limit = count() else { return nil }
                job.maxSpecMegabytes = limit
            default:
                return nil
            }
        }
        // What the render command's validation would refuse is the full parser's to report.
        guard (1...2).contains(operands.count), operands.count == 2 || job.framesOnly,
              !job.framesOnly || job.framesPath != nil else { return nil }
        job.input = operands[0]
        job.output = operands.count == 2 ? operands[1] : nil
        return job
    }
}
