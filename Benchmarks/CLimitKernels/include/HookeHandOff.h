#ifndef HOOKE_HAND_OFF_H
#define HOOKE_HAND_OFF_H
// What handing a frame from one thread to another costs on this machine, measured with the two
// primitives a worker pool can wait on: a POSIX semaphore (the waiting thread sleeps in the kernel
// and is woken by the other) and an atomic counter the waiting thread spins on (it never sleeps).
// The frame harness's worker pools (`WorkerPool`) are built from these two behaviours; this pair
// says what each costs alone, beside the pools' empty-frame rows.

/// One pause of a spin-wait loop (x86 `pause`, arm64 `yield`): tells the core the thread is
/// spinning, so a sibling hyperthread gets the pipeline and the loop does not flood the memory
/// system with speculative loads.
void hooke_cpu_relax(void);

/// A thread's CPU affinity as it was before `hooke_pin_current_thread` (opaque; glibc's cpu_set_t
/// is 128 bytes).
typedef struct {
    unsigned char mask[128];
    int saved;
} hooke_affinity;

/// Restricts the calling thread to CPU `cpu` (0-based), saving its previous affinity into `saved`.
/// Returns 0, or -1 if the system refused (then nothing changed and `saved->saved` is 0).
int hooke_pin_current_thread(int cpu, hooke_affinity *saved);

/// Gives the calling thread back the affinity `hooke_pin_current_thread` saved (nothing if it saved
/// none).
void hooke_restore_current_thread(const hooke_affinity *saved);

/// `rounds` round trips between the calling thread and one other thread (a pthread made for the
/// measurement and joined before returning), each timed on the caller with CLOCK_MONOTONIC and
/// written to `nanoseconds[round]`:
/// - `hooke_round_trips_semaphore`: the caller posts the partner's semaphore and waits on its own;
///   the partner, asleep in `sem_wait`, wakes, posts back and sleeps again;
/// - `hooke_round_trips_spin`: the caller stores the round number into an atomic; the partner,
///   spinning on it, stores the same number into a second atomic the caller spins on.
/// Returns 0, or -1 when the thread or a semaphore cannot be made (nothing is written then).
int hooke_round_trips_semaphore(int rounds, double *nanoseconds);
int hooke_round_trips_spin(int rounds, double *nanoseconds);

#endif
