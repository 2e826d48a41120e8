import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to the test server, for what an HTTP client library will not do:
/// send half a request and stall, trickle a body, lie about its length, open hundreds of
/// connections at once, leave an answer unread. Its calls block (each with a time limit),
/// so tests run them on threads of their own with `onThread`, never on the cooperative pool.
final class RawConnection: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// One HTTP/1.1 answer: status, lower-cased header names, body.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to `localhost:port` as an HTTP client does: every address the name resolves
    /// to, in the resolver's order, until one answers. The test server binds "localhost"
    /// (Hummingbird's test setup), which a Debian /etc/hosts resolves to ::1 first and a
    /// container's often to 127.0.0.1 only; `serve` binds 127.0.0.1.
    /// - Parameter receiveBuffer: a small `SO_RCVBUF`, to make a client that reads slowly.
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo("localhost", String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            throw Failure(description: "getaddrinfo localhost: \(String(cString: gai_strerror(resolved)))")
        }
        defer { freeaddrinfo(first) }
        var failures: [String] = []
        var connected: Int32?
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while connected == nil, let address = candidate?.pointee {
            candidate = address.ai_next
            do {
                connected = try Self.connect(address, receiveBuffer: receiveBuffer)
            } catch {
                failures.append("\(error)")
            }
        }
        guard let connected else { throw Failure(description: failures.joined(separator: "; ")) }
        fd = connected
    }

    private static func connect(_ address: addrinfo, receiveBuffer: Int32?) throws -> Int32 {
        let family = address.ai_family == AF_INET6 ? "[::1]" : "127.0.0.1"
        let fd = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard fd >= 0 else { throw Failure(description: "socket \(family): errno \(errno)") }
        // A send blocked by a server that stopped reading gives up after 30 s.
        var sendTimeout = timeval(tv_sec: 30, tv_usec: 0)
        guard setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size)) == 0 else {
            close(fd)
            throw Failure(description: "setsockopt SO_SNDTIMEO: errno \(errno)")
        }
        if var size = receiveBuffer {
            guard setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
                close(fd)
                throw Failure(description: "setsockopt SO_RCVBUF: errno \(errno)")
            }
        }
        guard Glibc.connect(fd, address.ai_addr, address.ai_addrlen) == 0 else {
            let code = errno
            close(fd)
            throw Failure(description: "connect \(family): errno \(code)")
        }
        return fd
    }

    deinit { close(fd) }

    /// Sends all of `bytes`; false if it could not (the server closed the connection, or
    /// stopped reading for 30 s).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    private enum Read { case data, closed, timedOut }

    /// Reads what has arrived into `buffer` (at most `chunk` bytes), waiting at most
    /// `timeout` seconds for it.
    private func read(timeout: Double, chunk: Int = 65_536) -> Read {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(max(0, timeout) * 1000))
        if ready < 0 && errno == EINTR { return .timedOut }
        guard ready > 0 else { return .timedOut }
        var bytes = [UInt8](repeating: 0, count: chunk)
        let count = bytes.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return .closed }
        buffer += bytes[..<count]
        return .data
    }

    /// Reads and drops everything until the server closes the connection: true if it did
    /// within `timeout` seconds.
    func waitForClose(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            switch read(timeout: deadline.timeIntervalSinceNow) {
            case .closed: return true
            case .timedOut: return false
            case .data: buffer.removeAll()
            }
        }
    }

    /// Linux's POLLRDHUP (the peer closed its side), which Glibc's Swift overlay leaves out
    /// (C defines it only under _GNU_SOURCE).
    private static let peerClosed: Int16 = 0x2000

    /// Whether the server has closed its side, without reading anything.
    func isClosedByServer(within timeout: Double) -> Bool {
        var poller = pollfd(fd: fd, events: Self.peerClosed, revents: 0)
        let ready = poll(&poller, 1, Int32(timeout * 1000))
        return ready > 0 && poller.revents & (Self.peerClosed | Int16(POLLHUP) | Int16(POLLERR)) != 0
    }

    /// Reads one answer (with a Content-Length body, as the service sends), waiting at most
    /// `timeout` seconds; nil if the connection closed or the time ran out first. A slow
    /// reader sets `slowly`: it reads 8 KiB at a time and then sleeps that long.
    func readAnswer(timeout: Double = 30, slowly pause: Double? = nil) -> Answer? {
        let deadline = Date().addingTimeInterval(timeout)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffer.indices.dropLast(3).first { buffer[$0..<$0 + 4].elementsEqual(separator) }
            if headEnd == nil, read(timeout: deadline.timeIntervalSinceNow) != .data { return nil }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = head[0].split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        let bodyStart = headEnd! + 4
        while buffer.count < bodyStart + length {
            if read(timeout: deadline.timeIntervalSinceNow, chunk: pause == nil ? 65_536 : 8192) != .data { return nil }
            if let pause { Thread.sleep(forTimeInterval: pause) }
        }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        buffer.removeFirst(bodyStart + length)
        return Answer(status: status, headers: headers, body: body)
    }
}

extension RawConnection {
    /// One request on a fresh connection: `GET path`, or `POST` with `body`.
    static func request(port: Int, _ method: String, _ path: String, body: String = "", timeout: Double = 30) throws -> Answer {
        let connection = try RawConnection(port: port)
        let bytes = Array(body.utf8)
        connection.send("\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(bytes.count)\r\n\r\n")
        connection.send(bytes)
        guard let answer = connection.readAnswer(timeout: timeout) else {
            throw Failure(description: "no answer to \(method) \(path) within \(timeout) s")
        }
        return answer
    }
}

/// Runs blocking work on a thread of its own and waits for it without blocking a thread
/// of the cooperative pool (which has only as many threads as cores).
func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.start()
    }
}
