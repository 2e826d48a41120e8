import Glibc  // the package targets Linux

/// Where a file's bytes go, piece by piece: each piece written in full (a short write
/// continues, an interrupted one is retried); the first failure is kept, with the system's
/// reason, and every write after it skipped, for the caller to report once at the end.
public struct FileSink {
    public let descriptor: Int32
    /// The system's reason for the first write that failed; nil while all succeed.
    public internal(set) var failure: String?

    public init(descriptor: Int32) { self.descriptor = descriptor }

    public mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                return
            }
            // write(2) returns 0 only for a count of 0; guard the loop's progress anyway.
            guard written > 0 else {
                failure = "nothing was written"
                return
            }
            offset += written
        }
    }
}
