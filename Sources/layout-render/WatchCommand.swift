import ArgumentParser
import Foundation
import LayoutRenderKit

/// `layout-render watch SPEC OUT`: renders the spec, then again every time it (or its
/// `--data` file) is saved, until Ctrl-C. Every render is an ordinary `render` run, so
/// its errors carry their place and a failed render writes nothing: OUT keeps the last
/// good picture.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Render a spec again every time it is saved (Ctrl-C stops).",
        usage: "layout-render watch <spec> <output> [render options]",
        discussion: """
            Renders SPEC to OUTPUT, then looks at SPEC (and the --data file) every \
            \(WatchCommand.interval) seconds and renders again once a change has settled; an \
            editor that saves by writing a new file and renaming it is seen too. Errors are \
            printed with their place (file:line:column) and write nothing, so OUTPUT keeps \
            the last good picture; each good render prints a line to standard output. Any \
            option of render that makes one picture applies (--scale, --size, --var, --data, \
            --format, --frames, --debug, …). Ctrl-C ends the watch (status 0) after the \
            render under way.
            """
    )

    /// Seconds between two looks at the files.
    static let interval = 0.2

    @Argument(help: "The spec to watch (.spec or .json).")
    var spec: String

    @Argument(help: "The picture to write (its extension or --format gives the format).")
    var output: String

    @Argument(parsing: .captureForPassthrough, help: "Options of render for each picture.")
    var renderOptions: [String] = []

    func validate() throws {
        if spec == "-" || OutputFile.isStandardOutput(output) {
            throw ValidationError("watch reads a file and writes a file; - (standard input or output) cannot be watched.")
        }
        let render = try renderCommand()
        if render.outDirectory != nil || render.framesOnly {
            throw ValidationError("watch writes one picture; --out-dir and --frames-only are render's.")
        }
        if render.sizes.count > 1 {
            throw ValidationError("watch writes one picture; give one --size (each --size of render is a picture of its own).")
        }
        if let frames = render.framesPath, OutputFile.isStandardOutput(frames) {
            throw ValidationError("watch writes --frames to a file, not to standard output.")
        }
    }

    /// The render command the options make, checked as `render` checks it.
    private func renderCommand() throws -> RenderCommand {
        do {
            return try RenderCommand.parse([spec, output] + renderOptions)
        } catch {
            throw ValidationError(RenderCommand.message(for: error))
        }
    }

    func run() throws {
        let job = try renderCommand().job
        var changes = FileChanges(paths: [spec] + (job.dataPath.map { [$0] } ?? []))
        StopSignal.install()
        printError("Watching \(spec) (Ctrl-C to stop).")
        var missing = false
        while !StopSignal.isRaised {
            if let signatures = changes.settledChange() {
                if signatures[0] == nil {
                    if !missing { printError("\(spec): not there; waiting for it.") }
                    missing = true
                } else {
                    missing = false
                    render(job)
                }
            }
            StopSignal.sleep(seconds: Self.interval)
        }
        printError("Stopped watching \(spec).")
    }

    /// One render; a failure has printed its errors and leaves the output as it was.
    private func render(_ job: RenderJob) {
        do {
            try job.run()
            // Unbuffered: a line per render as it happens, also into a pipe or a file.
            FileHandle.standardOutput.write(Data((terminalSafe("\(Self.clock()) wrote \(output)") + "\n").utf8))
        } catch {
            printError("\(Self.clock()) \(output) not written; it keeps the last good picture.")
        }
    }

    /// The time of day, HH:MM:SS, for the lines that say when a render happened.
    private static func clock() -> String {
        var now = time(nil), parts = tm()
        localtime_r(&now, &parts)
        return String(format: "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
