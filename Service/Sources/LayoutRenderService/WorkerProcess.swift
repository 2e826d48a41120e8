import Foundation

/// One render worker process and the two pipes to it. Started with `posix_spawn`, so
/// nothing of the server (threads, locks, NIO's descriptors) is copied into it: every
/// descriptor of the server is close-on-exec, and the worker gets only the two pipe ends
/// on descriptors 3 and 4, and the server's standard error.
final class WorkerProcess: @unchecked Sendable {
    let pid: pid_t
    let pipe: FramePipe
    /// The server's end of the worker's lifeline (`RenderWorker.lifelineDescriptor`).
    private let lifeline: Int32
    private var reaped = false

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    /// How long a new worker may take to say it is ready.
    static let readyTimeout: Duration = .seconds(30)

    /// Starts `executable worker ARGUMENTS…` and waits for its ready frame, at most
    /// `readyTimeout`: a worker that hangs before it is ready (rather than dying) is
    /// killed, so its slot is not lost to it.
    init(executable: String, arguments: [String], readyTimeout: Duration = WorkerProcess.readyTimeout) throws(SpawnError) {
        let (requests, replies, lifeline) = try Self.pipes()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 onto 3 and 4 clears close-on-exec on the copies; the originals close at exec.
        posix_spawn_file_actions_adddup2(&actions, requests[0], RenderWorker.requestDescriptor)
        posix_spawn_file_actions_adddup2(&actions, replies[1], RenderWorker.replyDescriptor)
        posix_spawn_file_actions_adddup2(&actions, lifeline[0], RenderWorker.lifelineDescriptor)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)

        let argv = [executable, "worker"] + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, &cArguments, environ)
        close(requests[0])
        close(replies[1])
        close(lifeline[0])
        guard status == 0 else {
            close(requests[1]); close(replies[0]); close(lifeline[1])
            throw SpawnError(description: "cannot start \(executable): \(Self.reason(status))")
        }
        pid = child
        pipe = FramePipe(input: replies[0], output: requests[1])
        self.lifeline = lifeline[1]
        guard Self.waitUntilReadable(replies[0], within: readyTimeout) else {
            terminate()
            throw SpawnError(description: "the worker \(executable) did not say it was ready within \(readyTimeout)")
        }
        do {
            let ready = try pipe.read()
            guard ready.isEmpty else { throw WireError.malformed }
        } catch {
            terminate()
            throw SpawnError(description: "the worker \(executable) exited before it was ready")
        }
    }

    /// Sends one request and waits for its reply.
    func exchange(_ request: [UInt8]) throws(WireError) -> [UInt8] {
        try pipe.write(request)
        return try pipe.read()
    }

    /// Whether the process has ended (it is then reaped, and `terminate` only closes the pipes).
    var hasExited: Bool {
        guard !reaped else { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        reaped = true
        close(pipe.input)
        close(pipe.output)
        close(lifeline)
        return true
    }

    /// Puts every thread of the process at the lowest CPU priority (nice 19), so that it
    /// runs on what short renders leave. Linux keeps a nice value per thread, so each one in
    /// `/proc/PID/task` is set (threads started later inherit it from the thread starting
    /// them). It cannot be undone without privileges: the pool replaces the process after.
    func lowerPriority() {
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), 19)
            return
        }
        for thread in threads.compactMap({ id_t($0) }) {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, 19)
        }
    }

    /// Kills the process (it may be running a render) without waiting for it.
    func kill() {
        _ = Glibc.kill(pid, SIGKILL)
    }

    /// Kills the process if it still runs, closes the pipes and reaps it.
    func terminate() {
        guard !reaped else { return }
        reaped = true
        _ = Glibc.kill(pid, SIGKILL)
        close(pipe.input)
        close(pipe.output)
        close(lifeline)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    deinit { terminate() }

    /// The three pipes to a worker; none left open when one cannot be made (a start that
    /// failed for want of descriptors took more of them with it, each time it was tried).
    private static func pipes() throws(SpawnError) -> ([Int32], [Int32], [Int32]) {
        var made: [[Int32]] = []
        do {
            for _ in 0..<3 { made.append(try pipe()) }
        } catch {
            for ends in made { for end in ends { close(end) } }
            throw error
        }
        return (made[0], made[1], made[2])
    }

    /// A pipe whose two ends are close-on-exec (the ends a worker gets are dup2'ed copies).
    /// Only the pool's slots start processes, and `posix_spawn` copies no descriptor that is
    /// close-on-exec, so the moment between `pipe` and `fcntl` leaks nothing.
    private static func pipe() throws(SpawnError) -> [Int32] {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { throw SpawnError(description: "pipe: \(reason(errno))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    /// Whether `descriptor` has something to read (or its other end closed) within `timeout`.
    private static func waitUntilReadable(_ descriptor: Int32, within timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            let milliseconds = Int32(clamping: Int(left / .milliseconds(1)) + 1)
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }  // let the read report it
        }
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
