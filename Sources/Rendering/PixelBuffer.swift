import Glibc  // the package targets Linux

/// `count` bytes for a bitmap, their pages mapped in one call before they are written: a
/// 1200×630 render's 3 MB took 740 page faults one at a time as the zeroing first touched
/// each page. `MADV_POPULATE_WRITE` (Linux 5.14) maps the whole range in one pass; where
/// the kernel lacks it, the call fails and the pages fault as before. Buffers under a
/// megabyte are written as they are.
///
/// `zeroed`: whether the bytes are set to zero (a transparent bitmap). A caller that paints
/// every byte before anything reads one (an opaque background painted over the whole
/// bitmap first) says false and saves writing the buffer twice; the bytes are then what the
/// memory held.
func pixelBuffer(count: Int, zeroed: Bool) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        if count >= 1 << 20, page > 0, let base = buffer.baseAddress {
            let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
            let end = (Int(bitPattern: base) + count) & ~(page - 1)
            if end > start {
                _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_POPULATE_WRITE)
            }
        }
        if zeroed { buffer.initialize(repeating: 0) }
        initialized = count
    }
}
