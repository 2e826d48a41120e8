import Glibc

/// A spec's lines: split at each LF, with a CR before it dropped (CRLF files read as LF
/// files). What the parser reads and what messages quote.
///
/// Only the byte offset where each line starts is kept (4 bytes a line), and a line is cut
/// from the source when it is asked for: a 16 MiB spec of newlines costs 64 MiB here,
/// where an array of `Substring`s cost 32 bytes a line, twice over while it was built.
public struct SourceLines: Sendable {
    private let source: String
    /// Byte offset of the start of each line; the source is at most 4 GiB (the parser's
    /// limit is far below), so 32 bits hold any offset.
    private let starts: [UInt32]

    public init(_ source: String) {
        var source = source
        source.makeContiguousUTF8()
        self.source = source
        self.starts = source.utf8.withContiguousStorageIfAvailable(Self.lineStarts) ?? Self.lineStarts(Array(source.utf8))
    }

    /// Where each line starts. Split at the bytes, not the characters: "\r\n" is one
    /// Character and would not split. Counted first, so the array is allocated once.
    private static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        var newlines = 0
        forEachNewline(in: bytes) { _ in newlines += 1 }
        var starts: [UInt32] = []
        starts.reserveCapacity(newlines + 1)
        starts.append(0)
        forEachNewline(in: bytes) { offset in starts.append(UInt32(offset + 1)) }
        return starts
    }

    /// Calls `body` with the offset of every LF, in order. Eight bytes are tested at a time
    /// (a spec's lines are tens of bytes long, so most words hold none): XORed with LFs, a
    /// word has a zero byte where there is an LF, and `(w & 0x7F…) + 0x7F…` sets the top bit
    /// of every byte of `w` but the zero ones (no carry crosses a byte, so no byte is
    /// flagged wrongly); each flagged byte is then found by counting trailing zeros, not
    /// by looking at the eight bytes one by one.
    private static func forEachNewline(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        let newline = UInt8(ascii: "\n")
        let raw = UnsafeRawBufferPointer(bytes)
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) ^ 0x0A0A_0A0A_0A0A_0A0A
            var zeros = ~(((word & low7) &+ low7) | word | low7)
            while zeros != 0 {
                body(offset + zeros.trailingZeroBitCount / 8)
                zeros &= zeros &- 1
            }
            offset += 8
        }
        for index in offset..<bytes.count where bytes[index] == newline { body(index) }
    }

    private static func lineStarts(_ bytes: [UInt8]) -> [UInt32] { bytes.withUnsafeBufferPointer(lineStarts) }

    /// Calls `body` with the bytes of every line (or of the lines at the 0-based indices in
    /// `range`) without its line ending, and its 0-based index, in order, from the source's
    /// own storage: no `Substring` cut for each.
    func forEachLine<E: Error>(in range: Range<Int>? = nil,
                               _ body: (UnsafeBufferPointer<UInt8>, Int) throws(E) -> Void) throws(E) {
        var source = source
        let outcome: Result<Void, E> = source.withUTF8 { bytes in
            for index in range ?? starts.indices {
                do throws(E) {
                    try body(UnsafeBufferPointer(rebasing: bytes[bounds(ofLine: index, in: bytes)]), index)
                } catch {
                    return .failure(error)
                }
            }
            return .success(())
        }
        try outcome.get()
    }

    /// The 0-based indices of the lines whose bytes start with `prefix`, found on the
    /// source's bytes: the parser's first pass looks for `style ` lines, and cutting every
    /// line out of the source to look cost a `Substring` a line.
    func indices(ofLinesStartingWith prefix: [UInt8]) -> [Int] {
        var source = source
        return source.withUTF8 { bytes in
            var found: [Int] = []
            for index in starts.indices {
                let line = bounds(ofLine: index, in: bytes)
                guard line.count >= prefix.count else { continue }
                if (0..<prefix.count).allSatisfy({ bytes[line.lowerBound + $0] == prefix[$0] }) { found.append(index) }
            }
            return found
        }
    }

    /// Whether the source has `byte` anywhere (`memchr`, which reads many bytes at a time).
    func contains(_ byte: UInt8) -> Bool {
        var source = source
        return source.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }

    /// The byte offset where the line at 0-based `index` starts.
    func startOffset(ofLine index: Int) -> Int { Int(starts[index]) }

    /// The 0-based index of the first line that starts at byte `offset` or after it
    /// (`count` when none does).
    func firstLine(startingAtOrAfter offset: Int) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if Int(starts[middle]) < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many lines there are: one more than the newlines.
    public var count: Int { starts.count }

    /// The line at 0-based `index`, without its line ending.
    public subscript(index: Int) -> Substring {
        var source = source
        let line = source.withUTF8 { bounds(ofLine: index, in: $0) }
        let utf8 = source.utf8
        return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: line.lowerBound)
                              ..< utf8.index(utf8.startIndex, offsetBy: line.upperBound)])
    }

    /// Where the line at 0-based `index` lies in the source's bytes, without its line
    /// ending (an LF, or a CR and an LF).
    private func bounds(ofLine index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = Int(starts[index])
        var end = index + 1 < starts.count ? Int(starts[index + 1]) - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<end
    }

    /// The line at `location` (without its line ending), or nil for a location without a
    /// line or a line outside the source.
    public func line(at location: SourceLocation) -> String? {
        guard location.line >= 1, location.line <= count else { return nil }
        return String(self[location.line - 1])
    }
}
