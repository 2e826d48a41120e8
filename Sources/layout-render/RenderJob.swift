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
    var strict = false
    var debug = false

    func run() throws {
        let source: String
        let fileName: String
        let specFolder: String
        do {
            if input == "-" {
                let data = FileHandle.standardInput.readDataToEndOfFile()
                guard let text = String(data: data, encoding: .utf8) else {
                    throw LayoutRenderError.inputUnreadable(path: "<stdin>", reason: "not valid UTF-8 text")
                }
                source = text
                fileName = "<stdin>"
                specFolder = FileManager.default.currentDirectoryPath
            } else {
                source = try LayoutRenderer.readSpec(path: input)
                fileName = input
                specFolder = (input as NSString).deletingLastPathComponent.isEmpty
                    ? "." : (input as NSString).deletingLastPathComponent
            }
            let names = try self.names()
            let renderer = LayoutRenderer(fontDirectories: fontDirectories)
            let canvasSizes: [CanvasSize?] = sizes.isEmpty ? [nil] : sizes.map(CanvasSize.init)
            for size in canvasSizes {
                var options = RenderOptions(fileName: fileName, assetRoot: assetRoot ?? specFolder,
                                            fontDirectories: fontDirectories, scale: scale, strict: strict,
                                            debugOverlay: debug)
                options.variables = names
                options.format = format
                if let size { options.canvasSize = (size.width, size.height) }
                try renderOne(source: source, options: options, renderer: renderer,
                              suffix: sizes.count > 1 ? size.map { "-\($0.label)" } : nil)
            }
        } catch let error as LayoutRenderError {
            printError(error.diagnostic.description)
            throw ExitCode(1)
        }
    }

    /// The names from --data and --var (--var wins).
    func names() throws(LayoutRenderError) -> [String: DataValue] {
        var names = try dataPath.map { path throws(LayoutRenderError) in try DataFile.read(path: path) } ?? [:]
        names.merge(try DataFile.variables(variables)) { _, given in given }
        return names
    }

    /// Options shared by every spec of a batch.
    func baseOptions() -> RenderOptions {
        var options = RenderOptions(fontDirectories: fontDirectories, scale: scale, strict: strict, debugOverlay: debug)
        options.format = format
        return options
    }

    private func renderOne(source: String, options: RenderOptions, renderer: LayoutRenderer,
                           suffix: String?) throws {
        let laidOut = try renderer.layout(source: source, options: options)
        if let framesPath {
            try write(Array(laidOut.frames.json().utf8), to: withSuffix(framesPath, suffix))
        }
        if framesOnly { return }
        let image = try renderer.draw(laidOut, options: options)
        for warning in image.warnings { printError(warning.description) }
        let png = try image.pngData()
        guard let output else { return }
        if output == "-" {
            FileHandle.standardOutput.write(Data(png))
        } else {
            try write(png, to: withSuffix(output, suffix))
        }
    }

    private func write(_ bytes: [UInt8], to path: String) throws(LayoutRenderError) {
        do {
            try PNGFile.writeAtomically(bytes, to: path)
        } catch {
            throw .outputUnwritable(path: path, reason: String(describing: error))
        }
    }

    /// `out.png` with suffix `-320x568` is `out-320x568.png`.
    private func withSuffix(_ path: String, _ suffix: String?) -> String {
        guard let suffix else { return path }
        let ns = path as NSString
        let ext = ns.pathExtension
        return ext.isEmpty ? path + suffix : ns.deletingPathExtension + suffix + "." + ext
    }
}
