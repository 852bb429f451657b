// Spring+Evaluation.swift — position, velocity and force along the motion, and the exact update.
//
// Accuracy contract
// -----------------
// Starting at 0 with displacement d0 = −target and velocity v0, the motion is
//     x(t) = target·(1 − m11(t)) + v0·m12(t),     v(t) = target·(−m21(t)) + v0·m22(t)
// with the matrix of `transition(deltaTime:)`. Each is within a few ulps of exact relative to the
// motion's scale |target| + |v0|·t (position) and ω0|target| + |v0| (velocity), plus the phase
// error ulp(ωt) of that contract, for every ζ ≥ 0, at every time; that is AccuracyContracts.md's 1e-13
// "relative to the distance" with two orders of margin (measured worst in the tests: about 1e-15).
// Accuracy relative to the *value* itself is not promised where the value is much smaller than
// that scale (near t = 0, where x ≈ ω0²t²/2, and at velocity zero crossings): those are the
// cancellations inherent in the problem's conditioning, not in the formulas.
// `force` along the motion is m·x'' = k·target·m22 − v0·(k·m12 + c·m22): a few ulps relative to
// k|target| + c|v0|.
//
// Goals: 1. accuracy as above; 2. generic `V` costs two `scale` calls and one addition, all
// scalar work done once in `Double`.

extension Spring {
    /// The position at `time` of a spring that starts at zero with `initialVelocity` and moves
    /// toward `target`.
    ///
    /// - Complexity: one `transition(deltaTime:)` and two scalings of `V`.
    @inlinable
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let m = transition(deltaTime: time)
        return target.scaled(by: 1 - m.m11) + initialVelocity.scaled(by: m.m12)
    }

    /// The velocity at `time` of a spring that starts at zero with `initialVelocity` and moves
    /// toward `target`: the exact time derivative of `value(target:initialVelocity:time:)`.
    ///
    /// SwiftUI's overdamped branch returns this derivative plus `target` (an erratum,
    /// AnimationMath.docc/Deviations.md); Hooke returns the derivative in every regime.
    @inlinable
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let m = transition(deltaTime: time)
        return target.scaled(by: -m.m21) + initialVelocity.scaled(by: m.m22)
    }

    /// `value(target:initialVelocity:time:)` and `velocity(target:initialVelocity:time:)` from one
    /// state transition: the same numbers, half the exp/sin/cos.
    @inlinable
    public func valueAndVelocity<V: VectorArithmetic>(
        target: V, initialVelocity: V = .zero, time: Double
    ) -> (value: V, velocity: V) {
        let m = transition(deltaTime: time)
        return (target.scaled(by: 1 - m.m11) + initialVelocity.scaled(by: m.m12),
                target.scaled(by: -m.m21) + initialVelocity.scaled(by: m.m22))
    }

    /// The force on the mass at `time` along the motion of `value(target:initialVelocity:time:)`:
    /// m·x''(t) = k(target − x) − c·x'.
    @inlinable
    public func force<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let m = transition(deltaTime: time)
        let k = stiffness, c = damping
        return target.scaled(by: k * m.m22) - initialVelocity.scaled(by: k * m.m12 + c * m.m22)
    }

    /// The value at `time` of a spring that moves from `fromValue` toward `toValue`:
    /// `fromValue + value(target: toValue − fromValue, …)`.
    @inlinable
    public func value<V: VectorArithmetic>(fromValue: V, toValue: V, initialVelocity: V = .zero, time: Double) -> V {
        fromValue + value(target: toValue - fromValue, initialVelocity: initialVelocity, time: time)
    }

    /// The velocity at `time` of a spring that moves from `fromValue` toward `toValue`.
    @inlinable
    public func velocity<V: VectorArithmetic>(fromValue: V, toValue: V, initialVelocity: V = .zero, time: Double) -> V {
        velocity(target: toValue - fromValue, initialVelocity: initialVelocity, time: time)
    }

    /// The force at `time` on a spring that moves from `fromValue` toward `toValue`.
    @inlinable
    public func force<V: VectorArithmetic>(fromValue: V, toValue: V, initialVelocity: V = .zero, time: Double) -> V {
        force(target: toValue - fromValue, initialVelocity: initialVelocity, time: time)
    }

    /// Advances `value` and `velocity` by `deltaTime` toward `target`, exactly: the closed-form
    /// solution from the current state, not a numerical integration step.
    ///
    /// SwiftUI documents this as updating the state "over a small time step"; Hooke's step is exact
    /// for any `deltaTime`, so n steps of Δ agree with one step of nΔ up to rounding.
    ///
    /// - Complexity: one `transition(deltaTime:)` and four scalings of `V`.
    @inlinable
    public func update<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: Double) {
        transition(deltaTime: deltaTime).apply(value: &value, velocity: &velocity, target: target)
    }
}
