import ArgumentParser
import Dispatch
import Foundation
import LayoutRenderKit
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
    /// The format every picture is written in (`--format`, `--quality`, `--compression`),
    /// as DIR/NAME.EXT with the format's extension.
    var picture = PictureSettings()
    /// How many specs are rendered at once, each on a thread of its own (`--jobs`).
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    /// Renders everything; returns the number of failures. A spec that cannot be found,
    /// read or rendered, or whose image another spec of the batch already claims, is one
    /// failure: it is reported and the others are still rendered.
    func run() throws -> Int {
        let (specs, unreadable) = collectSpecs()
        do {
            try FileManager.default.createDirectory(atPath: outDirectory, withIntermediateDirectories: true)
        } catch {
            printError("\(outDirectory): error: cannot create the output folder: \(error.localizedDescription)")
            throw ExitCode(2)
        }
        for problem in unreadable { printError(problem.message) }
        let renderer = LayoutRenderer(fontDirectories: options.fontDirectories)
        let batchPicture = pictureSettings(specCount: specs.count)
        let progress = Progress(total: specs.count)
        let failures = Mutex<[String]>(unreadable.map(\.path))
        forEachIndex(specs.count) { index in
            let (spec, out) = (specs[index].spec, specs[index].output)
            let label = spec + (specs[index].size.map { " at \($0.label)" } ?? "")
            do {
                if let first = specs[index].sharesOutputWith {
                    throw LayoutRenderError.outputUnwritable(
                        path: out, reason: "it is the image of \(first) too; rename one of the two specs")
                }
                var o = options
                o.fileName = spec
                // The sidecar's names, scale and size; the command line's --var, --data and
                // --scale win over it.
                specs[index].settings?.apply(to: &o, size: specs[index].size)
                o.variables.merge(variables) { _, given in given }
                if let scale = options.scale { o.scale = scale }
                let folder = (spec as NSString).deletingLastPathComponent
                o.assetRoot = assetRoot ?? (folder.isEmpty ? "." : folder)
                let laidOut = try renderer.layout(source: try LayoutRenderer.readSpec(path: spec, maxBytes: o.parseLimits.maxSourceBytes),
                                                  options: o)
                let image = try renderer.picture(laidOut, settings: batchPicture, options: o)
                for warning in image.warnings { progress.message(warning.description) }
                try OutputFile.write(image.bytes, to: out)
            } catch let error as LayoutRenderError {
                progress.message(error.diagnostic.description)
                failures.withLock { $0.append(label) }
            } catch {
                progress.message("\(spec): error: \(error)")
                failures.withLock { $0.append(label) }
            }
            progress.advance(label)
        }
        progress.finish()
        let failed = failures.withLock { $0 }
        let total = specs.count + unreadable.count
        let noun = specs.contains { $0.size != nil } ? "images" : "specs"
        printOutput("rendered \(total - failed.count) of \(total) \(noun) into \(outDirectory)"
                    + (failed.isEmpty ? "" : "; \(failed.count) failed: " + failed.sorted().joined(separator: ", ")))
        return failed.count
    }

    /// `picture`, encoding PNGs on one thread each when the jobs alone occupy every core: a
    /// second encoding thread per job would only compete with the other jobs (and start a
    /// thread per image).
    func pictureSettings(specCount: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> PictureSettings {
        var settings = picture
        settings.encodesOnOneThread = min(jobs, specCount) >= cores
        return settings
    }

    /// Calls `body` for every index below `count`, on `jobs` threads (this one and
    /// `jobs - 1` of its own) that each take the next index when done with one, so a slow
    /// spec does not hold up a share of the others. Returns when all are done. (Threads
    /// of our own, not `concurrentPerform`: called from the async main's executor,
    /// libdispatch ran everything on the calling thread, see DiffCommand.loadBoth.)
    private func forEachIndex(_ count: Int, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            let work = BatchWork(count: count, body: body)
            var threads: [pthread_t] = []
            for _ in 1..<max(1, min(jobs, count)) {
                var thread = pthread_t()
                let context = Unmanaged.passRetained(work).toOpaque()
                let status = pthread_create(&thread, nil, { context in
                    Unmanaged<BatchWork>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context)
                if status == 0 {
                    threads.append(thread)
                } else {
                    Unmanaged<BatchWork>.fromOpaque(context).release()  // fewer threads, same work
                }
            }
            work.run()
            // Every thread has let go of `work` (and so of `body`) once joined.
            for thread in threads { pthread_join(thread, nil) }
        }
    }

    /// The specs named, and the specs directly inside the folders named (`.spec`, and `.json`
    /// files that are not frame dumps, fixture sidecars or data files a sidecar names),
    /// sorted, each with its image's path (one per size its sidecar lists,
    /// `NAME-WxH.png`, or the format's extension); and the names that are neither, with why.
    private func collectSpecs() -> (specs: [BatchEntry], unreadable: [(path: String, message: String)]) {
        var specs: [String] = []
        var unreadable: [(path: String, message: String)] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                unreadable.append((path, "\(path): error: no such file or folder"))
                continue
            }
            if isDirectory.boolValue {
                do {
                    let found = try SpecFolder.specFiles(in: path)
                    // As `test` says of a folder without cases: a folder named for nothing
                    // is most likely the wrong folder.
                    if found.isEmpty {
                        unreadable.append((path, "\(path): error: no specs: the folder has no NAME.spec (or NAME.json spec)"))
                    }
                    for file in found {
                        // A link out of the folder is refused, never read (see SpecFolder).
                        if let refusal = SpecFolder.refusal(of: file, in: path) {
                            unreadable.append((path + "/" + file, refusal.description))
                        } else {
                            specs.append(path + "/" + file)
                        }
                    }
                } catch {
                    unreadable.append((path, "\(path): error: cannot list the folder: \(error.localizedDescription)"))
                }
            } else {
                specs.append(path)
            }
        }
        var claimed: [String: String] = [:]
        var seen = Set<String>()
        specs = specs.filter { seen.insert($0).inserted }  // a spec named twice is rendered once
        var entries: [BatchEntry] = []
        for spec in specs {
            let name = ((spec as NSString).lastPathComponent as NSString).deletingPathExtension
            let settings: FixtureSettings?
            do {
                settings = try FixtureSettings.load(forSpec: spec)
            } catch {
                unreadable.append((spec, error.diagnostic.description))
                continue
            }
            let sizes: [FixtureSize?] = settings.flatMap { $0.sizes.isEmpty ? nil : $0.sizes.map(Optional.some) } ?? [nil]
            for size in sizes {
                let output = outDirectory + "/" + name + (size.map { "-" + $0.label } ?? "") + "." + picture.format.fileExtension
                entries.append(BatchEntry(spec: spec, output: output, settings: settings, size: size,
                                          sharesOutputWith: claimed[output]))
                if claimed[output] == nil { claimed[output] = spec }
            }
        }
        return (entries, unreadable)
    }
}

/// The indices of a batch handed out one at a time to the threads rendering it.
private final class BatchWork {
    let count: Int
    let body: (Int) -> Void
    let next = Atomic<Int>(0)

    init(count: Int, body: @escaping (Int) -> Void) {
        self.count = count
        self.body = body
    }

    func run() {
        while true {
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < count else { return }
            body(index)
        }
    }
}

/// One spec of a batch and the image it becomes.
struct BatchEntry {
    var spec: String
    var output: String
    /// The spec's sidecar (`NAME.fixture.json`) and the size of this image, one of its sizes.
    var settings: FixtureSettings?
    var size: FixtureSize?
    /// The earlier spec of the batch whose image has the same name: this one is not rendered.
    var sharesOutputWith: String?
}

/// A one-line progress report on a terminal (nothing when stderr is not a terminal).
final class Progress: Sendable {
    private let total: Int
    private let done = Mutex(0)
    private let isTerminal = isatty(2) != 0

    init(total: Int) { self.total = total }

    func advance(_ name: String) {
        let n = done.withLock { value -> Int in value += 1; return value }
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K[\(n)/\(total)] \(Diagnostic.escaped(name))".utf8)) }
    }

    func message(_ text: String) {
        done.withLock { _ in
            // Line by line: a diagnostic's own lines (the quoted source, the caret) stay lines.
            let safe = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { Diagnostic.escaped(String($0)) }.joined(separator: "\n")
            FileHandle.standardError.write(Data(((isTerminal ? "\r\u{1B}[K" : "") + safe + "\n").utf8))
        }
    }

    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
