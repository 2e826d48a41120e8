import ArgumentParser
import Foundation
import LayoutRenderKit

@main
struct LayoutRenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout-render",
        abstract: "Lay out a spec of stacks, boxes, labels and images, and draw it to PNG.",
        discussion: """
            layout-render in.spec out.png renders a spec (see docs/spec.md); \
            layout-render serve answers renders over HTTP (see docs/deploy.md).
            Exit codes: 0 success; 1 the spec, a resource or the render failed (diff: the \
            images differ; test: a case failed); 2 a file could not be read or written; 64 bad usage.
            """,
        version: "0.1.0",
        subcommands: [RenderCommand.self, WatchCommand.self, DiffCommand.self, TestCommand.self, MergeReportsCommand.self,
                      ConvertCommand.self, ServeHandover.self],
        defaultSubcommand: RenderCommand.self
    )

    /// `layout-render IN OUT`, the common form, renders without parsing options: building
    /// the argument definitions of the command tree (every subcommand's options, through
    /// reflection) took about 14 million instructions, more than laying out the card
    /// scene. A command line naming a subcommand is parsed by that subcommand alone.
    /// Whatever does not parse that way (help, errors) takes the full path, which
    /// reports it. A test checks that the full path parses the plain form to the same
    /// `RenderJob`.
    static func main() async {
        // Buffers freed by one render, decode or encode are reused by the next (a batch
        // renders thousands) instead of being unmapped and faulted in again.
        ProcessMemory.keepFreedMemory()
        // And the first 16 MiB of the heap in huge pages: a page fault per 2 MiB, not 4 KiB.
        ProcessMemory.heapInHugePages()
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `serve` passes everything after it on, `--help` included, to the service program.
        if arguments.first == ServeHandover.configuration.commandName {
            do { try ServeHandover.handOver(Array(arguments.dropFirst())) } catch { exitPrinting(error) }
        }
        // `--version` alone: what the full parser prints, without building the command tree
        // (10 of the 13.5 million instructions the process took; docs/benchmarks.md).
        if arguments == ["--version"], let version = configuration.version.isEmpty ? nil : configuration.version {
            print(version)
            return
        }
        if let first = arguments.first, let name = suggestedSubcommand(for: first) {
            exitPrinting(ValidationError("'\(first)' is neither a command nor a file; did you mean '\(name)'?"))
        }
        // The few options scripts repeat, without the parser either; a job that does not
        // validate is left to the parser, whose messages those are.
        if !isPlainRender(arguments), let job = QuickRenderArguments.job(arguments, commandNames: commandNames),
           (try? job.validate()) != nil {
            do {
                try job.run()
            } catch {
                exitPrinting(error)
            }
            return
        }
        if isPlainRender(arguments) {
            do {
                let job = RenderJob(input: arguments[0], output: arguments[1])
                try job.validate()
                try job.run()
            } catch {
                exitPrinting(error)
            }
            return
        }
        // `layout-render diff A B …`: the subcommand's own options, not the whole tree's.
        if let name = arguments.first,
           let subcommand = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
           let command = try? subcommand.parseAsRoot(Array(arguments.dropFirst())),
           type(of: command) == subcommand {  // not a built-in help or version command
            await run(command)
            return
        }
        do {
            await run(try parseAsRoot(arguments))
        } catch {
            exitPrinting(error)
        }
    }

    /// Runs a parsed command, async or not; an error ends the process with its message.
    ///
    /// A synchronous command (every subcommand's `run`) runs here, on the main thread, as
    /// the plain render does. Called from a nonisolated async function it ran on a thread
    /// of the concurrency pool, whose allocator arena (glibc gives each thread its own)
    /// grows by one `mprotect` call per page: 13,400 system calls for a 100,000-node spec's
    /// `--frames-only` render, where the main heap grows by `brk` in 429 (median 341 → 319
    /// ms in 20 interleaved runs).
    @MainActor private static func run(_ command: sending any ParsableCommand) async {
        do {
            if command is AsyncParsableCommand {
                try await runAsync(command)
            } else {
                var command = command
                try command.run()
            }
        } catch {
            exitPrinting(error)
        }
    }

    private static func runAsync(_ command: sending any ParsableCommand) async throws {
        guard var asyncCommand = command as? AsyncParsableCommand else { return }
        try await asyncCommand.run()
    }

    /// Ends the process as ArgumentParser's `exit(withError:)` does, with the message
    /// escaped: usage errors quote the command line, which may carry control characters.
    static func exitPrinting(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if !message.isEmpty {
            if code == .success { print(message) } else { printError(message) }
        }
        Foundation.exit(code.rawValue)
    }

    /// The command a mistyped first argument most likely meant (`rendr`, `tset`), when it
    /// is not a file, an option or a command's own name.
    static func suggestedSubcommand(for word: String) -> String? {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !names.contains(word), !word.hasPrefix("-"), !word.contains("."), !word.contains("/"),
              !FileManager.default.fileExists(atPath: word)
        else { return nil }
        let typed = Array(word.lowercased())
        return names.map { (name: $0, distance: editDistance(typed, Array($0))) }
            .filter { $0.distance <= max(1, $0.name.count / 3) }
            .min { $0.distance < $1.distance }?.name
    }

    /// Edits (insertions, deletions, substitutions, swaps of neighbours) from `a` to `b`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard a.count < 64 else { return .max }  // no command name is that long; bound the table
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    /// Two operands and no options, the first not a subcommand's name.
    static func isPlainRender(_ arguments: [String]) -> Bool {
        arguments.count == 2 && !commandNames.contains(arguments[0]) && arguments.allSatisfy { !$0.hasPrefix("-") }
    }

    /// The subcommands' names and `help`: a first operand that is one of them is a command.
    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }
}
