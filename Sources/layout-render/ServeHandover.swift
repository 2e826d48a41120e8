import ArgumentParser
import Foundation

/// `layout-render serve …` runs `layout-render-service …` (from the same folder, else from
/// `PATH`), as git runs its `git-NAME` programs: the HTTP stack (Hummingbird, NIO,
/// metrics) lives in that program and its package (Service/) alone, so the render CLI
/// neither links nor builds it. The arguments are passed
/// on unchanged (`layout-render serve --help` prints the service's help).
struct ServeHandover: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve renders over HTTP (runs layout-render-service; see docs/deploy.md).",
        discussion: "Every argument is passed on to layout-render-service: layout-render serve --help lists them."
    )

    @Argument(parsing: .captureForPassthrough, help: "Options of layout-render-service.")
    var arguments: [String] = []

    static let programName = "layout-render-service"

    /// The service program: beside this one (this executable's real folder, links
    /// followed), as an installation puts both; else the first on `PATH`. Nil when neither.
    static var serviceProgram: String? {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var candidates = [URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(programName).path]
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            candidates.append(String(folder) + "/" + programName)
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func run() throws {
        try Self.handOver(arguments)
    }

    /// Replaces this process with the service program; returns only by throwing.
    static func handOver(_ arguments: [String]) throws -> Never {
        guard let program = serviceProgram else {
            printError("layout-render: error: serve runs \(programName), which is neither beside layout-render nor on PATH; "
                       + "build it with `swift build -c release --package-path Service` (docs/deploy.md)")
            throw ExitCode(64)
        }
        let argv = [program] + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        execv(program, &cArguments)
        let reason = String(cString: strerror(errno))
        for pointer in cArguments { free(pointer) }
        printError("layout-render: error: cannot run \(program): \(reason)")
        throw ExitCode(1)
    }
}
