import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import LayoutRenderService

final class OverloadTests: XCTestCase {
    /// One worker and one queue slot: of a burst of slow renders, the excess gets 503 with
    /// Retry-After at once, and the admitted ones finish.
    func testABurstOverTheConcurrencyLimitGets503WithRetryAfter() async throws {
        try await withServer({ $0.workers = 1; $0.queueLength = 1; $0.renderTimeout = .seconds(60) }) { client, _ in
            let responses = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for n in 0..<8 {
                    group.addTask { try await client.render(slowSpec(n), query: "var.n=\(n)") }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let refused = responses.filter { $0.status == .serviceUnavailable }
            let rendered = responses.filter { $0.status == .ok }
            XCTAssertGreaterThanOrEqual(refused.count, 1)
            XCTAssertGreaterThanOrEqual(rendered.count, 1)
            XCTAssertEqual(refused.count + rendered.count, 8)
            for response in refused {
                XCTAssertEqual(response.headers[.retryAfter], "1")
                XCTAssertNotNil(response.json["error"] as? String)
            }
            let metrics = try await client.get("/metrics").text
            XCTAssertTrue(metrics.contains("layout_render_overload_refusals_total \(refused.count)"), metrics)
        }
    }

    /// A render that outlives the time limit answers 504; the server still answers after.
    func testARenderOverTheTimeLimitAnswers504() async throws {
        try await withServer({ $0.renderTimeout = .milliseconds(1) }) { client, _ in
            let response = try await client.render(slowSpec(1))
            XCTAssertEqual(response.status, .gatewayTimeout)
            XCTAssertTrue((response.json["error"] as? String ?? "").contains("1 ms"), response.text)
            let health = try await client.get("/healthz")
            XCTAssertEqual(health.status, .ok)
        }
    }
}
