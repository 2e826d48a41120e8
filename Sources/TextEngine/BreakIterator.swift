internal import _FoundationICU

/// A string's UTF-16 code units in memory that outlives any ICU iterator reading it
/// (ICU keeps a pointer to the text, so a Swift array's temporary pointer will not do).
final class UTF16Buffer: @unchecked Sendable {
    let units: UnsafeMutableBufferPointer<UInt16>
    var count: Int { units.count }

    init(_ text: String) throws(TextError) {
        let count = text.utf16.count
        guard count <= Int(Int32.max) else { throw .textTooLong(utf16Count: count) }
        units = .allocate(capacity: count)
        var index = 0
        // One pass over the string's native UTF-8: no per-character values.
        for unit in text.utf16 {
            units[index] = unit
            index += 1
        }
    }

    deinit { units.deallocate() }

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

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: units[range]), as: UTF16.self)
    }
}

/// Owns an ICU `UBreakIterator` over a `UTF16Buffer` (kept alive with it).
final class BreakIterator {
    enum Kind { case line, character }

    private let handle: OpaquePointer
    private let text: UTF16Buffer

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
    }

    deinit { lr_ubrk_close(handle) }

    /// The last boundary at or before `offset` (0 when there is none after the start).
    func boundary(atOrBefore offset: Int) -> Int {
        let result = lr_ubrk_preceding(handle, Int32(offset + 1))
        return result < 0 ? 0 : Int(result)
    }

    /// The first boundary after `offset` (the text's end when there is none).
    func boundary(after offset: Int) -> Int {
        let result = lr_ubrk_following(handle, Int32(offset))
        return result < 0 ? text.count : Int(result)
    }

    /// Every boundary after the start, in order, with ICU's rule status.
    func forEachBoundary(_ body: (_ offset: Int, _ status: Int32) -> Void) {
        _ = lr_ubrk_first(handle)
        while true {
            let next = lr_ubrk_next(handle)
            if next < 0 { return }
            body(Int(next), lr_ubrk_get_rule_status(handle))
        }
    }
}
