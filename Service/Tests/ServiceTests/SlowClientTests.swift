import Foundation
import HummingbirdTesting
import XCTest

@testable import LayoutRenderService

/// Clients that are slow on purpose cannot hold a connection for ever, and others are
/// served meanwhile. The limits are short here; the waits are generous (the test machine
/// may be busy), and no duration is asserted beyond "closed, well before the wait ran out".
final class SlowClientTests: XCTestCase {
    /// A head that stops halfway, and a connection that sends nothing at all, are closed
    /// after the idle timeout; a request on another connection is answered meanwhile.
    func testAStalledHeadAndASilentConnectionAreClosedAfterTheIdleTimeout() async throws {
        try await withServer({ $0.idleTimeout = .seconds(1); $0.bodyTimeout = .seconds(60) }) { client, _ in
            let port = try XCTUnwrap(client.port)
            let stalled = try RawConnection(port: port)
            let silent = try RawConnection(port: port)
            XCTAssertTrue(stalled.send("POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le"))
            let health = try await onThread { try RawConnection.request(port: port, "GET", "/healthz") }
            XCTAssertEqual(health.status, 200)
            let closed = try await onThread { (stalled.waitForClose(timeout: 30), silent.waitForClose(timeout: 30)) }
            XCTAssertTrue(closed.0, "a stalled head was not closed")
            XCTAssertTrue(closed.1, "a silent connection was not closed")
        }
    }

    /// A head sent one byte at a time is no activity either: nothing counts before the
    /// whole head has arrived, so the idle timeout bounds the head's total time.
    func testAHeadSentOneByteAtATimeIsClosedAfterTheIdleTimeout() async throws {
        try await withServer({ $0.idleTimeout = .seconds(1); $0.bodyTimeout = .seconds(60) }) { client, _ in
            let port = try XCTUnwrap(client.port)
            let closed = try await onThread { try Self.trickle("POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                                                                String(repeating: "X-Padding: slow\r\n", count: 1000),
                                                                port: port, head: "") }
            XCTAssertTrue(closed, "a head trickled for 30 s was not closed")
        }
    }

    /// A body trickled a byte at a time, and one that stops short of its Content-Length,
    /// are closed by the body timeout, which counts them in /metrics.
    func testATrickledBodyIsClosedAfterTheBodyTimeout() async throws {
        try await withServer({ $0.idleTimeout = .seconds(1); $0.bodyTimeout = .seconds(2) }) { client, _ in
            let port = try XCTUnwrap(client.port)
            let head = "POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n"
            let closed = try await onThread {
                try Self.trickle(String(repeating: "#", count: 100_000), port: port, head: head)
            }
            XCTAssertTrue(closed, "a body trickled for 30 s was not closed")

            let short = try RawConnection(port: port)
            short.send(head + "canvas width=10\n")
            let shortClosed = try await onThread { short.waitForClose(timeout: 30) }
            XCTAssertTrue(shortClosed, "a body short of its Content-Length was not closed")

            let metrics = try await onThread { try RawConnection.request(port: port, "GET", "/metrics") }
            XCTAssertTrue(metrics.text.contains("layout_render_slow_client_closes_total 2\n"), metrics.text)
        }
    }

    /// A client that pipelines requests and never reads the answers fills the socket: the
    /// answer cannot be written, so the connection is closed after the body timeout.
    func testAClientThatNeverReadsItsAnswersIsClosed() async throws {
        try await withServer({ $0.idleTimeout = .seconds(1); $0.bodyTimeout = .seconds(1) }) { client, _ in
            let port = try XCTUnwrap(client.port)
            let closed = try await onThread {
                let connection = try RawConnection(port: port, receiveBuffer: 4096)
                let request = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                let deadline = Date().addingTimeInterval(30)
                // Keep asking, 50 requests at a time, until the server gives up on us.
                while Date() < deadline {
                    if connection.isClosedByServer(within: 0.05) { return true }
                    if !connection.send(String(repeating: request, count: 50)) { break }
                }
                return connection.isClosedByServer(within: 5)
            }
            XCTAssertTrue(closed, "a client that never read was not closed")
            let health = try await onThread { try RawConnection.request(port: port, "GET", "/healthz") }
            XCTAssertEqual(health.status, 200)
        }
    }

    /// A client that reads a large answer slowly but steadily is not cut off, though the
    /// whole answer takes longer than the body and idle timeouts: each slice it takes is
    /// progress, and the connection is not idle until the answer's last byte is sent.
    func testASlowButSteadyReaderGetsAllOfALargeAnswer() async throws {
        try await withServer({ $0.idleTimeout = .seconds(2); $0.bodyTimeout = .seconds(1) }) { client, _ in
            let port = try XCTUnwrap(client.port)
            // 30,000 boxes with 200-character ids: a frame dump of about 8.8 MB, more than the
            // socket buffers can take (Linux grows a send buffer to 4 MiB at most).
            let spec = "canvas width=400\n" + (0..<30_000).map { "box size=1x1 id={long}\($0)\n" }.joined()
            let long = String(repeating: "x", count: 200)
            let (answer, seconds) = try await onThread {
                let connection = try RawConnection(port: port, receiveBuffer: 4096)
                connection.send("POST /render?frames=1&var.long=\(long) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                + "Content-Length: \(spec.utf8.count)\r\n\r\n")
                connection.send(spec)
                let start = Date()
                return (connection.readAnswer(timeout: 120, slowly: 0.002), Date().timeIntervalSince(start))
            }
            XCTAssertEqual(answer?.status, 200)
            XCTAssertGreaterThan(answer?.body.count ?? 0, 8_000_000)
            // Not a figure: only a note of whether this run exercised the point of the test.
            print("a \(answer?.body.count ?? 0)-byte answer read in \(seconds) s against a 1 s body and a 2 s idle timeout")
            let metrics = try await onThread { try RawConnection.request(port: port, "GET", "/metrics") }
            XCTAssertTrue(metrics.text.contains("layout_render_slow_client_closes_total 0\n"), metrics.text)
        }
    }

    /// Sends `head` at once and then `slowly` one byte every 50 ms; true if the server
    /// closed the connection within 30 s.
    static func trickle(_ slowly: String, port: Int, head: String) throws -> Bool {
        let connection = try RawConnection(port: port)
        guard connection.send(head) else { return connection.isClosedByServer(within: 5) }
        let deadline = Date().addingTimeInterval(30)
        for byte in slowly.utf8 where Date() < deadline {
            guard connection.send([byte]) else { break }
            if connection.isClosedByServer(within: 0.05) { return true }
        }
        return connection.isClosedByServer(within: 5)
    }
}
