import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `layout-render serve` as a user runs it: the real binary on a free loopback port,
/// stopped with SIGTERM.
final class ServeCommandTests: XCTestCase {
    static var binary: URL {
        // The test bundle sits in the same build folder as the product.
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if dir.lastPathComponent.hasSuffix(".xctest") { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("layout-render")
    }

    func testServeAnswersAndStopsGracefullyOnSIGTERM() async throws {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["serve", "--port", "0", "--workers", "1"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // Hummingbird logs "Server started and listening on 127.0.0.1:PORT".
        var log = ""
        var port: Int?
        let reader = output.fileHandleForReading
        let deadline = Date().addingTimeInterval(30)
        while port == nil, Date() < deadline {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            log += String(decoding: chunk, as: UTF8.self)
            if let range = log.range(of: #"listening on 127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                port = Int(log[range].split(separator: ":").last!)
            }
        }
        let found = try XCTUnwrap(port, log)

        let (body, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(found)/healthz")!)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "ok\n")

        kill(process.processIdentifier, SIGTERM)
        let stopped = Date().addingTimeInterval(20)
        while process.isRunning, Date() < stopped { try await Task.sleep(for: .milliseconds(50)) }
        XCTAssertFalse(process.isRunning)
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
