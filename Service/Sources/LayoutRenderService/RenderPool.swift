import Foundation
import ServiceLifecycle
import Synchronization

/// A fixed set of threads for synchronous rendering, with a bounded queue in front.
///
/// Rendering is CPU work that never yields, so it must not run on the server's event loops
/// or the cooperative pool. A job that cannot get a worker or a queue slot is refused at
/// once (`.overloaded`); a caller stops waiting after its time limit (`.timedOut`). A
/// render cannot be interrupted: one that is already running finishes in the background
/// and its result is dropped; one still queued when its time runs out is skipped.
final class RenderPool: Service, @unchecked Sendable {
    enum Refusal: Error { case overloaded, timedOut }

    let workers: Int
    let queueLength: Int
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [Job] = []
    private var queueHead = 0
    private var busy = 0
    private var stopping = false

    init(workers: Int, queueLength: Int) {
        self.workers = max(1, workers)
        self.queueLength = max(0, queueLength)
        for index in 0..<self.workers {
            let thread = Thread { [self] in workLoop() }
            thread.name = "render-\(index)"
            // The parser and layout recurse once per nesting level (up to --max-depth).
            thread.stackSize = 16 << 20
            thread.start()
        }
    }

    /// Runs `work` on a worker thread and waits for it at most `timeout`.
    func run<T: Sendable>(timeout: Duration, _ work: @escaping @Sendable () -> T) async throws(Refusal) -> T {
        let result: Result<T, Refusal> = await withCheckedContinuation { continuation in
            let outcome = Outcome(continuation)
            let job = Job(isAbandoned: { outcome.isResolved }, run: { outcome.resolve(.success(work())) })
            guard admit(job) else {
                outcome.resolve(.failure(.overloaded))
                return
            }
            outcome.setTimer(Task {
                try? await Task.sleep(for: timeout)
                if !Task.isCancelled { outcome.resolve(.failure(.timedOut)) }
            })
        }
        return try result.get()
    }

    /// The ServiceLifecycle side: stops the threads on graceful shutdown.
    func run() async throws {
        try? await gracefulShutdown()
        stop()
    }

    /// Lets the threads finish the queued work and end.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    private func admit(_ job: Job) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let waiting = queue.count - queueHead
        guard !stopping, busy + waiting < workers + queueLength else { return false }
        queue.append(job)
        condition.signal()
        return true
    }

    private func workLoop() {
        while true {
            condition.lock()
            while queueHead == queue.count && !stopping { condition.wait() }
            if stopping && queueHead == queue.count {
                condition.unlock()
                return
            }
            let job = queue[queueHead]
            queueHead += 1
            if queueHead > 64 && queueHead * 2 > queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            busy += 1
            condition.unlock()
            if !job.isAbandoned() { job.run() }
            condition.lock()
            busy -= 1
            condition.unlock()
        }
    }
}

private struct Job {
    let isAbandoned: @Sendable () -> Bool
    let run: @Sendable () -> Void
}

/// One continuation resumed exactly once, by the work or by the timer, whichever is first.
private final class Outcome<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<T, RenderPool.Refusal>, Never>?
        var timer: Task<Void, Never>?
    }
    private let state: Mutex<State>

    init(_ continuation: CheckedContinuation<Result<T, RenderPool.Refusal>, Never>) {
        state = Mutex(State(continuation: continuation))
    }

    var isResolved: Bool { state.withLock { $0.continuation == nil } }

    func resolve(_ result: Result<T, RenderPool.Refusal>) {
        let (continuation, timer) = state.withLock { state in
            defer { state.continuation = nil; state.timer = nil }
            return (state.continuation, state.timer)
        }
        timer?.cancel()
        continuation?.resume(returning: result)
    }

    func setTimer(_ timer: Task<Void, Never>) {
        let resolved = state.withLock { state in
            if state.continuation == nil { return true }
            state.timer = timer
            return false
        }
        if resolved { timer.cancel() }
    }
}
