import ArgumentParser
import LayoutRenderKit

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a spec to PNG, JPEG, WebP, SVG or PDF (the default command).",
        usage: """
            layout-render [render] <input> <output> [options]
            layout-render render <input> --frames <file> --frames-only [options]
            layout-render render <spec-or-folder>... --out-dir <dir> [options]
            """,
        discussion: """
            Use - as INPUT to read the spec from standard input and - as OUTPUT to write the \
            PNG to standard output (--frames - writes the frames there instead). Nothing is \
            written unless the whole render succeeds; a file is written to a temporary file \
            beside it and renamed, so it is never seen half written, while a device or FIFO \
            (/dev/stdout, a terminal, a pipe) is written as it is.

            The output's format comes from its extension (.png, .jpg or .jpeg, .webp, .svg, \
            .pdf) or from --format, which wins; a name without an extension (or -) is PNG, \
            and any other extension is an error. SVG and PDF are vector documents drawn by \
            Cairo, the canvas's points × the scale in size, with text as glyphs.

            With --out-dir, every argument is a spec or a folder of specs (NAME.spec, and \
            NAME.json files that are not frame dumps, fixture sidecars or the data they name), \
            rendered on all cores to DIR/NAME.png (or the extension of --format's format: \
            .jpg, .webp, .svg, .pdf); a failing spec is reported and does not stop \
            the others. A spec's sidecar NAME.fixture.json gives its vars, data, scale and sizes \
            (one DIR/NAME-WxH.png per size); --var, --data and --scale win over it.
            """
    )

    @Argument(help: "The spec (.spec or .json) or - for standard input, then the PNG or - for standard output. With --out-dir: specs and folders of specs.")
    var paths: [String] = []

    @Option(name: .customLong("out-dir"), help: "Render every spec given into this folder, on all cores.")
    var outDirectory: String?

    @Option(name: .customLong("jobs"), help: "With --out-dir: render on this many threads, 1 to 256 (default: one per core).")
    var jobs: Int?
    static let maxJobs = 256

    var input: String { paths.first ?? "-" }
    var output: String? { paths.count > 1 ? paths[1] : nil }

    @Option(name: .customLong("frames"), help: "Also write every node's frame as JSON to this file (- for standard output).")
    var framesPath: String?

    @Flag(name: .customLong("frames-only"), help: "Lay out and write --frames, but draw nothing.")
    var framesOnly = false

    @Option(help: "Device pixels per point (overrides the canvas's scale).")
    var scale: Double?

    @Option(name: .customLong("size"), help: ArgumentHelp(
        "Canvas size WxH (W or Wxauto for an automatic height); repeat to write one image per size (OUT-WxH.png).",
        valueName: "WxH"))
    var sizes: [String] = []

    @Option(name: .customLong("font-dir"), help: "A folder to search for font files a spec names (repeatable).")
    var fontDirectories: [String] = []

    @Option(name: .customLong("assets"), help: "The folder images and fonts are read from (default: the spec's folder).")
    var assetRoot: String?

    @Option(name: .customLong("var"), help: ArgumentHelp("A name for conditions and {name} in strings (repeatable).",
                                                         valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Option(name: .customLong("data"), help: "A JSON object whose keys become names (lists for `for` loops).")
    var dataPath: String?

    @Option(name: .customLong("format"), help: ArgumentHelp(
        "The output's format, png|jpeg|webp|svg|pdf (default: from the output's extension), or the input's form, auto|spec|json; repeat to give both.",
        discussion: "--format wins over the output's extension: out.png --format pdf writes a PDF named out.png. An output without an extension (or -) is PNG.",
        valueName: "format"))
    var formats: [String] = []

    @Option(help: ArgumentHelp("JPEG quality 1-100 (default 90), or lossy WebP at this quality (WebP is lossless without it).",
                               valueName: "1-100"))
    var quality: Int?

    @Option(help: ArgumentHelp("PNG compression: fast (default), balanced or smallest (a palette PNG when the picture has at most 256 colours), or fastest (ISA-L: about ten times faster than fast, the same pixels but not always the same bytes).",
                               valueName: "fast|balanced|smallest|fastest"))
    var compression: PNGCompression?

    @Flag(help: "Treat characters that neither the font nor its fallback fonts cover as errors.")
    var strict = false

    @Flag(help: "Outline every frame and label it with its id.")
    var debug = false

    @Option(name: .customLong("max-nodes"), help: ArgumentHelp(
        "The most nodes a spec may expand to (default 100000).",
        discussion: "A limit against hostile specs; raise it for a big spec you trust. The work grows linearly with it."))
    var maxNodes: Int?

    @Option(name: .customLong("max-spec-mb"), help: "The largest spec read, in MiB (default 16).")
    var maxSpecMegabytes: Int?

    /// `--format` values split by kind: the input's form and the output's format.
    func formatChoices() throws(ValidationError) -> (input: SpecFormat, output: OutputFormat?) {
        var input: SpecFormat?, output: OutputFormat?
        for value in formats {
            if let form = SpecFormat(rawValue: value.lowercased()) {
                if let input, input != form { throw ValidationError("--format names two input forms, \(input.rawValue) and \(form.rawValue).") }
                input = form
            } else if let format = OutputFormat(name: value) {
                if let output, output != format { throw ValidationError("--format names two output formats, \(output.rawValue) and \(format.rawValue).") }
                output = format
            } else {
                throw ValidationError("--format '\(value)' is neither an output format (\(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))) nor an input form (auto, spec, json).")
            }
        }
        return (input ?? .automatic, output)
    }

    func validate() throws {
        _ = try formatChoices()
        if let jobs {
            // (Each job renders a whole picture at once: the bound keeps a typo from asking
            // for thousands of them in memory together.)
            if jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
            if jobs > Self.maxJobs { throw ValidationError("--jobs is at most \(Self.maxJobs).") }
            if outDirectory == nil { throw ValidationError("--jobs applies to --out-dir batches.") }
        }
        if outDirectory != nil {
            if paths.isEmpty { throw ValidationError("--out-dir needs at least one spec or folder.") }
            if framesPath != nil || framesOnly || !sizes.isEmpty || paths.contains("-") {
                throw ValidationError("--out-dir renders files to a folder; it does not combine with --frames, --size or -.")
            }
            var batch = job
            batch.output = nil  // every path is a spec here
            if let problem = batch.pictureSettings(format: batch.outputFormat ?? .png).problem {
                throw ValidationError(problem + ".")
            }
            return try batch.validate()
        }
        if paths.isEmpty { throw ValidationError("Missing expected argument '<input>'.") }
        if paths.count > 2 { throw ValidationError("Give one input and one output, or use --out-dir for several specs.") }
        if output == nil && !framesOnly {
            throw ValidationError("Missing expected argument '<output>' (or use --frames-only).")
        }
        if framesOnly && framesPath == nil {
            throw ValidationError("--frames-only needs --frames FILE.")
        }
        if let scale, !(scale.isFinite && scale >= 0.25 && scale <= 8) {
            throw ValidationError("--scale must be between 0.25 and 8.")
        }
        for size in sizes where CanvasSize(size) == nil {
            throw ValidationError("--size '\(size)' is not WxH (e.g. 320x568), W or Wxauto (automatic height).")
        }
        try job.validate()
    }

    /// The settings of a single-spec render, as given.
    var job: RenderJob {
        let choices = (try? formatChoices()) ?? (.automatic, nil)
        var job = RenderJob(input: input, output: output, framesPath: framesPath, framesOnly: framesOnly, scale: scale,
                            sizes: sizes, fontDirectories: fontDirectories, assetRoot: assetRoot, variables: variables,
                            dataPath: dataPath, format: choices.input, strict: strict, debug: debug,
                            maxNodes: maxNodes, maxSpecMegabytes: maxSpecMegabytes)
        job.outputFormat = choices.output
        job.quality = quality
        job.compression = compression
        return job
    }

    func run() throws {
        guard let outDirectory else { return try job.run() }
        let failures: Int
        do {
            var batch = BatchRenderer(paths: paths, outDirectory: outDirectory, options: job.baseOptions(),
                                      variables: try job.names(), assetRoot: assetRoot)
            batch.picture = job.pictureSettings(format: job.outputFormat ?? .png)
            if let jobs { batch.jobs = jobs }
            failures = try batch.run()
        } catch let error as LayoutRenderError {
            printError(error.diagnostic.description)
            throw exitStatus(for: error)
        }
        if failures > 0 { throw ExitCode(1) }
    }
}

/// A `--size` value: `320x568`, or `320` or `320xauto` for an automatic height.
struct CanvasSize {
    var width: Double
    var height: Double?
    var label: String

    init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let w = Double(parts[0]), w.isFinite, w > 0 else { return nil }
        width = w
        // `Wxauto` is `W`, as a sidecar's sizes allow.
        if parts.count == 2 && parts[1] != "auto" {
            guard let h = Double(parts[1]), h.isFinite, h > 0 else { return nil }
            height = h
        }
        label = text
    }
}

extension PNGCompression: ExpressibleByArgument {}
