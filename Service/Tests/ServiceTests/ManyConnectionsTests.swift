import Foundation
import HummingbirdTesting
import XCTest

@testable import LayoutRenderService

final class ManyConnectionsTests: XCTestCase {
    /// 200 connections at once, each with a render the cache cannot answer, against one
    /// worker and a queue of 4: every one is answered, 200 or 503 with Retry-After (no
    /// hang, no reset), and the server answers /healthz after.
    func testTwoHundredConcurrentConnectionsAreAllAnswered() async throws {
        try await withServer({ $0.workers = 1; $0.queueLength = 4 }) { client, _ in
            let port = try XCTUnwrap(client.port)
            let answers = try await withThrowingTaskGroup(of: RawConnection.Answer.self) { group in
                for n in 0..<200 {
                    group.addTask {
                        try await onThread {
                            try RawConnection.request(port: port, "POST", "/render?var.n=\(n)",
                                                      body: "canvas width=40 height=20\nlabel \"{n}\"\n", timeout: 60)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            XCTAssertEqual(answers.count, 200)
            let statuses = Dictionary(grouping: answers, by: \.status).mapValues(\.count)
            XCTAssertEqual(Set(statuses.keys).subtracting([200, 503]), [], "\(statuses)")
            XCTAssertGreaterThanOrEqual(statuses[200] ?? 0, 1, "\(statuses)")
            for answer in answers where answer.status == 503 {
                XCTAssertEqual(answer.headers["retry-after"], "1")
            }
            let health = try await onThread { try RawConnection.request(port: port, "GET", "/healthz") }
            XCTAssertEqual(health.status, 200)
        }
    }
}
