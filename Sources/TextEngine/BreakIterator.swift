internal import _FoundationICU

/// A string's UTF-16 code units in memory that outlives any ICU iterator reading it
/// (ICU keeps a pointer to the text, so a Swift array's temporary pointer will not do).
final class UTF16Buffer: @unchecked Sendable {
    let units: UnsafeMutableBufferPointer<UInt16>
    /// The memory `units` lies in; a layout keeps it for the next one (`LayoutScratch`).
    let storage: UTF16Storage
    var count: Int { units.count }

    /// - Parameter reusing: memory to decode into instead of allocating (nil: allocate);
    ///   used when at least as large as `text` has UTF-8 bytes, which nothing else may hold.
    init(_ text: String, reusing spare: UTF16Storage? = nil) throws(TextError) {
        var text = text
        // UTF-16 never needs more units than UTF-8 has bytes; decode the native UTF-8 by hand
        // (the generic transcoding paths are several times slower on a megabyte).
        let capacity = text.utf8.count
        guard capacity <= Int(Int32.max) else { throw .textTooLong(utf16Count: text.utf16.count) }
        let storage = spare.flatMap { $0.capacity >= capacity ? $0 : nil } ?? UTF16Storage(capacity: max(1, capacity))
        self.storage = storage
        let count = text.withUTF8 { bytes in Self.decode(bytes, into: storage.units) }
        units = UnsafeMutableBufferPointer(rebasing: storage.units[0..<count])
    }

    /// UTF-8 (valid, as a Swift string's is) to UTF-16; returns the number of units written.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt16>) -> Int {
        var read = 0
        var written = 0
        let end = bytes.count
        while read < end {
            let lead = bytes[read]
            if lead < 0x80 {
                output[written] = UInt16(lead)
                read += 1
                written += 1
                continue
            }
            var scalar: UInt32
            if lead < 0xE0 {
                scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[read + 1] & 0x3F)
                read += 2
            } else if lead < 0xF0 {
                scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[read + 1] & 0x3F) << 6 | UInt32(bytes[read + 2] & 0x3F)
                read += 3
            } else {
                scalar = UInt32(lead & 0x07) << 18 | UInt32(bytes[read + 1] & 0x3F) << 12
                    | UInt32(bytes[read + 2] & 0x3F) << 6 | UInt32(bytes[read + 3] & 0x3F)
                read += 4
            }
            if scalar < 0x1_0000 {
                output[written] = UInt16(scalar)
                written += 1
            } else {
                scalar -= 0x1_0000
                output[written] = UInt16(0xD800 + (scalar >> 10))
                output[written + 1] = UInt16(0xDC00 + (scalar & 0x3FF))
                written += 2
            }
        }
        return written
    }

    @inline(__always) subscript(_ index: Int) -> UInt16 { units[index] }

    /// The scalar value starting at `index` and its length in UTF-16 units
    /// (a lone surrogate reads as U+FFFD).
    @inline(__always)
    func scalar(at index: Int) -> (value: UInt32, length: Int) {
        let unit = units[index]
        if unit & 0xF800 != 0xD800 { return (UInt32(unit), 1) }
        if unit < 0xDC00, index + 1 < units.count {
            let low = units[index + 1]
            if low & 0xFC00 == 0xDC00 {
                return (0x1_0000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00), 2)
            }
        }
        return (0xFFFD, 1)
    }

    /// The text of a range of units (ranges fall on scalar boundaries; a lone surrogate
    /// becomes U+FFFD), transcoded by hand for speed.
    func string(_ range: Range<Int>) -> String {
        var utf8Count = 0
        for index in range {
            let unit = units[index]
            utf8Count += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3
        }
        return String(unsafeUninitializedCapacity: utf8Count) { output in
            var written = 0
            var index = range.lowerBound
            while index < range.upperBound {
                let unit = units[index]
                if unit < 0x80 {
                    output[written] = UInt8(unit)
                    written += 1
                    index += 1
                    continue
                }
                var (scalar, length) = self.scalar(at: index)
                if index + length > range.upperBound { (scalar, length) = (0xFFFD, 1) }
                index += length
                if scalar < 0x800 {
                    output[written] = UInt8(0xC0 | scalar >> 6)
                    output[written + 1] = UInt8(0x80 | scalar & 0x3F)
                    written += 2
                } else if scalar < 0x1_0000 {
                    output[written] = UInt8(0xE0 | scalar >> 12)
                    output[written + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    output[written + 2] = UInt8(0x80 | scalar & 0x3F)
                    written += 3
                } else {
                    output[written] = UInt8(0xF0 | scalar >> 18)
                    output[written + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    output[written + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    output[written + 3] = UInt8(0x80 | scalar & 0x3F)
                    written += 4
                }
            }
            return written
        }
    }
}

/// Owns an ICU `UBreakIterator` over a `UTF16Buffer` (kept alive with it).
final class BreakIterator {
    enum Kind { case line, character }

    private let handle: OpaquePointer
    private let text: UTF16Buffer
    private let kind: Kind

    init(_ kind: Kind, over text: UTF16Buffer) throws(TextError) {
        var status = U_ZERO_ERROR
        let opened: OpaquePointer? = switch kind {
        case .line: lr_ubrk_open_line(text.units.baseAddress, Int32(text.count), &status)
        case .character: lr_ubrk_open_character(text.units.baseAddress, Int32(text.count), &status)
        }
        guard lr_u_failure(status) == 0, let opened else {
            if let opened { lr_ubrk_close(opened) }
            let name = lr_u_error_name(status).map { String(cString: $0) } ?? "\(status.rawValue)"
            throw .icuFailed(function: "ubrk_open", status: name)
        }
        handle = opened
        self.text = text
        self.kind = kind
        let first = lr_ubrk_first(opened)
        let next = lr_ubrk_next(opened)
        cursor = (Int(max(0, first)), next < 0 ? Int.max : Int(next))
    }

    deinit { lr_ubrk_close(handle) }

    /// The last boundary at or before `offset` (0 when there is none after the start).
    ///
    /// Line breaking asks with growing offsets, so this walks forward with `ubrk_next` (one
    /// pass over the text in all) and only seeks with `ubrk_preceding` when asked about an
    /// offset before the last answer.
    func boundary(atOrBefore offset: Int) -> Int {
        if offset < cursor.last || (cursor.upcoming != .max && offset - cursor.upcoming > Self.longestWalk) {
            let result = lr_ubrk_preceding(handle, Int32(offset + 1))
            let boundary = result < 0 ? 0 : Int(result)
            let following = lr_ubrk_following(handle, Int32(boundary))
            cursor = (boundary, following < 0 ? Int.max : Int(following))
            return boundary
        }
        while cursor.upcoming <= offset {
            let next = lr_ubrk_next(handle)
            cursor = (cursor.upcoming, next < 0 ? Int.max : Int(next))
        }
        return cursor.last
    }

    /// How far ahead (in UTF-16 units) walking boundary by boundary is still cheaper than a seek.
    private static let longestWalk = 256

    /// The forward walk's state: a boundary and the one after it (`Int.max` past the end).
    private var cursor: (last: Int, upcoming: Int) = (0, 0)

    /// The first boundary after `offset` (the text's end when there is none). Not to be
    /// mixed with `boundary(atOrBefore:)` on one iterator.
    func boundary(after offset: Int) -> Int {
        let result = lr_ubrk_following(handle, Int32(offset))
        return result < 0 ? text.count : Int(result)
    }

    /// Every boundary after the start, in order, with ICU's rule status.
    /// Not to be mixed with `boundary(atOrBefore:)` on one iterator.
    func forEachBoundary(_ body: (_ offset: Int, _ status: Int32) -> Void) {
        _ = lr_ubrk_first(handle)
        while true {
            let next = lr_ubrk_next(handle)
            if next < 0 { return }
            body(Int(next), lr_ubrk_get_rule_status(handle))
        }
    }
}

/// Memory for UTF-16 units, freed with its last owner: a `UTF16Buffer`, or a
/// `LayoutScratch` between layouts.
final class UTF16Storage: @unchecked Sendable {  // written only by the one UTF16Buffer.init holding it alone
    let units: UnsafeMutableBufferPointer<UInt16>
    var capacity: Int { units.count }

    init(capacity: Int) { units = .allocate(capacity: capacity) }

    deinit { units.deallocate() }
}
