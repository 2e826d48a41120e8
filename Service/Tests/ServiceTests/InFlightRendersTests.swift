import Synchronization
import XCTest

@testable import LayoutRenderService

/// Identical requests in flight share one render: its value or its failure, and only
/// while it runs.
final class InFlightRendersTests: XCTestCase {
    /// A gate the first render waits at, so the second request surely arrives during it.
    private actor Gate {
        private var opened = false
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private(set) var arrivals = 0
        func wait() async {
            arrivals += 1
            if opened { return }
            await withCheckedContinuation { waiting.append($0) }
        }
        func open() {
            opened = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    private final class Counter: Sendable {
        private let value = Mutex(0)
        func next() -> Int { value.withLock { $0 += 1; return $0 } }
        var current: Int { value.withLock { $0 } }
    }

    /// Waits (without a clock) until `table` has had `joins` requests join a render.
    private func waitForJoins(_ joins: Int, in table: InFlightRenders<Int>) async {
        while table.joinCount < joins { await Task.yield() }
    }

    func testARequestArrivingDuringARenderWaitsForItsValue() async throws {
        let table = InFlightRenders<Int>()
        let gate = Gate()
        let renders = Counter()
        let render: @Sendable () async throws(ServiceError) -> Int = {
            let n = renders.next()
            await gate.wait()
            return n * 10
        }
        let first = Task { try await table.value(for: "k", produce: render) }
        while await gate.arrivals == 0 { await Task.yield() }
        let second = Task { try await table.value(for: "k", produce: render) }
        // Another key is rendered on its own, not held up by "k".
        let other = try await table.value(for: "other") { () async throws(ServiceError) -> Int in -1 }
        XCTAssertEqual(other.value, -1)
        XCTAssertFalse(other.joined)
        await waitForJoins(1, in: table)
        await gate.open()
        let (a, b) = (try await first.value, try await second.value)
        XCTAssertEqual(a.value, 10)
        XCTAssertEqual(b.value, 10)
        XCTAssertFalse(a.joined)
        XCTAssertTrue(b.joined)
        XCTAssertEqual(renders.current, 1)
        XCTAssertEqual(table.count, 0)
        // Once it is done, the same key renders afresh.
        let third = try await table.value(for: "k", produce: render)
        XCTAssertEqual(third.value, 20)
        XCTAssertFalse(third.joined)
    }

    func testAFailureIsSharedAndNotKept() async throws {
        let table = InFlightRenders<Int>()
        let gate = Gate()
        let failing: @Sendable () async throws(ServiceError) -> Int = { () async throws(ServiceError) -> Int in
            await gate.wait()
            throw ServiceError.timedOut(milliseconds: 5)
        }
        let first = Task { try await table.value(for: "k", produce: failing) }
        while await gate.arrivals == 0 { await Task.yield() }
        let second = Task { try await table.value(for: "k", produce: failing) }
        await waitForJoins(1, in: table)
        await gate.open()
        for task in [first, second] {
            do {
                _ = try await task.value
                XCTFail("expected the render's failure")
            } catch {
                XCTAssertEqual("\(error)", "\(ServiceError.timedOut(milliseconds: 5))")
            }
        }
        XCTAssertEqual(table.count, 0)
        let again = try await table.value(for: "k") { () async throws(ServiceError) -> Int in 7 }
        XCTAssertEqual(again.value, 7)
    }
}
