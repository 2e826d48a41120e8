import ArgumentParser
import Foundation
import LayoutRenderKit
import PNGCodec
import SpecLanguage

/// One single-spec render: the settings of `render`, apart from how the command line
/// spelled them. `layout-render IN OUT` builds one directly, without parsing options.
struct RenderJob: Equatable {
    var input: String
    var output: String?
    var framesPath: String? = nil
    var framesOnly = false
    var scale: Double? = nil
    var sizes: [String] = []
    var fontDirectories: [String] = []
    var assetRoot: String? = nil
    var variables: [String] = []
    var dataPath: String? = nil
    var format: SpecFormat = .automatic
    /// `--format png|jpeg|webp|svg|pdf`; nil takes the output's extension.
    var outputFormat: OutputFormat? = nil
    /// `--quality`: JPEG's (default 90), or lossy WebP's.
    var quality: Int? = nil
    /// `--compression`: PNG's deflate effort (and palette PNGs for `smallest`).
    var compression: PNGCompression? = nil
    var strict = false
    var debug = false
    /// `--max-nodes` and `--max-spec-mb`: the parse limits raised (or lowered) for one run.
    var maxNodes: Int? = nil
    var maxSpecMegabytes: Int? = nil

    /// The parser's limits with the command line's changes.
    var parseLimits: ParseLimits {
        var limits = ParseLimits()
        if let maxNodes { limits.maxNodes = maxNodes }
        if let maxSpecMegabytes { limits.maxSourceBytes = maxSpecMegabytes << 20 }
        return limits
    }

    /// The spec's text, the name messages give it, and the folder its assets are read from.
    private func readInput() throws(LayoutRenderError) -> (source: String, fileName: String, folder: String) {
        if input == "-" {
            return (try LayoutRenderer.readSpecFromStandardInput(maxBytes: parseLimits.maxSourceBytes), "<stdin>",
                    FileManager.default.currentDirectoryPath)
        }
        let folder = (input as NSString).deletingLastPathComponent
        return (try LayoutRenderer.readSpec(path: input, maxBytes: parseLimits.maxSourceBytes), input,
                folder.isEmpty ? "." : folder)
    }

    func run() throws {
        do throws(LayoutRenderError) {
            let (source, fileName, specFolder) = try readInput()
            let names = try self.names()
            let renderer = LayoutRenderer(fontDirectories: fontDirectories)
            let canvasSizes: [CanvasSize?] = sizes.isEmpty ? [nil] : sizes.map(CanvasSize.init)
            // Every size is rendered and encoded before anything is written: a failure
            // anywhere leaves no frame dump and no image behind.
            var files: [(content: OutputContent, path: String)] = []
            for size in canvasSizes {
                var options = RenderOptions(fileName: fileName, assetRoot: assetRoot ?? specFolder,
                                            fontDirectories: fontDirectories, scale: scale, strict: strict,
                                            debugOverlay: debug, parseLimits: parseLimits)
                options.variables = names
                options.format = format
                if let size { options.canvasSize = (size.width, size.height) }
                files += try renderOne(source: source, options: options, renderer: renderer,
                                       suffix: sizes.count > 1 ? size.map { "-\($0.label)" } : nil)
            }
            for file in files {
                switch file.content {
                case .bytes(let bytes): try OutputFile.write(bytes, to: file.path)
                case .frames(let frames): try OutputFile.write(to: file.path) { frames.writeJSON(into: &$0) }
                }
            }
        } catch {
            // Every step throws LayoutRenderError (typed), so `error` is one.
            printError(error.diagnostic.description)
            throw exitStatus(for: error)
        }
    }

    /// The mistakes of a command line that need no file to be read: an output format
    /// that is not written, two things sent to standard output.
    func validate() throws(ValidationError) {
        if let output, !framesOnly {
            let format: OutputFormat
            do throws(OutputFormatError) { format = try OutputFormat.resolve(path: output, given: outputFormat) } catch {
                throw ValidationError(error.description)
            }
            if let problem = pictureSettings(format: format).problem { throw ValidationError(problem + ".") }
        }
        if let output, let framesPath, !framesOnly,
           OutputFile.isStandardOutput(output), OutputFile.isStandardOutput(framesPath) {
            throw ValidationError("the PNG and --frames cannot both go to standard output; give one of them a file name.")
        }
        if sizes.count > 1 {
            if let output, !framesOnly, OutputFile.isStandardOutput(output) {
                throw ValidationError("several --size values need an output file name, not \(output).")
            }
            if let framesPath, OutputFile.isStandardOutput(framesPath) {
                throw ValidationError("several --size values need a --frames file name, not \(framesPath).")
            }
        }
        for pair in variables {
            guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
                throw ValidationError("--var '\(pair)' is not NAME=VALUE.")
            }
        }
        if let maxNodes, !Self.maxNodesRange.contains(maxNodes) {
            throw ValidationError("--max-nodes \(maxNodes) is outside 1...\(Self.maxNodesRange.upperBound).")
        }
        if let maxSpecMegabytes, !Self.maxSpecMegabytesRange.contains(maxSpecMegabytes) {
            throw ValidationError("--max-spec-mb \(maxSpecMegabytes) is outside 1...\(Self.maxSpecMegabytesRange.upperBound).")
        }
    }

    /// How far the parse limits may be raised: past ten million nodes the memory a layout
    /// takes (about 1.3 KB a node) is beyond most machines; source offsets are 32-bit.
    static let maxNodesRange = 1...10_000_000
    static let maxSpecMegabytesRange = 1...2_048

    /// `--quality` and `--compression` for a picture in `format`.
    func pictureSettings(format: OutputFormat) -> PictureSettings {
        PictureSettings(format: format, quality: quality, compression: compression)
    }

    /// The names from --data and --var (--var wins).
    func names() throws(LayoutRenderError) -> [String: DataValue] {
        var names = try dataPath.map { path throws(LayoutRenderError) in try DataFile.read(path: path) } ?? [:]
        names.merge(try DataFile.variables(variables)) { _, given in given }
        return names
    }

    /// Options shared by every spec of a batch.
    func baseOptions() -> RenderOptions {
        var options = RenderOptions(fontDirectories: fontDirectories, scale: scale, strict: strict, debugOverlay: debug,
                                    parseLimits: parseLimits)
        options.format = format
        return options
    }

    /// What one output file holds: encoded bytes, or a frames dump written out as its
    /// JSON streams (never whole in memory).
    private enum OutputContent {
        case bytes([UInt8])
        case frames(FrameDump)
    }

    /// The files one size makes, in the order they are written: the frames, then the PNG.
    private func renderOne(source: String, options: RenderOptions, renderer: LayoutRenderer,
                           suffix: String?) throws(LayoutRenderError) -> [(content: OutputContent, path: String)] {
        let laidOut = try renderer.layout(source: source, options: options)
        let frames = framesPath.map { (content: OutputContent.frames(laidOut.frames), path: withSuffix($0, suffix)) }
        if framesOnly { return frames.map { [$0] } ?? [] }
        guard let output else { return frames.map { [$0] } ?? [] }
        let format: OutputFormat
        do throws(OutputFormatError) { format = try OutputFormat.resolve(path: output, given: outputFormat) } catch {
            throw .outputUnwritable(path: output, reason: error.description)  // validate() refused it first
        }
        let picture = try renderer.picture(laidOut, settings: pictureSettings(format: format), options: options)
        for warning in picture.warnings { printError(warning.description) }
        return (frames.map { [$0] } ?? []) + [(content: .bytes(picture.bytes), path: withSuffix(output, suffix))]
    }

    /// `out.png` with suffix `-320x568` is `out-320x568.png`.
    private func withSuffix(_ path: String, _ suffix: String?) -> String {
        guard let suffix, !OutputFile.isStandardOutput(path) else { return path }
        let ns = path as NSString
        let ext = ns.pathExtension
        return ext.isEmpty ? path + suffix : ns.deletingPathExtension + suffix + "." + ext
    }
}

/// The exit status of a failed render or conversion, the same scheme as `diff` and `test`:
/// 2 when a file could not be read or written (the spec, `--data`, the output), 1 for what
/// the spec, its fonts and images or the render got wrong. (64 is bad usage, everywhere.)
func exitStatus(for error: LayoutRenderError) -> ExitCode {
    switch error {
    case .inputUnreadable, .outputUnwritable: return ExitCode(2)
    case .spec, .layout, .resource, .render: return ExitCode(1)
    }
}
