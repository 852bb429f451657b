#ifndef HOOKE_ALLOCATION_COUNTER_H
#define HOOKE_ALLOCATION_COUNTER_H
/// Starts counting heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc,
/// memalign, valloc, pvalloc) in this process, across all threads; idempotent. Nothing is counted
/// before the first call.
///
/// Normal builds count through the executable's own definitions of the allocation functions,
/// which interpose glibc's for every library in the process (the Swift runtime included) when this
/// target is linked into the executable (hooke, or the test runner). Builds with AddressSanitizer
/// interpose nothing (the sanitizer owns malloc) and count through its malloc hook instead; builds
/// with ThreadSanitizer cannot count every allocation and count none (see
/// hooke_allocation_counter_is_available). `free` is not counted.
void hooke_allocation_counter_install(void);

/// 1 when this build can count allocations (normal and AddressSanitizer builds), 0 under
/// ThreadSanitizer.
int hooke_allocation_counter_is_available(void);

/// The number of heap allocations counted so far (since the counter was installed), all threads.
unsigned long long hooke_allocation_count(void);

/// The number of heap allocations counted so far on the calling thread only (a thread-local count,
/// immune to other threads' allocations: what a test running beside other tests can rely on).
unsigned long long hooke_thread_allocation_count(void);

/// Whether the counter has seen at least one allocation — i.e. whether counting is in effect in
/// this process (1) or the counter is dead or not installed (0).
int hooke_allocation_counter_is_active(void);

/// 1 when this build counts by interposing malloc, 0 when it counts through a sanitizer's hook.
int hooke_allocation_counter_is_interposed(void);

/// Returns the heap's free memory to the system (glibc's malloc_trim(0)), so the resident set
/// measured next reflects live data only. Returns 1 when memory was released.
int hooke_release_free_memory(void);
#endif
