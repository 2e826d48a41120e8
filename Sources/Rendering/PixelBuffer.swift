import Glibc  // the package targets Linux

/// `count` bytes for a bitmap, not yet written (their pages are not mapped until
/// `preparePixels`).
///
/// A bitmap of 2 MiB or more is given huge pages where the kernel gives them on request
/// (`MADV_HUGEPAGE`): one 2 MiB page is mapped and cleared in about a third of the time of
/// its 512 small ones, and freed as one at exit. A huge page must lie on a 2 MiB boundary,
/// which an array's storage does not, so such an array is given 2 MiB of capacity beyond
/// its count: its bytes then hold at least `count / 2 MiB` whole aligned blocks, whatever
/// its address. The spare capacity no huge page covers is never touched. Nothing else may
/// write into a block before it is mapped (a page written there first keeps the block in
/// small pages), which is why the bitmap is allocated before anything else of the render.
func pixelBuffer(count: Int) -> [UInt8] {
    let huge = 2 << 20
    return [UInt8](unsafeUninitializedCapacity: count >= huge ? count + huge : count) { buffer, initialized in
        if count >= huge, let base = buffer.baseAddress {
            // The whole 2 MiB blocks inside the storage, which reach past the count by less than a block.
            let first = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
            let blocks = (Int(bitPattern: base) + buffer.count - first) / huge
            if blocks > 0 {
                // Best effort: where it fails (huge pages off), the pages are small ones.
                _ = madvise(UnsafeMutableRawPointer(bitPattern: first), blocks * huge, MADV_HUGEPAGE)
            }
        }
        initialized = count  // bytes need no initializing; `preparePixels` writes them
    }
}

/// Maps a bitmap's pages in one call before they are written and, when `zeroed`, clears its
/// bytes (a transparent bitmap).
///
/// A 1200×630 render's 3 MB took 740 page faults one at a time as the zeroing first touched
/// each page. `MADV_POPULATE_WRITE` (Linux 5.14) maps the whole range in one pass; where
/// the kernel lacks it, the call fails and the pages fault as before. Buffers under a
/// megabyte are written as they are. A caller that paints every byte before anything reads
/// one (an opaque background painted over the whole bitmap first) says `zeroed: false` and
/// saves writing the buffer twice; the bytes are then what the memory held.
func preparePixels(_ pixels: UnsafeMutableRawBufferPointer, zeroed: Bool) {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    if pixels.count >= 1 << 20, page > 0, let base = pixels.baseAddress {
        let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
        let end = (Int(bitPattern: base) + pixels.count) & ~(page - 1)
        if end > start {
            _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_POPULATE_WRITE)
        }
    }
    if zeroed { pixels.initializeMemory(as: UInt8.self, repeating: 0) }
}
