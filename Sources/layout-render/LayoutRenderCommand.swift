import ArgumentParser

@main
struct LayoutRenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout-render",
        abstract: "Lay out a spec of stacks, boxes, labels and images, and draw it to PNG.",
        discussion: """
            layout-render in.spec out.png renders a spec (see docs/spec.md); \
            layout-render serve answers renders over HTTP (see docs/deploy.md).
            Exit codes: 0 success; 1 the spec, a resource or the render failed; 64 bad usage.
            """,
        version: "0.1.0",
        subcommands: [RenderCommand.self, DiffCommand.self, TestCommand.self, ConvertCommand.self, ServeHandover.self],
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
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `serve` passes everything after it on, `--help` included, to the service program.
        if arguments.first == ServeHandover.configuration.commandName {
            do { try ServeHandover.handOver(Array(arguments.dropFirst())) } catch { exit(withError: error) }
        }
        if isPlainRender(arguments) {
            do {
                try RenderJob(input: arguments[0], output: arguments[1]).run()
            } catch {
                exit(withError: error)
            }
            return
        }
        // `layout-render diff A B …`: the subcommand's own options, not the whole tree's.
        if let name = arguments.first,
           let subcommand = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
           var command = try? subcommand.parseAsRoot(Array(arguments.dropFirst())),
           type(of: command) == subcommand {  // not a built-in help or version command
            do {
                if var asyncCommand = command as? AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            } catch {
                exit(withError: error)
            }
            return
        }
        await main(nil)
    }

    /// Two operands and no options, the first not a subcommand's name.
    static func isPlainRender(_ arguments: [String]) -> Bool {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        return arguments.count == 2 && !names.contains(arguments[0])
            && arguments.allSatisfy { !$0.hasPrefix("-") }
    }
}
