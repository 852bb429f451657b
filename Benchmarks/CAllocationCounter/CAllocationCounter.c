// CAllocationCounter.c — counts heap allocations, from the moment the harness asks
// (hooke_allocation_counter_install), in one of two ways chosen when this file is compiled.
//
// Normal builds: this file defines malloc, calloc, realloc, posix_memalign, aligned_alloc,
// memalign, valloc and pvalloc. Linked into an executable, those definitions come first in the
// dynamic symbol lookup, so every library (the Swift runtime's swift_slowAlloc included) calls
// them. Each one forwards to glibc's own implementation under its exported internal name
// (__libc_malloc and friends, GLIBC_2.2.5), so memory comes from the same arenas and glibc's
// `free` (not interposed: frees are not counted) releases it. No dlsym, so no bootstrap
// recursion. Until the counter is installed they only forward (one relaxed load each).
//
// Sanitizer builds (-fsanitize=address or thread, as `swift build --sanitize=...` passes to C
// targets): the sanitizer owns malloc, and a second definition in the executable would take its
// place — the sanitizer would then see memory it never allocated, and its start-up (which runs
// before any of ours) would call into an allocator it has not set up. So nothing is interposed.
// Under AddressSanitizer, installing the counter registers a malloc hook with the sanitizer's
// allocator instead (__sanitizer_install_malloc_and_free_hooks, sanitizer_common's public
// interface), which ASan calls on every allocation it serves, aligned ones included. ThreadSanitizer
// calls that hook from its malloc/calloc/realloc interceptors only, not from posix_memalign or
// aligned_alloc (which Swift uses for alignments above 16), so a count there would be a silent
// undercount: under ThreadSanitizer the counter is unavailable and the harness reports
// allocations as unknown.
//
// The counter is a relaxed atomic: the harness reads it only between frames, after the worker
// workers have signalled the end of the frame (the harness waits on their semaphore),
// so relaxed increments are enough for an exact total; they cost one locked add per allocation.
#include "CAllocationCounter.h"
#include <errno.h>
#include <malloc.h>
#include <stddef.h>

#include <pthread.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HOOKE_ADDRESS_SANITIZER 1
#endif
#if __has_feature(thread_sanitizer)
#define HOOKE_THREAD_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define HOOKE_ADDRESS_SANITIZER 1
#endif
#if defined(__SANITIZE_THREAD__)
#define HOOKE_THREAD_SANITIZER 1
#endif
#if HOOKE_ADDRESS_SANITIZER || HOOKE_THREAD_SANITIZER
#define HOOKE_SANITIZED 1
#endif

static unsigned long long allocation_count = 0;
// Initial-exec TLS in the executable: reading it allocates nothing (no __tls_get_addr path).
static _Thread_local unsigned long long thread_allocation_count = 0;
static int installed = 0;

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

int hooke_allocation_counter_is_interposed(void) {
#if HOOKE_SANITIZED
    return 0;
#else
    return 1;
#endif
}

int hooke_allocation_counter_is_available(void) {
#if HOOKE_THREAD_SANITIZER
    return 0;
#else
    return 1;
#endif
}

#if HOOKE_THREAD_SANITIZER

void hooke_allocation_counter_install(void) {}

#elif HOOKE_ADDRESS_SANITIZER

extern int __sanitizer_install_malloc_and_free_hooks(
    void (*malloc_hook)(const volatile void *pointer, size_t size),
    void (*free_hook)(const volatile void *pointer));

static void on_malloc(const volatile void *pointer, size_t size) {
    (void)pointer;
    (void)size;
    count_one();
}

static void on_free(const volatile void *pointer) { (void)pointer; }

static pthread_once_t install_once = PTHREAD_ONCE_INIT;

static void install_hooks(void) {
    __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);
    installed = 1;
}

void hooke_allocation_counter_install(void) {
    pthread_once(&install_once, install_hooks);
}

#else

void hooke_allocation_counter_install(void) {
    __atomic_store_n(&installed, 1, __ATOMIC_RELEASE);
}

static inline void count_if_installed(void) {
    if (__atomic_load_n(&installed, __ATOMIC_RELAXED)) count_one();
}

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

void *malloc(size_t size) {
    count_if_installed();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_if_installed();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_if_installed();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_if_installed();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_if_installed();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // POSIX: the alignment must be a power of two and a multiple of sizeof(void *).
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) {
        return EINVAL;
    }
    count_if_installed();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    count_if_installed();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    count_if_installed();
    return __libc_pvalloc(size);
}

#endif

int hooke_release_free_memory(void) {
    return malloc_trim(0);
}
