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
#include "CLimitKernels.h"
#include <stdint.h>

#pragma clang fp contract(off)

#if defined(__x86_64__)
#include <cpuid.h>
#define HOOKE_AVX2 __attribute__((target("avx2,fma")))
#else
#define HOOKE_AVX2
#endif

#define HOOKE_INLINE static inline __attribute__((always_inline))

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

// Two multiplies and an add per output, four loads and two stores per spring: the compiler
// vectorises it at the function's ISA width (two lanes with SSE2, four with AVX2).
HOOKE_INLINE void spring(double *restrict d, double *restrict v, const double *restrict m11,
                         const double *restrict m12, const double *restrict m21,
                         const double *restrict m22, ptrdiff_t start, ptrdiff_t end) {
    for (ptrdiff_t i = start; i < end; i++) {
        double di = d[i], vi = v[i];
        d[i] = m11[i] * di + m12[i] * vi;
        v[i] = m21[i] * di + m22[i] * vi;
    }
}

void hooke_limit_spring_base(double *d, double *v, const double *m11, const double *m12,
                             const double *m21, const double *m22, ptrdiff_t start, ptrdiff_t end) {
    spring(d, v, m11, m12, m21, m22, start, end);
}

HOOKE_AVX2 void hooke_limit_spring_avx2(double *d, double *v, const double *m11, const double *m12,
                                        const double *m21, const double *m22, ptrdiff_t start, ptrdiff_t end) {
    spring(d, v, m11, m12, m21, m22, start, end);
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
