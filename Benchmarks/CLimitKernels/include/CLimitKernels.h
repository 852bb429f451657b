#ifndef HOOKE_LIMIT_KERNELS_H
#define HOOKE_LIMIT_KERNELS_H
// Hand-written C kernels that do the same work per animation as the frame harness's `fast` paths
// (same outputs, same state, same population), to state what the machine allows beside what
// Hooke's Swift reaches. Each kernel is compiled twice from one body: `_base` for the build's ISA
// (the package's default, x86-64 baseline with SSE2, unless the build passes -march) and `_avx2`
// with __attribute__((target("avx2,fma"))); call `_avx2` only when hooke_limit_has_avx2() says so.
// No floating-point contraction anywhere (#pragma clang fp contract(off)): the results are the same
// IEEE operations in the same order as the Swift paths, bit for bit where those are bit-exact.
#include <stddef.h>
#include <stdint.h>
#include "HookeHandOff.h"
#include "HookeMixedLimit.h"

/// 1 when this CPU and OS run AVX2 and FMA code (cpuid leaf 7 and OSXSAVE/XGETBV), 0 otherwise
/// (and always 0 off x86-64).
int hooke_limit_has_avx2(void);

/// The instruction set this file was compiled for, from the compiler's predefined macros:
/// "x86-64 baseline (SSE2)" for the package's default, "x86-64 native (AVX-512)" / "(AVX2)" / "(AVX)"
/// when built with -march (`scripts/run --native`), "arm64 (NEON)", or the architecture's name.
const char *hooke_build_isa(void);

/// The CPU the calling thread runs on now (sched_getcpu), for the harness's noise record; -1 when
/// unknown (not Linux, or the call failed).
int hooke_current_cpu(void);

/// `spring`, the exact transition shared per preset (`SpringPopulation`'s layout): for i in
/// [start, end), with m = table + 4·preset[i] = (m11, m21, m12, m22) and (d, v) = state[2i], state[2i+1],
/// d, v <- m11·d + m12·v, m21·d + m22·v.
void hooke_limit_spring_base(double *state, const uint16_t *preset, const double *table, ptrdiff_t start, ptrdiff_t end);
void hooke_limit_spring_avx2(double *state, const uint16_t *preset, const double *table, ptrdiff_t start, ptrdiff_t end);

/// `swiftui-spring`: SwiftUI's 1/300 s rule for the slots [start, end) of one preset group (stiffness
/// k, damping coefficient damping = −2√k·ζ), brought to frame time `now`: the clock rules, as many
/// steps as each slot's clock lags, the finish rule and the restart toward −Δ. Columns as the Swift
/// `fast` kernel keeps them: offset, velocity, force, clock (the animation's own time), interval Δ,
/// begin (frame time the run started).
void hooke_limit_swiftui_spring_base(double *offset, double *velocity, double *force, double *clock,
                                     double *interval, double *begin, double now, double stiffness,
                                     double damping, ptrdiff_t start, ptrdiff_t end);
void hooke_limit_swiftui_spring_avx2(double *offset, double *velocity, double *force, double *clock,
                                     double *interval, double *begin, double now, double stiffness,
                                     double damping, ptrdiff_t start, ptrdiff_t end);

/// The `curve` workload's columns (`FastCurveKernel`'s): per slot duration, interval, begin (written
/// at a restart), value and velocity (written); per Bézier slot the control values x1, x2, y1, y2,
/// the power-basis derivative coefficients px1, px2 (x'(s) = 3·x1 + s·(px1 + s·px2)) and the
/// samples q0…q6 of x at s = 1/8 … 7/8.
typedef struct {
    double *duration, *interval, *begin, *value, *velocity;
    const double *x1, *x2, *y1, *y2, *px1, *px2;
    const double *q0, *q1, *q2, *q3, *q4, *q5, *q6;
} hooke_curve_columns;

/// The curve kinds, in `FastCurveKernel.Kind`'s order.
enum { HOOKE_CURVE_BEZIER = 0, HOOKE_CURVE_LINEAR, HOOKE_CURVE_CIRCULAR_IN, HOOKE_CURVE_CIRCULAR_OUT,
       HOOKE_CURVE_CIRCULAR_IN_OUT };

/// `curve`: the slots [start, end) of one kind at frame time `now`: progress p = (now − begin)/duration,
/// value = Δ·y(p) and velocity = Δ·y'(p)/duration (Béziers: s from the chord between the samples
/// around p and two Halley steps, accepted as `CubicTimingBezier` accepts them, else bisection to
/// the last bit), and past the duration value 0, velocity 0 and a restart toward −Δ.
void hooke_limit_curve_base(const hooke_curve_columns *columns, int kind, double now, ptrdiff_t start, ptrdiff_t end);
void hooke_limit_curve_avx2(const hooke_curve_columns *columns, int kind, double now, ptrdiff_t start, ptrdiff_t end);

/// The `keyframes` segment kinds (`FastKeyframesKernel.Segment.Kind`'s).
enum { HOOKE_KEYFRAME_LINEAR = 0, HOOKE_KEYFRAME_BEZIER, HOOKE_KEYFRAME_CUBIC, HOOKE_KEYFRAME_SPRING };

/// One keyframe segment's constants (`KeyframeSegment`'s start, 1/duration, origin, a, b, c); for a
/// spring also its target origin + a, decay λ, angular frequency ω, ω0², and the transition over one
/// frame interval (m11, m12, m21, m22); for a timing-curve Bézier its 13 coefficients in
/// `BezierLanes.coefficients`' order (x1, x2, px1, px2, y1, y2, x at s = 1/8 … 7/8).
typedef struct {
    int kind;
    double start, inverse_duration, origin, a, b, c;
    double target, decay, angular, natural_squared, m11, m12, m21, m22;
    double bezier[13];
} hooke_keyframe_segment;

/// A timeline's loop clock (`LoopClock`): duration, 1/duration, the duration's Veltkamp halves.
typedef struct {
    double duration, inverse, high, low;
} hooke_loop_clock;

/// `keyframes`: one run of slots [start, end), all in `segment` at frame time `now` (phase in,
/// value and velocity out; `FastKeyframesKernel.forEachRun` finds the runs): the loop time by
/// `clock`, the time within the segment, value and velocity. A spring animation at least
/// `stepping` seconds into its segment advances its own value and velocity by the segment's
/// one-frame transition (under a fixed frame interval they are the previous frame's, in the same
/// segment); the others are evaluated exactly (+∞: all of them).
void hooke_limit_keyframes_base(const hooke_keyframe_segment *segment, const hooke_loop_clock *clock,
                                const double *phase, double *value, double *velocity, double now, double stepping,
                                ptrdiff_t start, ptrdiff_t end);
void hooke_limit_keyframes_avx2(const hooke_keyframe_segment *segment, const hooke_loop_clock *clock,
                                const double *phase, double *value, double *velocity, double now, double stepping,
                                ptrdiff_t start, ptrdiff_t end);

/// The bandwidth floor: reads `reads` columns and writes `writes` columns over [start, end), the
/// bytes a kernel moves per animation with almost no arithmetic (each written column becomes the
/// sum of the read columns, so no load can be skipped). A written column may also be read.
void hooke_floor_base(double *const *read, int reads, double *const *written, int writes,
                      ptrdiff_t start, ptrdiff_t end);
void hooke_floor_avx2(double *const *read, int reads, double *const *written, int writes,
                      ptrdiff_t start, ptrdiff_t end);

#endif
