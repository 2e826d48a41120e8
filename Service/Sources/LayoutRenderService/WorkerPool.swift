import Foundation
import ServiceLifecycle
import Synchronization

/// Render worker processes, one per slot, with a bounded queue in front.
///
/// Each slot is a thread of this process that owns one `WorkerProcess`: it takes a job
/// from the queue, hands the request to its process and waits for the reply. A job whose
/// time runs out is answered `.timedOut` at once and, if its render is running, its
/// process is killed; the slot then reaps it and starts a new one. So a render that runs
/// over its time is stopped and its capacity comes back, and a process that ended in any
/// way (killed, crashed, out of memory) is replaced before the slot takes its next job.
/// A worker is also replaced after `maxRendersPerWorker` renders, which bounds what a slow
/// leak or heap fragmentation can grow to.
///
/// **Fairness: cost-aware admission by the time a render has taken** (security.md, "Fairness"). The cost of a render
/// is not known before it runs (a 331-byte spec took 10 s), so the pool learns it while it
/// runs: a render still running after `longAfter` becomes a *long* one. It no longer counts
/// against the `workers` renders that run at once (another slot takes the next request in its
/// place), its process is put at the lowest CPU priority (nice 19, every thread), and it
/// goes on within its time limit; its process is replaced after it, since a process cannot
/// take its priority back. At most `maxLong` renders are long at once; one that would be
/// one more is stopped at once and answered 503 (retry later). So however many expensive
/// requests arrive, and from whomever, short renders keep `workers` processes and nearly all
/// the CPU, and expensive ones cost them at most `longAfter` of a slot each. Chosen over
/// per-client limits because a client is not something the server can count reliably
/// (behind a proxy or NAT every client has one address; one client can have many), while the
/// time a render takes is measured exactly; the cost is that every client's long renders
/// share the `maxLong` places.
final class WorkerPool: Service, Sendable {
    enum Refusal: Error, Equatable {
        case overloaded, timedOut
        /// The render ran past `longAfter` while `maxLong` long renders already ran.
        case tooManyLongRenders
        /// The worker process ended during the render (a crash, or its memory limit).
        case workerDied
        /// No worker process could be started for the job.
        case noWorker
    }

    /// What the pool reports to `/healthz`, `/readyz` and `/metrics`.
    struct Status: Sendable, Equatable {
        var workers: Int
        /// Slots whose process is running (idle or busy).
        var alive: Int
        var busy: Int
        var queued: Int
        var queueLength: Int
        /// Renders running past `longAfter` (not counted in `busy`).
        var long: Int = 0
        var restarts: Int
        /// Consecutive failures to start a worker process (0 once one starts).
        var spawnFailures: Int
        var stopping: Bool
    }

    static let maxRendersPerWorker = 10_000

    /// How long a render runs before it is a long one (see the type's comment).
    let longAfter: Duration
    var maxLong: Int { queue.longLimit }

    let executable: String
    let arguments: [String]
    private let onRestart: @Sendable () -> Void
    private let queue: BoundedJobQueue<PoolJob>
    /// The slots' processes and their history, for the status.
    private struct Slots {
        /// The running worker process of each slot that has one.
        var pids: [Int: pid_t] = [:]
        var restarts = 0
        var spawnFailures = 0
    }
    private let slots = Mutex(Slots())

    var workers: Int { queue.consumers }

    /// - Parameters:
    ///   - executable: the program started as `EXECUTABLE worker ARGUMENTS…`.
    ///   - onRestart: called each time a worker process is replaced (for `/metrics`).
    ///   - longAfter: how long a render runs before it is a long one.
    ///   - maxLong: long renders at once (0: a render past `longAfter` is stopped).
    init(executable: String, arguments: [String], workers: Int, queueLength: Int,
         longAfter: Duration = .seconds(1), maxLong: Int = 0,
         onRestart: @escaping @Sendable () -> Void = {}) {
        self.onRestart = onRestart
        self.executable = executable
        self.arguments = arguments
        self.longAfter = longAfter
        queue = BoundedJobQueue(consumers: workers, waitingLimit: queueLength, longLimit: maxLong) { $0.isFinished }
        // A write to a worker that has just died must be an error, not the server's end.
        signal(SIGPIPE, SIG_IGN)
        for index in 0..<queue.threads {
            let thread = Thread { [self] in slotLoop(index) }
            thread.name = "render-worker-\(index)"
            thread.start()
        }
    }

    /// Sends `frame` (an encoded `WorkerRequest`) to a worker and waits for its reply at most
    /// `timeout`, queue included.
    func run(frame: [UInt8], timeout: Duration) async throws(Refusal) -> WorkerReply {
        let result: Result<WorkerReply, Refusal> = await withCheckedContinuation { continuation in
            let job = PoolJob(request: frame, continuation: continuation, pool: self)
            guard queue.admit(job) else {
                job.finish(.failure(.overloaded))
                return
            }
            job.setTimer(Task {
                try? await Task.sleep(for: timeout)
                if !Task.isCancelled { job.expire() }
            })
        }
        return try result.get()
    }

    /// The worker processes running now, by slot.
    var processIDs: [pid_t] {
        slots.withLock { slots in slots.pids.keys.sorted().compactMap { slots.pids[$0] } }
    }

    var status: Status {
        let counts = queue.counts
        return slots.withLock { slots in
            Status(workers: workers, alive: slots.pids.count, busy: counts.running, queued: counts.waiting,
                   queueLength: queue.waitingLimit, long: counts.long, restarts: slots.restarts,
                   spawnFailures: slots.spawnFailures, stopping: counts.stopping)
        }
    }

    /// The ServiceLifecycle side: stops the workers on graceful shutdown (the slots finish
    /// the queued requests, then end their processes).
    func run() async throws {
        try? await gracefulShutdown()
        queue.stop()
    }

    private func slotLoop(_ slot: Int) {
        var process: WorkerProcess?
        var renders = 0
        defer {
            process?.terminate()
            slots.withLock { _ = $0.pids.removeValue(forKey: slot) }
        }
        // Started before the first job, so the first request does not wait for it; the
        // slots beyond `workers`, which take jobs only while long renders run, start theirs
        // when first needed (so an idle pool has `workers` processes).
        if slot < queue.consumers { process = spawn(slot) }
        while let job = queue.next(thread: slot) {
            // Read once the job is decided (it is then never promoted again).
            defer { queue.finished(wasLong: job.wasLong) }
            // A worker that ended while idle (killed from outside) is replaced, not blamed on this job.
            if let idle = process, idle.hasExited { retire(&process, slot) }
            if process == nil { process = spawn(slot) }
            guard let worker = process else {
                job.finish(.failure(.noWorker))
                continue
            }
            guard job.start(on: worker) else { continue }  // already timed out in the queue
            let reply: WorkerReply?
            do { reply = try WorkerReply(decoding: try worker.exchange(job.request)) } catch { reply = nil }
            renders += 1
            if let reply, job.complete(reply) {
                // A long render's process runs at the lowest priority, for good: replaced.
                if renders >= Self.maxRendersPerWorker || job.wasLong {
                    replace(&process, slot)
                    renders = 0
                }
                continue
            }
            // Killed for its time, or it died: in either case the process is gone.
            if reply == nil { job.finish(.failure(.workerDied)) }
            replace(&process, slot)
            renders = 0
        }
    }

    /// Called by a job's threshold timer: counts it long, or stops it when the long places
    /// are taken. (Under the job's lock: the process is the one running it.)
    fileprivate func promote(_ worker: WorkerProcess) -> Bool {
        guard queue.promoteToLong() else { return false }
        worker.lowerPriority()
        return true
    }

    private func spawn(_ slot: Int) -> WorkerProcess? {
        do {
            let process = try WorkerProcess(executable: executable, arguments: arguments)
            slots.withLock { slots in
                slots.pids[slot] = process.pid
                slots.spawnFailures = 0
            }
            return process
        } catch {
            FileHandle.standardError.write(Data("layout-render-service: \(error)\n".utf8))
            slots.withLock { $0.spawnFailures += 1 }
            // Not in a tight loop when the executable is missing: a failed start costs time.
            Thread.sleep(forTimeInterval: 0.2)
            return nil
        }
    }

    /// Retires the slot's process and starts its successor at once (the slot still counts
    /// as busy meanwhile), so the next job does not wait for a start.
    private func replace(_ process: inout WorkerProcess?, _ slot: Int) {
        retire(&process, slot)
        if !queue.counts.stopping { process = spawn(slot) }
    }

    private func retire(_ process: inout WorkerProcess?, _ slot: Int) {
        guard let old = process else { return }
        old.terminate()
        process = nil
        slots.withLock { slots in
            slots.pids[slot] = nil
            slots.restarts += 1
        }
        onRestart()
    }
}

/// One request's way through the pool. Its `outcome` is resolved exactly once: by the slot
/// with the reply, or by the timer. When the timer wins while the render runs, it kills the
/// worker process under the same lock the slot takes to claim the reply, so a process is
/// never killed after its slot has moved on to another job. Every answer is given under
/// that lock too, so the side that decides the job is the side that answers it.
private final class PoolJob: Sendable {
    private enum Phase { case queued, running(WorkerProcess), done }
    let request: [UInt8]
    private let outcome: Outcome<WorkerReply, WorkerPool.Refusal>
    private let phase = Mutex(Phase.queued)
    private let pool: WorkerPool?
    /// Whether the render was promoted to a long one; the threshold timer while it runs.
    private struct Long { var promoted = false; var timer: Task<Void, Never>? }
    private let long = Mutex(Long())

    init(request: [UInt8], continuation: CheckedContinuation<Result<WorkerReply, WorkerPool.Refusal>, Never>,
         pool: WorkerPool? = nil) {
        self.request = request
        self.pool = pool
        outcome = Outcome(continuation)
    }

    /// Whether the render was promoted to a long one (final once the job is decided).
    var wasLong: Bool { long.withLock { $0.promoted } }

    /// Whether the job has been answered (by its reply, a refusal or its timer).
    var isFinished: Bool { outcome.isResolved }

    /// Marks the job running on `worker`; false when its time already ran out.
    func start(on worker: WorkerProcess) -> Bool {
        let started = phase.withLock { phase in
            guard case .queued = phase else { return false }
            phase = .running(worker)
            return true
        }
        if started, let pool {
            let after = pool.longAfter
            let timer = Task { [self] in
                try? await Task.sleep(for: after)
                if !Task.isCancelled { passedThreshold() }
            }
            long.withLock { $0.timer = timer }
        }
        return started
    }

    /// The render has run `longAfter`: a long one now, or stopped (503) when the long
    /// places are taken. Nothing when it has ended meanwhile.
    private func passedThreshold() {
        phase.withLock { phase in
            guard case .running(let worker) = phase, let pool else { return }
            if pool.promote(worker) {
                long.withLock { $0.promoted = true }
            } else {
                outcome.resolve(.failure(.tooManyLongRenders))
                worker.kill()
                phase = .done
            }
        }
    }

    private func stopThresholdTimer() {
        long.withLock { $0.timer?.cancel() }
    }

    /// Delivers the reply; false when the timer had already ended the job (and its worker).
    /// (Resolved under the lock, as `expire` resolves: resolved after it, the timer could
    /// answer 504 in between for a render that had finished in time.)
    func complete(_ reply: WorkerReply) -> Bool {
        phase.withLock { phase -> Bool in
            guard case .running = phase else { return false }
            phase = .done
            outcome.resolve(.success(reply))
            stopThresholdTimer()
            return true
        }
    }

    /// The time ran out: answer now, and stop the render if it is running.
    ///
    /// Answered before the process is killed, under the phase's lock: answered after it,
    /// the slot could see its process end and answer first that the worker died (a 500
    /// where the render had timed out, 504; seen once in twenty timed-out renders in a row).
    func expire() {
        phase.withLock { phase in
            outcome.resolve(.failure(.timedOut))
            if case .running(let worker) = phase { worker.kill() }
            phase = .done
            stopThresholdTimer()
        }
    }

    /// Answers the job if it is not answered yet. Once finished, the timer kills nothing:
    /// the slot reaps a dead worker only after finishing its job, so a process id is never
    /// signalled after it may have been reused.
    func finish(_ result: Result<WorkerReply, WorkerPool.Refusal>) {
        phase.withLock { phase in
            phase = .done
            outcome.resolve(result)
            stopThresholdTimer()
        }
    }

    func setTimer(_ timer: Task<Void, Never>) { outcome.setTimer(timer) }
}
