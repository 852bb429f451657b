import CAllocationCounter

/// Heap allocations counted by the interposed allocator in `CAllocationCounter` (malloc, calloc,
/// realloc, posix_memalign, aligned_alloc, memalign, valloc, pvalloc, from every thread).
public enum AllocationCounter {
    /// Allocations made by the process so far.
    @inline(__always)
    public static var count: UInt64 { UInt64(hooke_allocation_count()) }

    /// Allocations made so far by the calling thread only.
    @inline(__always)
    public static var threadCount: UInt64 { UInt64(hooke_thread_allocation_count()) }

    /// Whether interposition is in effect (the counter has seen an allocation). When it is not —
    /// for instance the C target was not linked into the executable — counts read as zero and the
    /// harness reports allocations as unknown instead of claiming zero.
    public static var isActive: Bool {
        if hooke_allocation_counter_is_active() != 0 { return true }
        // Nothing counted yet: allocate once, escaping, and look again.
        let probe = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        blackHole(probe)
        probe.deallocate()
        return hooke_allocation_counter_is_active() != 0
    }

    /// Returns the heap's free memory to the system (glibc's `malloc_trim(0)`).
    public static func releaseFreeMemory() { _ = hooke_release_free_memory() }
}
