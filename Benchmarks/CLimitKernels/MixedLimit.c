// MixedLimit.c — the `mixed` workload's C limit (HookeMixedLimit.h; our own code). Every
// expression below is the library's, operation for operation, with no contraction into FMA, so
// the results are `Animator<Double>`'s bit for bit. Where a Swift function is reproduced its name
// is given (AnimationMath's Animator, FluidSpringAnimation, SpringIntegratorState,
// TimingCurveAnimation, DelayAnimation, SpeedAnimation, RepeatAnimation,
// InterpolatingSpringAnimation, CubicTimingBezier, UnitCurve).
#include "HookeMixedLimit.h"
#include <float.h>
#include <math.h>
#include <string.h>

#pragma clang fp contract(off)

#include "KernelAttributes.h"

// Swift.max(x, y) and Swift.min(x, y), which differ from fmax/fmin on signed zeros.
HOOKE_INLINE double swift_max(double x, double y) { return y >= x ? y : x; }
HOOKE_INLINE double swift_min(double x, double y) { return y < x ? y : x; }

// MARK: CubicTimingBezier

HOOKE_INLINE double bezier_x(const hooke_mixed_animation *a, double s) {
    double t = 1 - s;
    return s * (3 * t * (t * a->x1 + s * a->x2) + s * s);
}

HOOKE_INLINE double bezier_y(const hooke_mixed_animation *a, double s) {
    double t = 1 - s;
    return s * (3 * t * (t * a->y1 + s * a->y2) + s * s);
}

// `safeguardedParameter(forX:lo:hi:start:)`: Newton's method inside a shrinking bracket, a bisection
// whenever the bracket is wider than a target that starts at 1/8 and shrinks by 1/√2 every iteration.
__attribute__((noinline)) static double bezier_safeguarded(const hooke_mixed_animation *a, double p, double lo,
                                                           double hi, double s) {
    const double tolerance = 2 * DBL_EPSILON;
    double px0 = 3 * a->x1;
    double target = 0.125, candidate = NAN, residual = INFINITY;
    for (int iteration = 0; iteration < 100; iteration++) {
        double f = bezier_x(a, s) - p;
        if (f == 0) return s;
        if (isnan(f)) return f;
        if (f < 0) lo = s; else hi = s;
        double derivative = px0 + s * (a->px1 + s * a->px2);
        double newton_step = f / derivative;
        double newton = s - newton_step;
        if (fabs(newton_step) <= tolerance) return newton;
        if (fabs(f) <= residual) {
            residual = fabs(f);
            candidate = newton;
        }
        double width = hi - lo;
        double next;
        if (width <= target && candidate > lo && candidate < hi) {
            next = candidate;
            residual = INFINITY;
        } else {
            next = lo + 0.5 * width;
        }
        target *= 0.7071067811865476;
        if (fabs(next - s) <= tolerance) return next;
        s = next;
    }
    return s;
}

// `parameter(forX:)`: the chord guess from the samples, two Halley steps, accepted as the library
// accepts them, else the safeguarded loop.
HOOKE_INLINE double bezier_parameter(const hooke_mixed_animation *a, double p) {
    const double h = 0.125;
    const double *q = a->samples;
    double px0 = 3 * a->x1;
    int upper_half = p >= q[3];
    double lo = upper_half ? q[3] : 0;
    double hi = upper_half ? 1 : q[3];
    double quarter = upper_half ? q[5] : q[1];
    int upper_quarter = p >= quarter;
    lo = upper_quarter ? quarter : lo;
    hi = upper_quarter ? hi : quarter;
    double eighth = upper_half ? (upper_quarter ? q[6] : q[4]) : (upper_quarter ? q[2] : q[0]);
    int upper_eighth = p >= eighth;
    lo = upper_eighth ? eighth : lo;
    hi = upper_eighth ? hi : eighth;
    double s_lo = (upper_half ? 4 * h : 0) + (upper_quarter ? 2 * h : 0) + (upper_eighth ? h : 0);
    double guess = s_lo + h * ((p - lo) / (hi - lo));
    // halleyStep(at:toward:) twice.
    double f = bezier_x(a, guess) - p;
    double d1 = px0 + guess * (a->px1 + guess * a->px2);
    double d2 = a->px1 + guess * (2 * a->px2);
    double s1 = guess - 2 * f * d1 / (2 * d1 * d1 - f * d2);
    f = bezier_x(a, s1) - p;
    d1 = px0 + s1 * (a->px1 + s1 * a->px2);
    d2 = a->px1 + s1 * (2 * a->px2);
    double last = 2 * f * d1 / (2 * d1 * d1 - f * d2);
    double s2 = s1 - last;
    double ad1 = fabs(d1), ad2 = fabs(d2), ad3 = fabs(2 * a->px2);
    double step = fabs(last);
    const double ratio = 0.125;
    double predicted = (3 * ad2 * ad2 + 2 * ad3 * ad1) * (step * step * step);
    if (predicted < 12 * ad1 * ad1 * (0.5 * DBL_EPSILON) && ad2 * step <= 2 * ratio * ad1 && s2 >= s_lo
        && s2 <= s_lo + h) {
        return s2;
    }
    double start = s2 > s_lo && s2 < s_lo + h ? s2 : guess >= s_lo && guess <= s_lo + h ? guess : s_lo + 0.5 * h;
    return bezier_safeguarded(a, p, s_lo, s_lo + h, start);
}

// `slopeLimit(atParameter:dx1:dy1:)`: L'Hôpital where x'(s) = 0.
__attribute__((noinline)) static double bezier_slope_limit(const hooke_mixed_animation *a, double s, double dx1,
                                                           double dy1) {
    double t = 1 - s;
    double x1 = a->x1, x2 = a->x2, y1 = a->y1, y2 = a->y2;
    double xs[3] = {dx1, 6 * (t * (x2 - 2 * x1) + s * (1 - 2 * x2 + x1)), 6 * (1 - 3 * x2 + 3 * x1)};
    double ys[3] = {dy1, 6 * (t * (y2 - 2 * y1) + s * (1 - 2 * y2 + y1)), 6 * (1 - 3 * y2 + 3 * y1)};
    int k = xs[0] != 0 ? 1 : xs[1] != 0 ? 2 : xs[2] != 0 ? 3 : 4;
    int j = ys[0] != 0 ? 1 : ys[1] != 0 ? 2 : ys[2] != 0 ? 3 : 4;
    if (k > 3) return NAN;
    if (j > k) return 0;
    double x_lead = xs[k - 1], y_lead = ys[j - 1];
    if (j == k) return y_lead / x_lead;
    double side = (s == 0 || (k - j) % 2 == 0) ? 1 : -1;
    double sign = (y_lead < 0) != (x_lead < 0) ? -side : side;
    return sign * INFINITY;
}

// `slope(atParameter:)`.
HOOKE_INLINE double bezier_slope(const hooke_mixed_animation *a, double s) {
    double dx1, dy1;
    double t = 1 - s;
    if (s == 0) {
        dx1 = 3 * a->x1;
        dy1 = 3 * a->y1;
    } else if (s == 1) {
        dx1 = 3 * (1 - a->x2);
        dy1 = 3 * (1 - a->y2);
    } else {
        dx1 = 3 * (t * t * a->x1 + 2 * s * t * (a->x2 - a->x1) + s * s * (1 - a->x2));
        dy1 = 3 * (t * t * a->y1 + 2 * s * t * (a->y2 - a->y1) + s * s * (1 - a->y2));
    }
    if (dx1 != 0) return dy1 / dx1;
    return bezier_slope_limit(a, s, dx1, dy1);
}

// `endSlope(atParameter:)`.
HOOKE_INLINE double bezier_end_derivative(double p1, double p2, double s) {
    double c = 3 * p1;
    double b = 3 * (p2 - p1) - c;
    double a = 1 - c - b;
    return (3 * a * s + 2 * b) * s + c;
}

HOOKE_INLINE double bezier_end_slope(const hooke_mixed_animation *a, double s) {
    double dx = bezier_end_derivative(a->x1, a->x2, s), dy = bezier_end_derivative(a->y1, a->y2, s);
    return dx == dy ? 1 : dy / dx;
}

// `UnitCurve.value(at:)` and `valueAndVelocity(at:)` for the linear curve and Béziers.
HOOKE_INLINE double curve_value(const hooke_mixed_animation *a, double p) {
    if (!a->bezier) return isnan(p) ? p : swift_min(swift_max(p, 0), 1);
    if (isnan(p)) return p;
    if (p <= 0) return 0;
    if (p >= 1) return 1;
    return bezier_y(a, bezier_parameter(a, p));
}

HOOKE_INLINE void curve_value_velocity(const hooke_mixed_animation *a, double p, double *value, double *velocity) {
    if (!a->bezier) {
        *value = isnan(p) ? p : swift_min(swift_max(p, 0), 1);
        *velocity = isnan(p) ? p : 1;
        return;
    }
    if (isnan(p)) { *value = p; *velocity = p; return; }
    if (p <= 0) { *value = 0; *velocity = bezier_end_slope(a, 0); return; }
    if (p >= 1) { *value = 1; *velocity = bezier_end_slope(a, 1); return; }
    double s = bezier_parameter(a, p);
    *value = bezier_y(a, s);
    *velocity = bezier_slope(a, s);
}

// MARK: animations

// `TimingCurveAnimation.animateThenVelocity`: 0 once past the duration (finished).
HOOKE_INLINE int timing_curve(const hooke_mixed_animation *a, double value, double time, int wants_velocity,
                              double *out, double *out_velocity) {
    if (!(time <= a->duration)) return 0;
    if (!wants_velocity) {
        *out = value * curve_value(a, time / a->duration);
        return 1;
    }
    double shape, slope;
    curve_value_velocity(a, time / a->duration, &shape, &slope);
    *out = value * shape;
    *out_velocity = value * (slope / a->duration);
    return 1;
}

// `TimingCurveAnimation.velocity` (a repeat's next pass at its start).
HOOKE_INLINE double timing_curve_velocity(const hooke_mixed_animation *a, double value, double time) {
    if (!(time <= a->duration)) return 0;
    double shape, slope;
    curve_value_velocity(a, time / a->duration, &shape, &slope);
    return value * (slope / a->duration);
}

// The timing curve with its modifier: `DelayAnimation`, `SpeedAnimation` or `RepeatAnimation`'s
// `animateThenVelocity` around the curve's (the animator always asks for the velocity here).
HOOKE_INLINE int modified_curve(const hooke_mixed_animation *a, hooke_mixed_entry *entry, double value, double time,
                                double *out, double *out_velocity) {
    if (a->delay != 0) {
        int started = time >= a->delay;
        double base_velocity = 0;
        if (!timing_curve(a, value, swift_max(0, time - a->delay), started, out, &base_velocity)) return 0;
        *out_velocity = started ? base_velocity : 0;
        return 1;
    }
    if (a->speed != 1) {
        double base_velocity;
        if (!timing_curve(a, value, time * a->speed, 1, out, &base_velocity)) return 0;
        *out_velocity = base_velocity * a->speed;
        return 1;
    }
    if (a->passes == 0) return timing_curve(a, value, time, 1, out, out_velocity);
    int64_t pass = entry->repeat.pass;
    int reversed = a->autoreverses && (pass & 1) != 0;
    double step, step_velocity;
    if (timing_curve(a, value, time - entry->repeat.pass_start, 1, &step, &step_velocity)) {
        *out = reversed ? value - step : step;
        *out_velocity = reversed ? 0 - step_velocity : step_velocity;
        return 1;
    }
    int64_t passes = a->passes < 1 ? 1 : a->passes;
    if (pass >= passes - 1) return 0;
    entry->repeat.pass = pass + 1;
    entry->repeat.pass_start = time;
    double velocity = timing_curve_velocity(a, value, time - entry->repeat.pass_start);
    *out = reversed ? 0 : value;
    *out_velocity = a->autoreverses && ((pass + 1) & 1) != 0 ? 0 - velocity : velocity;
    return 1;
}

// `SpringIntegratorState.advance(interval:to:stiffness:dampingRatio:)`; returns whether at rest.
HOOKE_INLINE int spring_advance(const hooke_mixed_animation *a, hooke_mixed_entry *entry, double interval, double time) {
    const double h = 1.0 / 300.0;
    double x = entry->spring.offset, v = entry->spring.velocity, force = entry->spring.force;
    double t = entry->spring.time;
    if (time - t > 1) t = time - 1.0 / 60.0;
    if (t < time && t + h == t) t = time;
    double k = a->stiffness, damping = a->damping;
    while (t < time) {
        double f = force * (h / 2);
        f += v;
        x += f * h;
        double displacement = interval;
        displacement -= x;
        displacement *= k;
        force = f * damping;
        force += displacement;
        v = force * (h / 2);
        v += f;
        t += h;
    }
    entry->spring.offset = x;
    entry->spring.velocity = v;
    entry->spring.force = force;
    entry->spring.time = t;
    // isAtRest(interval:)
    if (!(swift_max(v * v, force * force) <= 0.0036)) return 0;
    double scaled = interval * 0.01;
    double tolerance = scaled * scaled;
    double remaining = interval - x;
    return tolerance == 0 || remaining * remaining <= tolerance;
}

// `InterpolatingSpringAnimation.progress(at:)` for 0 < ζ < 1 and its `animateThenVelocity`.
HOOKE_INLINE int interpolating_spring(const hooke_mixed_animation *a, double value, double time, double *out,
                                      double *out_velocity) {
    double t = swift_max(time, 0);
    double lambda = a->decay_rate, omega = a->damped_frequency, amplitude = a->amplitude;
    double decay = exp(-lambda * t);
    double cosine = cos(omega * t);
    double sine = sin(omega * t);
    double progress = 1 - decay * (cosine + amplitude * sine);
    double rate = decay * (a->initial_velocity * cosine + (lambda * amplitude + omega) * sine);
    if ((1 + fabs(amplitude)) * decay <= 1e-3) return 0;
    *out = value * progress;
    *out_velocity = value * rate;
    return 1;
}

// One entry's step (`Animation.animateThenVelocity` with the velocity asked for): 0 when finished.
HOOKE_INLINE int entry_step(const hooke_mixed_animation *a, hooke_mixed_entry *entry, double remaining, double elapsed,
                            double *out, double *out_velocity) {
    switch (a->kind) {
    case HOOKE_MIXED_SPRING:
        if (spring_advance(a, entry, remaining, elapsed)) return 0;
        *out = entry->spring.offset;
        *out_velocity = entry->spring.velocity;
        return 1;
    case HOOKE_MIXED_CURVE:
        return modified_curve(a, entry, remaining, elapsed, out, out_velocity);
    default:
        return interpolating_spring(a, remaining, elapsed, out, out_velocity);
    }
}

// MARK: the animator

HOOKE_INLINE void new_entry(hooke_mixed_animator *animator, double time) {
    hooke_mixed_entry *entry = &animator->entries[animator->count++];
    memset(entry, 0, sizeof *entry);
    entry->target = animator->interval;
    entry->start = time;
}

// `Animator.setValue(_:transaction:at:)` for an animated change.
HOOKE_INLINE int set_value(const hooke_mixed_animation *a, hooke_mixed_animator *animator, double value, double time) {
    if (value == animator->model) return 0;
    if (animator->count > 0 && a->kind != HOOKE_MIXED_SPRING && animator->count == HOOKE_MIXED_CHAIN) return -1;
    double change = value - animator->model;
    animator->model = value;
    animator->interval += change;
    if (animator->count == 0) {
        animator->chain_base = 0;
        animator->before_newest = 0;
        animator->last_result = 0;
        new_entry(animator, time);
        return 0;
    }
    hooke_mixed_entry *newest = &animator->entries[animator->count - 1];
    if (a->kind != HOOKE_MIXED_SPRING) {
        // Nothing else merges: chain.
        animator->before_newest = animator->last_result;
        new_entry(animator, time);
        return 0;
    }
    // `FluidSpringAnimation.shouldMerge`: the previous (the same) spring sampled at the change toward
    // its old interval, then the integrator restarts its clock there keeping offset, velocity and
    // force. Same response on both sides, so no response blend starts.
    double old = newest->target - animator->before_newest;
    double elapsed = time - newest->start;
    int finished = spring_advance(a, newest, old, elapsed);
    if (finished) newest->spring.offset = old;
    newest->spring.time = elapsed;
    newest->target = animator->interval;
    return 0;
}

int hooke_mixed_set_value(const hooke_mixed_animation *animation, hooke_mixed_animator *animator, double value,
                          double time) {
    return set_value(animation, animator, value, time);
}

// `Animator.frame(at:)`.
HOOKE_INLINE void frame(const hooke_mixed_animation *a, hooke_mixed_animator *animator, double time, double *out,
                        double *out_velocity) {
    if (animator->count == 0) {
        *out = animator->model;
        *out_velocity = 0;
        return;
    }
    double result = animator->chain_base, before = animator->chain_base, velocity = 0;
    int64_t index = 0;
    while (index < animator->count) {
        hooke_mixed_entry *entry = &animator->entries[index];
        before = result;
        double remaining = entry->target - result;
        double elapsed = time - entry->start;
        double value, own;
        if (entry_step(a, entry, remaining, elapsed, &value, &own)) {
            if (index > 0) {
                // progress(_:of:): the projection by polarisation.
                double norm = remaining * remaining;
                double p = 0;
                if (norm > 0) {
                    double sum = value + remaining, difference = value - remaining;
                    p = (sum * sum - difference * difference) / (4 * norm);
                }
                velocity -= velocity * p;
            }
            velocity += own;
            result += value;
            index += 1;
        } else if (index == animator->count - 1) {
            animator->count = 0;
            animator->interval = 0;
            animator->chain_base = 0;
            animator->before_newest = 0;
            animator->last_result = 0;
            *out = animator->model;
            *out_velocity = 0;
            return;
        } else {
            animator->chain_base = entry->target;
            result = animator->chain_base;
            velocity = 0;
            int64_t kept = animator->count - index - 1;
            memmove(&animator->entries[0], &animator->entries[index + 1], (size_t)kept * sizeof *entry);
            animator->count = kept;
            index = 0;
        }
    }
    animator->before_newest = before;
    animator->last_result = result;
    double value = animator->model;
    value -= animator->interval;
    value += result;
    *out = value;
    *out_velocity = velocity;
}

HOOKE_INLINE int mixed(const hooke_mixed_animation *a, hooke_mixed_animator *animators, const int32_t *phase,
                       const double *step, double *value, double *velocity, int64_t frame_number, int32_t frame_phase,
                       double time, ptrdiff_t start, ptrdiff_t end) {
    double sign = (frame_number / 100) % 2 == 0 ? 1 : -1;
    int status = 0;
    for (ptrdiff_t i = start; i < end; i++) {
        hooke_mixed_animator *animator = &animators[i];
        if (phase[i] == frame_phase && set_value(a, animator, animator->model + sign * step[i], time) != 0) status = -1;
        frame(a, animator, time, &value[i], &velocity[i]);
    }
    return status;
}

int hooke_limit_mixed_base(const hooke_mixed_animation *animation, hooke_mixed_animator *animators,
                           const int32_t *phase, const double *step, double *value, double *velocity,
                           int64_t frame_number, int32_t frame_phase, double time, ptrdiff_t start, ptrdiff_t end) {
    return mixed(animation, animators, phase, step, value, velocity, frame_number, frame_phase, time, start, end);
}

HOOKE_AVX2 int hooke_limit_mixed_avx2(const hooke_mixed_animation *animation, hooke_mixed_animator *animators,
                                      const int32_t *phase, const double *step, double *value, double *velocity,
                                      int64_t frame_number, int32_t frame_phase, double time, ptrdiff_t start,
                                      ptrdiff_t end) {
    return mixed(animation, animators, phase, step, value, velocity, frame_number, frame_phase, time, start, end);
}
