import CAllocationCounter

/// Heap allocations counted by `CAllocationCounter` (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign, valloc, pvalloc, from every thread) once ``install()`` has been called:
/// by an interposed malloc in normal builds, by the sanitizer's malloc hook under AddressSanitizer
/// (which owns malloc, so nothing may interpose it there). Under ThreadSanitizer, whose hook misses
/// aligned allocations, nothing is counted (``isAvailable`` is false) and the harness reports
/// allocations as unknown.
public enum AllocationCounter {
    /// Starts counting (idempotent) and returns ``isActive``. The harness calls it before it
    /// measures; nothing is counted, and no hook is registered, until then.
    @discardableResult
    public static func install() -> Bool {
        hooke_allocation_counter_install()
        return isActive
    }

    /// Whether this build counts by interposing malloc (false: through a sanitizer's hook).
    public static var isInterposed: Bool { hooke_allocation_counter_is_interposed() != 0 }

    /// Whether this build can count allocations at all (false under ThreadSanitizer).
    public static var isAvailable: Bool { hooke_allocation_counter_is_available() != 0 }

    /// Allocations made by the process so far.
    @inline(__always)
    public static var count: UInt64 { UInt64(hooke_allocation_count()) }

    /// Allocations made so far by the calling thread only.
    @inline(__always)
    public static var threadCount: UInt64 { UInt64(hooke_thread_allocation_count()) }

    /// Whether counting is in effect (the counter has seen an allocation). When it is not — not
    /// installed, or the C target was not linked into the executable — counts read as zero and the
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
