import Foundation
import XCTest

/// `layout-render serve …` runs `layout-render-service …` with the same arguments, found
/// beside the CLI, in Service/.build/release of its package, or on PATH (the service is a
/// package of its own, Service/).
final class ServeHandoverTests: XCTestCase {
    private func run(_ arguments: [String], path: String, binary: URL = CLIRunner.binary) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = binary
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

    /// A copy of the CLI in a folder of its own, outside any package: a checkout whose
    /// service is built (Service/.build/release) would otherwise be found.
    private func isolatedBinary() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lr-serve-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let cli = folder.appendingPathComponent("layout-render")
        try FileManager.default.copyItem(at: CLIRunner.binary, to: cli)
        return cli
    }

    func testServeWithoutTheServiceProgramSaysHowToBuildIt() throws {
        let result = try run(["serve", "--port", "8080"], path: "/usr/bin:/bin", binary: try isolatedBinary())
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("layout-render-service"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--package-path Service"), result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    /// Where the README builds it: `swift build -c release --package-path Service` puts it in
    /// Service/.build/release of the package layout-render was built in.
    func testServeFindsTheServiceWhereTheReadmeBuildsIt() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("lr-serve-pkg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        let release = package.appendingPathComponent(".build/release")
        let service = package.appendingPathComponent("Service/.build/release")
        for folder in [release, service] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Data().write(to: package.appendingPathComponent("Package.swift"))
        // A copy, not a link: the program's own folder is where its links lead.
        let cli = release.appendingPathComponent("layout-render")
        try FileManager.default.copyItem(at: CLIRunner.binary, to: cli)
        let fake = service.appendingPathComponent("layout-render-service")
        try "#!/bin/sh\nprintf 'built:%s|' \"$@\"\n".write(to: fake, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)

        let result = try run(["serve", "--port", "0"], path: "/usr/bin:/bin", binary: cli)
        XCTAssertEqual(result.stdout, "built:--port|built:0|")
        XCTAssertEqual(result.status, 0)

        // Without a Package.swift above it, that folder is not searched.
        try FileManager.default.removeItem(at: package.appendingPathComponent("Package.swift"))
        XCTAssertEqual(try run(["serve", "--port", "0"], path: "/usr/bin:/bin", binary: cli).status, 64)
    }

    func testServeHelpWorksWithoutTheServiceAndSaysHowToBuildIt() throws {
        let cli = try isolatedBinary()
        for flag in ["--help", "-h"] {
            let result = try run(["serve", flag], path: "/usr/bin:/bin", binary: cli)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("USAGE: layout-render serve"), result.stdout)
            XCTAssertTrue(result.stdout.contains("swift build -c release --package-path Service"), result.stdout)
            XCTAssertTrue(result.stdout.contains("layout-render-service is not built"), result.stdout)
            XCTAssertEqual(result.stderr, "")
        }
    }
}
