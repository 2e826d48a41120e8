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

    /// A body trickled a byte at a time keeps the idle timer reset; the body timeout closes
    /// it, and counts it in /metrics. A body that stops short of its Content-Length is
    /// closed by the idle timeout.
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
            XCTAssertTrue(metrics.text.contains("layout_render_slow_client_closes_total 1\n"), metrics.text)
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
