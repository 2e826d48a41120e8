import ArgumentParser
import Foundation
import LayoutRenderKit
import SpecLanguage

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a spec between its text form and its JSON form.",
        discussion: """
            Styles are written applied to the nodes that use them; if/else/for blocks are kept. \
            Converting back gives the same tree.
            """
    )

    @Argument(help: "The spec (.spec or .json), or - for standard input.")
    var input: String

    @Option(help: "The form to write: json or spec (default: the other form).")
    var to: SpecFormat?

    @Option(name: .customLong("from"), help: "The form of the input: auto, spec or json.")
    var from: SpecFormat = .automatic

    @Option(name: [.short, .customLong("output")], help: "Write to this file instead of standard output (- for standard output).")
    var output: String?

    func run() throws {
        do throws(LayoutRenderError) {
            let source: String
            if input == "-" {
                source = try LayoutRenderer.readSpecFromStandardInput()
            } else {
                source = try LayoutRenderer.readSpec(path: input)
            }
            var options = RenderOptions(fileName: input == "-" ? "<stdin>" : input)
            options.format = from
            let inputFormat = from.resolved(fileName: options.fileName, source: source)
            let document = try LayoutRenderer.parseTemplate(source: source, options: options)
            let target = to ?? (inputFormat == .json ? .spec : .json)
            let text = target == .json ? SpecWriter.json(document) : SpecWriter.specText(document)
            try OutputFile.write(Array(text.utf8), to: output ?? OutputFile.standardOutputName)
        } catch {
            printError(error.diagnostic.description)
            throw exitStatus(for: error)
        }
    }
}

extension SpecFormat: ExpressibleByArgument {}
