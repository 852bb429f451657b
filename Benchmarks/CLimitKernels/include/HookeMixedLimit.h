#ifndef HOOKE_MIXED_LIMIT_H
#define HOOKE_MIXED_LIMIT_H
// The `mixed` workload's C limit: SwiftUI's animator (the model, the interval, the chain of
// entries with their merge and chain rules) and the population's animations, written directly in
// C over one fixed-size record per animated value — the same population, the same retargets, the
// same outputs and the same IEEE operations in the same order as `Animator<Double>` running the
// library's animations (AnimationMath.docc/MergeAndChain.md), so its values and velocities are the
// Swift animator's bit for bit (FrameBenchTests checks it). What it leaves out is what no output
// depends on: completions (the workload registers none) and the logical-completion flags.
#include <stddef.h>
#include <stdint.h>

/// The animations a value of the population can run (`MixedPopulation.animations` by kind).
enum {
    /// SwiftUI's `.spring` family: the 1/300 s integrator, merging on every retarget.
    HOOKE_MIXED_SPRING = 0,
    /// A timing curve, optionally delayed, sped up or repeated (one modifier at most), chaining.
    HOOKE_MIXED_CURVE,
    /// An interpolating spring with ζ in (0, 1), chaining.
    HOOKE_MIXED_INTERPOLATING,
};

/// One animation of the population, its constants worked out once (each by the operations the
/// library performs on every frame, so the values are the same).
typedef struct {
    int kind;
    /// .spring: stiffness k = min((2π/response)², 45 000) and damping coefficient −2√k·ζ.
    double stiffness, damping;
    /// Timing curve: 1 for a Bézier (x1, x2, y1, y2, the derivative coefficients px1, px2, the
    /// samples of x at s = k/8), 0 for the linear curve; its duration; delay (0: none), speed (1:
    /// none), passes (0: no repeat; else `repeatCount` passes) and whether they autoreverse.
    int bezier;
    double x1, x2, y1, y2, px1, px2, samples[7];
    double duration, delay, speed;
    int passes, autoreverses;
    /// Interpolating spring: v0, λ = ζω₀, ω_d = ω₀√(1 − ζ²) and A = (λ − v0)/ω_d.
    double initial_velocity, decay_rate, damped_frequency, amplitude;
} hooke_mixed_animation;

/// The longest chain a value of the population builds: an interpolating spring settles 0.99 s
/// after its change, so with a retarget every 100 frames (0.83 s at 120 Hz) two entries run at once
/// in steady state, and three in the first period, when the first retarget comes soon after the
/// initial change (value i is first retargeted at frame i mod 100). The kernel reports a longer one
/// rather than write past the record.
#define HOOKE_MIXED_CHAIN 3

/// One chain entry: its cumulative target Vᵢ and start sᵢ, and its animation's state — the
/// integrator's offset, velocity, force and time for a `.spring`, or the pass and its start for a
/// repeat.
typedef struct {
    double target, start;
    union {
        struct { double offset, velocity, force, time; } spring;
        struct { double pass_start; int64_t pass; } repeat;
    };
} hooke_mixed_entry;

/// One animated value: the animator's model, interval, chain base, the chain's result before its
/// newest entry and whole at the last frame, and the chain inline.
typedef struct {
    double model, interval, chain_base, before_newest, last_result;
    int64_t count;
    hooke_mixed_entry entries[HOOKE_MIXED_CHAIN];
} hooke_mixed_animator;

/// `Animator.setValue(value, animation:, at: time)` for a value whose model differs from `value`:
/// the interval grows, a `.spring` merges into the newest entry (sampling it at `time` toward its
/// old target first), anything else chains a new entry. Returns 0, or -1 if the chain would outgrow
/// HOOKE_MIXED_CHAIN (the record is then unchanged).
int hooke_mixed_set_value(const hooke_mixed_animation *animation, hooke_mixed_animator *animator, double value,
                          double time);

/// `MixedPopulation.tick` for the slots [start, end), all running `animation`, at frame `frame`
/// (time `time`): a slot whose retarget phase equals `frame_phase` moves its model by ±step (+ in
/// even hundreds of frames), then every slot evaluates the frame into value and velocity.
/// Returns 0, or -1 if a chain outgrew HOOKE_MIXED_CHAIN.
int hooke_limit_mixed_base(const hooke_mixed_animation *animation, hooke_mixed_animator *animators,
                           const int32_t *phase, const double *step, double *value, double *velocity,
                           int64_t frame, int32_t frame_phase, double time, ptrdiff_t start, ptrdiff_t end);
int hooke_limit_mixed_avx2(const hooke_mixed_animation *animation, hooke_mixed_animator *animators,
                           const int32_t *phase, const double *step, double *value, double *velocity,
                           int64_t frame, int32_t frame_phase, double time, ptrdiff_t start, ptrdiff_t end);

#endif
