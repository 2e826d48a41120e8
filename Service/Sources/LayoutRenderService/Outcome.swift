import Synchronization

/// One continuation resumed exactly once, by the work or by its timer, whichever is first;
/// the timer is cancelled when the work wins. Shared by the diff threads (`RenderPool`) and
/// the render worker slots (`WorkerPool`).
final class Outcome<Value: Sendable, Failure: Error>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<Value, Failure>, Never>?
        var timer: Task<Void, Never>?
    }
    private let state: Mutex<State>

    init(_ continuation: CheckedContinuation<Result<Value, Failure>, Never>) {
        state = Mutex(State(continuation: continuation))
    }

    var isResolved: Bool { state.withLock { $0.continuation == nil } }

    /// Resumes the continuation with `result`, unless it was resumed already.
    func resolve(_ result: Result<Value, Failure>) {
        let (continuation, timer) = state.withLock { state in
            defer { state.continuation = nil; state.timer = nil }
            return (state.continuation, state.timer)
        }
        timer?.cancel()
        continuation?.resume(returning: result)
    }

    /// Keeps `timer` to cancel on resolution (at once, if already resolved).
    func setTimer(_ timer: Task<Void, Never>) {
        let resolved = state.withLock { state in
            if state.continuation == nil { return true }
            state.timer = timer
            return false
        }
        if resolved { timer.cancel() }
    }
}
