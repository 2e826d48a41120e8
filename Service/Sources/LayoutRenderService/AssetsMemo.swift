import Synchronization

/// The assets digest, recomputed at most once a second: walking the folder on every request
/// would cost an event loop a directory scan each time. A changed image is seen within a
/// second. One request at a time rescans; the others wait for its answer rather than scan too.
final class AssetsMemo: Sendable {
    let root: String
    private struct State {
        var computed: ContinuousClock.Instant?
        var digest = ""
        let fingerprint = AssetsFingerprint()
    }
    private let state = Mutex(State())

    init(root: String) { self.root = root }

    var digest: String {
        state.withLock { state in
            let now = ContinuousClock.now
            if let computed = state.computed, now - computed < .seconds(1) { return state.digest }
            state.digest = state.fingerprint.digest(of: root)
            state.computed = now
            return state.digest
        }
    }
}
