import Synchronization

/// Renders in progress, by cache key: a request identical to one being rendered (the same
/// key: the tool, the limits, the assets and the whole request as a worker reads it) waits
/// for that render's answer instead of queueing a second render of the same thing.
///
/// Identical input renders identical output, so sharing the answer changes nothing a
/// request gets but how soon: a burst of the same uncached request (a page of thumbnails
/// asked for by many clients at once) takes one worker, not all of them, and none of the
/// copies waits in the queue behind the others or times out there. A render's failures
/// (the spec's errors, a timeout, a refused queue) are shared the same way.
final class InFlightRenders<Value: Sendable>: Sendable {
    private let running = Mutex<[String: Task<Result<Value, ServiceError>, Never>]>([:])
    /// How many requests have joined a render in progress, ever (for tests).
    private let joins = Mutex(0)

    /// The value for `key`: from the render already running for it, or from `produce`,
    /// started now and shared with the identical requests that arrive while it runs.
    /// `joined` is true when this request waited for another's render. The key leaves
    /// the table when `produce` returns, so a later request renders (or finds the cache)
    /// afresh.
    func value(for key: String, produce: @escaping @Sendable () async throws(ServiceError) -> Value)
        async throws(ServiceError) -> (value: Value, joined: Bool)
    {
        let (task, joined) = running.withLock { running -> (Task<Result<Value, ServiceError>, Never>, Bool) in
            if let task = running[key] {
                joins.withLock { $0 += 1 }
                return (task, true)
            }
            // Inserted before the lock is let go, so the task's own removal (which takes the
            // lock) always finds it.
            let task = Task<Result<Value, ServiceError>, Never> {
                defer { self.running.withLock { _ = $0.removeValue(forKey: key) } }
                do throws(ServiceError) { return .success(try await produce()) } catch { return .failure(error) }
            }
            running[key] = task
            return (task, false)
        }
        return (try await task.value.get(), joined)
    }

    /// How many renders are in progress (for tests).
    var count: Int { running.withLock { $0.count } }
    /// How many requests have waited for an identical render instead of starting one.
    var joinCount: Int { joins.withLock { $0 } }
}
