import ArgumentParser
import Foundation

/// `layout-render serve …` runs `layout-render-service …`, as git runs its `git-NAME`
/// programs: the HTTP stack (Hummingbird, NIO, metrics) lives in that program and its
/// package (Service/) alone, so the render CLI neither links nor builds it. The arguments
/// are passed on unchanged (`layout-render serve --help` prints the service's help, or,
/// when the service is not built, this command's help with the command that builds it).
struct ServeHandover: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve renders over HTTP (runs layout-render-service; see docs/deploy.md).",
        discussion: """
            Every argument is passed on to layout-render-service: layout-render serve --help \
            lists them. The service is looked for beside layout-render, then where the README \
            builds it in the package layout-render was built from \
            (Service/.build/release/layout-render-service), then on PATH. Build it with:
              \(buildCommand)
            """
    )

    @Argument(parsing: .captureForPassthrough, help: "Options of layout-render-service.")
    var arguments: [String] = []

    static let programName = "layout-render-service"
    static let buildCommand = "swift build -c release --package-path Service"

    /// The service program, the first of `candidates` that is an executable file; nil
    /// when none is.
    static var serviceProgram: String? {
        candidates().first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Where the service may be, in order: beside this program (its real folder, links
    /// followed), as an installation puts both; `Service/.build/release/` of the package
    /// this program was built in (the first folder above it with a `Package.swift` and a
    /// `Service` folder: `.build/release/layout-render` in a checkout), where the README's
    /// build command puts it; then every folder of `PATH`. The current folder is not
    /// searched: running a program found wherever one happens to be is how a planted
    /// binary gets run.
    static func candidates(executable: String? = nil,
                           path: String = ProcessInfo.processInfo.environment["PATH"] ?? "") -> [String] {
        let own = executable ?? (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let folder = URL(fileURLWithPath: own).deletingLastPathComponent()
        var candidates = [folder.appendingPathComponent(programName).path]
        var ancestor = folder
        while ancestor.path != "/" && !ancestor.path.isEmpty {
            let fm = FileManager.default
            if fm.fileExists(atPath: ancestor.appendingPathComponent("Package.swift").path),
               fm.fileExists(atPath: ancestor.appendingPathComponent("Service").path) {
                candidates.append(ancestor.appendingPathComponent("Service/.build/release/\(programName)").path)
                break
            }
            ancestor.deleteLastPathComponent()
        }
        for folder in path.split(separator: ":") where !folder.isEmpty {
            candidates.append(String(folder) + "/" + programName)
        }
        return candidates
    }

    func run() throws {
        try Self.handOver(arguments)
    }

    /// Replaces this process with the service program; returns only by throwing. Without
    /// the program, `--help` prints this command's help (with the build command) and
    /// exits 0; anything else is a usage error saying how to build it.
    static func handOver(_ arguments: [String]) throws -> Never {
        guard let program = serviceProgram else {
            if arguments.contains(where: { ["--help", "-h"].contains($0) }) {
                print(LayoutRenderCommand.helpMessage(for: ServeHandover.self))
                print("\nlayout-render-service is not built (looked for: \(candidates().prefix(2).joined(separator: ", ")), then PATH).")
                throw ExitCode.success
            }
            printError("layout-render: error: serve runs \(programName), which is neither beside layout-render, "
                       + "nor built in this package (Service/.build/release), nor on PATH; "
                       + "build it with `\(buildCommand)` (docs/deploy.md)")
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
