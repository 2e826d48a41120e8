import Foundation

/// A first-in, first-out queue of jobs for a fixed number of consumer threads, bounded:
/// at most `consumers + waitingLimit` jobs running or waiting at once, and a job past that
/// is refused at once. A job whose caller has stopped waiting for it (`isAbandoned`) holds
/// no place. Shared by the render worker slots (`WorkerPool`) and the diff threads
/// (`RenderPool`).
///
/// A running job that turns out long may be moved out of the `consumers` it counts against
/// (`promoteToLong`), at most `longLimit` at once: it keeps running on its thread, and one
/// of the `longLimit` threads more than `consumers` takes the next job in its place. So
/// long jobs never hold the capacity the short ones are served from.
final class BoundedJobQueue<Job>: @unchecked Sendable {
    let consumers: Int
    let waitingLimit: Int
    /// Jobs that may run as long ones at once, beside the `consumers`.
    let longLimit: Int
    /// The threads the queue is for: `consumers + longLimit`.
    var threads: Int { consumers + longLimit }
    private let isAbandoned: (Job) -> Bool
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var head = 0
    private var running = 0
    /// Of the `running`, those promoted to long ones.
    private var long = 0
    private var stopping = false

    init(consumers: Int, waitingLimit: Int, longLimit: Int = 0, isAbandoned: @escaping (Job) -> Bool) {
        self.consumers = max(1, consumers)
        self.waitingLimit = max(0, waitingLimit)
        self.longLimit = max(0, longLimit)
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
        guard !stopping, running - long + (jobs.count - head) < consumers + waitingLimit else { return false }
        jobs.append(job)
        // Every waiter: a thread past `consumers` may not take it, and one woken alone
        // would wait again with the job left in the queue.
        condition.broadcast()
        return true
    }

    /// Waits for the next job and counts it running until `finished()`; nil once the
    /// queue stops and is empty. `thread` (0 up to `threads`) ranks the caller: the threads
    /// past `consumers` take jobs only while long jobs run (one more thread for each), so
    /// without long jobs the same `consumers` threads take every job.
    func next(thread: Int = 0) -> Job? {
        condition.lock()
        defer { condition.unlock() }
        // A thread takes a job only while fewer than `consumers` short ones run.
        while (head == jobs.count || running - long >= consumers || thread >= consumers + long) && !stopping {
            condition.wait()
        }
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

    /// A consumer is done with the job `next()` gave it (`wasLong`: promoted on its way).
    func finished(wasLong: Bool = false) {
        condition.lock()
        running -= 1
        if wasLong { long -= 1 }
        // A short place may be free: a thread held back by the `consumers` limit may go on.
        condition.broadcast()
        condition.unlock()
    }

    /// Counts one running job as long instead of short, so another thread can take the next
    /// job; false when `longLimit` long jobs run already (the caller then stops the job).
    func promoteToLong() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard long < longLimit else { return false }
        long += 1
        condition.broadcast()
        return true
    }

    /// Refuses new jobs; the consumers take what is queued, then `next()` returns nil.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    /// Short jobs running, jobs waiting (not abandoned), whether the queue stops, and long
    /// jobs running.
    var counts: (running: Int, waiting: Int, stopping: Bool, long: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (running - long, jobs[head...].count { !isAbandoned($0) }, stopping, long)
    }
}
