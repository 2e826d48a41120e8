import Glibc  // POSIX semaphores: the package targets Linux
import Synchronization

/// The parts of one image, handed out in order to the threads that compress them.
///
/// Each thread takes the next part when it has finished its last, until none is left.
/// The calling thread then waits for the parts the other threads took, and only for
/// those: a worker that has not started by then takes nothing and is not waited for.
final class PartQueue: @unchecked Sendable {
    private let jobs: [PartJob]
    /// The index of the next part to take; past the end once all are taken.
    private let next = Atomic<Int>(0)
    /// Posted once for each part a worker thread has finished (its result written).
    private let finishedByWorkers: UnsafeMutablePointer<sem_t>

    init(_ jobs: [PartJob]) {
        self.jobs = jobs
        finishedByWorkers = .allocate(capacity: 1)
        // Cannot fail: the value is 0 and the semaphore is private to the process.
        sem_init(finishedByWorkers, 0, 0)
    }

    deinit {
        sem_destroy(finishedByWorkers)
        finishedByWorkers.deallocate()
    }

    /// A worker thread's work: compresses parts until none is left.
    func compressParts() {
        while let job = take() {
            job.run()
            sem_post(finishedByWorkers)  // fails only past SEM_VALUE_MAX posts; there are ≤ 64 parts
        }
    }

    /// The calling thread's work: compresses parts until none is left, then waits until
    /// the parts the workers took are finished, so every part's result is written.
    func compressPartsAndWait() {
        var own = 0
        while let job = take() {
            job.run()
            own += 1
        }
        for _ in own..<jobs.count {
            while sem_wait(finishedByWorkers) != 0 {
                // Only a signal can interrupt the wait; the semaphore itself is valid.
                precondition(errno == EINTR, "sem_wait failed: errno \(errno)")
            }
        }
    }

    private func take() -> PartJob? {
        // Relaxed: the count only has to hand each index out once; the jobs were made
        // before any worker started, and their results are published by the semaphore.
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < jobs.count ? jobs[index] : nil
    }
}
