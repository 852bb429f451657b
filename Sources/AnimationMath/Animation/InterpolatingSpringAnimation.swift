#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SwiftUI's `interpolatingSpring`: an analytic damped spring on unit progress, scaled by the
/// interval. It does not merge, so an interruption is chained after it (AnimationMath.docc/MergeAndChain.md; a real
/// recording confirms the chain to 1e-5 pt).
///
/// With ω₀ = √(k/m), ζ = c / (2√(km)) and v₀ the initial velocity *relative to the interval*
/// (Apple: "a value in the range [0, 1] representing the magnitude of the value being animated",
/// i.e. in intervals per second), the progress is
///
///     ζ < 1:  s(t) = 1 − e^{−λt}(cos ω_d t + A sin ω_d t),  λ = ζω₀, ω_d = ω₀√(1 − ζ²), A = (λ − v₀)/ω_d
///     ζ ≥ 1:  s(t) = 1 − (1 + (ω₀ − v₀)t) e^{−ω₀t}
///
/// and `animate` returns Δ · s(t), `velocity` Δ · s′(t). The ζ ≥ 1 branch is SwiftUI's: the
/// critically damped form is used for every overdamped spring too (ζ is then ignored), which
/// AnimationMath.docc/InterpolatingSprings.md records and the tests pin. Both satisfy s(0) = 0, s′(0) = v₀. Times before 0 are
/// clamped to 0.
///
/// **Logical completion** at t ≥ 2π/√k. Physically the undamped period is 2π/√(k/m); SwiftUI's
/// implementation (as re-implemented and audited by OpenSwiftUI, `SpringAnimation`) uses
/// `2π / √stiffness` without the mass, and we follow SwiftUI: with the default mass 1 the two agree.
///
/// **Finishing** (`nil`): SwiftUI stops at a settling duration with ε = 0.001 of unit progress, but
/// its exact formula is unverified. We finish when an upper bound of the remaining distance is
/// ≤ `settleEpsilon` (0.001 of the interval, the same ε): for ζ < 1 the envelope
/// (1 + |A|) e^{−λt}; for ζ ≥ 1, (1 + |ω₀ − v₀| t) e^{−ω₀t}. Neither bound can rise above ε again
/// once below it: the first always decreases; the second starts at 1, rises only while it is above
/// 1 (up to t = 1/ω₀ − 1/|ω₀ − v₀|) and decreases after. The jump to the model value at the finish
/// is therefore at most 0.1 % of the interval. A spring with ζ ≤ 0 never finishes
/// (ζ ≤ −1 grows without oscillating: the hyperbolic form).
@usableFromInline package struct InterpolatingSpringAnimation: CustomAnimation, CustomStringConvertible {
    @usableFromInline package let mass: Double
    @usableFromInline package let stiffness: Double
    @usableFromInline package let damping: Double
    /// Initial velocity in intervals per second (1 means "the whole distance per second").
    @usableFromInline package let initialVelocity: Double

    // What `progress(at:)` and the logical completion derive from the parameters, formed once here
    // by the operations they would perform on every frame (so the same numbers): a frame then costs
    // the exponential, the sine and cosine and a few multiply-adds, no square root or division.
    /// ω₀ = √(k/m), ζ = c / (2√(km)), λ = ζω₀.
    @usableFromInline let omega0: Double, zeta: Double, lambda: Double
    /// For 0 ≤ ζ < 1 (meaningless otherwise): ω_d = ω₀√(1 − ζ²) and A = (λ − v₀)/ω_d.
    @usableFromInline let omegaD: Double, amplitude: Double
    /// The time of logical completion, 2π/√k (SwiftUI's; see the type's documentation).
    @usableFromInline package let logicalDuration: Double

    /// The remaining fraction of the interval below which the motion counts as settled; SwiftUI's
    /// default settling ε for springs.
    @usableFromInline package static var settleEpsilon: Double { 1e-3 }

    /// - Precondition: `mass > 0`, `stiffness > 0`, all finite.
    @usableFromInline package init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        precondition(mass > 0 && mass.isFinite, "interpolatingSpring mass must be finite and > 0 (got \(mass))")
        precondition(stiffness > 0 && stiffness.isFinite,
                     "interpolatingSpring stiffness must be finite and > 0 (got \(stiffness))")
        precondition(damping.isFinite, "interpolatingSpring damping must be finite (got \(damping))")
        precondition(initialVelocity.isFinite,
                     "interpolatingSpring initialVelocity must be finite (got \(initialVelocity))")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        omega0 = (stiffness / mass).squareRoot()
        zeta = damping / (2 * (stiffness * mass).squareRoot())
        lambda = zeta * omega0
        omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        amplitude = (lambda - initialVelocity) / omegaD
        logicalDuration = 2 * Double.pi / stiffness.squareRoot()
    }

    @usableFromInline package var description: String {
        "interpolatingSpring(mass: \(animationDescription(mass)), stiffness: \(animationDescription(stiffness)), "
            + "damping: \(animationDescription(damping)), initialVelocity: \(animationDescription(initialVelocity)))"
    }

    /// Unit progress s(t), its rate s′(t), and whether the motion has settled at t. Inlined into
    /// the animation's steps, which run every frame: its result would otherwise go through memory.
    @inlinable @inline(__always)
    package func progress(at time: Double) -> (value: Double, velocity: Double, isSettled: Bool) {
        let t = Swift.max(time, 0)
        let v0 = initialVelocity
        if zeta >= 1 {
            let c = omega0 - v0
            let decay = exp(-omega0 * t)
            let value = 1 - (1 + c * t) * decay
            let velocity = (v0 + omega0 * c * t) * decay
            let bound = (1 + Swift.abs(c) * t) * decay
            return (value, velocity, bound <= Self.settleEpsilon)
        }
        if zeta <= -1 {
            // Negative damping without oscillation (ζ ≤ −1, e.g. bounce > 2 through the unclamped
            // duration/bounce mapping): the growing hyperbolic solution with μ = ω0√(ζ² − 1),
            // x = 1 − e^{−λt}(cosh μt + (λ − v0)·sinh(μt)/μ), ẋ = e^{−λt}(v0·cosh μt + (ω0² − λv0)·sinh(μt)/μ).
            // It never settles.
            let mu = omega0 * ((-zeta - 1) * (-zeta + 1)).squareRoot()
            let growth = exp(-lambda * t)
            let hyperbolicCosine = cosh(mu * t)
            let sinhOverMu = mu == 0 ? t : sinh(mu * t) / mu
            let value = 1 - growth * (hyperbolicCosine + (lambda - v0) * sinhOverMu)
            let velocity = growth * (v0 * hyperbolicCosine + (omega0 * omega0 - lambda * v0) * sinhOverMu)
            return (value, velocity, false)
        }
        let a = amplitude
        let decay = exp(-lambda * t)
        let cosine = cos(omegaD * t)
        let sine = sin(omegaD * t)
        let value = 1 - decay * (cosine + a * sine)
        let velocity = decay * (v0 * cosine + (lambda * a + omegaD) * sine)
        let settled = zeta > 0 && (1 + Swift.abs(a)) * decay <= Self.settleEpsilon
        return (value, velocity, settled)
    }

    @inlinable
    package func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        if time >= logicalDuration {
            context.isLogicallyComplete = true
        }
        let p = progress(at: time)
        return p.isSettled ? nil : value.scaled(by: p.value)
    }

    @inlinable
    package func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        value.scaled(by: progress(at: time).velocity)
    }

    /// `animate`, then `velocity` when asked: the same numbers from one `progress(at:)` (one exp,
    /// sin and cos instead of two).
    @inlinable @inline(__always)
    func animateThenVelocity<V: VectorArithmetic>(
        value: V, time: Double, context: inout AnimationContext<V>, wantsVelocity: Bool
    ) -> (value: V, velocity: V?)? {
        if time >= logicalDuration {
            context.isLogicallyComplete = true
        }
        let p = progress(at: time)
        if p.isSettled { return nil }
        return (value.scaled(by: p.value), wantsVelocity ? value.scaled(by: p.velocity) : nil)
    }
}
