#ifndef HOOKE_ALLOCATION_COUNTER_H
#define HOOKE_ALLOCATION_COUNTER_H
/// The number of heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign,
/// valloc, pvalloc) made by this process so far, across all threads.
///
/// Counting works when this target is linked into the executable (hooke, or the test runner): the
/// executable's definitions of the allocation functions interpose glibc's for every library in the
/// process, including the Swift runtime. `free` is not counted.
unsigned long long hooke_allocation_count(void);

/// The number of heap allocations made so far by the calling thread only (a thread-local count,
/// immune to other threads' allocations: what a test running beside other tests can rely on).
unsigned long long hooke_thread_allocation_count(void);

/// Whether the interposed allocator has seen at least one call — i.e. whether the interposition is
/// in effect in this process (1) or the counter is dead (0).
int hooke_allocation_counter_is_active(void);

/// Returns the heap's free memory to the system (glibc's malloc_trim(0)), so the resident set
/// measured next reflects live data only. Returns 1 when memory was released.
int hooke_release_free_memory(void);
#endif
