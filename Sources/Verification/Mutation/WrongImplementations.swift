// WrongImplementations.swift — deliberately wrong implementations of single pieces (closed-form
// springs, the Bézier solver, modifiers, the interpolating spring, the settling search), each a
// complete alternative that differs from the right one by one planted fault. Only the mutation
// tests use them (`Mutants.all`); nothing here is public.

import AnimationMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The damped oscillator with the overdamped (and near-critical) motion written as the sum of two
/// exponentials, x = T + a·e^{r₁t} + b·e^{r₂t} with r₁,₂ = −λ ± μ — the cancelling textbook form —
/// and Hooke's closed form for ζ ≤ 1. `wrongRoot` builds a from the fast root instead of the slow
/// one (a = (v0 − r₁d0)/2μ): the overdamped branch with the wrong root.
struct TwoExponentialSpring: SpringEvaluating {
    var spring: Spring
    var wrongRoot = false

    func coefficients(target: Double, v0: Double) -> (r1: Double, r2: Double, a: Double, b: Double)? {
        let ω0 = spring.naturalFrequency, ζ = spring.dampingRatio
        guard ζ > 1 else { return nil }
        let λ = ζ * ω0, μ = ω0 * (ζ * ζ - 1).squareRoot()
        let r1 = -λ + μ, r2 = -λ - μ
        let d0 = -target
        let a = (v0 - (wrongRoot ? r1 : r2) * d0) / (2 * μ)
        return (r1, r2, a, d0 - a)
    }

    func value(target: Double, initialVelocity v0: Double, time t: Double) -> Double {
        guard let c = coefficients(target: target, v0: v0) else {
            return spring.value(target: target, initialVelocity: v0, time: t)
        }
        return target + c.a * exp(c.r1 * t) + c.b * exp(c.r2 * t)
    }

    func velocity(target: Double, initialVelocity v0: Double, time t: Double) -> Double {
        guard let c = coefficients(target: target, v0: v0) else {
            return spring.velocity(target: target, initialVelocity: v0, time: t)
        }
        return c.a * c.r1 * exp(c.r1 * t) + c.b * c.r2 * exp(c.r2 * t)
    }

    func force(target: Double, initialVelocity v0: Double, time t: Double) -> Double {
        spring.stiffness * (target - value(target: target, initialVelocity: v0, time: t))
            - spring.damping * velocity(target: target, initialVelocity: v0, time: t)
    }

    func update(value x: inout Double, velocity v: inout Double, target: Double, deltaTime: Double) {
        let offset = target - x
        let newValue = x + value(target: offset, initialVelocity: v, time: deltaTime)
        v = velocity(target: offset, initialVelocity: v, time: deltaTime)
        x = newValue
    }
}

/// Hooke's spring with the velocity's sign flipped when ζ > 1.
struct FlippedOverdampedVelocitySpring: SpringEvaluating {
    var spring: Spring
    var flips: Bool { spring.dampingRatio > 1 }

    func value(target: Double, initialVelocity: Double, time: Double) -> Double {
        spring.value(target: target, initialVelocity: initialVelocity, time: time)
    }
    func velocity(target: Double, initialVelocity: Double, time: Double) -> Double {
        let v = spring.velocity(target: target, initialVelocity: initialVelocity, time: time)
        return flips ? -v : v
    }
    func force(target: Double, initialVelocity: Double, time: Double) -> Double {
        spring.force(target: target, initialVelocity: initialVelocity, time: time)
    }
    func update(value: inout Double, velocity: inout Double, target: Double, deltaTime: Double) {
        spring.update(value: &value, velocity: &velocity, target: target, deltaTime: deltaTime)
        if flips { velocity = -velocity }
    }
}

extension SpringParameters {
    /// The same spring with its undamped frequency off by one part in 10⁹ (ζ and m unchanged).
    var withFrequencyError: SpringParameters {
        let factor = 1 + 1e-9
        switch form {
        case let .responseDampingRatio(response, ratio):
            return SpringParameters(response: response / factor, dampingRatio: ratio)
        case let .physical(mass, stiffness, damping):
            return SpringParameters(mass: mass, stiffness: stiffness * factor * factor, damping: damping * factor)
        }
    }
}

/// The cubic timing Bézier solved by bisection on x(s) only until the bracket is 1e-7 wide in x.
func coarseBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> @Sendable (Double) -> Double {
    { p in
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        func b(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * c1 + 3 * (1 - s) * s * s * c2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        while b(hi, x1, x2) - b(lo, x1, x2) > 1e-7 {
            let mid = 0.5 * (lo + hi)
            if b(mid, x1, x2) < p { lo = mid } else { hi = mid }
        }
        return b(0.5 * (lo + hi), y1, y2)
    }
}

/// `speed(s)` that, wrapped around a delay, keeps the delay in real time: the delay applied after
/// the speed instead of inside it.
func speedKeepingDelay(_ base: Animation, _ speed: Double) -> Animation {
    if let delayed = base.base as? DelayAnimation {
        return Animation(DelayAnimation(base: Animation(SpeedAnimation(base: delayed.base, speed: speed)), delay: delayed.delay))
    }
    return Animation(SpeedAnimation(base: base, speed: speed))
}

/// SwiftUI's interpolating spring with ζ > 1 evaluated as the true overdamped motion instead of
/// SwiftUI's critically damped stand-in.
struct OverdampedInterpolatingSpring: CustomAnimation {
    var mass: Double, stiffness: Double, damping: Double, initialVelocity: Double

    func progress(_ t: Double) -> Double {
        Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
            .value(target: 1.0, initialVelocity: initialVelocity, time: Swift.max(0, t))
    }

    func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        let s = progress(time)
        return Swift.abs(1 - s) <= 1e-3 && time > 0 ? nil : value.scaled(by: s)
    }
}

/// SwiftUI's settling search for ζ ≥ 1 on a 0.01 s grid instead of 0.1 s (ζ < 1 unchanged).
func settlingDurationOnFineGrid(_ spring: Spring) -> Double {
    guard spring.dampingRatio >= 1 else { return spring.settlingDuration }
    var time = 0.0
    var settledSince: Double?
    for _ in 0..<10_250 {
        let m = spring.transition(deltaTime: time)
        if Swift.abs(m.m11) < 0.001 {
            if let since = settledSince {
                if time - since > 1 { return since }
            } else {
                settledSince = time
            }
        } else {
            settledSince = nil
        }
        time += 0.01
    }
    return 0
}
