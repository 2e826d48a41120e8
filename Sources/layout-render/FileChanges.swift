import Glibc
import LayoutRenderKit

/// Tells when a set of files has changed and then stayed the same for one look, each file
/// as far as `watch` can tell without reading it (`RegularFile.Identity`: the file the name
/// leads to, its size and modification time; nil while the name leads to nothing, between
/// an editor's unlink and its new file): polled
/// every `interval`, so the watch costs a few `stat` calls a tick and no busy loop, and
/// a file caught half written (the size or time still moving) is not reported until the
/// writer is done with it.
struct FileChanges {
    let paths: [String]
    /// The signatures last reported (nil before the first report).
    private var reported: [RegularFile.Identity?]?
    /// The signatures seen at the previous look.
    private var previous: [RegularFile.Identity?]?

    init(paths: [String]) { self.paths = paths }

    /// Looks at the files once: their signatures when they differ from the last ones
    /// reported and are the same as at the previous look, otherwise nil.
    mutating func settledChange() -> [RegularFile.Identity?]? {
        let now = paths.map { RegularFile.Identity(path: $0) }
        defer { previous = now }
        guard now == previous, reported.map({ $0 != now }) ?? true else { return nil }
        reported = now
        return now
    }
}

/// SIGINT and SIGTERM, noted rather than obeyed at once: a render under way finishes
/// (and its file is renamed into place, or not written at all) before the watch ends.
enum StopSignal {
    private nonisolated(unsafe) static var received: sig_atomic_t = 0

    static func install() {
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in StopSignal.received = 1 }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0  // no SA_RESTART: the sleep between looks ends at once
            sigaction(number, &action, nil)
        }
    }

    static var isRaised: Bool { received != 0 }

    /// Sleeps `seconds` or until a stop signal arrives.
    static func sleep(seconds: Double) {
        guard !isRaised else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        _ = nanosleep(&request, nil)
    }
}
