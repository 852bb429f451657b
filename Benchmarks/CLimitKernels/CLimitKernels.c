// CLimitKernels.c — the frame harness's "limit" strategies: the work of each `fast` path, written
// by hand in C (our own code), compiled for the build's ISA and again for AVX2 + FMA.
//
// Each kernel's body is one `static inline` function (always inlined); the exported `_base` and
// `_avx2` functions only call it, the second under __attribute__((target("avx2,fma"))), so the
// compiler generates the body twice from one source, once per ISA (function multiversioning by
// hand; no build flags). The harness calls `_avx2` only when hooke_limit_has_avx2() is 1.
//
// Floating point: no contraction into FMA (the pragma below, for the whole file), so every kernel
// performs the IEEE operations its Swift counterpart performs, in the same order; the
// `swiftui-spring` kernel is therefore bit-identical to SwiftUI's rule (the faithful rule has no
// FMA), and FrameBenchTests checks it exactly.
#define _GNU_SOURCE  // sched_getcpu
#include "CLimitKernels.h"
#include <math.h>
#include <stdint.h>
#if defined(__linux__)
#include <sched.h>
#endif

#pragma clang fp contract(off)

#if defined(__x86_64__)
#include <cpuid.h>
#endif
#include "KernelAttributes.h"

int hooke_limit_has_avx2(void) {
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    // FMA (ecx bit 12), OSXSAVE (27: the OS saves the extended state), AVX (28).
    if ((c & (1u << 12)) == 0 || (c & (1u << 27)) == 0 || (c & (1u << 28)) == 0) return 0;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6u) != 6u) return 0;  // the OS saves both XMM and YMM state
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & (1u << 5)) != 0;     // AVX2 (leaf 7, ebx bit 5)
#else
    return 0;
#endif
}

int hooke_current_cpu(void) {
#if defined(__linux__)
    return sched_getcpu();
#else
    return -1;
#endif
}

const char *hooke_build_isa(void) {
#if defined(__x86_64__) && defined(__AVX512F__)
    return "x86-64 native (AVX-512)";
#elif defined(__x86_64__) && defined(__AVX2__)
    return "x86-64 native (AVX2)";
#elif defined(__x86_64__) && defined(__AVX__)
    return "x86-64 native (AVX)";
#elif defined(__x86_64__)
    return "x86-64 baseline (SSE2)";
#elif defined(__aarch64__)
    return "arm64 (NEON)";
#else
    return "unknown";
#endif
}

// MARK: spring

// The matrix of the spring's preset from the shared table (m11, m21, m12, m22 per preset): the
// pair (d, v) ← (m11, m21)·d + (m12, m22)·v, one two-lane multiply-add pair per spring (the scalar
// operations m11·d + m12·v and m21·d + m22·v, lane by lane, in that order). 18 bytes streamed per
// spring; the table stays in L1.
typedef double v2d __attribute__((vector_size(16), aligned(8)));

HOOKE_INLINE void spring(double *restrict state, const uint16_t *restrict preset, const double *restrict table,
                         ptrdiff_t start, ptrdiff_t end) {
    for (ptrdiff_t i = start; i < end; i++) {
        const double *m = table + 4 * (ptrdiff_t)preset[i];
        v2d s = *(const v2d *)(state + 2 * i);
        v2d first = *(const v2d *)m, second = *(const v2d *)(m + 2);
        v2d d = {s[0], s[0]}, v = {s[1], s[1]};
        *(v2d *)(state + 2 * i) = first * d + second * v;
    }
}

void hooke_limit_spring_base(double *state, const uint16_t *preset, const double *table, ptrdiff_t start, ptrdiff_t end) {
    spring(state, preset, table, start, end);
}

HOOKE_AVX2 void hooke_limit_spring_avx2(double *state, const uint16_t *preset, const double *table,
                                        ptrdiff_t start, ptrdiff_t end) {
    spring(state, preset, table, start, end);
}

// MARK: swiftui-spring

// Four animations per vector (two SSE2 registers, one AVX2 register). GCC/Clang vector
// extensions: arithmetic is lane by lane IEEE, comparisons give all-ones or zero per lane.
typedef double v4d __attribute__((vector_size(32), aligned(8)));
typedef int64_t v4i __attribute__((vector_size(32), aligned(8)));

// Macros rather than functions: a function taking or returning a 32-byte vector would have a
// different calling convention in the two ISAs (all of it is inlined anyway).
#define splat(x) ((v4d){(x), (x), (x), (x)})
/// b where the mask is set, a elsewhere.
#define select4(mask, a, b) ((v4d)(((v4i)(a) & ~(mask)) | ((v4i)(b) & (mask))))
#define any4(mask) (((mask)[0] | (mask)[1] | (mask)[2] | (mask)[3]) != 0)

// SwiftUI's constants, as SpringIntegratorState defines them.
#define RULE_STEP (1.0 / 300.0)
#define RULE_MAXIMUM_GAP 1.0
#define RULE_REST_SQUARED 0.0036
#define RULE_DISTANCE_FRACTION 0.01

// The rule for four animations at once, held in registers across all their steps: the clock rules
// (a lag over `maximumGap` restarts 1/60 s before the frame; a clock too large to advance jumps),
// masked steps while any lane lags (a lane that has reached its frame time keeps its state), then
// the finish rule and the restart. One step: f = F·(1/600) + v; x += f·(1/300);
// F = f·damping + (Δ − x)·k; v = F·(1/600) + f (the operations of SpringIntegratorState.step).
#define SWIFTUI_SPRING_LANES(W, LOAD, STORE, SPLAT, SELECT, ANY, VT, MT)                                 \
    {                                                                                                    \
        VT x = LOAD(offset), v = LOAD(velocity), F = LOAD(force), t = LOAD(clock);                       \
        VT delta = LOAD(interval), b = LOAD(begin);                                                      \
        VT target = SPLAT(now) - b;                                                                      \
        t = SELECT((MT)(target - t > SPLAT(RULE_MAXIMUM_GAP)), t, target - SPLAT(1.0 / 60.0));          \
        t = SELECT((MT)((t < target) & (t + SPLAT(RULE_STEP) == t)), t, target);                        \
        MT active = (MT)(t < target);                                                                    \
        while (ANY(active)) {                                                                            \
            VT f = F * SPLAT(1.0 / 600.0) + v;                                                           \
            VT nx = x + f * SPLAT(1.0 / 300.0);                                                          \
            VT displacement = (delta - nx) * SPLAT(stiffness);                                           \
            VT nF = f * SPLAT(damping) + displacement;                                                   \
            VT nv = nF * SPLAT(1.0 / 600.0) + f;                                                         \
            x = SELECT(active, x, nx);                                                                   \
            v = SELECT(active, v, nv);                                                                   \
            F = SELECT(active, F, nF);                                                                   \
            t = SELECT(active, t, t + SPLAT(RULE_STEP));                                                 \
            active = (MT)(t < target);                                                                   \
        }                                                                                                \
        VT v2 = v * v, F2 = F * F;                                                                       \
        VT fastest = SELECT((MT)(F2 > v2), v2, F2);                                                      \
        VT scaled = delta * SPLAT(RULE_DISTANCE_FRACTION);                                               \
        VT tolerance = scaled * scaled;                                                                  \
        VT remaining = delta - x;                                                                        \
        MT rest = (MT)(fastest <= SPLAT(RULE_REST_SQUARED))                                              \
            & ((MT)(tolerance == SPLAT(0)) | (MT)(remaining * remaining <= tolerance));                  \
        VT zero = SPLAT(0);                                                                              \
        STORE(offset, SELECT(rest, x, zero));                                                            \
        STORE(velocity, SELECT(rest, v, zero));                                                          \
        STORE(force, SELECT(rest, F, zero));                                                             \
        STORE(clock, SELECT(rest, t, zero));                                                             \
        STORE(interval, SELECT(rest, delta, -delta));                                                    \
        STORE(begin, SELECT(rest, b, SPLAT(now)));                                                       \
    }

#define LOAD4(column) (*(const v4d *)(column + i))
#define STORE4(column, value) (*(v4d *)(column + i) = (value))
#define LOAD1(column) (column[i])
#define STORE1(column, value) (column[i] = (value))
#define SPLAT1(x) ((double)(x))
#define SELECT1(mask, a, b) ((mask) ? (b) : (a))
#define ANY1(mask) (mask)

HOOKE_INLINE void swiftui_spring(double *offset, double *velocity, double *force, double *clock,
                                 double *interval, double *begin, double now, double stiffness,
                                 double damping, ptrdiff_t start, ptrdiff_t end) {
    ptrdiff_t i = start;
    for (; i + 4 <= end; i += 4)
        SWIFTUI_SPRING_LANES(4, LOAD4, STORE4, splat, select4, any4, v4d, v4i)
    for (; i < end; i++)
        SWIFTUI_SPRING_LANES(1, LOAD1, STORE1, SPLAT1, SELECT1, ANY1, double, int)
}

void hooke_limit_swiftui_spring_base(double *offset, double *velocity, double *force, double *clock,
                                     double *interval, double *begin, double now, double stiffness,
                                     double damping, ptrdiff_t start, ptrdiff_t end) {
    swiftui_spring(offset, velocity, force, clock, interval, begin, now, stiffness, damping, start, end);
}

HOOKE_AVX2 void hooke_limit_swiftui_spring_avx2(double *offset, double *velocity, double *force, double *clock,
                                                double *interval, double *begin, double now, double stiffness,
                                                double damping, ptrdiff_t start, ptrdiff_t end) {
    swiftui_spring(offset, velocity, force, clock, interval, begin, now, stiffness, damping, start, end);
}

// MARK: curve

#define V(x) splat(x)
#define VMAX(a, b) select4((v4i)((b) > (a)), a, b)
#define VMIN(a, b) select4((v4i)((b) < (a)), a, b)
#define VABS(x) VMAX(x, -(x))
#define LOADC(column) (*(const v4d *)((column) + i))
#define STOREC(column, value) (*(v4d *)((column) + i) = (value))

/// The Bézier's x(s) (Bernstein form, as the model evaluates it) and its derivative 3(u²c1 + 2su(c2 − c1) + s²(1 − c2)).
#define BERNSTEIN(s, c1, c2) ((s) * (V(3) * (V(1) - (s)) * ((V(1) - (s)) * (c1) + (s) * (c2)) + (s) * (s)))
#define DERIVATIVE(s, u, c1, c2) \
    (V(3) * ((u) * (u) * (c1) + V(2) * (s) * (u) * ((c2) - (c1)) + (s) * (s) * (V(1) - (c2))))

/// Newton's method on x(s) = p from `s`, kept inside a shrinking bracket of [0, 1] (a step leaving
/// it bisects instead), until the bracket or the step is down to the last bits; then y(s) and dy/dx:
/// what a lane the fast solve does not accept gets (rare: near vertical tangents, p at an end).
static void curve_fallback(double x1, double x2, double y1, double y2, double p, double s, double *shape, double *slope) {
    p = p < 0 ? 0 : p > 1 ? 1 : p;
    double lo = 0, hi = 1;
    if (!(s > 0 && s < 1)) s = p;
    for (int k = 0; k < 200 && p > 0 && p < 1; k++) {
        double t = 1 - s, f = s * (3 * t * (t * x1 + s * x2) + s * s) - p;
        if (f == 0) break;
        if (f < 0) lo = s; else hi = s;
        double d = 3 * (t * t * x1 + 2 * s * t * (x2 - x1) + s * s * (1 - x2));
        double next = s - f / d;
        if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
        if (next == s || hi - lo <= 4e-16) break;
        s = next;
    }
    if (p <= 0) s = 0;
    if (p >= 1) s = 1;
    double u = 1 - s;
    *shape = s * (3 * u * (u * y1 + s * y2) + s * s);
    double dx = 3 * (u * u * x1 + 2 * s * u * (x2 - x1) + s * s * (1 - x2));
    double dy = 3 * (u * u * y1 + 2 * s * u * (y2 - y1) + s * s * (1 - y2));
    // A vertical tangent at an end: the slope's limit there, as the model takes it.
    if (dx == 0) { dx = s < 0.5 ? x2 : 1 - x1; dy = s < 0.5 ? y2 : 1 - y1; }
    *slope = dx == 0 ? 1 : dy / dx;
}

/// Four slots' value and velocity from their curve's shape and slope at progress, and the restart.
#define CURVE_FINISH(c, now, elapsed, shape, slope)                                    \
    {                                                                                  \
        v4d d_ = LOADC((c)->duration), x_ = LOADC((c)->interval);                      \
        v4i ended_ = (v4i)((elapsed) > d_);                                            \
        STOREC((c)->value, select4(ended_, x_ * (shape), V(0)));                       \
        STOREC((c)->velocity, select4(ended_, x_ * ((slope) / d_), V(0)));             \
        STOREC((c)->interval, select4(ended_, x_, -x_));                               \
        STOREC((c)->begin, select4(ended_, LOADC((c)->begin), V(now)));                \
    }

/// One Halley step for x(s) = p: s − 2 f x' / (2 x'² − f x''), with the step, x' and x''.
#define HALLEY(s, next, step, d1, d2)                                                  \
    v4d d1, d2, step, next;                                                            \
    {                                                                                  \
        v4d f_ = BERNSTEIN(s, X1, X2) - p;                                             \
        d1 = P0 + (s) * (P1 + (s) * P2);                                               \
        d2 = P1 + (s) * (V(2) * P2);                                                   \
        step = (V(2) * f_ * d1) / (V(2) * d1 * d1 - f_ * d2);                          \
        next = (s) - step;                                                             \
    }

/// Four lanes of Béziers (x clamped to [0, 1], the power-basis derivative coefficients px1, px2,
/// y, the samples q of x at s = 1/8 … 7/8): a column's four slots, or one curve in every lane.
typedef struct {
    v4d x1, x2, y1, y2, px1, px2, q0, q1, q2, q3, q4, q5, q6;
} bezier_lanes;

/// y(s) and dy/dx where x(s) = p: s from the chord between the samples around p and two Halley
/// steps; `solved` marks the lanes accepted as `CubicTimingBezier` accepts them (0 < p < 1, x' ≠ 0);
/// the others go to `curve_fallback` from `parameter`.
HOOKE_INLINE void bezier_solve(const bezier_lanes *c, const v4d *progress, v4d *shape, v4d *slope, v4d *parameter, v4i *solved) {
    const double h = 0.125, accepted = 0.5 * 2.220446049250313e-16, ratio = 0.125;
    v4d p = *progress;
    v4d X1 = c->x1, X2 = c->x2, P1 = c->px1, P2 = c->px2, P0 = V(3) * X1;
    // The chord between the samples around p: halves, quarters, eighths by three selects.
    v4d s3 = c->q3;
    v4i upperHalf = (v4i)(p >= s3);
    v4d lo = select4(upperHalf, V(0), s3), hi = select4(upperHalf, s3, V(1));
    v4d quarter = select4(upperHalf, c->q1, c->q5);
    v4i upperQuarter = (v4i)(p >= quarter);
    lo = select4(upperQuarter, lo, quarter);
    hi = select4(upperQuarter, quarter, hi);
    v4d low = select4(upperQuarter, c->q0, c->q2);
    v4d high = select4(upperQuarter, c->q4, c->q6);
    v4d eighth = select4(upperHalf, low, high);
    v4i upperEighth = (v4i)(p >= eighth);
    lo = select4(upperEighth, lo, eighth);
    hi = select4(upperEighth, eighth, hi);
    v4d sLo = select4(upperHalf, V(0), V(4 * h)) + select4(upperQuarter, V(0), V(2 * h))
        + select4(upperEighth, V(0), V(h));
    v4d guess = sLo + V(h) * ((p - lo) / (hi - lo));
    HALLEY(guess, sA, stepA, d1A, d2A)
    HALLEY(sA, s, step, d1, d2)
    (void)stepA; (void)d1A; (void)d2A;
    // Accepted when Halley's error term is below half an ulp and the step stayed in its eighth.
    v4d ad1 = VABS(d1), ad2 = VABS(d2), ad3 = VABS(V(2) * P2), as = VABS(step);
    v4d predicted = (V(3) * ad2 * ad2 + V(2) * ad3 * ad1) * (as * as * as);
    v4i ok = (v4i)(predicted < V(12) * ad1 * ad1 * V(accepted));
    ok &= (v4i)(ad2 * as <= V(2 * ratio) * ad1);
    ok &= (v4i)(s >= sLo) & (v4i)(s <= sLo + V(h));
    v4d u = V(1) - s, Y1 = c->y1, Y2 = c->y2;
    *shape = s * (V(3) * u * (u * Y1 + s * Y2) + s * s);
    v4d dx = DERIVATIVE(s, u, X1, X2), dy = DERIVATIVE(s, u, Y1, Y2);
    *slope = dy / dx;
    *parameter = s;
    *solved = ok & (v4i)(p > V(0)) & (v4i)(p < V(1)) & (v4i)(dx != V(0));
}

HOOKE_INLINE void curve_beziers(const hooke_curve_columns *c, double now, ptrdiff_t i) {
    v4d elapsed = V(now) - LOADC(c->begin);
    v4d p = elapsed / LOADC(c->duration);
    bezier_lanes lanes = {LOADC(c->x1), LOADC(c->x2), LOADC(c->y1), LOADC(c->y2), LOADC(c->px1), LOADC(c->px2),
                          LOADC(c->q0), LOADC(c->q1), LOADC(c->q2), LOADC(c->q3), LOADC(c->q4), LOADC(c->q5),
                          LOADC(c->q6)};
    v4d shape, slope, s;
    v4i solved;
    bezier_solve(&lanes, &p, &shape, &slope, &s, &solved);
    v4i model = (v4i)(elapsed <= LOADC(c->duration)) & ~solved;
    CURVE_FINISH(c, now, elapsed, shape, slope)
    if (any4(model)) {
        for (int lane = 0; lane < 4; lane++) {
            if (!model[lane]) continue;
            double fs, fd;
            curve_fallback(c->x1[i + lane], c->x2[i + lane], c->y1[i + lane], c->y2[i + lane], p[lane], s[lane],
                           &fs, &fd);
            c->value[i + lane] = c->interval[i + lane] * fs;
            c->velocity[i + lane] = c->interval[i + lane] * (fd / c->duration[i + lane]);
        }
    }
}

/// The closed-form curves (the model's CircularEasing operations) at clamped progress.
HOOKE_INLINE void curve_closed(const hooke_curve_columns *c, int kind, double now, ptrdiff_t i) {
    v4d elapsed = V(now) - LOADC(c->begin);
    v4d p = elapsed / LOADC(c->duration);
    p = VMIN(VMAX(p, V(0)), V(1));
    v4d shape, slope;
    switch (kind) {
    case HOOKE_CURVE_LINEAR: shape = p; slope = V(1); break;
    case HOOKE_CURVE_CIRCULAR_IN: {
        v4d root = __builtin_elementwise_sqrt((V(1) - p) * (V(1) + p));
        shape = p * p / (V(1) + root); slope = p / root; break;
    }
    case HOOKE_CURVE_CIRCULAR_OUT: {
        v4d root = __builtin_elementwise_sqrt(p * (V(2) - p));
        shape = root; slope = (V(1) - p) / root; break;
    }
    default: {
        v4d lower = __builtin_elementwise_sqrt((V(1) - V(2) * p) * (V(1) + V(2) * p));
        v4d upper = __builtin_elementwise_sqrt((V(2) * p - V(1)) * (V(3) - V(2) * p));
        v4i first = (v4i)(p < V(0.5));
        shape = select4(first, V(0.5) * (upper + V(1)), V(2) * p * p / (V(1) + lower));
        slope = select4(first, (V(2) - V(2) * p) / upper, V(2) * p / lower);
    }
    }
    CURVE_FINISH(c, now, elapsed, shape, slope)
}

// Four slots at a time; a tail of fewer than four is copied into a padded scratch of four (slots
// beyond the group are never written back), so every slot goes through the same vector code.
HOOKE_INLINE void curve(const hooke_curve_columns *c, int kind, double now, ptrdiff_t start, ptrdiff_t end) {
    ptrdiff_t i = start;
    for (; i + 4 <= end; i += 4) {
        if (kind == HOOKE_CURVE_BEZIER) curve_beziers(c, now, i); else curve_closed(c, kind, now, i);
    }
    if (i < end) {
        double lanes[18][4];
        double *slots[18];
        const double *from[18] = {c->duration, c->interval, c->begin, c->value, c->velocity, c->x1, c->x2,
                                  c->y1, c->y2, c->px1, c->px2, c->q0, c->q1, c->q2, c->q3, c->q4, c->q5, c->q6};
        int columns = kind == HOOKE_CURVE_BEZIER ? 18 : 5;
        for (int k = 0; k < 18; k++) {
            slots[k] = lanes[k];
            for (int lane = 0; lane < 4; lane++)
                lanes[k][lane] = k < columns && i + lane < end ? from[k][i + lane] : (k == 0 ? 1 : 0.5);
        }
        hooke_curve_columns tail = {slots[0], slots[1], slots[2], slots[3], slots[4], slots[5], slots[6],
                                    slots[7], slots[8], slots[9], slots[10], slots[11], slots[12], slots[13],
                                    slots[14], slots[15], slots[16], slots[17]};
        ptrdiff_t base = i;
        i = 0;
        if (kind == HOOKE_CURVE_BEZIER) curve_beziers(&tail, now, i); else curve_closed(&tail, kind, now, i);
        for (int lane = 0; base + lane < end; lane++) {
            c->interval[base + lane] = lanes[1][lane];
            c->begin[base + lane] = lanes[2][lane];
            c->value[base + lane] = lanes[3][lane];
            c->velocity[base + lane] = lanes[4][lane];
        }
    }
}

void hooke_limit_curve_base(const hooke_curve_columns *columns, int kind, double now, ptrdiff_t start, ptrdiff_t end) {
    curve(columns, kind, now, start, end);
}

HOOKE_AVX2 void hooke_limit_curve_avx2(const hooke_curve_columns *columns, int kind, double now, ptrdiff_t start,
                                       ptrdiff_t end) {
    curve(columns, kind, now, start, end);
}

// MARK: keyframes

/// The exact spring segment `t` seconds in (`Spring.transition(deltaTime:)`'s matrix, its operations
/// in its order: glibc's exp and sin/cos, or expm1 when overdamped), then the model's value
/// x0 + Δ·(1 − m11) + v0·m12 and velocity Δ·(−m21) + v0·m22.
static void keyframe_spring_exact(const hooke_keyframe_segment *g, double t, double *value, double *velocity) {
    double l = g->decay, w = g->angular, w0s = g->natural_squared, m11, m12, m21, m22;
    if (w > 0) {
        double e = exp(-l * t), phase = w * t, c = cos(phase), sinc = sin(phase) / w, s = e * sinc;
        m11 = e * (c + l * sinc); m12 = s; m21 = -w0s * s; m22 = e * (c - l * sinc);
    } else if (w == 0) {
        double e = exp(-l * t), s = t * e, lt = l * t;
        m11 = e * (1 + lt); m12 = s; m21 = -w0s * s; m22 = e * (1 - lt);
    } else {
        double mu = -w, p, q;
        if (l >= 0) { q = mu + l; p = -w0s / q; } else { p = mu - l; q = -w0s / p; }
        double e = exp(p * t), h = expm1(-2 * mu * t) / (2 * mu), s = -(e * h);
        m11 = e * (1 + p * h); m12 = s; m21 = -w0s * s; m22 = e * (1 + q * h);
    }
    *value = g->origin + (g->a * (1 - m11) + g->b * m12);
    *velocity = g->a * (-m21) + g->b * m22;
}

/// Four slots of one segment: loop time (the loop clock: fmod's exact result by multiplications),
/// time within the segment, then value and velocity by the segment's kind — springs stepped from
/// their stored value x and velocity u from `stepping` into the segment, exactly before.
HOOKE_INLINE void keyframe_quad(const hooke_keyframe_segment *g, int kind, const hooke_loop_clock *clock,
                                const bezier_lanes *lanes, const v4d *phase, const v4d *x, const v4d *u,
                                double now, double stepping, v4d *y, v4d *v) {
    const double inverse = g->inverse_duration, origin = g->origin, a = g->a;
    v4d t = *phase + V(now);
    v4d n = (t * V(clock->inverse) + V(0x1.8p52)) - V(0x1.8p52);
    v4d r = (t - n * V(clock->high)) - n * V(clock->low);
    v4d e = select4((v4i)(r < V(0)), r, r + V(clock->duration)) - V(g->start);
    switch (kind) {
    case HOOKE_KEYFRAME_LINEAR: {
        v4d s = VMIN(VMAX(e * V(inverse), V(0)), V(1));
        *y = V(origin) + V(a) * s;
        *v = V(a * (1 * inverse));
        break;
    }
    case HOOKE_KEYFRAME_CUBIC: {
        v4d s = e * V(inverse);
        v4d p = V(g->c) * s;
        p = (p + V(g->b)) * s;
        p = (p + V(a)) * s;
        v4d rate = V(g->c) * (V(3) * s);
        rate = (rate + V(g->b) * V(2)) * s;
        rate = (rate + V(a)) * V(inverse);
        *y = V(origin) + p;
        *v = rate;
        break;
    }
    case HOOKE_KEYFRAME_BEZIER: {
        v4d p = e * V(inverse), shape, slope, s;
        v4i solved;
        bezier_solve(lanes, &p, &shape, &slope, &s, &solved);
        *y = V(origin) + V(a) * shape;
        *v = V(a) * (slope * V(inverse));
        if (!(solved[0] & solved[1] & solved[2] & solved[3])) {
            const double *q = g->bezier;
            for (int lane = 0; lane < 4; lane++) {
                if (solved[lane]) continue;
                double fs, fd;
                curve_fallback(q[0], q[1], q[4], q[5], p[lane], s[lane], &fs, &fd);
                (*y)[lane] = origin + a * fs;
                (*v)[lane] = a * (fd * inverse);
            }
        }
        break;
    }
    default: {  // HOOKE_KEYFRAME_SPRING
        v4d d = *x - V(g->target);
        *y = V(g->target) + (V(g->m11) * d + V(g->m12) * *u);
        *v = V(g->m21) * d + V(g->m22) * *u;
        v4i exact = (v4i)(e < V(stepping));
        if (any4(exact)) {
            for (int lane = 0; lane < 4; lane++) {
                if (!exact[lane]) continue;
                double fy, fv;
                keyframe_spring_exact(g, e[lane], &fy, &fv);
                (*y)[lane] = fy;
                (*v)[lane] = fv;
            }
        }
    }
    }
}

#define KEYFRAME_LOOP(KIND)                                                                              \
    for (; i + 4 <= end; i += 4) {                                                                       \
        v4d p = LOAD4(phase), x = KIND == HOOKE_KEYFRAME_SPRING ? LOAD4(value) : V(0);                   \
        v4d u = KIND == HOOKE_KEYFRAME_SPRING ? LOAD4(velocity) : V(0), y, v;                            \
        keyframe_quad(&g, KIND, &c, &lanes, &p, &x, &u, now, stepping, &y, &v);                           \
        STORE4(value, y);                                                                                \
        STORE4(velocity, v);                                                                             \
    }

/// `FastKeyframesKernel`'s run: the slots [start, end), all in `segment` at frame time `now`, four
/// contiguous slots per vector; a last partial four repeats the last slot and stores only its own.
HOOKE_INLINE void keyframes(const hooke_keyframe_segment *segment, const hooke_loop_clock *clock,
                            const double *restrict phase, double *restrict value, double *restrict velocity,
                            double now, double stepping, ptrdiff_t start, ptrdiff_t end) {
    const hooke_keyframe_segment g = *segment;
    const hooke_loop_clock c = *clock;
    const double *q = g.bezier;
    bezier_lanes lanes = {V(q[0]), V(q[1]), V(q[4]), V(q[5]), V(q[2]), V(q[3]), V(q[6]), V(q[7]), V(q[8]),
                          V(q[9]), V(q[10]), V(q[11]), V(q[12])};
    ptrdiff_t i = start;
    switch (g.kind) {
    case HOOKE_KEYFRAME_LINEAR: KEYFRAME_LOOP(HOOKE_KEYFRAME_LINEAR) break;
    case HOOKE_KEYFRAME_CUBIC: KEYFRAME_LOOP(HOOKE_KEYFRAME_CUBIC) break;
    case HOOKE_KEYFRAME_BEZIER: KEYFRAME_LOOP(HOOKE_KEYFRAME_BEZIER) break;
    default: KEYFRAME_LOOP(HOOKE_KEYFRAME_SPRING) break;
    }
    if (i < end) {
        v4d p, x, u, y, v;
        for (int lane = 0; lane < 4; lane++) {
            ptrdiff_t j = i + lane < end ? i + lane : end - 1;
            p[lane] = phase[j]; x[lane] = value[j]; u[lane] = velocity[j];
        }
        keyframe_quad(&g, g.kind, &c, &lanes, &p, &x, &u, now, stepping, &y, &v);
        for (int lane = 0; i + lane < end; lane++) {
            value[i + lane] = y[lane];
            velocity[i + lane] = v[lane];
        }
    }
}

void hooke_limit_keyframes_base(const hooke_keyframe_segment *segment, const hooke_loop_clock *clock,
                                const double *phase, double *value, double *velocity, double now, double stepping,
                                ptrdiff_t start, ptrdiff_t end) {
    keyframes(segment, clock, phase, value, velocity, now, stepping, start, end);
}

HOOKE_AVX2 void hooke_limit_keyframes_avx2(const hooke_keyframe_segment *segment, const hooke_loop_clock *clock,
                                           const double *phase, double *value, double *velocity, double now,
                                           double stepping, ptrdiff_t start, ptrdiff_t end) {
    keyframes(segment, clock, phase, value, velocity, now, stepping, start, end);
}

// MARK: floor

// Blocks of FLOOR_BLOCK animations: one fused pass takes the maximum of all the read columns into
// a stack buffer (2 KiB, in L1), then each written column is stored from it. Maximum rather than
// sum, so values stay bounded frame after frame (no overflow, no subnormals) whatever the columns
// hold. The fused pass is spelled out per column count (up to FLOOR_MAX_READS), so each column is
// one sequential stream read once.
#define FLOOR_BLOCK 256
#define FLOOR_MAX_READS 8

HOOKE_INLINE double larger(double a, double b) { return a > b ? a : b; }

#define FLOOR_READ(k) const double *restrict r##k = read[k] + s;
#define FLOOR_CASE(R, LOADS, EXPRESSION)                                  \
    case R: {                                                             \
        LOADS                                                             \
        for (ptrdiff_t j = 0; j < n; j++) block[j] = EXPRESSION;          \
        break;                                                            \
    }

HOOKE_INLINE void floor_kernel(double *const *read, int reads, double *const *written, int writes,
                               ptrdiff_t start, ptrdiff_t end) {
    double block[FLOOR_BLOCK];
    for (ptrdiff_t s = start; s < end; s += FLOOR_BLOCK) {
        ptrdiff_t n = end - s < FLOOR_BLOCK ? end - s : FLOOR_BLOCK;
        switch (reads < FLOOR_MAX_READS ? reads : FLOOR_MAX_READS) {
            FLOOR_CASE(1, FLOOR_READ(0), r0[j])
            FLOOR_CASE(2, FLOOR_READ(0) FLOOR_READ(1), larger(r0[j], r1[j]))
            FLOOR_CASE(3, FLOOR_READ(0) FLOOR_READ(1) FLOOR_READ(2), larger(larger(r0[j], r1[j]), r2[j]))
            FLOOR_CASE(4, FLOOR_READ(0) FLOOR_READ(1) FLOOR_READ(2) FLOOR_READ(3),
                       larger(larger(r0[j], r1[j]), larger(r2[j], r3[j])))
            FLOOR_CASE(5, FLOOR_READ(0) FLOOR_READ(1) FLOOR_READ(2) FLOOR_READ(3) FLOOR_READ(4),
                       larger(larger(larger(r0[j], r1[j]), larger(r2[j], r3[j])), r4[j]))
            FLOOR_CASE(6, FLOOR_READ(0) FLOOR_READ(1) FLOOR_READ(2) FLOOR_READ(3) FLOOR_READ(4) FLOOR_READ(5),
                       larger(larger(larger(r0[j], r1[j]), larger(r2[j], r3[j])), larger(r4[j], r5[j])))
            FLOOR_CASE(7, FLOOR_READ(0) FLOOR_READ(1) FLOOR_READ(2) FLOOR_READ(3) FLOOR_READ(4) FLOOR_READ(5)
                       FLOOR_READ(6),
                       larger(larger(larger(r0[j], r1[j]), larger(r2[j], r3[j])), larger(larger(r4[j], r5[j]), r6[j])))
            FLOOR_CASE(8, FLOOR_READ(0) FLOOR_READ(1) FLOOR_READ(2) FLOOR_READ(3) FLOOR_READ(4) FLOOR_READ(5)
                       FLOOR_READ(6) FLOOR_READ(7),
                       larger(larger(larger(r0[j], r1[j]), larger(r2[j], r3[j])),
                              larger(larger(r4[j], r5[j]), larger(r6[j], r7[j]))))
            default: return;
        }
        // Columns beyond FLOOR_MAX_READS, one pass each.
        for (int c = FLOOR_MAX_READS; c < reads; c++) {
            const double *restrict column = read[c] + s;
            for (ptrdiff_t j = 0; j < n; j++) block[j] = larger(column[j], block[j]);
        }
        for (int c = 0; c < writes; c++) {
            double *restrict column = written[c] + s;
            for (ptrdiff_t j = 0; j < n; j++) column[j] = block[j];
        }
    }
}

void hooke_floor_base(double *const *read, int reads, double *const *written, int writes,
                      ptrdiff_t start, ptrdiff_t end) {
    floor_kernel(read, reads, written, writes, start, end);
}

HOOKE_AVX2 void hooke_floor_avx2(double *const *read, int reads, double *const *written, int writes,
                                 ptrdiff_t start, ptrdiff_t end) {
    floor_kernel(read, reads, written, writes, start, end);
}
