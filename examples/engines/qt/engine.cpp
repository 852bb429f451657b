// engine.cpp — Qt 6's QEasingCurve as a library for `hooke bench --engine-library` (C ABI version 1,
// include/hooke_engine.h), workload `curve` only, engine name `qt-qeasingcurve`.
//
// Each animation owns a QEasingCurve: BezierSpline with one segment addCubicBezierSegment((x1, y1),
// (x2, y2), (1, 1)) for a Bézier, and Qt's own InCirc, OutCirc, InOutCirc and Linear for the
// circular and linear kinds. Per frame the value is interval·valueForProgress(e/duration).
// QEasingCurve has no derivative, so the velocity is a difference quotient of a second
// valueForProgress call, (f(p + h) − f(p))/h with h = 2⁻²⁰ (backwards near p = 1): two Qt calls per
// animation per frame, and the velocity's error is the quotient's (≈ h·|f''|/2 + ulp/h), not Qt's.
// The pass rule (a pass that has ended restarts reversed at that frame) is the header's.
#include "hooke_engine.h"

#include <QtCore/QEasingCurve>
#include <QtCore/QPointF>

#include <new>
#include <vector>

namespace {

constexpr double slopeStep = 1.0 / (1 << 20);

struct Animation {
    QEasingCurve easing;
    double duration, interval, begin;
};

QEasingCurve easingFor(const hooke_curve_parameters &p) {
    switch (p.kind) {
    case HOOKE_CURVE_BEZIER: {
        QEasingCurve easing(QEasingCurve::BezierSpline);
        easing.addCubicBezierSegment(QPointF(p.x1, p.y1), QPointF(p.x2, p.y2), QPointF(1, 1));
        return easing;
    }
    case HOOKE_CURVE_CIRCULAR_EASE_IN: return QEasingCurve(QEasingCurve::InCirc);
    case HOOKE_CURVE_CIRCULAR_EASE_OUT: return QEasingCurve(QEasingCurve::OutCirc);
    case HOOKE_CURVE_CIRCULAR_EASE_IN_OUT: return QEasingCurve(QEasingCurve::InOutCirc);
    default: return QEasingCurve(QEasingCurve::Linear);
    }
}

} // namespace

struct hooke_engine_population {
    std::vector<Animation> animations;
};

static hooke_engine_population *create_curves(const hooke_curve_parameters *parameters, size_t count, double) {
    auto *population = new (std::nothrow) hooke_engine_population;
    if (!population) return nullptr;
    try {
        population->animations.reserve(count);
        for (size_t i = 0; i < count; i++) {
            const hooke_curve_parameters &p = parameters[i];
            population->animations.push_back({easingFor(p), p.duration, p.interval, p.begin});
        }
    } catch (...) {
        delete population;
        return nullptr;
    }
    return population;
}

static void advance(hooke_engine_population *population, size_t begin, size_t end, double time,
                    double *values, double *velocities) {
    for (size_t i = begin; i < end; i++) {
        Animation &a = population->animations[i];
        const double elapsed = time - a.begin;
        if (elapsed > a.duration) { // the pass ended: the next one, reversed, starts at this frame
            a.interval = -a.interval;
            a.begin = time;
            values[i] = 0;
            velocities[i] = 0;
            continue;
        }
        const double p = elapsed / a.duration;
        const double value = a.easing.valueForProgress(p);
        const double q = p + slopeStep <= 1 ? p + slopeStep : p - slopeStep;
        const double slope = (a.easing.valueForProgress(q) - value) / (q - p);
        values[i] = a.interval * value;
        velocities[i] = a.interval * (slope / a.duration);
    }
}

static void destroy(hooke_engine_population *population) { delete population; }

static const hooke_engine table = {
    HOOKE_ENGINE_ABI_VERSION,
    0,
    "qt-qeasingcurve",
    "velocity by a difference quotient of two valueForProgress calls (Qt has no derivative)",
    0,
    0, // not stated: a QEasingCurve keeps its segments in private heap data of a size Qt does not publish
    nullptr,
    create_curves,
    advance,
    destroy,
};

extern "C" const hooke_engine *hooke_engine_entry(void) { return &table; }
