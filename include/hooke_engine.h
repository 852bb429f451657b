/*
 * hooke_engine.h — the C ABI through which `hooke bench --engine-library PATH` measures an animation
 * engine written in C, C++, Rust, Zig or any language that can export a C function. ABI version 1.
 *
 * A plain C99 header: it needs only <stddef.h> and <stdint.h>, and no Swift.
 *
 * An engine is a shared library (`cc -O2 -shared -fPIC -I hooke/include engine.c -o libengine.so`)
 * exporting one function, `hooke_engine_entry`, that returns a table: the ABI version, the engine's
 * name, and the functions that create a population of animations from per-animation parameters,
 * advance a contiguous range of it to a frame time writing each animation's value and velocity into
 * the caller's buffers, and destroy it. `hooke bench` loads the library (dlopen, dlsym), checks the
 * table, and runs the engine through the same frame runner as its own strategies — the same worker
 * threads, percentiles, allocation counter and error against the reference — as strategy
 * `engine:NAME`.
 *
 * Versioning: `abi_version` is the first field and is read before anything else. A library whose
 * version differs from the version the running `hooke` reads, that lacks the entry symbol, or whose
 * table lacks a required field is refused with one line naming the library and what is wrong (exit
 * status 2). A later version may add fields at the end of the table and will raise the version.
 *
 * Frames: frame f is at frame time f·Δt, Δt = `frame_interval` (1/60 s or 1/120 s); frame 0 is the
 * initial state the parameters describe, and `advance` is called for frames 1, 2, 3, … in order,
 * never skipping one. An engine may take Δt for granted (say so in `assumptions`).
 *
 * Threads: during a frame, `advance` is called at once from several threads, each with its own
 * disjoint range [begin, end) of the same population (the ranges cover 0..<count). A call may read
 * and write only the animations of its range (and read anything shared that does not change while
 * frames run). Calls for one frame all return before the next frame's calls start.
 *
 * Allocation: `hooke bench` counts heap allocations per frame (every malloc, calloc, realloc and
 * aligned allocation of the process, this library's included) and prints them beside the time.
 */
#ifndef HOOKE_ENGINE_H
#define HOOKE_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header's ABI; a table must carry it in `abi_version`. */
#define HOOKE_ENGINE_ABI_VERSION 1u

/* The name of the entry point the library must export (`hooke_engine_entry` below). */
#define HOOKE_ENGINE_ENTRY_SYMBOL "hooke_engine_entry"

/* The longest engine name, in bytes. A name is 1 to 64 of A–Z a–z 0–9 . _ - (it becomes the
   strategy `engine:NAME` in tables, JSON and baselines). */
#define HOOKE_ENGINE_NAME_MAXIMUM 64

/*
 * One animation of the `spring` workload: a damped harmonic oscillator
 *     mass·x'' + damping·x' + stiffness·(x − target) = 0,
 * at frame time 0 at `value` moving with `velocity`. After frame f the engine reports x and x' at
 * time f·Δt. The workload's springs cover every regime: undamped (damping 0), under-, critically
 * and overdamped, and within 1e-9 of critical damping on either side (damping/(2·sqrt(mass·stiffness))
 * = 1 ± 1e-9), where the textbook closed forms cancel catastrophically. Values range over ±100,
 * the error is judged against an adaptive GSL integration, relative to each animation's distance
 * |target − start|.
 */
typedef struct hooke_spring_parameters {
    double mass;
    double stiffness;
    double damping;
    double target;
    /* x and x' at frame time 0. */
    double value;
    double velocity;
} hooke_spring_parameters;

/* The kinds of timing curve (`hooke_curve_parameters.kind`). */
enum {
    /* A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2): the curve at
       progress p is y(s) where x(s) = p (x1 and x2 are in [0, 1], so x is monotone; y may leave
       [0, 1]); its slope is y'(s)/x'(s). */
    HOOKE_CURVE_BEZIER = 0,
    /* p. */
    HOOKE_CURVE_LINEAR = 1,
    /* 1 − sqrt(1 − p²). */
    HOOKE_CURVE_CIRCULAR_EASE_IN = 2,
    /* sqrt(1 − (1 − p)²). */
    HOOKE_CURVE_CIRCULAR_EASE_OUT = 3,
    /* (1 − sqrt(1 − 4p²))/2 for p < 1/2, else (sqrt(1 − (2p − 2)²) + 1)/2. */
    HOOKE_CURVE_CIRCULAR_EASE_IN_OUT = 4
};

/*
 * One animation of the `curve` workload: a timing-curve animation moving by `interval` over
 * `duration` seconds, whose current pass began at frame time `begin` (≤ 0: animations start at
 * random phases), played back and forth for ever. At frame time t, with elapsed e = t − begin:
 *   - e ≤ duration: value = interval·curve(e/duration), velocity = interval·curve'(e/duration)/duration;
 *   - e > duration: the pass ends at this frame: interval ← −interval, begin ← t, and the frame
 *     reports value 0 and velocity 0 (the next pass starts here).
 * The value is the offset from the pass's start (SwiftUI's `Animation.animate` with Δ = interval).
 * The error is judged against GSL's Brent root of x(s) = p (closed forms for the circular curves),
 * relative to |interval| for values and |interval|/duration for velocities.
 */
typedef struct hooke_curve_parameters {
    /* One of HOOKE_CURVE_*. */
    uint32_t kind;
    /* Zero. */
    uint32_t reserved;
    /* The Bézier's control points (HOOKE_CURVE_BEZIER only; zero otherwise). */
    double x1, y1, x2, y2;
    /* Seconds, > 0. */
    double duration;
    /* The first pass's distance (non-zero, either sign). */
    double interval;
    /* The frame time at which the first pass began. */
    double begin;
} hooke_curve_parameters;

/* A population of animations, as the engine defines it (opaque to the caller). */
typedef struct hooke_engine_population hooke_engine_population;

/*
 * The table `hooke_engine_entry` returns. It must stay valid, unchanged, while the library is loaded
 * (a `static const` object).
 */
typedef struct hooke_engine {
    /* HOOKE_ENGINE_ABI_VERSION. */
    uint32_t abi_version;
    /* Zero. */
    uint32_t reserved;
    /* The engine's name: 1 to HOOKE_ENGINE_NAME_MAXIMUM of A–Z a–z 0–9 . _ - (required). */
    const char *name;
    /* What the engine takes for granted beyond the workload's definition, as phrases separated by
       ";" (e.g. "fixed Δt; no retargets"), printed in the table's legend and stored with each result;
       NULL or "" for none. UTF-8. */
    const char *assumptions;
    /* Bytes of state the engine keeps per spring and per curve animation, for the table's B/anim
       column (the caller adds the 16 bytes of its value and velocity buffers); 0 when not stated. */
    size_t spring_state_bytes;
    size_t curve_state_bytes;

    /* Creates a population of `count` spring animations from `parameters[0..<count]` (read only
       during the call) for frames `frame_interval` seconds apart; NULL when it cannot (then `hooke`
       reports it). NULL as a function: the engine has no `spring` workload. */
    hooke_engine_population *(*create_springs)(const hooke_spring_parameters *parameters, size_t count,
                                                double frame_interval);
    /* The same for the `curve` workload; NULL as a function: the engine has no `curve` workload. */
    hooke_engine_population *(*create_curves)(const hooke_curve_parameters *parameters, size_t count,
                                               double frame_interval);
    /* Advances the animations begin..<end of `population` to frame time `time` and writes each one's
       value to values[i] and velocity to velocities[i] (i in begin..<end; both buffers hold `count`
       doubles, and the caller reads only what the engine wrote). See "Frames" and "Threads" above.
       Required. */
    void (*advance)(hooke_engine_population *population, size_t begin, size_t end, double time,
                    double *values, double *velocities);
    /* Frees a population (never used again). Required. */
    void (*destroy)(hooke_engine_population *population);
} hooke_engine;

/* The library's entry point, found by name (HOOKE_ENGINE_ENTRY_SYMBOL): the engine's table. */
const hooke_engine *hooke_engine_entry(void);

#ifdef __cplusplus
}
#endif

#endif /* HOOKE_ENGINE_H */
