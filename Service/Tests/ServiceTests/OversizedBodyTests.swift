import Foundation
import HummingbirdTesting
import XCTest

@testable import LayoutRenderService

/// A body over `--max-body-bytes` is refused with 413 as soon as the limit is passed,
/// never read whole: each test stops sending partway through and still gets its 413.
/// (A body under the limit sent with a Content-Length, as clients do, is
/// `ErrorStatusTests.testABodyOverTheLimitAnswers413`.)
final class OversizedBodyTests: XCTestCase {
    /// A Content-Length of 10 GB is refused from the head alone, before any body byte.
    func testAContentLengthOverTheLimitIsRefusedBeforeTheBody() async throws {
        try await withServer({ $0.maxBodyBytes = 1000 }) { client, _ in
            let port = try XCTUnwrap(client.port)
            let answer = try await onThread {
                let connection = try RawConnection(port: port)
                connection.send("POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10000000000\r\n\r\n")
                return connection.readAnswer()
            }
            XCTAssertEqual(answer?.status, 413)
            XCTAssertTrue(answer?.text.contains("larger than 1000 bytes") ?? false, answer?.text ?? "no answer")
        }
    }

    /// A chunked body is counted as it arrives: 413 once it passes the limit, though the
    /// client has not finished it (and never will).
    func testAChunkedBodyOverTheLimitIsRefusedWhileItArrives() async throws {
        try await withServer({ $0.maxBodyBytes = 1000 }) { client, _ in
            let port = try XCTUnwrap(client.port)
            let answer = try await onThread {
                let connection = try RawConnection(port: port)
                connection.send("POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
                let chunk = "200\r\n" + String(repeating: "#", count: 0x200) + "\r\n"
                for _ in 0..<4 { connection.send(chunk) }
                return connection.readAnswer()
            }
            XCTAssertEqual(answer?.status, 413)
            let health = try await onThread { try RawConnection.request(port: port, "GET", "/healthz") }
            XCTAssertEqual(health.status, 200)
        }
    }

    /// A Content-Length smaller than what follows: the server reads that many bytes as the
    /// body and the rest as the next request, which is not HTTP: 400, and the connection is
    /// closed. Nothing past the declared length is buffered as body.
    func testALyingContentLengthEndsTheBodyWhereItSays() async throws {
        try await withServer({ $0.maxBodyBytes = 1000 }) { client, _ in
            let port = try XCTUnwrap(client.port)
            let spec = "canvas width=10 height=10\n"
            let answers = try await onThread {
                let connection = try RawConnection(port: port)
                connection.send("POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(spec.utf8.count)\r\n\r\n"
                                + spec + String(repeating: "x", count: 5000))
                return (connection.readAnswer(), connection.readAnswer(), connection.waitForClose(timeout: 30))
            }
            XCTAssertEqual(answers.0?.status, 200)
            XCTAssertEqual(answers.0?.headers["content-type"], "image/png")
            XCTAssertEqual(answers.1?.status, 400)
            XCTAssertTrue(answers.2, "the connection stayed open after a request that is not HTTP")
        }
    }

    /// Both a Content-Length and chunked encoding (a request-smuggling shape) is a 400.
    func testContentLengthWithChunkedEncodingIsRefused() async throws {
        try await withServer { client, _ in
            let port = try XCTUnwrap(client.port)
            let answer = try await onThread {
                let connection = try RawConnection(port: port)
                connection.send("POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n"
                                + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
                return connection.readAnswer()
            }
            XCTAssertEqual(answer?.status, 400)
        }
    }
}
