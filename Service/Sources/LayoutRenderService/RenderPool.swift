import Foundation
import ServiceLifecycle
import Synchronization

/// A fixed set of threads for the diffs of `POST /diff`, with a bounded queue in front.
///
/// Decoding and comparing is CPU work that never yields, so it must not run on the
/// server's event loops or the cooperative pool. A job that cannot get a thread or a queue
/// slot is refused at once (`.overloaded`); a caller stops waiting after its time limit
/// (`.timedOut`). A diff is bounded by the pixel limits and holds no state, so one already
/// running finishes and its result is dropped; one still queued when its time runs out is
/// skipped. (Renders, which can be stopped only by ending their process, run in `WorkerPool`.)
final class RenderPool: Service, Sendable {
    enum Refusal: Error { case overloaded, timedOut }

    private let queue: BoundedJobQueue<Job>

    init(workers: Int, queueLength: Int) {
        queue = BoundedJobQueue(consumers: workers, waitingLimit: queueLength) { $0.isAbandoned() }
        for index in 0..<queue.consumers {
            let thread = Thread { [queue] in
                while let job = queue.next() {
                    if !job.isAbandoned() { job.run() }
                    queue.finished()
                }
            }
            thread.name = "diff-\(index)"
            thread.start()
        }
    }

    /// Runs `work` on a thread of the pool and waits for it at most `timeout`.
    func run<T: Sendable>(timeout: Duration, _ work: @escaping @Sendable () -> T) async throws(Refusal) -> T {
        let result: Result<T, Refusal> = await withCheckedContinuation { continuation in
            let outcome = Outcome<T, Refusal>(continuation)
            let job = Job(isAbandoned: { outcome.isResolved }, run: { outcome.resolve(.success(work())) })
            guard queue.admit(job) else {
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
        queue.stop()
    }
}

private struct Job {
    let isAbandoned: @Sendable () -> Bool
    let run: @Sendable () -> Void
}
