internal import CMalloc  // no C type in the public API
import Glibc

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

    /// How much of the heap `heapInHugePages` asks huge pages for.
    public static let hugeHeapBytes = 16 << 20

    /// Grows the heap by `hugeHeapBytes` at once and asks the kernel for its 2 MiB-aligned
    /// part as transparent huge pages (`MADV_HUGEPAGE`), for a process that renders once:
    /// its first megabytes of allocations (fonts' tables and maps, the scene, the layout,
    /// the encoder's state) are then faulted in 2 MiB at a time instead of 4 KiB: the
    /// README card's process took 1,349 page faults instead of 2,831 and 20.1 ms of CPU
    /// instead of 25.0 (docs/benchmarks.md, "Issue 42, fourth session"). Only that part: the
    /// heap's later growth (a big spec's) stays in small pages, whose peak memory huge pages
    /// would raise (the 100k-node spec's by 10 MB with 64 MiB asked for). Without huge pages
    /// (`/sys/kernel/mm/transparent_hugepage/enabled` set to `never`) the advice changes
    /// nothing; it is best effort either way.
    public static func heapInHugePages() {
        _ = mallopt(M_TOP_PAD, Int32(hugeHeapBytes))
        // A block that does not fit the heap's top grows it by itself plus the pad.
        guard let probe = malloc(1 << 20) else { return }
        let huge: UInt = 2 << 20
        let start = (UInt(bitPattern: probe) + huge - 1) / huge * huge
        let stop = UInt(bitPattern: sbrk(0)) / huge * huge  // the heap's end
        free(probe)
        _ = mallopt(M_TOP_PAD, 128 << 10)  // glibc's default again, for later growth
        guard stop > start, let base = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(base, Int(stop - start), MADV_HUGEPAGE)
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
