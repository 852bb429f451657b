// HandOff.c — the round-trip micro-benchmark of HookeHandOff.h (our own code): what waking a
// sleeping thread costs against what a spinning thread costs to answer.
#define _GNU_SOURCE
#include "HookeHandOff.h"
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <time.h>

void hooke_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

int hooke_pin_current_thread(int cpu, hooke_affinity *saved) {
    saved->saved = 0;
#if defined(__linux__)
    _Static_assert(sizeof(cpu_set_t) <= sizeof saved->mask, "cpu_set_t fits hooke_affinity");
    cpu_set_t previous, pinned;
    if (cpu < 0 || cpu >= CPU_SETSIZE) return -1;
    if (pthread_getaffinity_np(pthread_self(), sizeof previous, &previous) != 0) return -1;
    CPU_ZERO(&pinned);
    CPU_SET(cpu, &pinned);
    if (pthread_setaffinity_np(pthread_self(), sizeof pinned, &pinned) != 0) return -1;
    memcpy(saved->mask, &previous, sizeof previous);
    saved->saved = 1;
    return 0;
#else
    (void)cpu;
    return -1;
#endif
}

void hooke_restore_current_thread(const hooke_affinity *saved) {
#if defined(__linux__)
    if (!saved->saved) return;
    cpu_set_t previous;
    memcpy(&previous, saved->mask, sizeof previous);
    pthread_setaffinity_np(pthread_self(), sizeof previous, &previous);
#else
    (void)saved;
#endif
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

// MARK: semaphore

typedef struct {
    sem_t ping, pong;
    int rounds;
} semaphore_pair;

static void *semaphore_partner(void *argument) {
    semaphore_pair *pair = argument;
    for (int round = 0; round < pair->rounds; round++) {
        while (sem_wait(&pair->ping) != 0) {}  // EINTR: wait again
        sem_post(&pair->pong);
    }
    return NULL;
}

int hooke_round_trips_semaphore(int rounds, double *nanoseconds) {
    semaphore_pair pair = {.rounds = rounds};
    if (sem_init(&pair.ping, 0, 0) != 0) return -1;
    if (sem_init(&pair.pong, 0, 0) != 0) { sem_destroy(&pair.ping); return -1; }
    pthread_t partner;
    if (pthread_create(&partner, NULL, semaphore_partner, &pair) != 0) {
        sem_destroy(&pair.ping); sem_destroy(&pair.pong);
        return -1;
    }
    for (int round = 0; round < rounds; round++) {
        double t0 = now_ns();
        sem_post(&pair.ping);
        while (sem_wait(&pair.pong) != 0) {}
        nanoseconds[round] = now_ns() - t0;
    }
    pthread_join(partner, NULL);
    sem_destroy(&pair.ping);
    sem_destroy(&pair.pong);
    return 0;
}

// MARK: spin

// The two counters on separate cache lines, so each store moves one line one way.
typedef struct {
    _Alignas(64) _Atomic int ping;
    _Alignas(64) _Atomic int pong;
    int rounds;
} spin_pair;

static void *spin_partner(void *argument) {
    spin_pair *pair = argument;
    for (int round = 1; round <= pair->rounds; round++) {
        while (atomic_load_explicit(&pair->ping, memory_order_acquire) != round) hooke_cpu_relax();
        atomic_store_explicit(&pair->pong, round, memory_order_release);
    }
    return NULL;
}

int hooke_round_trips_spin(int rounds, double *nanoseconds) {
    spin_pair pair;
    atomic_init(&pair.ping, 0);
    atomic_init(&pair.pong, 0);
    pair.rounds = rounds;
    pthread_t partner;
    if (pthread_create(&partner, NULL, spin_partner, &pair) != 0) return -1;
    for (int round = 1; round <= rounds; round++) {
        double t0 = now_ns();
        atomic_store_explicit(&pair.ping, round, memory_order_release);
        while (atomic_load_explicit(&pair.pong, memory_order_acquire) != round) hooke_cpu_relax();
        nanoseconds[round - 1] = now_ns() - t0;
    }
    pthread_join(partner, NULL);
    return 0;
}
