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
final class WorkerPool: Service, @unchecked Sendable {
    enum Refusal: Error, Equatable {
        case overloaded, timedOut
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
        var restarts: Int
        /// Consecutive failures to start a worker process (0 once one starts).
        var spawnFailures: Int
        var stopping: Bool
    }

    static let maxRendersPerWorker = 10_000

    let executable: String
    let arguments: [String]
    let workers: Int
    let queueLength: Int
    private let onRestart: @Sendable () -> Void
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [PoolJob] = []
    private var queueHead = 0
    private var busy = 0
    private var restarts = 0
    private var spawnFailures = 0
    private var stopping = false
    /// The running worker process of each slot that has one.
    private var pids: [Int: pid_t] = [:]

    /// - Parameters:
    ///   - executable: the program started as `EXECUTABLE worker ARGUMENTS…`.
    ///   - onRestart: called each time a worker process is replaced (for `/metrics`).
    init(executable: String, arguments: [String], workers: Int, queueLength: Int,
         onRestart: @escaping @Sendable () -> Void = {}) {
        self.onRestart = onRestart
        self.executable = executable
        self.arguments = arguments
        self.workers = max(1, workers)
        self.queueLength = max(0, queueLength)
        // A write to a worker that has just died must be an error, not the server's end.
        signal(SIGPIPE, SIG_IGN)
        for index in 0..<self.workers {
            let thread = Thread { [self] in slotLoop(index) }
            thread.name = "render-worker-\(index)"
            thread.start()
        }
    }

    /// Sends `request` to a worker and waits for its reply at most `timeout`, queue included.
    func run(_ request: WorkerRequest, timeout: Duration) async throws(Refusal) -> WorkerReply {
        let result: Result<WorkerReply, Refusal> = await withCheckedContinuation { continuation in
            let job = PoolJob(request: request.encoded(), continuation: continuation)
            guard admit(job) else {
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
        condition.lock()
        defer { condition.unlock() }
        return pids.keys.sorted().compactMap { pids[$0] }
    }

    var status: Status {
        condition.lock()
        defer { condition.unlock() }
        // A job whose time ran out while queued no longer waits for anything.
        let queued = queue[queueHead...].count { !$0.isFinished }
        return Status(workers: workers, alive: pids.count, busy: busy, queued: queued,
                      queueLength: queueLength, restarts: restarts, spawnFailures: spawnFailures, stopping: stopping)
    }

    /// The ServiceLifecycle side: stops the workers on graceful shutdown.
    func run() async throws {
        try? await gracefulShutdown()
        stop()
    }

    /// Lets the slots finish the queued work, then ends their processes.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    private func admit(_ job: PoolJob) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        // Jobs whose time ran out while queued hold no place in the queue.
        if queue[queueHead...].contains(where: \.isFinished) {
            queue = queue[queueHead...].filter { !$0.isFinished }
            queueHead = 0
        }
        let waiting = queue.count - queueHead
        guard !stopping, busy + waiting < workers + queueLength else { return false }
        queue.append(job)
        condition.signal()
        return true
    }

    /// Waits for the next job; nil when the pool stops and the queue is empty.
    private func nextJob() -> PoolJob? {
        condition.lock()
        defer { condition.unlock() }
        while queueHead == queue.count && !stopping { condition.wait() }
        if queueHead == queue.count { return nil }
        let job = queue[queueHead]
        queueHead += 1
        if queueHead > 64 && queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
        busy += 1
        return job
    }

    private func update(_ change: (WorkerPool) -> Void) {
        condition.lock()
        change(self)
        condition.broadcast()
        condition.unlock()
    }

    private func slotLoop(_ slot: Int) {
        var process: WorkerProcess?
        var renders = 0
        defer {
            process?.terminate()
            update { $0.pids[slot] = nil }
        }
        // Started before the first job, so the first request does not wait for it.
        process = spawn(slot)
        while let job = nextJob() {
            defer { update { $0.busy -= 1 } }
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
                if renders >= Self.maxRendersPerWorker {
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

    private func spawn(_ slot: Int) -> WorkerProcess? {
        do {
            let process = try WorkerProcess(executable: executable, arguments: arguments)
            update { pool in
                pool.pids[slot] = process.pid
                pool.spawnFailures = 0
            }
            return process
        } catch {
            FileHandle.standardError.write(Data("layout-render-service: \(error)\n".utf8))
            update { $0.spawnFailures += 1 }
            // Not in a tight loop when the executable is missing: a failed start costs time.
            Thread.sleep(forTimeInterval: 0.2)
            return nil
        }
    }

    /// Retires the slot's process and starts its successor at once (the slot still counts
    /// as busy meanwhile), so the next job does not wait for a start.
    private func replace(_ process: inout WorkerProcess?, _ slot: Int) {
        retire(&process, slot)
        if !status.stopping { process = spawn(slot) }
    }

    private func retire(_ process: inout WorkerProcess?, _ slot: Int) {
        guard let old = process else { return }
        old.terminate()
        process = nil
        update { pool in
            pool.pids[slot] = nil
            pool.restarts += 1
        }
        onRestart()
    }
}

/// One request's way through the pool. Its continuation is resumed exactly once: by the
/// slot with the reply, or by the timer. When the timer wins while the render runs, it
/// kills the worker process under the same lock the slot takes to claim the reply, so a
/// process is never killed after its slot has moved on to another job.
private final class PoolJob: Sendable {
    private enum Phase { case queued, running(WorkerProcess), done }
    private struct State {
        var continuation: CheckedContinuation<Result<WorkerReply, WorkerPool.Refusal>, Never>?
        var timer: Task<Void, Never>?
        var phase = Phase.queued
    }
    let request: [UInt8]
    private let state: Mutex<State>

    init(request: [UInt8], continuation: CheckedContinuation<Result<WorkerReply, WorkerPool.Refusal>, Never>) {
        self.request = request
        state = Mutex(State(continuation: continuation))
    }

    /// Whether the job has been answered (by its reply, a refusal or its timer).
    var isFinished: Bool { state.withLock { $0.continuation == nil } }

    /// Marks the job running on `worker`; false when its time already ran out.
    func start(on worker: WorkerProcess) -> Bool {
        state.withLock { state in
            guard case .queued = state.phase else { return false }
            state.phase = .running(worker)
            return true
        }
    }

    /// Delivers the reply; false when the timer had already ended the job (and its worker).
    func complete(_ reply: WorkerReply) -> Bool {
        let claimed = state.withLock { state -> Bool in
            guard case .running = state.phase else { return false }
            state.phase = .done
            return true
        }
        if claimed { finish(.success(reply)) }
        return claimed
    }

    /// The time ran out: answer now, and stop the render if it is running.
    func expire() {
        state.withLock { state in
            if case .running(let worker) = state.phase { worker.kill() }
            state.phase = .done
        }
        finish(.failure(.timedOut))
    }

    func finish(_ result: Result<WorkerReply, WorkerPool.Refusal>) {
        let (continuation, timer) = state.withLock { state in
            defer { state.continuation = nil; state.timer = nil }
            if case .queued = state.phase { state.phase = .done }
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
