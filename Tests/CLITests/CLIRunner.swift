import Foundation
import XCTest

/// Runs the real `layout-render` binary, as a user would.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    static var binary: URL {
        // The test bundle sits in the same build folder as the product.
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if dir.lastPathComponent.hasSuffix(".xctest") { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("layout-render")
    }

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs the binary (or `executable`, such as a shell that starts it under limits);
    /// `withoutCI` removes `CI` from its environment (for a test that records golden files
    /// on purpose, which the tool refuses under CI); `environment` sets (or, with nil,
    /// removes) variables of the test's own environment.
    /// `killAfter` is a watchdog for inputs that used to hang: the child is killed after that
    /// many seconds (its status is then SIGTERM's, which no test expects), so a regression
    /// fails the test instead of stalling the suite. It is not a timing assertion.
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                    withoutCI: Bool = false, environment overrides: [String: String?] = [:],
                    executable: URL? = nil, killAfter: Double? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        if withoutCI { environment["CI"] = nil }
        // `test` records when this variable asks; only a test that sets it on purpose may.
        environment["LAYOUT_RENDER_UPDATE"] = nil
        for (name, value) in overrides { environment[name] = value }
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let killAfter {
            final class Watched: @unchecked Sendable { let process: Process; init(_ p: Process) { process = p } }
            let watched = Watched(process)
            DispatchQueue.global().asyncAfter(deadline: .now() + killAfter) {
                if watched.process.isRunning { watched.process.terminate() }
            }
        }
        // Read both pipes before waiting, so a large output cannot block the child.
        final class Box: @unchecked Sendable { var data = Data() }
        let outBox = Box()
        let group = DispatchGroup()
        if let stdin {
            // Written beside the reads, on a thread of its own that blocks SIGPIPE: a child
            // that stops reading early (over a limit) makes the write fail instead of ending
            // the test process. Only this thread's mask changes, so children spawned from
            // other threads keep the default disposition.
            let writer = input.fileHandleForWriting
            group.enter()
            Thread {
                var blocked = sigset_t()
                sigemptyset(&blocked)
                sigaddset(&blocked, SIGPIPE)
                pthread_sigmask(SIG_BLOCK, &blocked, nil)
                try? writer.write(contentsOf: stdin)
                try? writer.close()
                group.leave()
            }.start()
        } else {
            try input.fileHandleForWriting.close()
        }
        group.enter()
        DispatchQueue.global().async {
            outBox.data = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        let outData = outBox.data
        return Result(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh empty folder for one test.
    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lr-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}

extension CLIRunner {
    /// Writes `text` to the file `name` in `dir`; its path.
    static func write(_ text: String, _ name: String = "in.spec", in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Renders `text`, written to `in.spec` in `dir` (with `arguments` after the output), and
    /// checks it fails with status 1 and `message` after `in.spec:`, writing no picture.
    /// The families a "font family … not found" message lists (after "the families there
    /// are: "). Tests check that the ones scripts/setup installs are among them: the full
    /// list depends on the fonts of the machine.
    static func listedFamilies(in message: String) -> Set<String> {
        guard let start = message.range(of: "the families there are: ") else { return [] }
        let rest = message[start.upperBound...]
        let end = rest.range(of: "; no other font")?.lowerBound ?? rest.endIndex
        return Set(rest[..<end].components(separatedBy: ", "))
    }

    static func assertRenderFails(_ text: String, _ message: String, in dir: URL, arguments: [String] = [],
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let spec = try write(text, in: dir)
        let png = dir.appendingPathComponent("out.png").path
        let r = try run([spec, png] + arguments)
        XCTAssertEqual(r.status, 1, r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains("in.spec:" + message), r.stderr, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: png), file: file, line: line)
    }
}
