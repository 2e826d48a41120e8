import Synchronization

/// The assets digest, recomputed at most once a second: walking the folder on every request
/// would cost an event loop a directory scan each time. A changed image is seen within a
/// second.
final class AssetsMemo: Sendable {
    let root: String
    private let state = Mutex<(computed: ContinuousClock.Instant, digest: String)?>(nil)

    init(root: String) { self.root = root }

    var digest: String {
        let now = ContinuousClock.now
        if let (computed, digest) = state.withLock({ $0 }), now - computed < .seconds(1) { return digest }
        let digest = AssetsFingerprint.digest(of: root)
        state.withLock { $0 = (now, digest) }
        return digest
    }
}
