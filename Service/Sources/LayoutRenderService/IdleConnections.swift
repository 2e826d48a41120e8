import HummingbirdCore
import NIOCore
import Synchronization

/// The connections that are waiting on their client with no request of theirs in the
/// server's hands (before a request's head has arrived in full, or between requests), so
/// that a full server can make room.
///
/// At the connection limit the server stops accepting, and a new connection waits in the
/// kernel's backlog until one closes: 530 connections that sent nothing held `/healthz`
/// back for 28 s (until the idle timeout closed the first ones), long enough for a liveness
/// probe to kill a healthy server. Now, while the server is at its limit
/// (`EvictingConnectionLimit`), every connection that has waited on its client for `grace`
/// or more is closed, every `grace / 4`; so a new connection, a probe's too, waits at most
/// about `grace` and a quarter, whatever the number of idle connections. A connection whose
/// request is being read, rendered or answered is never closed this way, nor one younger
/// than `grace` (a client just connected has that long to send its request).
final class IdleConnections: Sendable {
    private struct Entry { var channel: any Channel; var since: ContinuousClock.Instant }
    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])
    let grace: Duration
    /// Connections closed to make room.
    let evictions = Atomic<Int>(0)
    /// Whether the server is at its connection limit (set by `EvictingConnectionLimit`).
    private let full = Atomic<Bool>(false)
    private let sweeping = Atomic<Bool>(false)

    init(grace: Duration = .seconds(1)) { self.grace = grace }

    func waiting(_ channel: any Channel) {
        entries.withLock { $0[ObjectIdentifier(channel)] = Entry(channel: channel, since: .now) }
    }

    func busy(_ channel: any Channel) {
        entries.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    var count: Int { entries.withLock { $0.count } }

    /// The server is (or is no longer) at its limit: while it is, a sweeper closes the
    /// connections idle for `grace` or more.
    func setFull(_ isFull: Bool) {
        full.store(isFull, ordering: .relaxed)
        guard isFull, sweeping.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        Task.detached { [self] in
            while full.load(ordering: .relaxed) {
                closeIdle(olderThan: grace)
                try? await Task.sleep(for: grace / 4)
            }
            sweeping.store(false, ordering: .releasing)
            // Full again between the last look and the flag's release: sweep on.
            if full.load(ordering: .relaxed) { setFull(true) }
        }
    }

    /// Closes every connection idle for `age` or more; how many.
    @discardableResult
    func closeIdle(olderThan age: Duration) -> Int {
        let now = ContinuousClock.now
        let old: [any Channel] = entries.withLock { entries in
            let keys = entries.filter { now - $0.value.since >= age }.map(\.key)
            return keys.compactMap { entries.removeValue(forKey: $0)?.channel }
        }
        for channel in old { channel.close(promise: nil) }
        evictions.add(old.count, ordering: .relaxed)
        return old.count
    }
}

/// Hummingbird's `MaximumAvailableConnections`, which in addition tells `IdleConnections`
/// when the limit is reached, so that connections only waiting on their clients make room.
struct EvictingConnectionLimit: AvailableConnectionsDelegate {
    let maxConnections: Int
    let idle: IdleConnections
    var connectionCount = 0

    init(_ maxConnections: Int, idle: IdleConnections) {
        self.maxConnections = maxConnections
        self.idle = idle
    }

    mutating func connectionOpened() {
        connectionCount += 1
        idle.setFull(connectionCount >= maxConnections)
    }

    mutating func connectionClosed() {
        connectionCount -= 1
        idle.setFull(connectionCount >= maxConnections)
    }

    func isAcceptingNewConnections() -> Bool {
        connectionCount < maxConnections
    }
}
