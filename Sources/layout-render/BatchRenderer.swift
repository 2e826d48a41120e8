import ArgumentParser
import Dispatch
import Foundation
import LayoutRenderKit
import PNGCodec
import SpecLanguage
import Synchronization

/// Renders many specs into one folder on all cores, with a progress line on a terminal and
/// a summary at the end. One failing spec is reported and does not stop the others.
struct BatchRenderer {
    let paths: [String]
    let outDirectory: String
    let options: RenderOptions
    let variables: [String: DataValue]
    /// The folder images and fonts come from; nil: each spec's own folder.
    let assetRoot: String?

    /// Renders everything; returns the number of failures.
    func run() throws -> Int {
        let specs = try collectSpecs()
        do {
            try FileManager.default.createDirectory(atPath: outDirectory, withIntermediateDirectories: true)
        } catch {
            printError("\(outDirectory): error: cannot create the output folder: \(error.localizedDescription)")
            throw ExitCode(1)
        }
        let renderer = LayoutRenderer(fontDirectories: options.fontDirectories)
        let progress = Progress(total: specs.count)
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: specs.count) { index in
            let spec = specs[index]
            let name = ((spec as NSString).lastPathComponent as NSString).deletingPathExtension
            let out = outDirectory + "/" + name + ".png"
            do {
                var o = options
                o.fileName = spec
                o.variables = variables
                let folder = (spec as NSString).deletingLastPathComponent
                o.assetRoot = assetRoot ?? (folder.isEmpty ? "." : folder)
                let image = try renderer.render(source: try LayoutRenderer.readSpec(path: spec), options: o)
                for warning in image.warnings { progress.message(warning.description) }
                do { try PNGFile.writeAtomically(try image.pngData(), to: out) } catch let e as PNGError {
                    throw LayoutRenderError.outputUnwritable(path: out, reason: e.description)
                }
            } catch let error as LayoutRenderError {
                progress.message(error.diagnostic.description)
                failures.withLock { $0.append(spec) }
            } catch {
                progress.message("\(spec): error: \(error)")
                failures.withLock { $0.append(spec) }
            }
            progress.advance(spec)
        }
        progress.finish()
        let failed = failures.withLock { $0 }
        print("rendered \(specs.count - failed.count) of \(specs.count) specs into \(outDirectory)"
              + (failed.isEmpty ? "" : "; \(failed.count) failed: " + failed.sorted().joined(separator: ", ")))
        return failed.count
    }

    /// The specs named, and the `.spec`/`.json` files directly inside the folders named, sorted.
    private func collectSpecs() throws -> [String] {
        var specs: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                printError("\(path): error: no such file or folder")
                throw ExitCode(1)
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                specs += names.filter { $0.hasSuffix(".spec") || $0.hasSuffix(".json") }.sorted().map { path + "/" + $0 }
            } else {
                specs.append(path)
            }
        }
        return specs
    }
}

/// A one-line progress report on a terminal (nothing when stderr is not a terminal).
final class Progress: Sendable {
    private let total: Int
    private let done = Mutex(0)
    private let isTerminal = isatty(2) != 0

    init(total: Int) { self.total = total }

    func advance(_ name: String) {
        let n = done.withLock { value -> Int in value += 1; return value }
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K[\(n)/\(total)] \(name)".utf8)) }
    }

    func message(_ text: String) {
        done.withLock { _ in
            FileHandle.standardError.write(Data(((isTerminal ? "\r\u{1B}[K" : "") + text + "\n").utf8))
        }
    }

    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
