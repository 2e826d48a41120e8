import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import LayoutRenderService

private let small = "canvas width=60 height=40 background=#336699\nlabel \"{n}\"\n"

/// Renders run in worker processes that the server kills and replaces: a render over its
/// time is stopped and its capacity comes back, a worker that dies is replaced, and the
/// health endpoints say when no worker can take work.
final class WorkerProcessTests: XCTestCase {
    /// With one worker and one queue slot, a render over its time is answered 504 and its
    /// worker killed; the next request is rendered by a new process (it would wait for the
    /// killed render to finish, and time out, if the render still held the only worker).
    func testARenderOverItsTimeIsKilledAndItsWorkerReplaced() async throws {
        try await withServer({ $0.workers = 1; $0.queueLength = 1; $0.renderTimeout = .milliseconds(150) }) { client, service in
            let before = try await service.workers.waitUntilStarted()
            XCTAssertEqual(before.count, 1)
            let slow = try await client.render(slowSpec(1))
            XCTAssertEqual(slow.status, .gatewayTimeout, slow.text)

            let next = try await client.render(small, query: "var.n=1")
            XCTAssertEqual(next.status, .ok, next.text)
            let after = service.workers.processIDs
            XCTAssertEqual(after.count, 1)
            XCTAssertNotEqual(after, before)
            // The killed process is gone (reaped), not left running its render.
            XCTAssertEqual(kill(before[0], 0), -1)
            XCTAssertEqual(service.workers.status.restarts, 1)
            let metrics = try await client.get("/metrics").text
            XCTAssertTrue(metrics.contains("layout_render_worker_restarts_total 1"), metrics)
        }
    }

    /// Timed-out renders do not pile up: each one's worker is killed when its time ends,
    /// so twenty of them in a row leave the pool as able as before.
    func testManyTimedOutRendersLeaveThePoolFree() async throws {
        // (300 ms: the slow spec takes about a second in a debug worker, the small one a few
        // milliseconds, so neither is near the limit even on a loaded machine.)
        try await withServer({ $0.workers = 2; $0.queueLength = 2; $0.renderTimeout = .milliseconds(300) }) { client, service in
            _ = try await service.workers.waitUntilStarted()
            for n in 0..<10 {
                let responses = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                    group.addTask { try await client.render(slowSpec(n)) }
                    group.addTask { try await client.render(slowSpec(n + 100)) }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                XCTAssertEqual(responses.map(\.status), [.gatewayTimeout, .gatewayTimeout])
            }
            // Each killed worker is replaced (a start and a warm-up render) before its slot
            // takes the next job.
            _ = try await service.workers.waitUntilStarted()
            let ok = try await client.render(small, query: "var.n=2")
            XCTAssertEqual(ok.status, .ok, ok.text)
            var status = service.workers.status
            // The slot counts itself free just after it has answered.
            for _ in 0..<100 where status.busy > 0 || status.alive < 2 {
                try await Task.sleep(for: .milliseconds(10))
                status = service.workers.status
            }
            XCTAssertEqual(status.alive, 2, "\(status) \(service.workers.processIDs)")
            XCTAssertEqual(status.busy, 0)
        }
    }

    /// A worker that never says it is ready (it hangs rather than dying) is killed after
    /// the ready timeout and its start fails, so the slot starting it is not lost to it.
    func testAWorkerThatNeverSaysItIsReadyIsKilledAndItsStartFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hung-worker-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("worker.sh").path
        try Data("#!/bin/sh\nexec sleep 120\n".utf8).write(to: URL(fileURLWithPath: script))
        XCTAssertEqual(chmod(script, 0o755), 0)
        // (Had it waited for the script to end, the message would say it exited.)
        XCTAssertThrowsError(try WorkerProcess(executable: script, arguments: [], readyTimeout: .milliseconds(300))) { error in
            XCTAssertTrue("\(error)".contains("did not say it was ready within"), "\(error)")
        }
    }

    /// A worker killed from outside while idle is replaced before the next render, which
    /// is not blamed for it.
    func testAWorkerKilledWhileIdleIsReplaced() async throws {
        try await withServer({ $0.workers = 1 }) { client, service in
            let first = try await client.render(small, query: "var.n=3")
            XCTAssertEqual(first.status, .ok)
            let pid = try XCTUnwrap(service.workers.processIDs.first)
            XCTAssertEqual(kill(pid, SIGKILL), 0)
            // Let the kernel end it before the next request.
            try await Task.sleep(for: .milliseconds(100))
            let second = try await client.render(small, query: "var.n=4")
            XCTAssertEqual(second.status, .ok, second.text)
            XCTAssertNotEqual(service.workers.processIDs, [pid])
        }
    }

    /// A worker that dies during its render answers 500 (a bug or the memory limit, never
    /// the client's to retry blindly) and is replaced.
    func testAWorkerThatDiesDuringARenderAnswers500AndIsReplaced() async throws {
        try await withServer({ $0.workers = 1; $0.renderTimeout = .seconds(30) }) { client, service in
            let started = try await service.workers.waitUntilStarted()
            let pid = try XCTUnwrap(started.first)
            async let response = client.render(slowSpec(7))
            try await Task.sleep(for: .milliseconds(100))
            XCTAssertEqual(kill(pid, SIGKILL), 0)
            let died = try await response
            XCTAssertEqual(died.status, .internalServerError, died.text)
            XCTAssertTrue((died.json["error"] as? String ?? "").contains("worker"), died.text)
            let next = try await client.render(small, query: "var.n=5")
            XCTAssertEqual(next.status, .ok, next.text)
        }
    }

    /// A worker's memory limit stops a render that needs more than it, in that worker alone.
    func testTheWorkerMemoryLimitStopsARenderAlone() async throws {
        try await withServer({ $0.workers = 1; $0.workerMemoryMegabytes = 256 }) { client, _ in
            // Nested opacity groups over a 4096 × 4096 canvas: a 64 MiB surface each (the
            // CLI's peak is 1.2 GB); under 256 MiB of address space the render cannot finish.
            let big = """
                canvas width=4096 height=4096 background=#102030
                zbox width=4096 height=4096 opacity=0.9
                  zbox width=4096 height=4096 opacity=0.9
                    zbox width=4096 height=4096 opacity=0.9
                      box width=4096 height=4096 background=#ff0000 opacity=0.5
                """
            let response = try await client.render(big)
            XCTAssertNotEqual(response.status, .ok)
            XCTAssertNotNil(response.json["error"] as? String, response.text)
            let next = try await client.render(small, query: "var.n=6")
            XCTAssertEqual(next.status, .ok, next.text)
        }
    }

    /// Liveness fails while no worker can start (here: the worker program is missing), so
    /// an orchestrator restarts the server; readiness fails too.
    func testHealthFailsWhenNoWorkerCanStart() async throws {
        try await withServer({ $0.workerExecutable = "/nonexistent/layout-render-service" }) { client, _ in
            var health = try await client.get("/healthz")
            for _ in 0..<50 where health.status == .ok {
                try await Task.sleep(for: .milliseconds(50))
                health = try await client.get("/healthz")
            }
            XCTAssertEqual(health.status, .serviceUnavailable, health.text)
            let ready = try await client.get("/readyz")
            XCTAssertEqual(ready.status, .serviceUnavailable, ready.text)
            let render = try await client.render(small, query: "var.n=9")
            XCTAssertEqual(render.status, .serviceUnavailable, render.text)
            XCTAssertEqual(render.headers[.retryAfter], "1")
        }
    }

    /// Readiness is 200 while a worker is idle or the queue has room, 503 when saturated.
    func testReadinessFollowsTheQueue() async throws {
        try await withServer({ $0.workers = 1; $0.queueLength = 0; $0.renderTimeout = .seconds(30) }) { client, service in
            _ = try await service.workers.waitUntilStarted()
            let idle = try await client.get("/readyz")
            XCTAssertEqual(idle.status, .ok, idle.text)
            XCTAssertEqual(idle.text, "ready\n")
            async let slow = client.render(slowSpec(9))
            var busy = try await client.get("/readyz")
            for _ in 0..<40 where busy.status == .ok {
                try await Task.sleep(for: .milliseconds(10))
                busy = try await client.get("/readyz")
            }
            XCTAssertEqual(busy.status, .serviceUnavailable, busy.text)
            _ = try await slow
            var again = try await client.get("/readyz")
            // The slot counts itself free just after it has answered.
            for _ in 0..<40 where again.status != .ok {
                try await Task.sleep(for: .milliseconds(10))
                again = try await client.get("/readyz")
            }
            XCTAssertEqual(again.status, .ok, again.text)
        }
    }

    /// The frames of the protocol read back as they were written, and a truncated or
    /// extended frame is refused rather than misread.
    func testWorkerMessagesRoundTrip() throws {
        let request = WorkerRequest(source: Array("canvas width=10\n".utf8), format: .spec, scale: 2, width: 320,
                                    height: nil, variables: ["a": .array([.number(1), .string("x"), .null]),
                                                             "b": .object(["c": .bool(true)])], frames: true)
        let encoded = request.encoded()
        XCTAssertEqual(try WorkerRequest(decoding: encoded), request)
        XCTAssertThrowsError(try WorkerRequest(decoding: Array(encoded.dropLast())))
        XCTAssertThrowsError(try WorkerRequest(decoding: encoded + [0]))

        let reply = WorkerReply(.failure(.layout(.init(file: "spec.spec", location: .init(line: 3, column: 7),
                                                        message: "cycle"))),
                                warnings: [.init(.warning, file: "spec.spec", location: .init(jsonPath: "$.root"), message: "w")])
        XCTAssertEqual(try WorkerReply(decoding: reply.encoded()), reply)
        // The quoted source line stays in the worker: answers give the line and column only.
        let quoting = WorkerReply(.failure(.spec(.init(file: "spec.spec", location: .init(line: 1, column: 1),
                                                        message: "bad", sourceLine: String(repeating: "(", count: 100_000)))))
        XCTAssertEqual(try WorkerReply(decoding: quoting.encoded()),
                       WorkerReply(.failure(.spec(.init(file: "spec.spec", location: .init(line: 1, column: 1), message: "bad")))))
        XCTAssertLessThan(quoting.encoded().count, 200)
        let body = WorkerReply(.body([1, 2, 3], contentType: "image/png"))
        XCTAssertEqual(try WorkerReply(decoding: body.encoded()), body)
    }
}

extension WorkerPool {
    /// Waits (at most 20 s) until every slot has a running worker; returns their ids.
    func waitUntilStarted() async throws -> [pid_t] {
        for _ in 0..<400 {
            let ids = processIDs
            if ids.count == workers { return ids }
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTFail("workers started: \(processIDs), status \(status)")
        throw CancellationError()
    }
}
