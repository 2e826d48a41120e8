import Glibc  // pthreads: the package targets Linux
internal import CSched  // no C type in the public API

/// A detached thread for a share of the calling thread's work, by default on another processor.
///
/// A new thread is first queued on its creator's processor (the scheduler's wake-up
/// affinity), where it waited here for the creator to block: when zlib compressed the card
/// in two halves, about 2 ms of its 4 ms encode, in most runs on this project's two-core
/// machine. It is therefore allowed every
/// processor the process may use except the creator's current one. When that processor is
/// busy, the thread starts late: the work is shared out so that the creator does not wait
/// for it (`PartQueue`).
public enum WorkerThread {
    /// Starts `body` on a new detached thread.
    ///
    /// - Parameter awayFromCaller: placed on the processors other than the caller's (for
    ///   work shared out so that the caller takes what a late thread has not begun). False
    ///   for a fixed share the caller waits for: a thread kept off the caller's processor
    ///   would wait for the other one, busy or not, while the caller's sits idle.
    /// - Returns: false, without starting anything, when no thread can be created (resource
    ///   limits) or, `awayFromCaller`, when the process may run on one processor only; the
    ///   caller's share then covers all the work.
    public static func start(awayFromCaller: Bool = true, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0 else { return false }
        if awayFromCaller, var others = processorsOtherThanCurrent() {
            guard others.count > 0 else { return false }
            // Best effort: without the placement the thread still runs, only later.
            _ = pthread_attr_setaffinity_np(&attributes, MemoryLayout<cpu_set_t>.size, &others.set)
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// The processors the process may run on, less the calling thread's current one; nil
    /// when either is unknown (the thread is then started without a placement).
    private static func processorsOtherThanCurrent() -> (set: cpu_set_t, count: Int)? {
        var set = cpu_set_t()
        guard sched_getaffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0 else { return nil }
        let current = Int(sched_getcpu())
        guard current >= 0 else { return nil }
        let count = withUnsafeMutableBytes(of: &set.__bits) { raw in
            let words = raw.bindMemory(to: UInt.self)
            let bits = UInt.bitWidth
            if current / bits < words.count { words[current / bits] &= ~(1 << UInt(current % bits)) }
            return words.reduce(0) { $0 + $1.nonzeroBitCount }
        }
        return (set, count)
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
