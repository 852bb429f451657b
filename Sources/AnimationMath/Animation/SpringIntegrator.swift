/// The state of SwiftUI's fixed-step `.spring` integrator: offset, velocity, force and the time the
/// integration has reached, all starting at zero.
///
/// This is the one implementation of the rule in AnimationMath.docc/SpringAnimationIntegrator.md;
/// `FluidSpringAnimation.animate` drives
/// it through `AnimationContext`, and the frame harness can drive it directly (no type erasure, no
/// state dictionary, no allocation):
///
///     var state = SpringIntegratorState<Double>()
///     let finished = state.advance(interval: 100, to: frameTime, stiffness: k, dampingRatio: 0.8)
///
/// Accuracy contract: the integrator *is* the model (SwiftUI runs it, real recordings match it to
/// ~1e-6 pt), so it is reproduced operation for operation rather than improved: divisions by 600 and
/// 300 are multiplications by the rounded reciprocals, as `VectorArithmetic.scale(by:)` forces, and
/// the time accumulates `1/300` in floating point. Against the exact ODE solution it departs early on
/// because the force starts at zero (about 0.4 % of the interval for response 0.5); that is SwiftUI's
/// behaviour, measured by the verifier, not an error to fix here.
@usableFromInline package struct SpringIntegratorState<Value: VectorArithmetic> {
    /// The offset covered so far (zero at the start, the interval at rest).
    @usableFromInline package var offset: Value
    /// The velocity, in units of the value per second.
    @usableFromInline package var velocity: Value
    /// The force (acceleration of a unit mass) after the last step.
    @usableFromInline package var force: Value
    /// The time the integration has reached; after `advance` it is the first step time at or after
    /// the requested time (the integrator overshoots by less than one step).
    @usableFromInline package var time: Double

    @inlinable
    package init(offset: Value = .zero, velocity: Value = .zero, force: Value = .zero, time: Double = 0) {
        self.offset = offset
        self.velocity = velocity
        self.force = force
        self.time = time
    }

    /// The fixed step, 1/300 s.
    @usableFromInline package static var step: Double { 1.0 / 300.0 }

    /// The largest stiffness the integrator uses, 45 000 s⁻² (response ≈ 0.0296 s): below that
    /// response the explicit step would go unstable, so SwiftUI caps it (AnimationMath.docc/SpringAnimationIntegrator.md).
    @usableFromInline package static var maximumStiffness: Double { 45_000 }

    /// When the integration lags the requested time by more than this (the app was suspended), it
    /// restarts one 60 Hz frame before the requested time instead of replaying the whole gap.
    @usableFromInline package static var maximumGap: Double { 1 }

    /// The squared velocity and squared force at or below which the motion may finish:
    /// max(|v|², |F|²) ≤ 0.0036, i.e. |v| ≤ 0.06 and |F| ≤ 0.06 in the value's own units. The
    /// threshold is absolute, so the finish time depends on the size of the interval.
    @usableFromInline package static var restThresholdSquared: Double { 0.0036 }

    /// The finish tolerance on the remaining distance, as a fraction of the interval: |Δ − x| ≤ |0.01 Δ|.
    @usableFromInline package static var distanceFraction: Double { 0.01 }

    /// SwiftUI's stiffness for a response: (2π / r)², capped at `maximumStiffness` (a response of 0
    /// or a tiny one gives the cap).
    @inlinable
    package static func stiffness(response: Double) -> Double {
        let frequency = 2 * Double.pi / response
        return Swift.min(frequency * frequency, maximumStiffness)
    }

    /// The largest damping ratio for which the rule stays bounded at stiffness `k`:
    ///
    ///     ζ_max(k) = (1 − a²/4) / a,   a = √k · h,  h = 1/300 s
    ///
    /// Derivation: after the first step the rule is linear in (x − Δ, f) with the step matrix
    /// [[1, h], [−hk, 1 − hc − h²k]], c = 2ζ√k, so trace 2 − hc − h²k and determinant 1 − hc. Its
    /// eigenvalues stay in the unit disc (Jury's conditions) iff 0 ≤ hc ≤ 2 and 4 − 2hc − h²k ≥ 0;
    /// with a < 2 (always: the stiffness cap gives a ≤ 0.707) the second is the binding one,
    /// ζ·a + a²/4 ≤ 1. Past it an eigenvalue crosses −1 and the motion flips sign every step while
    /// growing. At the cap (k = 45 000, any response ≤ 0.0296 s) ζ_max = 1.237; at response 0.5,
    /// 23.86; at 2.2, 105.0. `hooke verify` maps the boundary by running the rule.
    @inlinable
    package static func maximumStableDampingRatio(stiffness: Double) -> Double {
        let a = stiffness.squareRoot() * step
        return (1 - a * a / 4) / a
    }

    /// Whether the rule stays bounded: 0 ≤ ζ < `maximumStableDampingRatio(stiffness:)` for k > 0.
    /// A negative ζ (or k ≤ 0) grows, as the spring it stands for does; NaN is not stable.
    @inlinable
    package static func isStable(stiffness: Double, dampingRatio: Double) -> Bool {
        stiffness > 0 && dampingRatio >= 0 && dampingRatio < maximumStableDampingRatio(stiffness: stiffness)
    }

    /// Integrates toward `interval` until `time` is reached and reports whether the motion has come
    /// to rest.
    ///
    /// Each step of 1/300 s: `f = F/600 + v; x += f/300; F = −2√k·ζ·f + k(Δ − x); v = F/600 + f`,
    /// repeated while `self.time < time` (so the last step lands at or just after `time`). When the
    /// integration lags by more than `maximumGap`, it first jumps to `time − 1/60`.
    ///
    /// Finished means max(|v|², |F|²) ≤ `restThresholdSquared` and either the interval is zero or
    /// |Δ − x|² ≤ |0.01 Δ|². For vectors every "|·|²" is `magnitudeSquared`, the Euclidean norm over
    /// all components taken together — so a vector finishes when the whole motion is at rest, and a
    /// vector whose only non-zero component equals a scalar interval finishes on the same frame as
    /// that scalar.
    ///
    /// - Parameters:
    ///   - interval: Δ, the total change being animated (the target offset).
    ///   - time: the time to integrate to, on the same clock as `self.time`.
    ///   - stiffness: k (already capped; see `stiffness(response:)`).
    ///   - dampingRatio: ζ, SwiftUI's `dampingFraction`.
    /// - Returns: `true` when the motion is at rest at the target.
    /// - Complexity: O(steps), one step per 1/300 s of `time − self.time` (at most 301 after a gap).
    @inlinable
    @discardableResult
    package mutating func advance(interval: Value, to time: Double, stiffness: Double, dampingRatio: Double) -> Bool {
        advance(interval: interval, to: time, stiffness: stiffness,
                damping: Self.damping(stiffness: stiffness, dampingRatio: dampingRatio))
    }

    /// `advance(interval:to:stiffness:dampingRatio:)` with the damping coefficient given, as
    /// `damping(stiffness:dampingRatio:)` forms it (for a caller that keeps it).
    @inlinable @inline(__always)
    @discardableResult
    package mutating func advance(interval: Value, to time: Double, stiffness: Double, damping: Double) -> Bool {
        let h = Self.step
        if time - self.time > Self.maximumGap {
            self.time = time - 1.0 / 60.0
        }
        // A clock so large that adding a step no longer changes it would never reach `time`.
        if self.time < time, self.time + h == self.time {
            self.time = time
        }
        var t = self.time
        while t < time {
            Self.step(offset: &offset, velocity: &velocity, force: &force, interval: interval,
                      stiffness: stiffness, damping: damping)
            t += h
        }
        self.time = t
        return isAtRest(interval: interval)
    }

    /// The damping coefficient of a step, −2√k·ζ, formed as `advance` forms it.
    @inlinable @inline(__always)
    package static func damping(stiffness: Double, dampingRatio: Double) -> Double {
        -2 * stiffness.squareRoot() * dampingRatio
    }

    /// One step of 1/300 s of the rule (the body of `advance`'s loop, which calls it), on the state's
    /// parts: `f = F·(1/600) + v; x += f·(1/300); F = f·d + (Δ − x)·k; v = F·(1/600) + f` with
    /// d = `damping(stiffness:dampingRatio:)`. Exposed so that code stepping many integrators at
    /// once (the frame harness's struct-of-arrays kernel) performs exactly these operations.
    @inlinable @inline(__always)
    package static func step(offset: inout Value, velocity: inout Value, force: inout Value, interval: Value,
                            stiffness: Double, damping: Double) {
        step(offset: &offset, velocity: &velocity, force: &force, interval: interval,
             stiffness: stiffness, damping: damping, duration: Self.step)
    }

    /// The rule's one definition, with the step h free: `f = F·(h/2) + v; x += f·h;
    /// F = f·d + (Δ − x)·k; v = F·(h/2) + f`. At h = 1/300 (`step` above) h/2 rounds to exactly
    /// 1/600, halving being exact, so it is SwiftUI's step bit for bit; the verifier's convergence
    /// study (`IntegratorRule`) and its planted faults (a step of 1/240 s) run it at other h.
    @inlinable @inline(__always)
    package static func step(offset: inout Value, velocity: inout Value, force: inout Value, interval: Value,
                            stiffness: Double, damping: Double, duration h: Double) {
        var f = force
        f.scale(by: h / 2)
        f += velocity
        offset += f.scaled(by: h)
        var displacement = interval
        displacement -= offset
        displacement.scale(by: stiffness)
        force = f.scaled(by: damping)
        force += displacement
        velocity = force.scaled(by: h / 2)
        velocity += f
    }

    /// Whether the state meets the finish rule for `interval` (see `advance`).
    @inlinable @inline(__always)
    package func isAtRest(interval: Value) -> Bool {
        guard Swift.max(velocity.magnitudeSquared, force.magnitudeSquared) <= Self.restThresholdSquared else {
            return false
        }
        // (0.01 Δ)² is formed as SwiftUI forms it, by scaling first, so the boundary rounds alike.
        let tolerance = interval.scaled(by: Self.distanceFraction).magnitudeSquared
        return tolerance == 0 || (interval - offset).magnitudeSquared <= tolerance
    }
}

extension SpringIntegratorState: Sendable where Value: Sendable {}
extension SpringIntegratorState: Equatable where Value: Equatable {}
