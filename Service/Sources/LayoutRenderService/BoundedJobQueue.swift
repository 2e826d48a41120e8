import Foundation

/// A first-in, first-out queue of jobs for a fixed number of consumer threads, bounded:
/// at most `consumers + waitingLimit` jobs running or waiting at once, and a job past that
/// is refused at once. A job whose caller has stopped waiting for it (`isAbandoned`) holds
/// no place. Shared by the render worker slots (`WorkerPool`) and the diff threads
/// (`RenderPool`).
final class BoundedJobQueue<Job>: @unchecked Sendable {
    let consumers: Int
    let waitingLimit: Int
    private let isAbandoned: (Job) -> Bool
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var head = 0
    private var running = 0
    private var stopping = false

    init(consumers: Int, waitingLimit: Int, isAbandoned: @escaping (Job) -> Bool) {
        self.consumers = max(1, consumers)
        self.waitingLimit = max(0, waitingLimit)
        self.isAbandoned = isAbandoned
    }

    /// Queues `job`; false when the queue is full or stopping.
    func admit(_ job: Job) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if jobs[head...].contains(where: isAbandoned) {
            jobs = Array(jobs[head...].filter { !isAbandoned($0) })
            head = 0
        }
        guard !stopping, running + (jobs.count - head) < consumers + waitingLimit else { return false }
        jobs.append(job)
        condition.signal()
        return true
    }

    /// Waits for the next job and counts it running until `finished()`; nil once the
    /// queue stops and is empty.
    func next() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count && !stopping { condition.wait() }
        if head == jobs.count { return nil }
        let job = jobs[head]
        head += 1
        if head > 64 && head * 2 > jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        running += 1
        return job
    }

    /// A consumer is done with the job `next()` gave it.
    func finished() {
        condition.lock()
        running -= 1
        condition.unlock()
    }

    /// Refuses new jobs; the consumers take what is queued, then `next()` returns nil.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    /// Jobs running, jobs waiting (not abandoned), and whether the queue stops.
    var counts: (running: Int, waiting: Int, stopping: Bool) {
        condition.lock()
        defer { condition.unlock() }
        return (running, jobs[head...].count { !isAbandoned($0) }, stopping)
    }
}
