import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `layout-render-service` as a user runs it: the real binary on a free loopback port,
/// stopped with SIGTERM.
final class ServeCommandTests: XCTestCase {
    static var binary: URL {
        // The test bundle sits in the same build folder as the product.
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if dir.lastPathComponent.hasSuffix(".xctest") { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("layout-render-service")
    }

    /// Starts `layout-render-service --port 0 ARGUMENTS` and returns it with the port it
    /// listens on (read from Hummingbird's "Server started and listening on 127.0.0.1:PORT").
    static func serve(_ arguments: [String]) throws -> (process: Process, port: Int) {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        var log = ""
        let reader = output.fileHandleForReading
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            log += String(decoding: chunk, as: UTF8.self)
            if let range = log.range(of: #"listening on 127\.0\.0\.1:(\d+)"#, options: .regularExpression),
               let port = log[range].split(separator: ":").last.flatMap({ Int($0) }) {
                return (process, port)
            }
        }
        process.terminate()
        throw RawConnection.Failure(description: "serve did not start: \(log)")
    }

    func testServeAnswersAndStopsGracefullyOnSIGTERM() async throws {
        let (process, port) = try Self.serve(["--workers", "1"])
        defer { if process.isRunning { process.terminate() } }

        let (body, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/healthz")!)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "ok\n")

        kill(process.processIdentifier, SIGTERM)
        let stopped = Date().addingTimeInterval(20)
        while process.isRunning, Date() < stopped { try await Task.sleep(for: .milliseconds(50)) }
        XCTAssertFalse(process.isRunning)
        XCTAssertEqual(process.terminationStatus, 0)
    }

    /// Past `--max-connections` the server stops accepting: a new connection waits (in the
    /// kernel's backlog) until an open one closes, here by `--idle-timeout-ms`, and is then
    /// answered; it is not refused. (Through the binary: HummingbirdTesting's
    /// `configuration.with(address:)` drops the connection limit, so `withServer` has none.)
    func testPastTheConnectionLimitANewConnectionWaitsForAFreeOne() async throws {
        let idle = 1.0
        let (process, port) = try Self.serve(["--max-connections", "2", "--idle-timeout-ms", "\(Int(idle * 1000))"])
        defer { if process.isRunning { process.terminate() } }
        let result = try await onThread {
            // Two connections, each answered (so accepted), then left idle.
            let request = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            let first = try RawConnection(port: port)
            let firstSent = Date()
            first.send(request)
            let second = try RawConnection(port: port)
            second.send(request)
            let opened = [first.readAnswer()?.status, second.readAnswer()?.status]
            let third = try RawConnection(port: port)
            third.send(request)
            let answer = third.readAnswer(timeout: 30)
            return (opened, answer?.status, Date().timeIntervalSince(firstSent),
                    first.isClosedByServer(within: 10) || second.isClosedByServer(within: 10))
        }
        XCTAssertEqual(result.0, [200, 200])
        XCTAssertEqual(result.1, 200, "the third connection was not answered")
        // The third could only be accepted once an idle one had been closed, at least the
        // idle timeout after the first request was sent (timers fire late, never early).
        XCTAssertGreaterThanOrEqual(result.2, idle * 0.9)
        XCTAssertTrue(result.3, "neither idle connection was closed")
    }
}
