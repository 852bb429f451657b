// CAllocationCounter.c — counts heap allocations by interposing the C allocation functions.
//
// How: this file defines malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign, valloc
// and pvalloc. Linked into an executable, those definitions come first in the dynamic symbol
// lookup, so every library (the Swift runtime's swift_slowAlloc included) calls them. Each one
// bumps a counter and forwards to glibc's own implementation under its exported internal name
// (__libc_malloc and friends, GLIBC_2.2.5), so memory comes from the same arenas and glibc's `free`
// (not interposed: frees are not counted) releases it. No dlsym, so no bootstrap recursion.
//
// The counter is a relaxed atomic: the harness reads it only between frames, after the worker
// workers have signalled the end of the frame (the harness waits on their semaphore),
// so relaxed increments are enough for an exact total; they cost one locked add per allocation.
#include "CAllocationCounter.h"
#include <errno.h>
#include <malloc.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static unsigned long long allocation_count = 0;
// Initial-exec TLS in the executable: reading it allocates nothing (no __tls_get_addr path).
static _Thread_local unsigned long long thread_allocation_count = 0;

static inline void count_one(void) {
    __atomic_fetch_add(&allocation_count, 1, __ATOMIC_RELAXED);
    thread_allocation_count += 1;
}

unsigned long long hooke_thread_allocation_count(void) {
    return thread_allocation_count;
}

unsigned long long hooke_allocation_count(void) {
    return __atomic_load_n(&allocation_count, __ATOMIC_RELAXED);
}

int hooke_allocation_counter_is_active(void) {
    return hooke_allocation_count() > 0;
}

void *malloc(size_t size) {
    count_one();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_one();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_one();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // POSIX: the alignment must be a power of two and a multiple of sizeof(void *).
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) {
        return EINVAL;
    }
    count_one();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    count_one();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    count_one();
    return __libc_pvalloc(size);
}

int hooke_release_free_memory(void) {
    return malloc_trim(0);
}
