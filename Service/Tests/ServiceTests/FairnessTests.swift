import Foundation
import HummingbirdTesting
import XCTest

@testable import LayoutRenderService

/// Issue 37: one client's expensive renders must not take the capacity of everyone else.
/// Two 10 s renders made every other client's 7 ms render wait 9.5 s; a render past
/// `longRenderAfter` now leaves its worker place to short ones (`WorkerPool`).
final class FairnessTests: XCTestCase {
    private let quick = "canvas width=40 height=20 background=#00ff00\n"

    /// With one worker, a short render sent while a long one runs is answered first.
    func testAShortRenderDoesNotWaitForALongOne() async throws {
        let quick = self.quick
        try await withServer({ $0.workers = 1; $0.longRenderAfter = .milliseconds(50); $0.maxLongRenders = 1 }) { client, _ in
            let clock = ContinuousClock()
            let long = Task { () throws -> (Int, ContinuousClock.Instant) in
                let response = try await client.render(slowSpec(1))
                return (response.status.code, clock.now)
            }
            try await Task.sleep(for: .milliseconds(200))
            let short = try await client.render(quick)
            let shortDone = clock.now
            let (longStatus, longDone) = try await long.value
            XCTAssertEqual(short.status.code, 200, short.text)
            XCTAssertEqual(longStatus, 200)
            XCTAssertLessThan(shortDone, longDone, "the short render waited for the long one")
        }
    }

    /// Past `maxLongRenders`, a render that runs long is stopped and answered 503 at once.
    func testARenderPastTheLongLimitIsRefused503() async throws {
        let quick = self.quick
        try await withServer({ $0.workers = 1; $0.longRenderAfter = .milliseconds(50); $0.maxLongRenders = 1 }) { client, service in
            let first = Task { try await client.render(slowSpec(2)).status.code }
            try await Task.sleep(for: .milliseconds(200))
            let second = try await client.render(slowSpec(3))
            XCTAssertEqual(second.status.code, 503, second.text)
            XCTAssertTrue(second.text.contains("long renders"), second.text)
            XCTAssertEqual(second.headers[.retryAfter], "1")
            let firstStatus = try await first.value
            XCTAssertEqual(firstStatus, 200)
            // The short ones still have their worker.
            let short = try await client.render(quick)
            XCTAssertEqual(short.status.code, 200, short.text)
            // The long place is given back once its slot is done (just after its answer).
            var long = service.workers.status.long
            for _ in 0..<100 where long != 0 {
                try await Task.sleep(for: .milliseconds(20))
                long = service.workers.status.long
            }
            XCTAssertEqual(long, 0)
        }
    }

    /// The queue's accounting: a promoted job frees its place; the long places are bounded.
    func testTheQueueCountsLongJobsApart() {
        let queue = BoundedJobQueue<Int>(consumers: 1, waitingLimit: 0, longLimit: 1) { _ in false }
        XCTAssertTrue(queue.admit(1))
        XCTAssertFalse(queue.admit(2), "one consumer, no waiting room")
        XCTAssertEqual(queue.next(), 1)
        XCTAssertTrue(queue.promoteToLong())
        XCTAssertTrue(queue.admit(2), "the long job no longer holds the place")
        XCTAssertEqual(queue.next(), 2)
        XCTAssertFalse(queue.promoteToLong(), "one long place only")
        queue.finished(wasLong: false)
        queue.finished(wasLong: true)
        XCTAssertEqual(queue.counts.running, 0)
        XCTAssertEqual(queue.counts.long, 0)
    }
}
