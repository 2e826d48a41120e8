import Glibc  // the package targets Linux

/// Byte buffers the size of an image (a render's bitmap, a diff image), whose pages are
/// mapped in one call before they are first written, in huge pages where the kernel gives
/// them on request.
///
/// A 1200×630 render's 3 MB took 740 page faults one at a time as its first write touched
/// each page, a 1080p diff image's 8.3 MB 2,000. `MADV_POPULATE_WRITE` (Linux 5.14) maps a
/// whole range in one pass, and with `MADV_HUGEPAGE` a 2 MiB page is mapped and cleared in
/// about a third of the time of its 512 small ones, and freed as one at exit. Where the
/// kernel lacks either, the call fails and the pages fault as before.
public enum ImageBuffer {
    static let hugePage = 2 << 20

    /// `count` bytes, not yet written: their pages are mapped by `mapPages`.
    ///
    /// A huge page must lie on a 2 MiB boundary, which an array's storage does not, so a
    /// buffer of 2 MiB or more is given 2 MiB of capacity beyond its count: its bytes then
    /// hold at least `count / 2 MiB` whole aligned blocks, whatever its address, and those
    /// are advised `MADV_HUGEPAGE`. The spare capacity no huge page covers is never
    /// touched. Nothing else may write into a block before its pages are mapped (a page
    /// written there first keeps the block in small pages), so a caller allocates the
    /// buffer before the other memory of the work it is for.
    public static func uninitialized(count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count >= hugePage ? count + hugePage : count) { buffer, initialized in
            if count >= hugePage, let base = buffer.baseAddress {
                // The whole 2 MiB blocks inside the storage, which reach past the count by less than a block.
                let first = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
                let blocks = (Int(bitPattern: base) + buffer.count - first) / hugePage
                if blocks > 0 {
                    // Best effort: where it fails (huge pages off), the pages are small ones.
                    _ = madvise(UnsafeMutableRawPointer(bitPattern: first), blocks * hugePage, MADV_HUGEPAGE)
                }
            }
            initialized = count  // bytes need no initializing; the caller writes them all
        }
    }

    /// Maps the pages of `bytes` in one call (buffers of a megabyte or more; smaller ones
    /// are written as they are) and, when `zeroed`, clears them. A caller that writes every
    /// byte before anything reads one (an opaque background painted over a whole bitmap, a
    /// diff image written row by row) says `zeroed: false` and saves writing the buffer
    /// twice; the bytes are then what the memory held.
    public static func mapPages(_ bytes: UnsafeMutableRawBufferPointer, zeroed: Bool) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        if bytes.count >= 1 << 20, page > 0, let base = bytes.baseAddress {
            let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
            let end = (Int(bitPattern: base) + bytes.count) & ~(page - 1)
            if end > start {
                _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_POPULATE_WRITE)
            }
        }
        if zeroed { bytes.initializeMemory(as: UInt8.self, repeating: 0) }
    }
}
