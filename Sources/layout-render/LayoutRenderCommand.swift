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
        subcommands: [RenderCommand.self, DiffCommand.self, TestCommand.self, ConvertCommand.self, ServeCommand.self],
        defaultSubcommand: RenderCommand.self
    )
}
