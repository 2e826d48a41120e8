import Foundation
import XCTest

/// `layout-render serve …` runs `layout-render-service …` with the same arguments, found
/// beside the CLI or on PATH (the service is a package of its own, Service/).
final class ServeHandoverTests: XCTestCase {
    private func run(_ arguments: [String], path: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = path
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    func testServeHandsEveryArgumentToTheServiceProgramOnPATH() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lr-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appendingPathComponent("layout-render-service")
        try "#!/bin/sh\nprintf '%s|' \"$@\"\nexit 7\n".write(to: fake, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)

        let result = try run(["serve", "--port", "0", "--help", "a b"], path: folder.path + ":/usr/bin:/bin")
        XCTAssertEqual(result.stdout, "--port|0|--help|a b|")
        XCTAssertEqual(result.status, 7)
    }

    func testServeWithoutTheServiceProgramSaysHowToBuildIt() throws {
        let result = try run(["serve", "--port", "8080"], path: "/usr/bin:/bin")
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("layout-render-service"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--package-path Service"), result.stderr)
        XCTAssertEqual(result.stdout, "")
    }
}
