import ArgumentParser
import Foundation

/// `layout-render serve …` runs `layout-render-service …` from the same folder, as git runs
/// its `git-NAME` programs: the HTTP stack (Hummingbird, NIO, metrics) lives in that
/// program alone, so the render CLI neither links nor builds it. The arguments are passed
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

    /// The service program beside this one (this executable's real folder, links followed).
    static var serviceProgram: String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(programName).path
    }

    func run() throws {
        try Self.handOver(arguments)
    }

    /// Replaces this process with the service program; returns only by throwing.
    static func handOver(_ arguments: [String]) throws -> Never {
        let program = serviceProgram
        guard FileManager.default.isExecutableFile(atPath: program) else {
            printError("layout-render: error: serve needs \(programName) beside layout-render (looked for \(program)); "
                       + "build it with `swift build --product \(programName)`")
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
