internal import CMalloc  // no C type in the public API

/// How the process's allocator hands memory back to the kernel.
public enum ProcessMemory {
    /// Keeps freed memory in the process for the next allocation instead of returning it
    /// to the kernel, for programs that render, measure or decode many times (a batch,
    /// `lr-bench`).
    ///
    /// glibc serves blocks of 128 KiB and more (a bitmap, a layout's clusters and lines)
    /// with `mmap` and unmaps them when freed, so the next render's buffers are fresh
    /// pages again, each a page fault (1.5–6 µs on this project's virtual machine: about
    /// 2,000 of them for a 1 MB text layout). With the thresholds raised, such blocks come
    /// from the heap and are reused. Each setting is best effort: glibc refuses values
    /// over its limits (32 MiB for the mmap threshold on 64-bit), which leaves its default.
    public static func keepFreedMemory() {
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
    }

    /// Hands the freed blocks of the heap back to the kernel now (`malloc_trim`), whatever
    /// `keepFreedMemory` set. For the moment a big structure has just been let go and what
    /// comes next is allocated afresh: a big spec's document, freed while its scene is
    /// built, is small blocks that the scene's and the layout's large arrays cannot reuse,
    /// so without this they stay resident beside the layout.
    public static func returnFreedMemory() {
        _ = malloc_trim(0)
    }
}
