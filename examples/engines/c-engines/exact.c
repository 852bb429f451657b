// exact.c — an example engine for Hooke's C ABI (include/hooke_engine.h, version 1): springs by
// their closed form at each frame time, and timing curves by solving the Bézier every frame.
// Nothing is integrated, so any frame interval works and the error does not grow with time.
//
// Springs. With d = x − target, λ = c/2m, ω0² = k/m and the discriminant D = ω0² − λ², the state
// after t seconds from (d0, v0) is
//     d(t) = e^(−λt)·((C + λS)·d0 + S·v0),   v(t) = e^(−λt)·(−ω0²S·d0 + (C − λS)·v0),
// where C = cos ωt and S = sin(ωt)/ω with ω = √D (underdamped), C = cosh μt and S = sinh(μt)/μ
// with μ = √−D (overdamped), C = 1 and S = t (critical). Written with S rather than with the two
// exponentials of the textbook's overdamped form, nothing cancels near critical damping: sin(ωt)/ω
// and expm1(2μt)/2μ tend to t as ω, μ → 0. Overdamped, the decay e^(−λt) is folded into C and S
// (see spring_state), so nothing overflows at any t. One exp and one sin/cos pair (overdamped: two
// exponentials) per animation per frame.
//
// Curves. A Bézier's x(s) = p is solved by Newton's method from s = p, kept inside a bisection
// bracket on [0, 1], to |x(s) − p| ≤ 1e-15; value y(s), slope y'(s)/x'(s). The circular curves are
// their closed forms. The workload's rule (hooke_engine.h) restarts a pass, reversed, at the frame
// after it ends.
#include "hooke_engine.h"

#include <math.h>
#include <stdlib.h>

enum { SPRINGS, CURVES };

// One spring: its initial displacement and velocity, decay λ, ω0², the discriminant's root
// (ω or μ) and its sign, and the target (56 bytes).
typedef struct {
    double d0, v0, decay, natural_squared, root, target;
    int regime; // 1 under-, −1 over-, 0 critically damped
} spring;

// One curve animation: the Bézier's polynomial coefficients (x(s) = ((ax·s + bx)·s + cx)·s, y
// likewise), its kind, duration, current interval and the begin of its pass (80 bytes).
typedef struct {
    double ax, bx, cx, ay, by, cy;
    double duration, interval, begin;
    unsigned kind;
} curve;

struct hooke_engine_population {
    int kind;
    spring *springs;
    curve *curves;
};

static hooke_engine_population *create(int kind, size_t count, size_t size) {
    hooke_engine_population *population = calloc(1, sizeof *population);
    void *items = malloc((count ? count : 1) * size);
    if (!population || !items) {
        free(population);
        free(items);
        return NULL;
    }
    population->kind = kind;
    if (kind == SPRINGS) population->springs = items; else population->curves = items;
    return population;
}

static hooke_engine_population *create_springs(const hooke_spring_parameters *p, size_t count, double frame_interval) {
    (void)frame_interval;
    hooke_engine_population *population = create(SPRINGS, count, sizeof(spring));
    if (!population) return NULL;
    for (size_t i = 0; i < count; i++) {
        spring *s = &population->springs[i];
        s->d0 = p[i].value - p[i].target;
        s->v0 = p[i].velocity;
        s->target = p[i].target;
        s->decay = p[i].damping / (2 * p[i].mass);
        s->natural_squared = p[i].stiffness / p[i].mass;
        double discriminant = s->natural_squared - s->decay * s->decay;
        s->regime = discriminant > 0 ? 1 : discriminant < 0 ? -1 : 0;
        s->root = sqrt(fabs(discriminant));
    }
    return population;
}

static hooke_engine_population *create_curves(const hooke_curve_parameters *p, size_t count, double frame_interval) {
    (void)frame_interval;
    hooke_engine_population *population = create(CURVES, count, sizeof(curve));
    if (!population) return NULL;
    for (size_t i = 0; i < count; i++) {
        curve *c = &population->curves[i];
        c->cx = 3 * p[i].x1;
        c->bx = 3 * (p[i].x2 - p[i].x1) - c->cx;
        c->ax = 1 - c->cx - c->bx;
        c->cy = 3 * p[i].y1;
        c->by = 3 * (p[i].y2 - p[i].y1) - c->cy;
        c->ay = 1 - c->cy - c->by;
        c->kind = p[i].kind;
        c->duration = p[i].duration;
        c->interval = p[i].interval;
        c->begin = p[i].begin;
    }
    return population;
}

static void spring_state(const spring *s, double t, double *d, double *v) {
    double c, sine_over_root; // e^(−λt)·C and e^(−λt)·S
    if (s->regime > 0) {
        double scale = exp(-s->decay * t);
        c = scale * cos(s->root * t);
        sine_over_root = scale * sin(s->root * t) / s->root;
    } else if (s->regime < 0) {
        // e^(−λt)·cosh μt = (e^(−r1·t) + e^(−r2·t))/2 and e^(−λt)·sinh(μt)/μ = (e^(−r1·t) − e^(−r2·t))/2μ
        // with the decay rates r1 = λ − μ = ω0²/(λ + μ) (so written: no cancellation when λ ≫ ω0)
        // and r2 = λ + μ; for 2μt < 1 the difference is formed by expm1 instead.
        double fast = s->decay + s->root, slow = s->natural_squared / fast, x = 2 * s->root * t;
        if (x < 1) {
            double a = exp(-fast * t), g = expm1(x);
            c = a * (1 + g / 2);
            sine_over_root = a * g / (2 * s->root);
        } else {
            double e1 = exp(-slow * t), e2 = exp(-fast * t);
            c = (e1 + e2) / 2;
            sine_over_root = (e1 - e2) / (2 * s->root);
        }
    } else {
        double scale = exp(-s->decay * t);
        c = scale;
        sine_over_root = scale * t;
    }
    double lambda_s = s->decay * sine_over_root;
    *d = (c + lambda_s) * s->d0 + sine_over_root * s->v0;
    *v = -s->natural_squared * sine_over_root * s->d0 + (c - lambda_s) * s->v0;
}

// The Bézier's value and slope at progress p in [0, 1].
static void bezier(const curve *c, double p, double *value, double *slope) {
    double s = p, low = 0, high = 1;
    // The ends are s = 0 and 1 exactly (near a flat end x(s) rounds to p short of it).
    for (int k = 0; k < 60 && p > 0 && p < 1; k++) {
        double x = ((c->ax * s + c->bx) * s + c->cx) * s - p;
        if (fabs(x) <= 1e-15) break;
        if (x < 0) low = s; else high = s;
        double dx = (3 * c->ax * s + 2 * c->bx) * s + c->cx;
        double next = dx != 0 ? s - x / dx : -1;
        s = next > low && next < high ? next : (low + high) / 2;
    }
    *value = ((c->ay * s + c->by) * s + c->cy) * s;
    *slope = ((3 * c->ay * s + 2 * c->by) * s + c->cy) / ((3 * c->ax * s + 2 * c->bx) * s + c->cx);
}

static void curve_state(const curve *c, double p, double *value, double *slope) {
    switch (c->kind) {
    case HOOKE_CURVE_BEZIER: bezier(c, p, value, slope); return;
    case HOOKE_CURVE_CIRCULAR_EASE_IN: {
        double root = sqrt(1 - p * p);
        *value = 1 - root;
        *slope = p / root;
        return;
    }
    case HOOKE_CURVE_CIRCULAR_EASE_OUT: {
        double root = sqrt((2 - p) * p);
        *value = root;
        *slope = (1 - p) / root;
        return;
    }
    case HOOKE_CURVE_CIRCULAR_EASE_IN_OUT:
        if (p < 0.5) {
            double root = sqrt(1 - 4 * p * p);
            *value = (1 - root) / 2;
            *slope = 2 * p / root;
        } else {
            double u = 2 * p - 2, root = sqrt(1 - u * u);
            *value = (root + 1) / 2;
            *slope = -u / root;
        }
        return;
    default: // HOOKE_CURVE_LINEAR
        *value = p;
        *slope = 1;
    }
}

static void advance(hooke_engine_population *population, size_t begin, size_t end, double time,
                    double *values, double *velocities) {
    if (population->kind == SPRINGS) {
        for (size_t i = begin; i < end; i++) {
            const spring *s = &population->springs[i];
            double d, v;
            spring_state(s, time, &d, &v);
            values[i] = s->target + d;
            velocities[i] = v;
        }
        return;
    }
    for (size_t i = begin; i < end; i++) {
        curve *c = &population->curves[i];
        double elapsed = time - c->begin;
        if (elapsed > c->duration) { // the pass ended: the next one, reversed, starts at this frame
            c->interval = -c->interval;
            c->begin = time;
            values[i] = 0;
            velocities[i] = 0;
            continue;
        }
        double value, slope;
        curve_state(c, elapsed / c->duration, &value, &slope);
        values[i] = c->interval * value;
        velocities[i] = c->interval * (slope / c->duration);
    }
}

static void destroy(hooke_engine_population *population) {
    free(population->springs);
    free(population->curves);
    free(population);
}

static const hooke_engine table = {
    .abi_version = HOOKE_ENGINE_ABI_VERSION,
    .name = "c-exact",
    .assumptions = "no retargets",
    .spring_state_bytes = sizeof(spring),
    .curve_state_bytes = sizeof(curve),
    .create_springs = create_springs,
    .create_curves = create_curves,
    .advance = advance,
    .destroy = destroy,
};

const hooke_engine *hooke_engine_entry(void) { return &table; }
