#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Length-prefixed frames over a pair of pipe ends (blocking I/O: each end is used by one
/// thread at a time, a pool slot's or the worker's).
struct FramePipe: Sendable {
    /// Frames larger than this are refused (`WireError.malformed`): a request holds one
    /// spec (at most the body limit) and a reply one PNG (at most the canvas limit).
    static let maxFrameBytes = 1 << 30

    let input: Int32
    let output: Int32

    /// Writes one frame: its length, then its bytes.
    func write(_ payload: [UInt8]) throws(WireError) {
        var header = [UInt8](repeating: 0, count: 4)
        let count = UInt32(payload.count)
        for i in 0..<4 { header[i] = UInt8(truncatingIfNeeded: count >> (8 * UInt32(i))) }
        try writeAll(header)
        try writeAll(payload)
    }

    /// Reads one frame; `.closed` when the other end closed before or inside it.
    func read() throws(WireError) -> [UInt8] {
        let header = try readExactly(4)
        var count = 0
        for i in 0..<4 { count |= Int(header[i]) << (8 * i) }
        guard count <= Self.maxFrameBytes else { throw .malformed }
        return try readExactly(count)
    }

    private func writeAll(_ bytes: [UInt8]) throws(WireError) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(output, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw errno == EPIPE ? .closed : .system(errno)
            }
            done += n
        }
    }

    private func readExactly(_ count: Int) throws(WireError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress! + done, count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            if n == 0 { throw .closed }
            done += n
        }
        return bytes
    }
}
